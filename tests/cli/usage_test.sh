#!/usr/bin/env bash
# The `quiver` command's contract with scripts: --help and version succeed, unknown
# commands and bad flags exit 2 with a message, info reports the resource policy.
set -uo pipefail
quiver="$1"
failures=0
expect() {  # expect NAME WANT_RC PATTERN -- ARGS...
  local name="$1" want="$2" pattern="$3"
  shift 4
  local out rc
  out=$("$quiver" "$@" 2>&1)
  rc=$?
  if [ "$rc" -ne "$want" ] || ! grep -qE "$pattern" <<<"$out"; then
    echo "FAIL $name: rc=$rc (want $want), output:"
    echo "$out" | head -5
    failures=$((failures + 1))
  else
    echo "ok   $name"
  fi
}
expect help 0 'Subcommands' -- --help
expect version 0 '^quiver [0-9]+\.[0-9]+\.[0-9]+ \(commit ' -- version
expect unknown-command 2 "unknown command 'frobnicate'" -- frobnicate
expect bad-flag 2 'not expected: --bogus' -- info --bogus
expect no-command 2 'subcommand is required' --
expect info 0 'memory budget' -- info
expect info-json 0 "\"memory_budget_bytes\"" -- info --json
QUIVER_MEMORY_BUDGET=lots expect bad-env-value 2 'QUIVER_MEMORY_BUDGET' -- info
[ "$failures" -eq 0 ]
