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
# Bulk ingest: usage errors exit 2, failed imports 1 naming file:line:column.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
expect import-help 0 'relationships\[=TYPE\]' -- import --help
expect generate-help 0 'Graph500' -- generate --help
expect import-nothing 2 'nothing to import' -- import "$tmp/db"
expect import-bad-option 2 "unknown option '--nodez'" -- import "$tmp/db" --nodez a.csv
expect generate-no-target 2 'exactly one of --out DIR and --db DB' -- generate g500 --scale 4
expect generate-bad-scale 2 'scale' -- generate g500 --scale 40 --out "$tmp/x"
printf 'id:ID,age:int\na,1\nb,x\n' > "$tmp/n.csv"
expect import-bad-row 1 'n.csv:3:3: field .age.' -- import "$tmp/db" --nodes "$tmp/n.csv" --quiet
printf 'id:ID{id-type:int}\n' > "$tmp/h.csv"
printf '0\n1\n' > "$tmp/p.csv"
printf ':START_ID,:END_ID\n0,1\n1,0\n' > "$tmp/r.csv"
expect import-neo4j-form 0 'edges +2' -- import "$tmp/db2" --nodes=A:B="$tmp/h.csv,$tmp/p.csv" --relationships=R "$tmp/r.csv" --quiet
expect generate-db 0 'edges +1024' -- generate g500 --scale 6 --db "$tmp/g" --quiet
expect generate-existing 1 'pass --replace' -- generate g500 --scale 6 --db "$tmp/g" --quiet
# Text must be UTF-8: invalid bytes in a query or an imported field are a named error
# (exit 1, file:line:column for import), and JSON output never fails on text (a path
# that is not UTF-8 prints with U+FFFD instead of an "unexpected error").
expect query-not-utf8 1 'SyntaxError/InvalidEncoding: query text is not valid UTF-8: byte 0xE9' -- query $'RETURN "caf\xe9"'
expect query-json-utf8 0 '"s": "caf' -- query --format json $'RETURN "caf\xc3\xa9" AS s'
printf 'id:ID,name\na,ok\nb,x\377y\n' > "$tmp/u.csv"
expect import-not-utf8 1 "u.csv:3:4: field 'name': not valid UTF-8 \(byte 0xFF\)" -- import "$tmp/db3" --nodes "$tmp/u.csv" --quiet
expect import-not-utf8-skipped 0 'skipped 1 bad rows' -- import "$tmp/db4" --nodes "$tmp/u.csv" --skip-bad-rows --report-file "$tmp/u.report" --quiet
expect check-json-path-not-utf8 1 '"database": ' -- check "$tmp/no"$'\xff' --json
# query: a --db path with no database is an error unless --create (a typo must not
# answer 0 from a new empty database); writes say what they changed.
expect query-no-db 1 'no Quiver database at .*add --create' -- query --db "$tmp/typo" "MATCH (n) RETURN count(n)"
[ ! -e "$tmp/typo/CURRENT" ] || { echo "FAIL query-no-db: it created a database"; failures=$((failures + 1)); }
expect query-create 0 '^created 2 nodes, created 1 relationship, set 1 property, added 2 labels$' -- \
  query --db "$tmp/made" --create "CREATE (:A {x: 1})-[:R]->(:B)"
expect query-set-summary 0 '^set 2 properties$' -- query --db "$tmp/made" "MATCH (n) SET n.y = 2 RETURN count(n) AS c"
# A name the database has never seen is a warning on stderr, once per statement.
expect query-unknown-label 0 '^warning: .*the missing label name is: Nope\) \(UnknownLabelWarning, line 1, column 10\)$' -- \
  query --db "$tmp/made" "MATCH (n:Nope) RETURN n"
