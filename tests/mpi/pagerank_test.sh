#!/usr/bin/env bash
# `quiver-mpi pagerank` on 4 ranks gives every vertex the score gds.pageRank.stream gives
# it on one machine (docs/algorithms.md), within 1e-9: a fixed number of iterations, a
# run to convergence (the same iteration count), another damping factor; and its
# argument errors are named.
#   pagerank_test.sh QUIVER QUIVER_MPI MPIRUN PYTHON
source "$(dirname "$0")/mpi_lib.sh"
single_and_parts 12 7
project="CALL gds.graph.project('g', '*', '*') YIELD nodeCount"
# name, quiver-mpi flags, gds configuration (mpirun reads stdin: the cases are arguments)
same_scores() {
  local name="$1" flags="$2" config="$3"
  out=$(ranks 4 pagerank "$tmp/parts" $flags --out "$tmp/got-$name.csv")
  check "$name-runs" "^pagerank: 4096 vertices, [0-9]+ iterations" "$out"
  "$quiver" query --db "$tmp/single" --read-only --format csv "$project CALL gds.pageRank.stream('g', $config)
    YIELD nodeId, score RETURN gds.util.asNode(nodeId).id AS id, score" > "$tmp/want-$name.csv"
  same_values "$name" scores "$tmp/got-$name.csv" "$tmp/want-$name.csv" 1e-9
}
same_scores k20 "--iterations=20" "{maxIterations: 20}"
same_scores k5-damping "--iterations=5 --damping=0.5" "{maxIterations: 5, dampingFactor: 0.5}"
same_scores converge "--iterations=200" "{maxIterations: 200}"
want=$("$quiver" query --db "$tmp/single" --read-only --format csv \
  "$project CALL gds.pageRank.stats('g', {maxIterations: 200}) YIELD ranIterations RETURN ranIterations" | tail -1)
out=$(ranks 4 pagerank "$tmp/parts" --iterations 200)
check same-iterations-to-converge "^pagerank: 4096 vertices, $want iterations, converged" "$out"
out=$(ranks 4 pagerank "$tmp/parts" --damping 1.5)
check bad-damping "InvalidArgument: --damping must be in \[0, 1\)" "$out"
out=$(ranks 4 pagerank "$tmp/nowhere")
check missing-manifest "manifest missing: .*MANIFEST.json" "$out"
[ "$failures" -eq 0 ]
