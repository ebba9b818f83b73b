#!/usr/bin/env bash
# `quiver checkpoint`, `quiver checkpoints`, `quiver query --at` and `quiver revert`
# (docs/ingest.md, "Named checkpoints"): a named graph survives later writes and
# compactions, reads back read-only, is reverted to, and is dropped with its space.
source "$(dirname "$0")/check_lib.sh"
db="$tmp/db"
count() { "$quiver" query --db "$db" "$@" "MATCH (n:T) RETURN count(n) AS c" 2>&1; }
"$quiver" query --db "$db" --create "UNWIND range(1, 50) AS i CREATE (:T {i: i})" > /dev/null
out=$("$quiver" checkpoint "$db" first 2>&1)
check checkpoint "^checkpoint first: generation [0-9]+" "$out"
"$quiver" query --db "$db" "UNWIND range(51, 80) AS i CREATE (:T {i: i})" > /dev/null
"$quiver" compact "$db" > /dev/null
out=$("$quiver" checkpoints "$db" 2>&1)
check list "^first  generation [0-9]+  [0-9T:-]+Z  " "$out"
out=$("$quiver" checkpoints "$db" --json 2>&1)
check list-json '"name": "first"' "$out"
check read-at "\| 50 +\|" "$(count --at first)"
check read-live "\| 80 +\|" "$(count)"
out=$("$quiver" query --db "$db" --at first "CREATE (:T)" 2>&1)
check at-is-read-only "read-only" "$out"
out=$("$quiver" checkpoint "$db" first 2>&1)
check duplicate-name "exists already" "$out"
out=$("$quiver" query --db "$db" --at nope "RETURN 1" 2>&1)
check unknown-name "no checkpoint named 'nope'.*\(it has: first\)" "$out"
out=$("$quiver" revert "$db" first 2>&1)
check revert "^reverted .* to checkpoint first: published generation" "$out"
check reverted "\| 50 +\|" "$(count)"
"$quiver" query --db "$db" "CREATE (:T {i: 999})" > /dev/null
check new-history "\| 51 +\|" "$(count)"
out=$("$quiver" check "$db" 2>&1)
check check-ok "^OK: " "$out"
out=$("$quiver" checkpoint "$db" first --drop 2>&1)
check drop "^dropped checkpoint first; " "$out"
out=$("$quiver" checkpoints "$db" 2>&1)
check none-left "^no checkpoints in " "$out"
[ "$failures" -eq 0 ]
