#!/usr/bin/env bash
# make bench-mpi: quiver-mpi's construction (generate g500) and the Graph500 search
# benchmark (graph500, 64 roots, every tree validated) for 1, 2 and 4 ranks of this
# machine at each scale (docs/scale-out.md). Ranks beyond the cores are oversubscribed:
# on a 2-core machine 4 ranks time-share, so the ladder shows the exchanges' cost, not
# a speed-up. Partitioned databases are rebuilt each run under OUT_DIR. The search runs
# twice: direction-optimizing (quiver-mpi's default) and top-down only, the reference
# implementation's kind of search, for a like-for-like column.
#
# GRAPH500_DIR names a checkout of the Graph500 reference implementation
# (github.com/graph500/graph500): its src/graph500_reference_bfs is built there with
# mpicc (-fcommon: its sources define globals in several files, which GCC 10+ refuses by
# default) and run on the same scales and ranks beside quiver-mpi, its generation plus
# construction time and its harmonic-mean TEPS in the last columns. Its own validation
# of its trees is skipped (SKIP_VALIDATION, which its TEPS do not include; quiver-mpi's
# trees are all validated): at scale 22 it took ~6 s a root, 400 s a run, on 2 ranks
# here. REFERENCE_VALIDATION=1 keeps it. CONSTRUCTION_ONLY=1 measures construction alone
# (no searches; the reference with SKIP_BFS), minutes instead of an hour at scale 22.
#   [GRAPH500_DIR=DIR] bench/mpi.sh QUIVER_MPI MPIRUN [FROM] [TO] [RANKS] [OUT_DIR]
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
reference=""
if [ -n "${GRAPH500_DIR:-}" ]; then
  make -s -C "$GRAPH500_DIR/src" graph500_reference_bfs \
    CFLAGS="-Drestrict=__restrict__ -O3 -DGRAPH_GENERATOR_MPI -DREUSE_CSR_FOR_VALIDATION -I../aml -fcommon"
  reference="$GRAPH500_DIR/src/graph500_reference_bfs"
fi
echo "scale,ranks,edges,construction_s,construction_edges_per_s,bfs_median_s,harmonic_mean_teps,top_down_harmonic_mean_teps,reference_construction_s,reference_harmonic_mean_teps" >"$results"
field() { sed -nE "s/^$1: (.*)$/\1/p"; }
# The reference's "key:   value" lines (a "!" marks the figures of merit).
reference_field() { sed -nE "s/^$1:[ !]*([0-9.e+-]+).*/\1/p" | head -1; }
for scale in $(seq "$from" "$to"); do
  for p in $rank_counts; do
    dir="$out/g500-$scale-p$p"
    gen=$("$mpirun" --oversubscribe -np "$p" "$quiver_mpi" generate g500 --scale "$scale" --replace "$dir")
    edges=$(sed -nE 's/^published .*, ([0-9]+) relationships.*/\1/p' <<<"$gen")
    total=$(sed -nE 's/.*total ([0-9.e+-]+);.*/\1/p' <<<"$gen")
    rate=$(sed -nE 's/.*; ([0-9.e+-]+) edges\/s$/\1/p' <<<"$gen")
    g500="" top_down=""
    if [ -z "${CONSTRUCTION_ONLY:-}" ]; then
      g500=$("$mpirun" --oversubscribe -np "$p" "$quiver_mpi" graph500 "$dir" --roots 64)
      echo "$g500" >"$out/graph500-$scale-p$p.txt"
      top_down=$("$mpirun" --oversubscribe -np "$p" "$quiver_mpi" graph500 "$dir" --roots 64 --direction top-down)
      echo "$top_down" >"$out/graph500-top-down-$scale-p$p.txt"
    fi
    ref_construction="" ref_teps=""
    if [ -n "$reference" ]; then
      skip=(-x SKIP_VALIDATION=1)
      [ -n "${REFERENCE_VALIDATION:-}" ] && skip=()
      [ -n "${CONSTRUCTION_ONLY:-}" ] && skip+=(-x SKIP_BFS=1)
      ref=$("$mpirun" --oversubscribe "${skip[@]}" -np "$p" "$reference" "$scale" 16)
      echo "$ref" >"$out/reference-$scale-p$p.txt"
      gen_s=$(reference_field graph_generation <<<"$ref")
      build_s=$(reference_field construction_time <<<"$ref")
      ref_construction=$(awk -v a="$gen_s" -v b="$build_s" 'BEGIN { print a + b }')
      ref_teps=$(reference_field "bfs  harmonic_mean_TEPS" <<<"$ref")
    fi
    echo "$scale,$p,$edges,$total,$rate,$(field median_time <<<"$g500"),$(field harmonic_mean_TEPS <<<"$g500"),$(field harmonic_mean_TEPS <<<"$top_down"),$ref_construction,$ref_teps" >>"$results"
    rm -rf "$dir"
  done
done
echo "quiver-mpi on $(nproc) CPUs (ranks oversubscribed beyond them); $results"
column -t -s, "$results"
