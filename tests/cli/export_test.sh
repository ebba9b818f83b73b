#!/usr/bin/env bash
# `quiver export` (docs/ingest.md, "Export") from the command line: a graph exported as
# CSV or Parquet and imported back (`quiver import --from`), and as a Cypher script run
# by `quiver shell`, answers a battery of queries as the original does; DuckDB reads the
# Parquet files as the types they were written as; an export taken while
# another process writes holds one consistent snapshot; misuse is a named error.
source "$(dirname "$0")/check_lib.sh"
trap 'kill ${writer:-} 2>/dev/null; rm -rf "$tmp"' EXIT
db="$tmp/db"
"$quiver" query --db "$db" --create \
  "CREATE (a:Person {name: 'Ada', born: date('1815-12-10'), tags: ['x', 'y;z'], score: 1.5}),
          (b:Person:Admin {name: 'Bob, \"B\"', at: datetime('2020-01-01T10:00+01:00[Europe/Paris]'), none: []}),
          (c {name: 'plain', note: 'two
lines', d: duration('P1DT2H'), nan: 0.0 / 0.0}),
          (a)-[:KNOWS {since: 2001}]->(b), (b)-[:KNOWS]->(a), (c)-[:SELF]->(c)" > /dev/null
"$quiver" query --db "$db" "CREATE INDEX person_name FOR (n:Person) ON (n.name)" > /dev/null
"$quiver" query --db "$db" "CREATE CONSTRAINT admin_name FOR (n:Admin) REQUIRE n.name IS UNIQUE" > /dev/null

battery=("MATCH (n) RETURN n" "MATCH (a)-[r]->(b) RETURN a, r, b"
  "MATCH (n) UNWIND keys(n) AS k RETURN k, valueType(n[k])"
  "SHOW INDEXES YIELD name, type, labelsOrTypes, properties WHERE type <> 'LOOKUP' RETURN *"
  "SHOW CONSTRAINTS YIELD name, type, labelsOrTypes, properties RETURN *")
answers() {
  for q in "${battery[@]}"; do "$quiver" query --db "$1" --read-only --format csv "$q" | sort; done
}
expected=$(answers "$db")
check original-answers "Ada" "$expected"

out=$("$quiver" export "$db" "$tmp/csv" --quiet 2>&1)
check export-csv "^exported .*: 3 nodes, 3 relationships, " "$out"
out=$("$quiver" import "$tmp/copy" --from "$tmp/csv" --quiet 2>&1)
check import-from "published generation" "$out"
got=$(answers "$tmp/copy")
check csv-round-trip-answers "^same$" "$([ "$got" == "$expected" ] && echo same || diff <(echo "$expected") <(echo "$got"))"

out=$("$quiver" export "$db" "$tmp/cypher" --format cypher --quiet 2>&1)
check export-cypher "^exported " "$out"
"$quiver" shell --create "$tmp/scripted" < "$tmp/cypher/graph.cypher" > "$tmp/shell.out" 2>&1
check shell-ran-script "added 1 constraint" "$(cat "$tmp/shell.out")"
check shell-no-warnings "^$" "$(grep -c warning "$tmp/shell.out" | grep -v '^0$')"
got=$(answers "$tmp/scripted")
check cypher-round-trip-answers "^same$" "$([ "$got" == "$expected" ] && echo same || diff <(echo "$expected") <(echo "$got"))"

out=$("$quiver" export "$db" "$tmp/parquet" --format parquet --quiet 2>&1)
check export-parquet "^exported .*: 3 nodes, 3 relationships, " "$out"
"$quiver" import "$tmp/from-parquet" --from "$tmp/parquet" --quiet > /dev/null 2>&1
got=$(answers "$tmp/from-parquet")
check parquet-round-trip-answers "^same$" "$([ "$got" == "$expected" ] && echo same || diff <(echo "$expected") <(echo "$got"))"
# DuckDB, the real reader, sees the types written (where node and @duckdb/node-api are here).
parquet_dir="$(cd "$(dirname "$0")/../parquet" && pwd)"
if command -v node > /dev/null && [ -d "$parquet_dir/node_modules/@duckdb/node-api" ]; then
  out=$(cd "$parquet_dir" && node describe_parquet.mjs "$tmp/parquet/nodes_Person.parquet" \
    "$tmp/parquet/relationships_KNOWS.parquet" 2>&1)
  check duckdb-nodes ":ID BIGINT, :LABEL VARCHAR\[\], born DATE, name VARCHAR, score DOUBLE, tags VARCHAR\[\]; 1 rows" "$out"
  check duckdb-relationships ":START_ID BIGINT, :END_ID BIGINT, :TYPE VARCHAR, since BIGINT; 2 rows" "$out"
else
  echo "skip duckdb-reads-parquet: node or @duckdb/node-api is missing (tests/parquet)"
fi

out=$("$quiver" export "$db" "$tmp/jsonl" --format jsonl --quiet 2>&1)
check export-jsonl "^exported " "$out"
check jsonl-lines "^6$" "$(wc -l < "$tmp/jsonl/graph.jsonl")"

# Beside a writer in another process: each commit adds (:T)-[:NEXT]->(:U), so a
# consistent snapshot holds as many of each.
for i in $(seq 1 3000); do echo "CREATE (:T {i: $i})-[:NEXT]->(:U {i: $i});"; done > "$tmp/writes.cypher"
"$quiver" shell "$db" < "$tmp/writes.cypher" > "$tmp/writer.out" 2>&1 &
writer=$!
for round in 1 2 3; do
  sleep 0.2
  out=$("$quiver" export "$db" "$tmp/live$round" --quiet 2>&1)
  check "export-$round-while-writing" "^exported " "$out"
  "$quiver" import "$tmp/live-copy$round" --from "$tmp/live$round" --quiet > /dev/null 2>&1
  out=$("$quiver" query --db "$tmp/live-copy$round" --format csv \
    "MATCH (t:T) WITH count(t) AS t MATCH (u:U) WITH t, count(u) AS u MATCH ()-[n:NEXT]->() WITH t, u, count(n) AS n RETURN t = u AND u = n AND n > 0 AS consistent")
  check "export-$round-consistent" "^true$" "$out"
done
wait $writer

out=$("$quiver" export "$db" "$tmp/csv" 2>&1)
check refuses-occupied "quiver export: .*exists and is not empty" "$out"
out=$("$quiver" export "$db" "$tmp/x" --format xml 2>&1)
check refuses-format "unknown export format 'xml'" "$out"
out=$("$quiver" import "$tmp/y" --from "$tmp/cypher" 2>&1)
check import-refuses-cypher "run graph.cypher with quiver shell" "$out"
[ "$failures" -eq 0 ]
