#!/usr/bin/env bash
# make bench-algorithms: the gds.* algorithms on a Graph500 graph, side by side in one
# run with GAPBS (a bare CSR; github.com/sbeamer/gapbs) on the same edges.
#   bench/algorithms.sh QUIVER_BINARY [SCALE] [OUT_DIR]
# GAPBS_DIR names a GAPBS source checkout: its bfs, pr, cc and converter are built there
# (make) and run on the same graph. Without it only Quiver runs (nothing is downloaded).
# Quiver's times are the algorithms' own (computeMillis, as GAPBS's "Trial Time"
# excludes loading); the projection's time is reported apart.
set -euo pipefail
quiver="$1"
scale="${2:-20}"
out="${3:-build/bench/algorithms}"
mkdir -p "$out"
db="$out/g500-$scale"
if [ ! -d "$db" ]; then
  "$quiver" generate g500 --scale "$scale" --db "$db" --quiet >/dev/null
fi
trials=5
sources="2 3 5 8 21"
script="$out/bench.cypher"
{
  echo "CALL gds.graph.project('d', 'V', 'E') YIELD projectMillis RETURN 'project' AS what, projectMillis AS ms;"
  for s in $sources; do
    echo "MATCH (n:V {id: $s}) CALL gds.bfs.stats('d', {sourceNode: n}) YIELD computeMillis RETURN 'bfs' AS what, computeMillis AS ms;"
  done
  for _ in $(seq $trials); do
    echo "CALL gds.pageRank.stats('d', {maxIterations: 20, tolerance: 0.0}) YIELD computeMillis RETURN 'pr' AS what, computeMillis AS ms;"
    echo "CALL gds.wcc.stats('d') YIELD computeMillis RETURN 'cc' AS what, computeMillis AS ms;"
  done
} >"$script"
"$quiver" query --db "$db" --read-only --format csv --file "$script" | grep -E '^(project|bfs|pr|cc),' >"$out/quiver.csv"
median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
declare -A q g
for what in bfs pr cc; do q[$what]=$(grep "^$what," "$out/quiver.csv" | cut -d, -f2 | median); done
project=$(grep '^project,' "$out/quiver.csv" | cut -d, -f2)
if [ -n "${GAPBS_DIR:-}" ]; then
  make -C "$GAPBS_DIR" -s bfs pr cc converter >/dev/null
  el="$out/g500-$scale.el"
  [ -f "$out/g500-$scale.sg" ] || {
    "$quiver" query --db "$db" --read-only --format csv "MATCH (a:V)-[:E]->(b:V) RETURN a.id, b.id" |
      tail -n +2 | tr ',' ' ' >"$el"
    "$GAPBS_DIR/converter" -f "$el" -b "$out/g500-$scale.sg" >/dev/null
    rm -f "$el"
  }
  trial() { grep 'Trial Time' | awk '{print $3 * 1000}' | median; }
  g[bfs]=$("$GAPBS_DIR/bfs" -f "$out/g500-$scale.sg" -n 16 | trial)
  g[pr]=$("$GAPBS_DIR/pr" -f "$out/g500-$scale.sg" -i 20 -t 1e-12 -n $trials | trial)
  g[cc]=$("$GAPBS_DIR/cc" -f "$out/g500-$scale.sg" -n $trials | trial)
fi
echo "Graph500 scale $scale, $(nproc) CPUs; projection $project ms"
printf '%-28s %12s %12s %10s\n' algorithm "Quiver ms" "GAPBS ms" ratio
for what in bfs pr cc; do
  name=$([ $what = bfs ] && echo "BFS (median of 5 sources)" || ([ $what = pr ] && echo "PageRank, 20 iterations" || echo "WCC"))
  if [ -n "${g[$what]:-}" ]; then
    printf '%-28s %12s %12s %10s\n' "$name" "${q[$what]}" "${g[$what]}" "$(awk -v a="${q[$what]}" -v b="${g[$what]}" 'BEGIN {printf "%.2f", a / b}')"
  else
    printf '%-28s %12s %12s %10s\n' "$name" "${q[$what]}" - -
  fi
done
