#!/usr/bin/env bash
# `quiver-mpi import` on 4 ranks builds the graph `quiver import` builds from the same
# CSV files (docs/scale-out.md): the Graph500 files of `quiver generate --out`, cut into
# many shuffle rounds, and a small file set with labels, typed and quoted properties and
# relationship properties — and from the same files as Parquet, written by DuckDB, read
# by row groups; and its input errors are named, with nothing published.
#   import_test.sh QUIVER QUIVER_MPI MPIRUN
source "$(dirname "$0")/mpi_lib.sh"
"$quiver" generate g500 --scale 10 --seed 3 --out "$tmp/csv" --quiet > /dev/null
"$quiver" import "$tmp/single" --nodes "$tmp/csv/nodes.csv" --relationships "$tmp/csv/edges.csv" --quiet > /dev/null
out=$(ranks 4 import "$tmp/parts" --nodes "$tmp/csv/nodes.csv" --relationships "$tmp/csv/edges.csv" --shuffle-budget 64K)
check publishes "^published .*: 4 partitions, 1024 nodes, 16384 relationships" "$out"
rounds=$(sed -nE 's/^shuffle ([0-9]+) round.*/\1/p' <<<"$out")
check several-rounds "^([3-9]|[1-9][0-9]+)$" "$rounds"
single_rows "$tmp/single" "MATCH (a)-[:E]->(b) RETURN a.id AS s, b.id AS d" > "$tmp/single-edges"
partition_rows "$tmp/parts" "MATCH (a:V)-[:E]->(b) RETURN a.id AS s, b.id AS d" > "$tmp/part-edges"
same_rows g500-edges "$tmp/part-edges" "$tmp/single-edges"
degrees="OPTIONAL MATCH (n)-[o:E]->() WITH n, count(o) AS outdeg OPTIONAL MATCH (n)<-[i:E]-() RETURN n.id AS id, outdeg, count(i) AS indeg"
single_rows "$tmp/single" "MATCH (n) $degrees" > "$tmp/single-degrees"
partition_rows "$tmp/parts" "MATCH (n:V) $degrees" > "$tmp/part-degrees"
same_rows g500-degrees "$tmp/part-degrees" "$tmp/single-degrees"

# Labels, typed and quoted properties (a delimiter inside quotes), two node files,
# relationship properties, CRLF line ends.
printf 'id:ID{id-type:int},name,age:int,:LABEL\r\n' > "$tmp/people.csv"
for i in $(seq 1 40); do printf '%d,"Person %d, the %dth",%d,Person\r\n' $i $i $i $((20 + i)); done >> "$tmp/people.csv"
printf 'id:ID,title,:LABEL\n' > "$tmp/movies.csv"
for i in $(seq 100 120); do printf '%d,"Movie ""%d""",Movie;Film\n' $i $i; done >> "$tmp/movies.csv"
printf ':START_ID,:END_ID,:TYPE,since:int\n' > "$tmp/rels.csv"
for i in $(seq 1 40); do
  printf '%d,%d,WATCHED,%d\n' $i $((100 + i % 21)) $((2000 + i))
  printf '%d,%d,KNOWS,%d\n' $i $((1 + (i * 7) % 40)) $((1990 + i))
done >> "$tmp/rels.csv"
files=(--nodes "$tmp/people.csv" --nodes "$tmp/movies.csv" --relationships "$tmp/rels.csv")
"$quiver" import "$tmp/rich-single" "${files[@]}" --id-type integer --quiet > /dev/null
out=$(ranks 4 import "$tmp/rich" "${files[@]}")
check rich-publishes "^published .*: 4 partitions, 61 nodes, 80 relationships" "$out"
nodes="MATCH (n) WHERE NOT n:QuiverGhost RETURN n.id AS id, n.name AS name, n.age AS age, n.title AS title, labels(n) AS labels"
single_rows "$tmp/rich-single" "$nodes" > "$tmp/rich-single-nodes"
partition_rows "$tmp/rich" "$nodes" > "$tmp/rich-nodes"
same_rows rich-nodes "$tmp/rich-nodes" "$tmp/rich-single-nodes"
rels="MATCH (a)-[r]->(b) WHERE NOT a:QuiverGhost RETURN a.id AS s, type(r) AS t, r.since AS since, b.id AS d"
single_rows "$tmp/rich-single" "$rels" > "$tmp/rich-single-rels"
partition_rows "$tmp/rich" "$rels" > "$tmp/rich-rels"
same_rows rich-relationships "$tmp/rich-rels" "$tmp/rich-single-rels"

