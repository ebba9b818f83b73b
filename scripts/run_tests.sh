#!/usr/bin/env bash
# Runs every registered test of a build directory with ctest, then repeats ctest's
# summary ("100% tests passed, 0 tests failed out of N") as the last line, which CI
# reads: ctest itself may end with a list of disabled or skipped tests.
#
# Tests that need the openCypher TCK skip where it is absent (tests/tck/tck_paths.h);
# this script then says, just above the summary, how many skipped and how to get it.
set -euo pipefail
build_dir="$1"
jobs="${2:-$(nproc)}"
mkdir -p "$build_dir/test-tmp"
cd "$build_dir"
log="test-tmp/ctest.log"
set +e
ctest --output-on-failure --timeout 600 -j "$jobs" 2>&1 | tee "$log"
rc=${PIPESTATUS[0]}
set -e
summary=$(grep -E '^[0-9]+% tests passed' "$log" | tail -1)
skipped=$(grep -cE '^\s+[0-9]+ - .*\(Skipped\)$' "$log" || true)
if [ "$skipped" -gt 0 ]; then
  echo
  echo "$skipped tests skipped (listed above as Skipped)."
  if grep -qE '^\s+[0-9]+ - tck \(Skipped\)$' "$log" && [ -x tests/tck/quiver_tck ]; then
    # The runner says why it skipped (it checks for the TCK before anything else).
    tests/tck/quiver_tck | sed -n 's/^quiver_tck: skipped: /Why: /p' || true
  fi
fi
echo "${summary:-ctest printed no summary (exit $rc)}"
exit "$rc"
