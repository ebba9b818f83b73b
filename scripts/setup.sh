#!/usr/bin/env bash
# Installs the Debian 12 packages Quiver builds and tests with. Runs `apt-get update`
# only when something is missing, so a machine that already has everything pays nothing.
#   scripts/setup.sh [fuzz]
set -euo pipefail

packages=(
  build-essential cmake ninja-build ccache pkg-config git
  libgtest-dev libgmock-dev libbenchmark-dev
  libxxhash-dev libcli11-dev nlohmann-json3-dev zlib1g-dev
  libhowardhinnant-date-dev tzdata libdivide-dev libasio-dev libssl-dev
  python3 python3-networkx
)
# `setup.sh fuzz` (make fuzz) adds clang and its libFuzzer runtime; the build and `make
# test` need only gcc.
if [ "${1:-}" = "fuzz" ]; then
  packages+=(clang libclang-rt-14-dev)
fi

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

# Node.js for the Bolt driver tests: Debian's, unless a node is already on the PATH.
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  missing+=(nodejs npm)
fi

if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# The official Neo4j JavaScript driver, pinned by tests/bolt/package-lock.json, for the
# Bolt server's tests (ctest bolt_driver skips, saying why, where it is missing).
bolt_tests="$(cd "$(dirname "$0")/.." && pwd)/tests/bolt"
if [ ! -f "$bolt_tests/node_modules/neo4j-driver/package.json" ] ||
   [ "$bolt_tests/package-lock.json" -nt "$bolt_tests/node_modules/.package-lock.json" ]; then
  echo "setup: npm ci in tests/bolt (neo4j-driver)"
  if ! (cd "$bolt_tests" && npm ci --no-audit --no-fund --loglevel=error); then
    echo "setup: npm ci failed; the Bolt driver tests will be skipped" >&2
  fi
fi
