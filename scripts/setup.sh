#!/usr/bin/env bash
# Installs the Debian 12 packages Quiver builds and tests with. Runs `apt-get update`
# only when something is missing, so a machine that already has everything pays nothing.
#   scripts/setup.sh [fuzz]
set -euo pipefail

packages=(
  build-essential cmake ninja-build ccache pkg-config git
  libgtest-dev libgmock-dev libbenchmark-dev
  libxxhash-dev libcli11-dev nlohmann-json3-dev zlib1g-dev
  libhowardhinnant-date-dev tzdata libdivide-dev libasio-dev libssl-dev libedit-dev tmux
  libcpp-httplib-dev libutf8proc-dev libpcre2-dev
  libsnappy-dev libzstd-dev liblz4-dev
  libopenmpi-dev openmpi-bin  # quiver-mpi and its tests (docs/scale-out.md)
  python3 python3-networkx python3-pybind11 python3-pytest python3-pandas
  chromium
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
  missing+=(nodejs npm libnode-dev)
elif [ ! -f /usr/include/node/node_api.h ] && [ ! -f "$(dirname "$(dirname "$(command -v node)")")/include/node/node_api.h" ]; then
  missing+=(libnode-dev)  # Node-API's headers, for the Node.js module
fi

if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# npm packages, pinned by each folder's package-lock.json: the official Neo4j JavaScript
# driver for the Bolt server's tests (tests/bolt), node-addon-api for the Node.js module
# (bindings/node), CodeMirror and Cytoscape.js that the web view compiles in (web/),
# playwright-core that drives Chromium in the web view's tests (tests/web), Neo4j's Cypher
# front end that lints the data-driven tests' queries (tests/lint), DuckDB that writes
# the Parquet files the Parquet reader's tests read (tests/parquet). A folder
# whose install fails has its tests skipped (the web view then lacks its editor and
# picture), saying why.
root="$(cd "$(dirname "$0")/.." && pwd)"
for dir in "$root/tests/bolt" "$root/bindings/node" "$root/web" "$root/tests/web" "$root/tests/lint" "$root/tests/parquet"; do
  [ -f "$dir/package-lock.json" ] || continue
  if [ ! -f "$dir/node_modules/.package-lock.json" ] || [ "$dir/package-lock.json" -nt "$dir/node_modules/.package-lock.json" ]; then
    echo "setup: npm ci in ${dir#$root/}"
    if ! (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error); then
      echo "setup: npm ci failed in ${dir#$root/}; its tests will be skipped" >&2
    fi
  fi
done
