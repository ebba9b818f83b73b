#!/usr/bin/env bash
# make bench-mpi: quiver-mpi's construction (generate g500) and the Graph500 search
# benchmark (graph500, 64 roots, every tree validated) for 1, 2 and 4 ranks of this
# machine at each scale (docs/scale-out.md). Ranks beyond the cores are oversubscribed:
# on a 2-core machine 4 ranks time-share, so the ladder shows the exchanges' cost, not
# a speed-up. Partitioned databases are rebuilt each run under OUT_DIR.
#   bench/mpi.sh QUIVER_MPI MPIRUN [FROM] [TO] [RANKS] [OUT_DIR]
set -euo pipefail
quiver_mpi="$1"
mpirun="$2"
from="${3:-18}"
to="${4:-20}"
rank_counts="${5:-1 2 4}"
out="${6:-build/bench/mpi}"
mkdir -p "$out"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
results="$out/results.csv"
echo "scale,ranks,edges,construction_s,construction_edges_per_s,bfs_median_s,harmonic_mean_teps" >"$results"
field() { sed -nE "s/^$1: (.*)$/\1/p"; }
for scale in $(seq "$from" "$to"); do
  for p in $rank_counts; do
    dir="$out/g500-$scale-p$p"
    gen=$("$mpirun" --oversubscribe -np "$p" "$quiver_mpi" generate g500 --scale "$scale" --replace "$dir")
    edges=$(sed -nE 's/^published .*, ([0-9]+) relationships.*/\1/p' <<<"$gen")
    total=$(sed -nE 's/.*total ([0-9.e+-]+);.*/\1/p' <<<"$gen")
    rate=$(sed -nE 's/.*; ([0-9.e+-]+) edges\/s$/\1/p' <<<"$gen")
    g500=$("$mpirun" --oversubscribe -np "$p" "$quiver_mpi" graph500 "$dir" --roots 64)
    echo "$g500" >"$out/graph500-$scale-p$p.txt"
    echo "$scale,$p,$edges,$total,$rate,$(field median_time <<<"$g500"),$(field harmonic_mean_TEPS <<<"$g500")" >>"$results"
    rm -rf "$dir"
  done
done
echo "quiver-mpi on $(nproc) CPUs (ranks oversubscribed beyond them); $results"
column -t -s, "$results"
