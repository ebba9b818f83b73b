#!/usr/bin/env bash
# `quiver import --replace` (and generate --replace) start a new history: the old graph's
# committed writes, still in the write log, must never be replayed onto the new graph
# (they used to be: the new first node read back the old one's SET and label, and when
# the ids did not line up every later open failed while `check` said OK).
source "$(dirname "$0")/check_lib.sh"
printf 'id:ID,name,:LABEL\na,Alice,Person\nb,Bob,Person\n' > "$tmp/old.csv"
printf 'id:ID,name,:LABEL\nx,Xavier,Robot\ny,Yann,Robot\nz,Zed,Robot\n' > "$tmp/new.csv"
db="$tmp/db"
"$quiver" import "$db" --nodes "$tmp/old.csv" --quiet > /dev/null
"$quiver" query --db "$db" "MATCH (n {name: 'Alice'}) SET n.age = 99, n:Hacked" > /dev/null
"$quiver" query --db "$db" "UNWIND range(1, 20) AS i CREATE (:Extra {i: i})" > /dev/null  # ids past the new graph's
out=$("$quiver" import "$db" --nodes "$tmp/new.csv" --replace --quiet 2>&1)
check replace-publishes 'published generation' "$out"
out=$("$quiver" query --db "$db" "MATCH (n) RETURN n.name AS name, n.age AS age, labels(n) AS labels ORDER BY name" 2>&1)
check new-graph-only "^3 rows$" "$out"
check no-old-set "\| 'Xavier' \| null +\| \['Robot'\] \|" "$out"
out=$("$quiver" query --db "$db" "MATCH (n:Hacked) RETURN count(n) AS c" 2>&1)
check no-old-label "\| 0 +\|" "$out"
out=$("$quiver" info "$db" 2>&1)
check info-fresh-log "^write log +no commits since the generation" "$out"
out=$("$quiver" check "$db" 2>&1)
check check-ok "^OK: " "$out"
# A write after the replace is kept, and the next replace drops it too.
"$quiver" query --db "$db" "CREATE (:Later)" > /dev/null
out=$("$quiver" query --db "$db" "MATCH (n) RETURN count(n) AS c" 2>&1)
check later-write "\| 4 +\|" "$out"
"$quiver" generate g500 --scale 4 --db "$db" --replace --quiet > /dev/null
out=$("$quiver" query --db "$db" "MATCH (n:Later) RETURN count(n) AS c" 2>&1)
check generate-replace "\| 0 +\|" "$out"
out=$("$quiver" query --db "$db" "MATCH (n) RETURN count(n) AS c" 2>&1)
check generate-graph "\| 16 +\|" "$out"
[ "$failures" -eq 0 ]
