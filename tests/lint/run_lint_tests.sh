#!/usr/bin/env bash
# ctest cypher_neo4j_lint: every query of tests/cypher/*.test linted by Neo4j's own Cypher
# front end (@neo4j-cypher/language-support, node's test runner). Installed by
# scripts/setup.sh (npm ci in tests/lint); where node or the package is missing the test
# is skipped (exit 77), with the reason.
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
source "$here/../require_node_package.sh"
require_node_package "$here" @neo4j-cypher/language-support
exec node --test "$here"/*.test.mjs
