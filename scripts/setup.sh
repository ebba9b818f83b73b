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

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

echo "setup: installing ${missing[*]}"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
