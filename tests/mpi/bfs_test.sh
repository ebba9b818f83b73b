#!/usr/bin/env bash
# `quiver-mpi bfs` on 4 ranks reaches every vertex at the level the single-machine
# gds.bfs reaches it (tests/mpi/gds_bfs_levels.py), from a hub and from an ordinary
# vertex, with levels run top-down, bottom-up and direction-optimizing; an unknown source
# and an unknown direction are named errors.
#   bfs_test.sh QUIVER QUIVER_MPI MPIRUN PYTHON
source "$(dirname "$0")/mpi_lib.sh"
single_and_parts 11 7
hub=$("$quiver" query --db "$tmp/single" --read-only --format csv \
  "MATCH (n)-[r]->() RETURN n.id AS id, count(r) AS c ORDER BY c DESC, id LIMIT 1" | sed -n '2{s/,.*//;p}')
ordinary=$("$quiver" query --db "$tmp/single" --read-only --format csv \
  "MATCH (n)-[r]->() WITH n, count(r) AS c WHERE c = 2 RETURN n.id AS id ORDER BY id LIMIT 1" | sed -n '2{s/,.*//;p}')
for source in "$hub" "$ordinary"; do
  "$python" "$(dirname "$0")/gds_bfs_levels.py" "$quiver" "$tmp/single" "$source" 24 > "$tmp/want-$source"
  # Every level direction reaches the same vertices at the same levels.
  for direction in optimizing top-down bottom-up; do
    out=$(ranks 4 bfs "$tmp/parts" --source "$source" --levels "$tmp/levels-$source.csv" --direction $direction)
    check "bfs-$source-$direction-runs" "^bfs from $source: [0-9]+ vertices reached, depth [0-9]+" "$out"
    tail -n +2 "$tmp/levels-$source.csv" | sort -t, -k1,1n > "$tmp/got-$source"
    same_rows "bfs-$source-$direction-levels" "$tmp/got-$source" "$tmp/want-$source"
  done
  check "bfs-$source-bottom-up-steps" "^bfs from .*, ([0-9]+) of \\1 level steps bottom-up$" "$out"
done
# The same graph imported from CSV with its node rows shuffled: each partition's owned
# vertices are then not in id order, so the search looks ids up through a sorted copy.
"$quiver" generate g500 --scale 11 --seed 7 --out "$tmp/csv" --quiet > /dev/null
{ head -1 "$tmp/csv/nodes.csv"; tail -n +2 "$tmp/csv/nodes.csv" | shuf --random-source=<(yes); } > "$tmp/shuffled-nodes.csv"
ranks 4 import "$tmp/imported" --nodes "$tmp/shuffled-nodes.csv" --relationships "$tmp/csv/edges.csv" > /dev/null
for direction in optimizing top-down; do
  ranks 4 bfs "$tmp/imported" --source "$hub" --levels "$tmp/levels-imported.csv" --direction $direction > /dev/null
  tail -n +2 "$tmp/levels-imported.csv" | sort -t, -k1,1n > "$tmp/got-imported"
  same_rows "bfs-imported-unordered-$direction-levels" "$tmp/got-imported" "$tmp/want-$hub"
done
out=$(ranks 4 bfs "$tmp/parts" --source "$hub" --direction sideways)
check bad-direction "InvalidArgument: --direction sideways: expected top-down, bottom-up or optimizing" "$out"
out=$(ranks 4 bfs "$tmp/parts" --source 999999)
check unknown-source "NotFound: --source 999999 is the id of no node" "$out"
[ "$failures" -eq 0 ]
