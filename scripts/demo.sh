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
