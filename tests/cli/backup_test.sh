#!/usr/bin/env bash
# `quiver backup` while another process writes (docs/ingest.md, "Backup and restore"):
# each backup opens, passes `quiver check` and holds a prefix of the writer's commits;
# a backup after the writer is done holds all of them; a second backup into the same
# directory is incremental; `quiver restore` makes a new database of it, and refuses an
# occupied path.
source "$(dirname "$0")/check_lib.sh"
trap 'kill ${writer:-} 2>/dev/null; rm -rf "$tmp"' EXIT
db="$tmp/db"
"$quiver" generate g500 --scale 10 --db "$db" --quiet > /dev/null
# The writer: one long-lived process committing 3,000 statements one by one.
for i in $(seq 1 3000); do echo "CREATE (:T {i: $i});"; done > "$tmp/writes.cypher"
"$quiver" shell "$db" < "$tmp/writes.cypher" > "$tmp/writer.out" 2>&1 &
writer=$!
for round in 1 2 3; do
  sleep 0.3
  out=$("$quiver" backup "$db" "$tmp/backup" --quiet 2>&1)
  check "backup-$round-while-writing" "^(updated )?backup .*checked" "$out"
  out=$("$quiver" query --db "$tmp/backup" --read-only \
    "MATCH (t:T) RETURN count(t) = coalesce(max(t.i), 0) AS prefix" 2>&1)
  check "backup-$round-prefix" "\| true +\|" "$out"
done
wait $writer
check writer-finished "" "$(cat "$tmp/writer.out")"
out=$("$quiver" backup "$db" "$tmp/backup" --quiet 2>&1)
check backup-incremental "^updated backup .* kept; checked" "$out"
out=$("$quiver" check "$tmp/backup" 2>&1)
check backup-check "^OK: " "$out"
out=$("$quiver" restore "$tmp/backup" "$tmp/restored" --quiet 2>&1)
check restore "^restored " "$out"
out=$("$quiver" query --db "$tmp/restored" "MATCH (t:T) RETURN count(t) AS c, max(t.i) AS m" 2>&1)
check restored-all "\| 3000 +\| 3000 +\|" "$out"
out=$("$quiver" query --db "$tmp/restored" "MATCH (n) WHERE NOT n:T RETURN count(n) AS c" 2>&1)
check restored-graph "\| 1024 +\|" "$out"
out=$("$quiver" restore "$tmp/backup" "$tmp/restored" --quiet 2>&1)
check restore-refuses-occupied "exists and is not empty" "$out"
out=$("$quiver" backup "$db" "$tmp/writes.cypher" --quiet 2>&1)
check backup-refuses-a-file "quiver backup: " "$out"
[ "$failures" -eq 0 ]
