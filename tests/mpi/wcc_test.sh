#!/usr/bin/env bash
# `quiver-mpi wcc` on 4 ranks (and 3) gives the components gds.wcc.stream gives on one
# machine (docs/algorithms.md), each named by its smallest vertex id, on a Graph500 graph
# (one giant component, many isolated vertices) and on one of many small components
# chained across ranks.
#   wcc_test.sh QUIVER QUIVER_MPI MPIRUN PYTHON
source "$(dirname "$0")/mpi_lib.sh"
single_wcc() {  # DB OUT
  "$quiver" query --db "$1" --read-only --format csv "CALL gds.graph.project('g', '*', '*') YIELD nodeCount
    CALL gds.wcc.stream('g') YIELD nodeId, componentId RETURN gds.util.asNode(nodeId).id AS id, componentId" > "$2"
}
single_and_parts 12 7
single_wcc "$tmp/single" "$tmp/want.csv"
out=$(ranks 4 wcc "$tmp/parts" --out "$tmp/got.csv")
check g500-runs "^wcc: 4096 vertices, [0-9]+ components, [0-9]+ rounds" "$out"
same_values g500 components "$tmp/got.csv" "$tmp/want.csv"
want=$(cut -d, -f2 "$tmp/want.csv" | tail -n +2 | sort -u | wc -l)
check g500-component-count "^wcc: 4096 vertices, $want components" "$out"

# Paths i -> i+1 of 50 vertices, edges pointing both ways, so a component's smallest id
# crosses every rank boundary (many rounds), and isolated vertices.
{
  echo "id:ID,:LABEL"
  for i in $(seq 0 399); do echo "$i,V"; done
} > "$tmp/nodes.csv"
{
  echo ":START_ID,:END_ID,:TYPE"
  for i in $(seq 0 349); do
    [ $((i % 50)) -eq 49 ] && continue
    if [ $((i % 2)) -eq 0 ]; then echo "$((i + 1)),$i,E"; else echo "$i,$((i + 1)),E"; fi
  done
} > "$tmp/edges.csv"
"$quiver" import "$tmp/paths-single" --nodes "$tmp/nodes.csv" --relationships "$tmp/edges.csv" --id-type integer \
  --quiet > /dev/null
single_wcc "$tmp/paths-single" "$tmp/paths-want.csv"
for n in 4 3; do
  ranks $n import "$tmp/paths-$n" --nodes "$tmp/nodes.csv" --relationships "$tmp/edges.csv" > /dev/null
  out=$(ranks $n wcc "$tmp/paths-$n" --out "$tmp/paths-got-$n.csv")
  check "paths-$n-ranks" "^wcc: 400 vertices, 57 components, ([3-9]|[1-9][0-9]+) rounds" "$out"
  same_values "paths-$n-ranks" components "$tmp/paths-got-$n.csv" "$tmp/paths-want.csv"
done
[ "$failures" -eq 0 ]
