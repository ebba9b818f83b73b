#!/usr/bin/env bash
# The main job on a built-in example: what `make demo` runs.
set -euo pipefail
quiver="$1"
demo_dir="$2"
echo "== quiver --help"
"$quiver" --help
echo
echo "== quiver info"
"$quiver" info

# Bulk ingest: a Graph500 scale-16 graph (65,536 vertices, 1,048,576 edges) written as
# CSV in the import format, imported into a fresh database, and described.
csv="$demo_dir/g500-s16"
db="$demo_dir/g500-s16.db"
rm -rf "$csv" "$db"
mkdir -p "$demo_dir"
echo
echo "== quiver generate g500 --scale 16 --out $csv"
"$quiver" generate g500 --scale 16 --seed 1 --out "$csv"
echo
echo "== quiver import $db --nodes $csv/nodes.csv --relationships $csv/edges.csv"
"$quiver" import "$db" --nodes "$csv/nodes.csv" --relationships "$csv/edges.csv"
echo
echo "== quiver info $db"
"$quiver" info "$db"
echo
echo "== quiver check $db"
"$quiver" check "$db"
echo
echo "== quiver query --db $db \"MATCH (a:V {id: 1})-[:E]->(b) RETURN count(b) AS out_degree\""
"$quiver" query --db "$db" "MATCH (a:V {id: 1})-[:E]->(b) RETURN count(b) AS out_degree"
