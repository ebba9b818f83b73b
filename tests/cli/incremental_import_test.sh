#!/usr/bin/env bash
# `quiver import --incremental` (docs/ingest.md, "Incremental import"): the flag's
# exclusions and messages, a batch whose relationships join old and new nodes, a commit
# still in the write log kept, a failed batch leaving the database as it was, integer ids.
source "$(dirname "$0")/check_lib.sh"
printf 'id:ID,name,:LABEL\na,Alice,Person\nb,Bob,Person\n' > "$tmp/n0.csv"
printf ':START_ID,:END_ID,:TYPE\na,b,KNOWS\n' > "$tmp/r0.csv"
printf 'id:ID,name,:LABEL\nc,Carol,Person\n' > "$tmp/n1.csv"
printf ':START_ID,:END_ID,:TYPE,since:int\nc,a,KNOWS,2024\nb,c,LIKES,\n' > "$tmp/r1.csv"
db="$tmp/db"
"$quiver" import "$db" --nodes "$tmp/n0.csv" --relationships "$tmp/r0.csv" --quiet > /dev/null
out=$("$quiver" import "$db" --nodes "$tmp/n1.csv" --quiet 2>&1)
check plain-refused 'pass --replace to replace it, or --incremental to add to it' "$out"
out=$("$quiver" import "$db" --incremental --replace --nodes "$tmp/n1.csv" --quiet 2>&1; echo "exit $?")
check with-replace '--incremental and --replace exclude each other' "$out"
check with-replace-exit '^exit 2$' "$out"
"$quiver" query --db "$db" "MATCH (n {id: 'a'}) SET n.age = 41" > /dev/null  # stays in the write log
out=$("$quiver" import "$db" --incremental --nodes "$tmp/n1.csv" --relationships "$tmp/r1.csv" --quiet 2>&1)
check added '^added 1 nodes and 2 relationships to 2 nodes and 1 relationships \(relationships rebuilt: the write log holds commits since the generation\)$' "$out"
out=$("$quiver" query --db "$db" --format csv "MATCH (x)-[r]->(y) RETURN x.id, type(r), y.id, r.since, x.age ORDER BY x.id" 2>&1)
check old-to-old '^a,KNOWS,b,null,41$' "$out"
check old-to-new '^b,LIKES,c,null,null$' "$out"
check new-to-old '^c,KNOWS,a,2024,null$' "$out"
out=$("$quiver" info "$db" 2>&1)
check fresh-log '^write log +no commits since the generation' "$out"
out=$("$quiver" check "$db" 2>&1)
check check-ok '^OK: ' "$out"
# With the log folded in, the next batch's relationships are appended as segments.
printf 'id:ID,name,:LABEL\nd,Dan,Person\n' > "$tmp/n2.csv"
printf ':START_ID,:END_ID,:TYPE,since:int\nd,a,KNOWS,2025\na,b,KNOWS,2026\nd,d,SELF,\n' > "$tmp/r2.csv"
out=$("$quiver" import "$db" --incremental --nodes "$tmp/n2.csv" --relationships "$tmp/r2.csv" --quiet 2>&1)
check merged '^added 1 nodes and 3 relationships to 3 nodes and 3 relationships \(appended as relationship segments\)$' "$out"
out=$("$quiver" query --db "$db" --format csv "MATCH (x)-[r]->(y) RETURN x.id, type(r), y.id, r.since ORDER BY x.id, type(r), y.id, r.since" 2>&1)
check merged-rows '^a,KNOWS,b,2026 a,KNOWS,b,null b,LIKES,c,null c,KNOWS,a,2024 d,KNOWS,a,2025 d,SELF,d,null$' "$(echo $out | sed 's/^[^ ]* //')"
out=$("$quiver" query --db "$db" --format csv "MATCH (x)<-[r:KNOWS]-(y) RETURN x.id, y.id, r.since ORDER BY x.id, y.id, r.since" 2>&1)
check merged-reverse '^a,c,2024 a,d,2025 b,a,2026 b,a,null$' "$(echo $out | sed 's/^[^ ]* //')"
out=$("$quiver" check "$db" 2>&1)
check merged-check-ok '^OK: ' "$out"
gen=$(ls -d "$db"/gen-* | tail -1)
check segment-file '^rel-000000-s001.qv$' "$(ls "$gen")"
# A backup carries the segments; a damaged segment is named; compact folds them.
"$quiver" backup "$db" "$tmp/backup" > /dev/null
out=$("$quiver" check "$tmp/backup" 2>&1)
check backup-check-ok '^OK: ' "$out"
out=$("$quiver" query --db "$tmp/backup" --format csv "MATCH (x)<-[r:KNOWS]-(y) RETURN x.id, y.id, r.since ORDER BY x.id, y.id, r.since" 2>&1)
check backup-rows '^a,c,2024 a,d,2025 b,a,2026 b,a,null$' "$(echo $out | sed 's/^[^ ]* //')"
cp -r "$db" "$tmp/damaged"
segment=$(ls "$tmp"/damaged/gen-*/rel-000000-s001.qv)
printf 'X' | dd of="$segment" bs=1 seek=100 conv=notrunc 2> /dev/null
out=$("$quiver" check "$tmp/damaged" 2>&1; echo "exit $?")
check damaged-segment 'rel-000000-s001.qv' "$out"
check damaged-segment-exit '^exit 1$' "$out"
# Repair salvages the rest; the damaged segment's type is lost whole (named in the report).
out=$("$quiver" check "$tmp/damaged" --repair "$tmp/repaired" 2>&1; echo "exit $?")
check repaired-segment-exit '^exit [01]$' "$out"
out=$("$quiver" query --db "$tmp/repaired" --format csv "MATCH (x) RETURN count(x) AS c" 2>&1)
check repaired-nodes '^4$' "$out"
out=$("$quiver" compact "$db" 2>&1)
check compact-folds '^compacted generation' "$out"
gen=$(ls -d "$db"/gen-* | tail -1)
check folded '^none$' "$(ls "$gen" | grep -c -- '-s0' | sed 's/^0$/none/')"
out=$("$quiver" query --db "$db" --format csv "MATCH (x)<-[r:KNOWS]-(y) RETURN x.id, y.id, r.since ORDER BY x.id, y.id, r.since" 2>&1)
check folded-rows '^a,c,2024 a,d,2025 b,a,2026 b,a,null$' "$(echo $out | sed 's/^[^ ]* //')"
# A bad row stops the batch and the database is as it was.
printf ':START_ID,:END_ID,:TYPE\na,c,KNOWS\na,zz,KNOWS\n' > "$tmp/bad.csv"
before=$(cd "$db" && find . -type f ! -name LOCK -exec md5sum {} + | sort)
out=$("$quiver" import "$db" --incremental --relationships "$tmp/bad.csv" --quiet 2>&1; echo "exit $?")
check bad-row "bad.csv:3:.*zz" "$out"
check bad-row-exit '^exit 1$' "$out"
after=$(cd "$db" && find . -type f ! -name LOCK -exec md5sum {} + | sort)
check unchanged '^same$' "$([ "$before" = "$after" ] && echo same || diff <(echo "$before") <(echo "$after"))"
# Integer ids: the batch says so again.
"$quiver" generate g500 --scale 6 --out "$tmp/g" > /dev/null 2>&1
"$quiver" import "$tmp/g500" --nodes "$tmp/g/nodes.csv" --relationships "$tmp/g/edges.csv" --quiet > /dev/null
printf ':START_ID,:END_ID,:TYPE\n1,2,NEW\n3,4,NEW\n' > "$tmp/g1.csv"
out=$("$quiver" import "$tmp/g500" --incremental --relationships "$tmp/g1.csv" --quiet 2>&1)
check g500-added '^added 0 nodes and 2 relationships .*\(appended as relationship segments\)$' "$out"
out=$("$quiver" query --db "$tmp/g500" --format csv "MATCH (a)-[:NEW]->(b) RETURN a.id, b.id ORDER BY a.id" 2>&1)
check g500-endpoints '^1,2$' "$out"
[ "$failures" -eq 0 ]
