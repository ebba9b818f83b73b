#!/usr/bin/env bash
# ctest parquet_fixtures: DuckDB writes the Parquet test files into DIR
# (write_fixtures.mjs); skipped (77) where node or @duckdb/node-api is missing. The files
# are rewritten only when the script is newer than them.
#   write_fixtures.sh DIR
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
source "$here/../require_node_package.sh"
require_node_package "$here" @duckdb/node-api
dir="$1"
if [ -f "$dir/expected.json" ] && [ "$dir/expected.json" -nt "$here/write_fixtures.mjs" ]; then
  echo "up to date: $dir"
  exit 0
fi
mkdir -p "$(dirname "$dir")"
exec node "$here/write_fixtures.mjs" "$dir"
