#!/usr/bin/env bash
# ctest parquet_writer_duckdb: Quiver's Parquet writer writes its test files into DIR
# (WRITER: the write_quiver_parquet program) and DuckDB reads them back
# (read_quiver_parquet.mjs); skipped (77) where node or @duckdb/node-api is missing.
#   read_quiver_parquet.sh WRITER DIR
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
source "$here/../require_node_package.sh"
require_node_package "$here" @duckdb/node-api
rm -rf "$2"
"$1" "$2"
exec node "$here/read_quiver_parquet.mjs" "$2"
