#!/usr/bin/env bash
# Runs every registered test of a build directory with ctest. ctest's own summary
# ("100% tests passed, 0 tests failed out of N") is the last line CI reads.
set -euo pipefail
build_dir="$1"
jobs="${2:-$(nproc)}"
mkdir -p "$build_dir/test-tmp"
cd "$build_dir"
exec ctest --output-on-failure --timeout 600 -j "$jobs"
