#!/usr/bin/env bash
# ctest bolt_driver: the official Neo4j JavaScript driver against `quiver serve`, with
# node's test runner. The driver is installed by scripts/setup.sh (npm ci in
# tests/bolt); where node or the driver is missing the test is skipped (exit 77), with
# the reason.
#   run_driver_tests.sh QUIVER_BINARY
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
if ! command -v node >/dev/null; then
  echo "skipped: node is not installed (scripts/setup.sh installs Debian's nodejs)"
  exit 77
fi
if [ ! -d "$here/node_modules/neo4j-driver" ]; then
  echo "skipped: the neo4j-driver package is not installed in tests/bolt (scripts/setup.sh runs npm ci there)"
  exit 77
fi
export QUIVER_BIN="$1"
exec node --test --test-concurrency=1 "$here"/*.test.mjs
