#!/usr/bin/env bash
# `quiver-mpi generate g500` on 4 ranks is the graph of `quiver generate g500` of the same
# scale and seed (docs/scale-out.md): the same node and edge counts, the same degree
# sequence, the same edges as sets — seen from the sources' partitions (forward CSR)
# and from the targets' (reverse CSR) — in one shuffle round or in many.
#   generate_test.sh QUIVER QUIVER_MPI MPIRUN
source "$(dirname "$0")/mpi_lib.sh"
scale=11
seed=7
"$quiver" generate g500 --scale $scale --seed $seed --db "$tmp/single" --quiet > /dev/null
out=$(ranks 4 generate g500 --scale $scale --seed $seed "$tmp/parts")
check publishes "^published .*: 4 partitions, 2048 nodes, 32768 relationships, creation [0-9a-f]{32}$" "$out"
check held-in-memory ", spooled 0 bytes;" "$out"
out=$(ranks 4 info "$tmp/parts")
check info "4 partitions \(splitmix64-mod\), 2048 nodes, 32768 relationships" "$out"
check info-partition "part-00003: generation [0-9]+, [0-9]+ owned, [0-9]+ ghosts" "$out"

# Counts: owned vertices and home edges summed over the partitions; ghosts are not counted.
single_rows "$tmp/single" "MATCH (n) RETURN count(n) AS c" > "$tmp/single-nodes"
partition_rows "$tmp/parts" "MATCH (n:V) RETURN count(n) AS c" | awk '{s += $1} END {print s}' > "$tmp/part-nodes"
same_rows node-count "$tmp/part-nodes" "$tmp/single-nodes"
partition_rows "$tmp/parts" "MATCH (n:V) RETURN n.id AS id" > "$tmp/part-ids"
single_rows "$tmp/single" "MATCH (n) RETURN n.id AS id" > "$tmp/single-ids"
same_rows every-vertex-owned-once "$tmp/part-ids" "$tmp/single-ids"
out=$(partition_rows "$tmp/parts" "MATCH (n:V:QuiverGhost) RETURN count(n) AS c" | sort -u)
check ghosts-apart "^0$" "$out"

# Edges as sets, from the source's partition and from the target's.
single_rows "$tmp/single" "MATCH (a)-[:E]->(b) RETURN a.id AS s, b.id AS d" > "$tmp/single-edges"
partition_rows "$tmp/parts" "MATCH (a:V)-[:E]->(b) RETURN a.id AS s, b.id AS d" > "$tmp/out-edges"
same_rows edges-from-sources "$tmp/out-edges" "$tmp/single-edges"
partition_rows "$tmp/parts" "MATCH (a)-[:E]->(b:V) RETURN a.id AS s, b.id AS d" > "$tmp/in-edges"
same_rows edges-from-targets "$tmp/in-edges" "$tmp/single-edges"

# Degree sequences: every vertex's out- and in-degree, on its owner.
degrees="OPTIONAL MATCH (n)-[o:E]->() WITH n, count(o) AS outdeg OPTIONAL MATCH (n)<-[i:E]-() RETURN n.id AS id, outdeg, count(i) AS indeg"
single_rows "$tmp/single" "MATCH (n) $degrees" > "$tmp/single-degrees"
partition_rows "$tmp/parts" "MATCH (n:V) $degrees" > "$tmp/part-degrees"
same_rows degrees "$tmp/part-degrees" "$tmp/single-degrees"

# Many shuffle rounds (1,024 edges a round), with the received edges spooled to disk
# (a 512 KiB budget holds 128 KiB of them in memory; each rank receives ~230 KiB), give
# the same graph. The default budget holds them all in memory.
out=$(ranks 4 generate g500 --scale $scale --seed $seed --shuffle-budget 96K --memory-budget 512K "$tmp/rounds")
check many-rounds "shuffle [0-9]+ round" "$out"
check spooled "spooled 917120 bytes" "$out"
rounds=$(sed -nE 's/^shuffle ([0-9]+) round.*/\1/p' <<<"$out")
check more-than-one-round "^([2-9]|[1-9][0-9]+)$" "$rounds"
partition_rows "$tmp/rounds" "MATCH (a:V)-[:E]->(b) RETURN a.id AS s, b.id AS d" > "$tmp/round-edges"
same_rows edges-many-rounds "$tmp/round-edges" "$tmp/single-edges"

# A sparse graph on 8 ranks (scale 13, one edge a vertex): each rank's owned vertices
# and ghosts cover at most ~2,100 of the 8,192 ids, so the session's IdMap of them is a
# hash, not the direct table the denser runs above get.
"$quiver" generate g500 --scale 13 --seed $seed --edge-factor 1 --db "$tmp/sparse-single" --quiet > /dev/null
ranks 8 generate g500 --scale 13 --seed $seed --edge-factor 1 "$tmp/sparse" > /dev/null
single_rows "$tmp/sparse-single" "MATCH (a)-[:E]->(b) RETURN a.id AS s, b.id AS d" > "$tmp/sparse-single-edges"
partition_rows "$tmp/sparse" "MATCH (a:V)-[:E]->(b) RETURN a.id AS s, b.id AS d" > "$tmp/sparse-edges"
same_rows edges-sparse-eight-ranks "$tmp/sparse-edges" "$tmp/sparse-single-edges"
partition_rows "$tmp/sparse" "MATCH (a)-[:E]->(b:V) RETURN a.id AS s, b.id AS d" > "$tmp/sparse-in-edges"
same_rows edges-sparse-from-targets "$tmp/sparse-in-edges" "$tmp/sparse-single-edges"

# Another rank count: 3 ranks, the same graph.
ranks 3 generate g500 --scale $scale --seed $seed "$tmp/three" > /dev/null
partition_rows "$tmp/three" "MATCH (a:V)-[:E]->(b) RETURN a.id AS s, b.id AS d" > "$tmp/three-edges"
same_rows edges-three-ranks "$tmp/three-edges" "$tmp/single-edges"
out=$(for p in "$tmp"/parts/part-*/; do "$quiver" check "$p"; done 2>&1 | grep -c "^OK: ")
check partitions-are-databases "^4$" "$out"
[ "$failures" -eq 0 ]
