#!/usr/bin/env bash
# ctest cypher_neo4j_lint: every query of tests/cypher/*.test linted by Neo4j's own Cypher
# front end (@neo4j-cypher/language-support, node's test runner). Installed by
# scripts/setup.sh (npm ci in tests/lint); where node or the package is missing the test
# is skipped (exit 77), with the reason.
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
if ! command -v node >/dev/null; then
  echo "skipped: node is not installed (scripts/setup.sh installs Debian's nodejs)"
  exit 77
fi
if [ ! -d "$here/node_modules/@neo4j-cypher/language-support" ]; then
  echo "skipped: @neo4j-cypher/language-support is not installed in tests/lint (scripts/setup.sh runs npm ci there)"
  exit 77
fi
exec node --test "$here"/*.test.mjs
