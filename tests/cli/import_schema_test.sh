#!/usr/bin/env bash
# `quiver import --schema FILE` end to end: a bad statement is named (FILE:LINE) before
# any data is read; a row that violates a constraint stops the import naming file:line
# and the constraint, or with --skip-bad-rows is left out and reported, the report the
# same for 1 and 4 workers; the database opens with the indexes ONLINE; --replace keeps
# the schema.
source "$(dirname "$0")/check_lib.sh"
cat > "$tmp/schema.cypher" <<'CYPHER'
// people: a name each, one email each
CREATE CONSTRAINT person_name FOR (p:Person) REQUIRE p.name IS NOT NULL;
CREATE CONSTRAINT person_email FOR (p:Person) REQUIRE p.email IS UNIQUE;
CREATE INDEX person_city FOR (p:Person) ON (p.city);
CREATE CONSTRAINT knows_since FOR ()-[k:KNOWS]-() REQUIRE k.since IS NOT NULL;
CYPHER
# Enough rows for several parse chunks, cut differently for 1 and 4 workers.
awk 'BEGIN { print "id:ID,name,email,city";
             for (i = 0; i < 100000; i++) printf "%d,%s,e%d@x,c%d\n", i, (i % 997 == 5 ? "" : "n" i), i % 60000, i % 100 }' \
  > "$tmp/people.csv"
printf ':START_ID,:END_ID,since:int\n0,1,2000\n1,0,\n5,1,2001\n' > "$tmp/knows.csv"

printf 'CREATE INDEX a FOR (n:Person) ON (n.name);\n\nMATCH (n) RETURN n;\n' > "$tmp/bad.cypher"
out=$("$quiver" import "$tmp/bad-db" --nodes=Person "$tmp/people.csv" --schema "$tmp/bad.cypher" --quiet 2>&1)
check bad-statement-named "bad.cypher:3: only CREATE INDEX and CREATE CONSTRAINT statements belong in a schema file" "$out"
[ ! -e "$tmp/bad-db" ] || { echo "FAIL bad-statement-writes-nothing"; failures=$((failures + 1)); }

out=$("$quiver" import "$tmp/strict" --nodes=Person "$tmp/people.csv" --schema "$tmp/schema.cypher" --quiet 2>&1)
check strict-names-row-and-constraint \
  'people.csv:7:1: Node\(5\) with label `Person` must have the property `name` \(constraint `person_name`\)' "$out"

for threads in 1 4; do
  out=$("$quiver" import "$tmp/db$threads" --nodes=Person "$tmp/people.csv" --relationships=KNOWS "$tmp/knows.csv" \
        --schema "$tmp/schema.cypher" --skip-bad-rows --report-file "$tmp/report$threads" --threads "$threads" --quiet 2>&1)
  check "skips-$threads" "^skipped 40022 bad rows" "$out"
  check "builds-index-$threads" "^built index person_city$" "$out"
done
if cmp -s "$tmp/report1" "$tmp/report4"; then echo "ok   same-report-1-and-4-workers"; else
  echo "FAIL same-report-1-and-4-workers"; diff "$tmp/report1" "$tmp/report4" | head; failures=$((failures + 1)); fi
check report-unique "people.csv:60002:1: Node\(0\) already exists with label \`Person\` and property \`email\` = 'e0@x' \(constraint \`person_email\`; that node is at .*people.csv:2:1\)" "$(cat "$tmp/report1")"
check report-relationship "knows.csv:3:1: Relationship\(1\) with type \`KNOWS\` must have the property \`since\` \(constraint \`knows_since\`\)" "$(cat "$tmp/report1")"
check report-left-out-endpoint "knows.csv:4:1: unknown start node '5'" "$(cat "$tmp/report1")"

out=$("$quiver" query --db "$tmp/db4" --read-only "SHOW INDEXES YIELD name, state WHERE name = 'person_city' RETURN state" 2>&1)
check index-online "'ONLINE'" "$out"
out=$("$quiver" query --db "$tmp/db4" "MATCH (p:Person {city: 'c7'}) RETURN count(p) AS n" 2>&1)
check index-answers "\| 600 \|" "$out"

printf 'id:ID,name\nx,\n' > "$tmp/new.csv"
out=$("$quiver" import "$tmp/db4" --nodes=Person "$tmp/new.csv" --replace --quiet 2>&1)
check replace-keeps-constraints 'new.csv:2:1: Node\(0\) with label `Person` must have the property `name`' "$out"

exit $((failures > 0))
