#!/usr/bin/env bash
# A partitioned database's failures are named errors, and a build that fails on one rank
# publishes nothing on any (docs/scale-out.md, "Agree, then publish", "The manifest").
#   failure_test.sh QUIVER QUIVER_MPI MPIRUN
source "$(dirname "$0")/mpi_lib.sh"
dir="$tmp/parts"
ranks 4 generate g500 --scale 9 "$dir" > /dev/null
# What a published build leaves: every partition's CURRENT and the manifest.
snapshot() { cat "$dir"/MANIFEST.json "$dir"/part-*/CURRENT | md5sum; }
# Shuffle spools and generations other than the one CURRENT names, counted.
leftovers() {
  {
    ls "$dir" | grep shuffle
    for p in "$dir"/part-*/; do ls "$p" | grep "^gen-" | grep -vxF "$(cat "$p/CURRENT")"; done
  } | wc -l
}
before=$(snapshot)

out=$(ranks 4 generate g500 --scale 9 "$dir")
check needs-replace "already holds a partitioned graph .*pass --replace" "$out"
out=$(ranks 3 info "$dir")
check wrong-rank-count-info "wrong rank count: .* has 4 partitions, started with 3 ranks" "$out"
out=$(ranks 3 generate g500 --scale 9 --replace "$dir")
check wrong-rank-count-generate "wrong rank count: .* has 4 partitions, started with 3 ranks" "$out"

cp -r "$dir" "$tmp/unlisted"
rm "$tmp/unlisted/MANIFEST.json"
out=$(ranks 4 generate g500 --scale 9 "$tmp/unlisted")
check unlisted-partition-needs-replace "partition .*part-00001 already holds a graph \(.*pass --replace" "$out"

# Rank 2 fails after every rank built its partition, before the agreement.
out=$(QUIVER_MPI_FAIL_RANK=2 ranks 4 generate g500 --scale 9 --seed 5 --replace "$dir"; echo "exit $?")
check injected-failure-named "rank 2\]: .*injected failure on rank 2" "$out"
check others-say-why "rank 0\]: Aborted: rank 2 failed; nothing was published" "$out"
check failure-exit "^exit [1-9]" "$out"
check nothing-published "^$before$" "$(snapshot)"
# Every unpublished generation and shuffle spool was removed: a partition holds only the
# generation its CURRENT names.
out=$(leftovers)
check no-leftovers "^0$" "$out"
out=$(ranks 4 info "$dir")
check still-opens "4 partitions \(splitmix64-mod\), 512 nodes, 8192 relationships" "$out"

# Rank 1 dies (SIGKILL) with every partition built and unpublished: mpirun ends the
# others, nothing is published, and the next build clears what the dead run left.
out=$(QUIVER_MPI_KILL_RANK=1 ranks 4 generate g500 --scale 9 --seed 6 --replace "$dir"; echo "exit $?")
check killed-rank-fails "^exit [1-9]" "$out"
check killed-nothing-published "^$before$" "$(snapshot)"
out=$(ranks 4 info "$dir")
check killed-still-opens "4 partitions \(splitmix64-mod\), 512 nodes, 8192 relationships" "$out"
out=$(ranks 4 generate g500 --scale 9 --replace "$dir")
check rebuild-after-kill "^published " "$out"
out=$(leftovers)
check rebuild-clears-leftovers "^0$" "$out"

# A fresh directory where a rank fails: no manifest, no partition with a graph.
out=$(QUIVER_MPI_FAIL_RANK=1 ranks 4 generate g500 --scale 9 "$tmp/fresh")
check fresh-failure "injected failure on rank 1" "$out"
check fresh-no-manifest "^absent$" "$( [ -e "$tmp/fresh/MANIFEST.json" ] && echo present || echo absent)"
out=$(ranks 4 info "$tmp/fresh")
check manifest-missing "manifest missing: .*MANIFEST.json" "$out"
out=$("$quiver" query --db "$tmp/fresh/part-00001" --read-only --format csv "MATCH (n) RETURN count(n) AS c")
check fresh-partition-empty "^0$" "$out"

