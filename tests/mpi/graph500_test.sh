#!/usr/bin/env bash
# `quiver-mpi graph500` on 4 ranks (and 1): every BFS tree passes the specification's
# validation, the searched components' relationships are those of the single machine's
# largest component, TEPS are reported as the benchmark reports them; a parent array
# damaged three ways fails validation with the rule it breaks named; too many roots is a
# named error.
#   graph500_test.sh QUIVER QUIVER_MPI MPIRUN PYTHON
source "$(dirname "$0")/mpi_lib.sh"
scale=10
single_and_parts $scale 7
# The relationships of the largest weakly connected component, on one machine.
giant=$("$quiver" query --db "$tmp/single" --read-only --format csv "CALL gds.graph.project('g', '*', '*')
  YIELD nodeCount CALL gds.wcc.stream('g') YIELD nodeId, componentId MATCH (n)-[r]->() WHERE id(n) = nodeId
  RETURN componentId, count(r) AS c ORDER BY c DESC LIMIT 1" | tail -1 | cut -d, -f2)
for n in 4 1; do
  [ $n -eq 1 ] && ranks 1 generate g500 --scale $scale --seed 7 "$tmp/one" > /dev/null
  dir=$([ $n -eq 4 ] && echo "$tmp/parts" || echo "$tmp/one")
  out=$(ranks $n graph500 "$dir" --roots 8)
  check "valid-$n" "^graph500: 1024 vertices, $n ranks, 8 roots \(seed 1\), every BFS tree valid$" "$out"
  check "optimizing-$n" "^direction: optimizing \([1-9][0-9]* of [0-9]+ level steps bottom-up\)$" "$out"
  for direction in top-down bottom-up; do
    other=$(ranks $n graph500 "$dir" --roots 8 --direction $direction)
    check "valid-$direction-$n" "every BFS tree valid$" "$other"
    check "nedge-$direction-$n" "^max_nedge: $giant$" "$other"
  done
  check "nbfs-$n" "^NBFS: 8$" "$out"
  check "nedge-$n" "^max_nedge: $giant$" "$out"
  for s in min firstquartile median thirdquartile max harmonic_mean; do
    check "$s-teps-$n" "^${s}_TEPS: [0-9.e+]+$" "$out"
  done
done
out=$(QUIVER_MPI_CORRUPT_BFS=self ranks 4 graph500 "$tmp/parts" --roots 2)
check corrupt-self "rank 0\]: Corruption: BFS tree invalid \(root [0-9]+\): vertex [0-9]+ is its own parent" "$out"
out=$(QUIVER_MPI_CORRUPT_BFS=unreached ranks 4 graph500 "$tmp/parts" --roots 2)
check corrupt-unreached "Corruption: BFS tree invalid .*joins a reached and an unreached vertex" "$out"
out=$(QUIVER_MPI_CORRUPT_BFS=root ranks 4 graph500 "$tmp/parts" --roots 2; echo "exit $?")
check corrupt-root "Corruption: BFS tree invalid .*(joins levels|joined by no edge)" "$out"
check corrupt-exit "^exit [1-9]" "$out"
out=$(ranks 4 graph500 "$tmp/parts" --roots 5000)
check too-many-roots "rank 0\]: InvalidArgument: --roots 5000, but only [0-9]+ vertices have an edge" "$out"
[ "$failures" -eq 0 ]