# Parquet files (written by DuckDB, several row groups each): every rank reads its row
# groups, and the partitions hold the graph the CSV files give.
parquet_dir="$(dirname "$0")/../parquet"
if command -v node > /dev/null && [ -d "$parquet_dir/node_modules/@duckdb/node-api" ]; then
  mkdir -p "$tmp/pq"
  (cd "$parquet_dir" && ROW_GROUP_SIZE=2048 node csv_to_parquet.mjs "$tmp/pq" zstd "$tmp/csv/nodes.csv" "$tmp/csv/edges.csv" \
    "$tmp/people.csv" "$tmp/movies.csv" "$tmp/rels.csv") > /dev/null
  out=$(ranks 4 import "$tmp/pq-parts" --nodes "$tmp/pq/nodes.parquet" --relationships "$tmp/pq/edges.parquet" --shuffle-budget 64K)
  check parquet-publishes "^published .*: 4 partitions, 1024 nodes, 16384 relationships" "$out"
  partition_rows "$tmp/pq-parts" "MATCH (a:V)-[:E]->(b) RETURN a.id AS s, b.id AS d" > "$tmp/pq-edges"
  same_rows parquet-g500-edges "$tmp/pq-edges" "$tmp/single-edges"
  partition_rows "$tmp/pq-parts" "MATCH (n:V) $degrees" > "$tmp/pq-degrees"
  same_rows parquet-g500-degrees "$tmp/pq-degrees" "$tmp/single-degrees"
  # Row groups that cross the ranks' row boundaries (6,144 rows a group: 16,384 rows
  # cut at 4,096, 8,192 and 12,288), and files of one row group each (DuckDB's default
  # group holds them whole): every rank still reads about a quarter of the rows.
  mkdir -p "$tmp/pq-big" "$tmp/pq-one"
  (cd "$parquet_dir" && ROW_GROUP_SIZE=6144 node csv_to_parquet.mjs "$tmp/pq-big" zstd "$tmp/csv/edges.csv" &&
    node csv_to_parquet.mjs "$tmp/pq-one" zstd "$tmp/csv/nodes.csv" "$tmp/csv/edges.csv") > /dev/null
  for layout in big one; do
    out=$(ranks 4 import "$tmp/pq-$layout-parts" --nodes "$tmp/pq-one/nodes.parquet" --relationships "$tmp/pq-$layout/edges.parquet")
    check "parquet-$layout-groups-publishes" "^published .*: 4 partitions, 1024 nodes, 16384 relationships" "$out"
    read -r total most < <(sed -nE 's/.*, input ([0-9]+) bytes of rows \(at most ([0-9]+) on one rank\).*/\1 \2/p' <<<"$out")
    check "parquet-$layout-groups-shared" "^yes$" "$( [ -n "$total" ] && [ $((most * 3)) -lt "$total" ] && echo yes || echo "no: $out")"
    partition_rows "$tmp/pq-$layout-parts" "MATCH (a:V)-[:E]->(b) RETURN a.id AS s, b.id AS d" > "$tmp/pq-$layout-edges"
    same_rows "parquet-$layout-groups-edges" "$tmp/pq-$layout-edges" "$tmp/single-edges"
  done
  out=$(ranks 4 import "$tmp/pq-rich" --nodes "$tmp/pq/people.parquet" --nodes "$tmp/pq/movies.parquet" \
    --relationships "$tmp/pq/rels.parquet")
  check parquet-rich-publishes "^published .*: 4 partitions, 61 nodes, 80 relationships" "$out"
  partition_rows "$tmp/pq-rich" "$nodes" > "$tmp/pq-rich-nodes"
  same_rows parquet-rich-nodes "$tmp/pq-rich-nodes" "$tmp/rich-single-nodes"
  partition_rows "$tmp/pq-rich" "$rels" > "$tmp/pq-rich-rels"
  same_rows parquet-rich-relationships "$tmp/pq-rich-rels" "$tmp/rich-single-rels"
  out=$(ranks 4 import "$tmp/pq-bad" --nodes "$tmp/pq/people.parquet" --relationships "$tmp/pq/nodes.parquet")
  check parquet-bad-header "InvalidArgument: .*pq/nodes.parquet: header: column 1 .*ID and LABEL belong in node files" "$out"
else
  echo "skip parquet: node or @duckdb/node-api is missing (tests/parquet)"
fi

# Input errors: named, and nothing published.
printf ':START_ID,:END_ID,:TYPE\n1,999,KNOWS\n' > "$tmp/dangling.csv"
out=$(ranks 4 import "$tmp/bad1" --nodes "$tmp/people.csv" --relationships "$tmp/dangling.csv")
check unknown-endpoint "relationship endpoint 999 is the id of no node" "$out"
printf 'id:ID,:LABEL\n1,A\nx7,A\n' > "$tmp/strings.csv"
out=$(ranks 4 import "$tmp/bad2" --nodes "$tmp/strings.csv")
check string-id "strings.csv: row 'x7,A': id 'x7' is not an integer" "$out"
printf 'id:ID,note,:LABEL\n1,"two\nlines",A\n2,plain,A\n' > "$tmp/multiline.csv"
out=$(ranks 4 import "$tmp/bad3" --nodes "$tmp/multiline.csv")
check quoted-newline "multiline.csv: row .*: a quoted field spans lines" "$out"
out=$(ls "$tmp"/bad1/MANIFEST.json "$tmp"/bad2/MANIFEST.json "$tmp"/bad3/MANIFEST.json 2>/dev/null | wc -l)
check nothing-published "^0$" "$out"
[ "$failures" -eq 0 ]
