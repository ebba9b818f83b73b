#!/usr/bin/env bash
# ctest node_module: the Node.js module (bindings/node, docs/node.md) under node's test
# runner — tests/node/*.test.mjs against the package folder the build made. Where the
# module was left out (no node, no Node-API headers, no node-addon-api) the test is
# skipped (exit 77) with the reason CMake gave; CMake found node, or it would have left
# the module out.
#   run_node_tests.sh PACKAGE_DIR [WHY_LEFT_OUT]
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
why="${2:+the Node.js module was left out of the build: $2}"
[ -n "$why" ] || [ -f "$1/quiver.node" ] || why="$1/quiver.node is not built (make node)"
if [ -n "$why" ]; then
  echo "skipped: $why"
  exit 77
fi
export QUIVER_NODE_MODULE="$1"
exec node --test --test-concurrency=1 "$here"/*.test.mjs
