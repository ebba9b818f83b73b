#!/usr/bin/env bash
# ctest node_module: the Node.js module (bindings/node, docs/node.md) under node's test
# runner — tests/node/*.test.mjs against the package folder the build made. Where the
# module was left out (no node, no Node-API headers, no node-addon-api) the test is
# skipped (exit 77) with the reason CMake gave.
#   run_node_tests.sh PACKAGE_DIR [WHY_LEFT_OUT]
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
if [ -n "${2:-}" ]; then
  echo "skipped: the Node.js module was left out of the build: $2"
  exit 77
fi
if ! command -v node >/dev/null; then
  echo "skipped: node is not installed (scripts/setup.sh installs Debian's nodejs)"
  exit 77
fi
if [ ! -f "$1/quiver.node" ]; then
  echo "skipped: $1/quiver.node is not built (make node)"
  exit 77
fi
export QUIVER_NODE_MODULE="$1"
exec node --test --test-concurrency=1 "$here"/*.test.mjs