# A damaged or mismatched manifest, a missing partition.
cp -r "$dir" "$tmp/damaged"
sed -i 's/"nodes": 512/"nodes": 513/' "$tmp/damaged/MANIFEST.json"
out=$(ranks 4 info "$tmp/damaged")
check manifest-checksum "manifest damaged: .*checksum mismatch" "$out"
printf '{not json' > "$tmp/damaged/MANIFEST.json"
out=$(ranks 4 info "$tmp/damaged")
check manifest-unparseable "manifest damaged: .*not a JSON object" "$out"
cp -r "$dir" "$tmp/missing"
rm -rf "$tmp/missing/part-00002"
out=$(ranks 4 info "$tmp/missing")
check partition-missing "rank 2\]: NotFound: partition missing: .*part-00002" "$out"
# A partition from another build: its database id is not the manifest's.
cp -r "$dir" "$tmp/mixed"
ranks 4 generate g500 --scale 9 "$tmp/other" > /dev/null
rm -rf "$tmp/mixed/part-00001" && cp -r "$tmp/other/part-00001" "$tmp/mixed/part-00001"
out=$(ranks 4 info "$tmp/mixed")
check partition-mismatch "rank 1\]: Corruption: partition mismatch: .*part-00001 is database [0-9a-f]+ generation" "$out"
# A partition whose CURRENT moved past the manifest (here replaced by hand): readers
# follow the manifest, whose generation the build's checkpoint keeps; without that
# checkpoint the partition no longer matches.
cp -r "$dir" "$tmp/ahead"
"$quiver" generate g500 --scale 4 --db "$tmp/ahead/part-00003" --replace --quiet > /dev/null
out=$(ranks 4 info "$tmp/ahead")
check partition-ahead-follows-manifest "4 partitions \(splitmix64-mod\), 512 nodes, 8192 relationships" "$out"
creation=$(sed -nE 's/.*"creation": "([0-9a-f]+)".*/\1/p' "$tmp/ahead/MANIFEST.json")
"$quiver" checkpoint "$tmp/ahead/part-00003" "mpi-$creation" --drop > /dev/null
out=$(ranks 4 info "$tmp/ahead")
check partition-ahead "rank 3\]: Corruption: partition mismatch" "$out"

# Rank 1 dies once the manifest names the new build, before its CURRENT moves: the
# build is published — every rank reads it, rank 1 through the build's checkpoint — and
# the next build clears what was left.
old_creation=$(sed -nE 's/.*"creation": "([0-9a-f]+)".*/\1/p' "$dir/MANIFEST.json")
out=$(QUIVER_MPI_KILL_RANK_AFTER_MANIFEST=1 ranks 4 generate g500 --scale 10 --seed 6 --replace "$dir"; echo "exit $?")
check killed-after-manifest-fails "^exit [1-9]" "$out"
new_creation=$(sed -nE 's/.*"creation": "([0-9a-f]+)".*/\1/p' "$dir/MANIFEST.json")
check killed-after-manifest-published "^new$" "$([ "$new_creation" != "$old_creation" ] && echo new)"
out=$(ranks 4 info "$dir")
check killed-after-manifest-opens "4 partitions \(splitmix64-mod\), 1024 nodes, 16384 relationships" "$out"
out=$(ranks 4 query "$dir" "MATCH (n) RETURN count(n) AS c" --format csv)
check killed-after-manifest-query "^1024$" "$out"
out=$(ranks 4 generate g500 --scale 9 --replace "$dir")
check rebuild-after-manifest-kill "^published " "$out"
out=$(leftovers)
check rebuild-after-manifest-kill-clears "^0$" "$out"
[ "$failures" -eq 0 ]
