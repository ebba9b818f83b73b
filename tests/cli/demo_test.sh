#!/usr/bin/env bash
# `make demo` as a test: scripts/demo.sh on the shipped social graph must run to the end
# and show what it claims — the import, the answers of its queries, the write read back
# by a new process, and `quiver info` counting that write (still in the write log).
set -uo pipefail
quiver="$1"
source_dir="$2"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
out=$(bash "$source_dir/scripts/demo.sh" "$quiver" "$work" 2>&1)
rc=$?
failures=0
if [ "$rc" -ne 0 ]; then
  echo "FAIL demo exited $rc:"
  echo "$out" | tail -20
  exit 1
fi
want() {  # want NAME PATTERN
  if grep -qE "$2" <<<"$out"; then
    echo "ok   $1"
  else
    echo "FAIL $1: no line matches /$2/"
    failures=$((failures + 1))
  fi
}
want import 'nodes +41'
want recommendation "\| 'Olivia Dubois' +\| 3 "
want aggregate "\| 'Globex' +\| 8 +\| 48.3 "
want reachability '^\| 3 +\| 7 '
want write "\| 'Ada Lovelace' \| 'Acme Graphs' \|"
want read-back "\| 'Ada Lovelace' \| 'WORKS_AT' \| 'Acme Graphs' \|"
want info-generation '^generation +2 \(each publish'
want info-log '^write log +1 commit since the generation'
want info-nodes '^nodes +42 \(generation: 41'
want info-label '^  Person +31$'
want info-type '^  KNOWS +71$'
want check '^OK: '
want next '^== Next'
want next-shell 'quiver shell .*social.db'
want next-web 'quiver serve .*social.db --no-auth --http'
[ "$failures" -eq 0 ]
