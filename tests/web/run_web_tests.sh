#!/usr/bin/env bash
# ctest web_http_api and web_browser: `quiver serve --http` under node's test runner,
# with plain requests (http_api.test.mjs) or in Debian's headless Chromium driven by
# playwright-core (browser.test.mjs). scripts/setup.sh installs node, chromium and
# playwright-core (npm ci in tests/web); where one is missing the test is skipped
# (exit 77), with the reason.
#   run_web_tests.sh QUIVER_BINARY TEST_FILE
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
test_file="$2"
if ! command -v node >/dev/null; then
  echo "skipped: node is not installed (scripts/setup.sh installs Debian's nodejs)"
  exit 77
fi
if [ "$test_file" = browser.test.mjs ]; then
  if [ ! -x /usr/bin/chromium ]; then
    echo "skipped: /usr/bin/chromium is missing (scripts/setup.sh installs Debian's chromium)"
    exit 77
  fi
  if [ ! -d "$here/node_modules/playwright-core" ]; then
    echo "skipped: playwright-core is not installed in tests/web (scripts/setup.sh runs npm ci there)"
    exit 77
  fi
fi
export QUIVER_BIN="$1"
exec node --test --test-concurrency=1 "$here/$test_file"