expect query-show 0 "\| 'dbms.components' +\|" -- query "SHOW PROCEDURES YIELD name WHERE name STARTS WITH 'dbms.c'"
expect query-timing 0 '^\(2 rows, [0-9.e+-]+ ms\)$' -- query --db "$tmp/made" --timing "MATCH (n) RETURN n.x"
# Reads open read-only: while one process reads (for up to 5 s), another reads and a
# third writes; --read-only refuses a write; --timeout ends a statement.
"$quiver" query --db "$tmp/made" "UNWIND range(1, 400) AS i CREATE (:N {i: i})" > /dev/null
"$quiver" query --db "$tmp/made" --timeout 5s "MATCH (a:N), (b:N), (c:N) WHERE a.i + b.i + c.i < 0 RETURN count(*) AS n" > /dev/null 2>&1 &
long=$!
sleep 0.3
expect query-second-reader 0 '\| 402 +\|' -- query --db "$tmp/made" "MATCH (n) RETURN count(n) AS c"
expect query-writer-beside-reader 0 '^created 1 node' -- query --db "$tmp/made" "CREATE (:W)"
expect query-read-only 1 'a statement writes, and --read-only was given' -- query --db "$tmp/made" --read-only "CREATE (:X)"
expect query-timeout 1 'Interrupted/Timeout: .*200 ms' -- query --db "$tmp/made" --timeout 200ms "MATCH (a:N), (b:N), (c:N) WHERE a.i + b.i + c.i < 0 RETURN count(*) AS n"
# --param values are Cypher expressions, evaluated before the database opens.
expect query-param 0 '\| \[1, .a.\] +\| 7 +\|' -- query --param 'x=[1, "a"]' --param y=3+4 'RETURN $x AS x, $y AS y'
expect query-param-db 0 '\| 2 +\|' -- query --db "$tmp/made" --param 'ids=[1]' 'MATCH (n:A) WHERE n.x IN $ids RETURN count(n) + 1 AS c'
expect query-bad-timeout 2 "is not a duration" -- query --timeout soon "RETURN 1"
expect query-memory-limit 1 'ResourceExhausted/MemoryLimitExceeded: .*16 MiB' -- query --memory-limit 16M "UNWIND range(1, 100000) AS a UNWIND range(1, 10000) AS b RETURN collect(a) AS c"
# A path search is bounded too: 2^30 shortest paths through 30 diamonds in a row end at
# the memory limit or at the timeout, not in an out-of-memory kill.
"$quiver" query --db "$tmp/diamonds" --create "UNWIND range(0, 30) AS i CREATE (:H {i: i})" > /dev/null
"$quiver" query --db "$tmp/diamonds" "MATCH (a:H), (b:H) WHERE b.i = a.i + 1 CREATE (a)-[:R]->(:M)-[:R]->(b), (a)-[:R]->(:M)-[:R]->(b)" > /dev/null
expect query-paths-memory-limit 1 'ResourceExhausted/MemoryLimitExceeded' -- query --db "$tmp/diamonds" --memory-limit 16M "MATCH p = allShortestPaths((a:H {i: 0})-[:R*]->(b:H {i: 30})) RETURN count(*)"
expect query-paths-timeout 1 'Interrupted/Timeout: .*200 ms' -- query --db "$tmp/diamonds" --timeout 200ms --memory-limit 0 "MATCH p = allShortestPaths((a:H {i: 0})-[:R*]->(b:H {i: 30})) RETURN count(*)"
expect query-paths-one 0 '\| 60 +\|' -- query --db "$tmp/diamonds" "MATCH p = shortestPath((a:H {i: 0})-[:R*]->(b:H {i: 30})) RETURN length(p)"
expect query-bad-memory-limit 2 "memory-limit" -- query --memory-limit lots "RETURN 1"
# Workers per statement: the same answer with 3 workers and with the row engine; PROFILE
# says the aggregation ran vectorized; an absurd count is refused.
"$quiver" query --db "$tmp/made" "UNWIND range(1, 5000) AS i CREATE (:M {i: i})" > /dev/null
expect query-workers 0 '\| 12502500 +\|' -- query --db "$tmp/made" --workers 3 "MATCH (n:M) WHERE n.i > 0 RETURN sum(n.i) AS s"
expect query-row-engine 0 '\| 12502500 +\|' -- query --db "$tmp/made" --row-engine "MATCH (n:M) WHERE n.i > 0 RETURN sum(n.i) AS s"
expect query-profile-vectorized 0 'vectorized: 1 worker, 1 morsel' -- query --db "$tmp/made" --workers 3 "PROFILE MATCH (n:M) WHERE n.i > 0 RETURN sum(n.i) AS s"
expect query-bad-workers 2 "not in range" -- query --workers 5000 "RETURN 1"
# EXPLAIN prints the plan alone, on stdout; PROFILE its rows, then the plan (on stdout
# in a table; on stderr with --format csv, so that stdout stays CSV).
expect query-explain 0 '^NodeScan \(n:M\)' -- query --db "$tmp/made" "EXPLAIN MATCH (n:M) WHERE n.i > 0 RETURN n.i"
expect query-profile-table 0 '\| 12502500 +\|' -- query --db "$tmp/made" "PROFILE MATCH (n:M) WHERE n.i > 0 RETURN sum(n.i) AS s"
expect query-profile-rows 0 'NodeScan \(n:M\)  \[rows=5000\]' -- query --db "$tmp/made" "PROFILE MATCH (n:M) WHERE n.i > 0 RETURN sum(n.i) AS s"
expect query-profile-db-hits 0 'NodeScan \(n:M\)  \[rows=5000\] \(5000 db hits\)' -- query --db "$tmp/made" "PROFILE MATCH (n:M) WHERE n.i > 0 RETURN sum(n.i) AS s"
csv=$("$quiver" query --db "$tmp/made" --format csv "PROFILE MATCH (n:M) WHERE n.i > 0 RETURN sum(n.i) AS s" 2>/dev/null)
if [ "$csv" = $'s\n12502500' ]; then echo "ok   query-profile-csv"; else echo "FAIL query-profile-csv: $csv"; failures=$((failures + 1)); fi
# LOAD CSV reads the --import-dir (default ./import), nothing outside it.
mkdir -p "$tmp/imp"
printf 'n\n1\n2\n' > "$tmp/imp/nums.csv"
expect query-import-dir 0 '\| 3 +\|' -- query --import-dir "$tmp/imp" "LOAD CSV WITH HEADERS FROM 'file:///nums.csv' AS row RETURN sum(toInteger(row.n)) AS s"
expect query-import-dir-escape 1 'ExternalResourceFailed.*outside the import directory' -- query --import-dir "$tmp/imp" "LOAD CSV FROM 'file:///../n.csv' AS row RETURN row"
expect query-in-transactions 0 'created 2 nodes' -- query --import-dir "$tmp/imp" "LOAD CSV WITH HEADERS FROM 'file:///nums.csv' AS row CALL (row) { CREATE (:N {n: row.n}) } IN TRANSACTIONS OF 1 ROW"
wait "$long"
# JSON keeps the RETURN's column order and gives a path as its nodes and relationships.
out=$("$quiver" query --format json "CREATE p = (:A)-[:R]->(:B) RETURN 1 AS zeta, 2 AS alpha, p" 2>&1)
if python3 -c 'import json,sys; r=json.loads(sys.argv[1])[0]; assert list(r)==["zeta","alpha","p"], list(r); assert [n["labels"] for n in r["p"]["nodes"]]==[["A"],["B"]]; assert r["p"]["relationships"][0]["type"]=="R"' "$out"; then
  echo "ok   query-json-order-and-paths"
else
  echo "FAIL query-json-order-and-paths: $out" | head -5; failures=$((failures + 1))
fi
[ "$failures" -eq 0 ]
