#!/usr/bin/env bash
# ctest bolt_driver: the official Neo4j JavaScript driver against `quiver serve`, with
# node's test runner. The driver is installed by scripts/setup.sh (npm ci in
# tests/bolt); where node or the driver is missing the test is skipped (exit 77), with
# the reason.
#   run_driver_tests.sh QUIVER_BINARY
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
source "$here/../require_node_package.sh"
require_node_package "$here" neo4j-driver
export QUIVER_BIN="$1"
exec node --test --test-concurrency=1 "$here"/*.test.mjs
