#!/usr/bin/env bash
# `quiver-mpi query` on 4 ranks answers every supported shape (docs/scale-out.md,
# "Distributed queries") as `quiver query` answers it on the same graph built on one
# machine — a Graph500 graph and a small imported property graph — output compared byte
# for byte (rows sorted when the query leaves their order open); refused shapes give the
# named error and fail.
#   query_test.sh QUIVER QUIVER_MPI MPIRUN
source "$(dirname "$0")/mpi_lib.sh"
"$quiver" generate g500 --scale 10 --seed 5 --db "$tmp/g500" --quiet > /dev/null
ranks 4 generate g500 --scale 10 --seed 5 "$tmp/g500-parts" > /dev/null

# Labels, properties of several types, relationship properties (as import_test.sh).
printf 'id:ID{id-type:int},name,age:int,:LABEL\n' > "$tmp/people.csv"
for i in $(seq 1 40); do printf '%d,"Person %d",%d,Person\n' $i $i $((20 + i % 13)); done >> "$tmp/people.csv"
printf 'id:ID,title,:LABEL\n' > "$tmp/movies.csv"
for i in $(seq 100 120); do printf '%d,"Movie, %d",Movie;Film\n' $i $i; done >> "$tmp/movies.csv"
printf ':START_ID,:END_ID,:TYPE,since:int\n' > "$tmp/rels.csv"
for i in $(seq 1 40); do
  printf '%d,%d,WATCHED,%d\n' $i $((100 + i % 21)) $((2000 + i % 17))
  printf '%d,%d,KNOWS,%d\n' $i $((1 + (i * 7) % 40)) $((1990 + i))
done >> "$tmp/rels.csv"
files=(--nodes "$tmp/people.csv" --nodes "$tmp/movies.csv" --relationships "$tmp/rels.csv")
"$quiver" import "$tmp/rich" "${files[@]}" --id-type integer --quiet > /dev/null
ranks 4 import "$tmp/rich-parts" "${files[@]}" > /dev/null

# same NAME DB "QUERY" [quiver query flags…]: one machine's answer and 4 ranks' agree.
same() {
  local name="$1" db="$2" query="$3"
  shift 3
  local want got
  want=$("$quiver" query --db "$tmp/$db" --read-only "$@" "$query" 2>/dev/null)
  got=$(ranks 4 query "$tmp/$db-parts" "$@" "$query")
  if [[ "$query" != *"ORDER BY"* ]]; then
    want=$(sort <<<"$want")
    got=$(sort <<<"$got")
  fi
  if [ -n "$want" ] && [ "$want" == "$got" ]; then
    echo "ok   $name ($(wc -l <<<"$want") lines)"
  else
    echo "FAIL $name:"
    diff <(echo "$want") <(echo "$got") | head -8
    failures=$((failures + 1))
  fi
}
csv=(--format csv)

# Whole-graph aggregates on the Graph500 graph.
same count-nodes g500 "MATCH (n) RETURN count(*)" "${csv[@]}"
same node-aggregates g500 "MATCH (n:V) WHERE n.id % 7 = 3 RETURN count(n) AS c, sum(n.id) AS s, min(n.id), max(n.id), avg(n.id)" "${csv[@]}"
same empty-aggregates g500 "MATCH (n) WHERE n.id > 5000 RETURN count(*), sum(n.id), min(n.id), avg(n.id)" "${csv[@]}"
same edge-aggregates g500 "MATCH (a)-[r:E]->(b) RETURN count(*) AS edges, min(b.id), max(a.id), avg(a.id + b.id)" "${csv[@]}"
same anonymous-ends g500 "MATCH ()-[r]->() RETURN count(r)" "${csv[@]}"
same undirected g500 "MATCH (a)-[]-(b) RETURN count(*) AS c" "${csv[@]}"
same incoming g500 "MATCH (a)<-[r]-(b) WHERE a.id = b.id RETURN count(*) AS self_loops" "${csv[@]}"
same top-in-degree g500 "MATCH (a)-[r]->(b) RETURN b.id AS target, count(*) AS indeg ORDER BY indeg DESC, target LIMIT 5" "${csv[@]}"
same grouped g500 "MATCH (a)-[r]->(b) RETURN a.id % 4 AS bucket, count(*) AS c, max(b.id) AS m, min(b.id) AS lo"
same skip-limit g500 "MATCH (a)-[r]->(b) RETURN b.id AS t, count(*) AS c ORDER BY c DESC, t SKIP 3 LIMIT 4" "${csv[@]}"
same distinct-keys g500 "MATCH (a)-[r]->(b) WHERE a.id < 5 RETURN DISTINCT b.id AS t ORDER BY t" "${csv[@]}"
same order-by-expression g500 "MATCH (n) RETURN n.id % 3, count(*) ORDER BY n.id % 3" "${csv[@]}"
same parameter g500 'MATCH (a)-[r]->(b) WHERE b.id < $max RETURN count(*) AS c' --param max=100 "${csv[@]}"
# DISTINCT aggregates: a far end's id seen from several ranks counts once.
same distinct-targets g500 "MATCH (a)-[r]->(b) RETURN a.id % 4 AS k, count(DISTINCT b.id) AS targets, count(*) AS c ORDER BY k" "${csv[@]}"
same distinct-alone g500 "MATCH (a)-[r]-(b) WHERE a.id < 100 RETURN count(DISTINCT b.id) AS n, sum(DISTINCT b.id % 10) AS s" "${csv[@]}"
# A WITH that groups by the anchor: each group is whole on the anchor's owner, and the
# RETURN combines across ranks (degree distributions, out and in).
same degree-distribution g500 "MATCH (a)-[r]->(b) WITH a, count(*) AS deg RETURN deg, count(*) AS vertices ORDER BY deg" "${csv[@]}"
same in-degree-distribution g500 "MATCH (a)-[r]->(b) WITH b, count(*) AS indeg RETURN indeg, count(*) AS vertices ORDER BY indeg" "${csv[@]}"
same with-id-key g500 "MATCH (a)-[r]-(b) WITH a.id AS id, count(DISTINCT b.id) AS nbrs RETURN max(nbrs), min(nbrs), sum(nbrs), count(*)" "${csv[@]}"
# Point queries: routed to the anchor's owner.
same point-out g500 "MATCH (n {id: 5})-[r]->(m) RETURN m.id ORDER BY m.id" "${csv[@]}"
same point-where g500 'MATCH (n)-[r]->(m) WHERE n.id = $v AND m.id <> n.id RETURN count(*) AS c, min(r.x), max(m.id)' --param v=23 "${csv[@]}"
same point-in g500 'MATCH (n {id: $v})<-[r]-(m) RETURN m.id AS src ORDER BY src' --param v=14
same point-alone g500 "MATCH (n {id: 1023}) RETURN n.id, labels(n)" --format json
out=$(ranks 4 query "$tmp/g500-parts" "MATCH (n {id: 99999})-->(m) RETURN m.id" --format csv)
check point-absent "^m.id$" "$out"

# The property graph: labels, strings, relationship types and properties.
same person-aggregates rich "MATCH (p:Person) RETURN count(*), sum(p.age), avg(p.age), min(p.name), max(p.name)" "${csv[@]}"
same by-labels rich "MATCH (n) RETURN labels(n) AS l, count(*) AS c ORDER BY c, l" "${csv[@]}"
same watched rich "MATCH (p:Person)-[r:WATCHED]->(m) WHERE r.since > 2005 RETURN m.id AS movie, count(*) AS viewers, min(p.age) AS youngest ORDER BY movie" "${csv[@]}"
same by-type rich "MATCH (a:Person)-[r]->(b) RETURN type(r) AS t, count(*) AS c, avg(r.since) AS since, max(r.since) ORDER BY t" --format json
same grouped-table rich "MATCH (p:Person) WHERE p.name STARTS WITH 'Person 1' RETURN p.age AS age, count(*) AS c ORDER BY age"
same point-knows rich "MATCH (p:Person {id: 7})-[r:KNOWS]-(f) RETURN p.name, f.id ORDER BY r.since, f.id" "${csv[@]}"
same distinct-aggregates rich "MATCH (p:Person) RETURN count(DISTINCT p.age) AS ages, sum(DISTINCT p.age) AS s, avg(DISTINCT p.age) AS a, min(DISTINCT p.name) AS first" "${csv[@]}"
same distinct-beside-plain rich "MATCH (p:Person)-[r]->(b) RETURN type(r) AS t, count(*) AS c, count(DISTINCT b.id) AS far_ends, max(DISTINCT r.since) AS latest, avg(r.since) AS mean ORDER BY t" "${csv[@]}"
same point-distinct rich "MATCH (p {id: 3})-[r]-(x) RETURN count(DISTINCT type(r)) AS types, count(DISTINCT x.age) AS ages" "${csv[@]}"
same with-where rich "MATCH (p:Person)-[r:WATCHED]->(m) WITH p, count(m) AS movies, max(r.since) AS last WHERE movies > 0 RETURN movies, count(*) AS people, avg(last) AS a ORDER BY movies" "${csv[@]}"
same with-collect rich "MATCH (p:Person)-[:KNOWS]-(f) WITH p AS person, collect(f.id) AS friends RETURN size(friends) AS n, count(*) AS people, min(person.age) AS youngest ORDER BY n" "${csv[@]}"
same with-turned-far-label rich "MATCH (p:Person)-[:WATCHED]->(m) WITH m, count(*) AS viewers, min(p.id) AS first RETURN viewers, count(*) AS movies, sum(first) AS s ORDER BY viewers" "${csv[@]}"
same point-with rich "MATCH (p {id: 5})-[r]-(x) WITH x.id AS id, count(*) AS c ORDER BY id LIMIT 3 RETURN id, c" "${csv[@]}"
# A label on the far end: asked of the far vertices' owners first (ghosts have none).
same far-label rich "MATCH (p)-[r]->(m:Movie) RETURN count(*), min(m.id), max(r.since)" "${csv[@]}"
same far-label-anonymous rich "MATCH (p:Person)-->(:Person) RETURN count(*) AS knows" "${csv[@]}"
same far-label-undirected rich "MATCH (p)-[r]-(x:Film) RETURN p.id % 3 AS k, count(*) AS c ORDER BY k" "${csv[@]}"
same far-label-expression rich "MATCH (a)-->(b:Movie|Person) RETURN count(*)" "${csv[@]}"
same point-far-label rich 'MATCH (p)<--(q:Person) WHERE p.id = $v RETURN q.id AS src ORDER BY src' --param v=8
# The second node read whole, the first only through its id and a pattern label: each
# match is counted on the second node's owner (the pattern turned around).
same second-end-properties rich "MATCH (a)-[r]->(b) RETURN b.name AS name, b.title AS title, count(*) AS c ORDER BY c DESC, name, title" "${csv[@]}"
same second-end-where-label rich "MATCH (a)-[r]->(b) WHERE b:Movie RETURN count(*), min(a.id), max(r.since)" "${csv[@]}"
same second-end-first-labelled rich "MATCH (p:Person)-[r:WATCHED]->(m) RETURN m.title AS t, count(*) AS c, avg(r.since) AS s ORDER BY t" "${csv[@]}"
same second-end-incoming rich "MATCH (a)<-[:KNOWS]-(b) WHERE b.age > 25 RETURN a.id % 5 AS k, count(*) AS c, sum(b.age) AS ages ORDER BY k" "${csv[@]}"
same second-end-undirected rich "MATCH (a)-[r]-(b:Film) RETURN b.title AS t, labels(b) AS l, count(a) AS c ORDER BY t" --format json
same second-end-g500 g500 "MATCH (a)-[r]->(b) WHERE a.id < 64 RETURN labels(b) AS l, count(*) AS c" "${csv[@]}"
same point-param rich 'MATCH (p {id: $id})-[r]->(x) RETURN type(r) AS t, x.id AS x ORDER BY t, x' --param id=3 "${csv[@]}"
# A point query reads the far end whole: its neighbourhood is gathered on the anchor's
# owner, far ends on other ranks asked of theirs (for every anchor, so both kinds occur).
for v in 1 2 3 4 5 6 7 8; do
  same "point-far-properties-$v" rich "MATCH (p {id: $v})-[r]-(x) RETURN type(r) AS t, x.id AS id, x.name AS name, x.title AS title, labels(x) AS l, r.since AS s ORDER BY t, id, s" "${csv[@]}"
done
same point-far-where rich 'MATCH (p:Person)-[r:KNOWS]->(f) WHERE p.id = $v AND f.age > 25 RETURN f.name, f.age' --param v=9 "${csv[@]}"
same point-far-map rich "MATCH (m:Movie {id: 105})<-[r:WATCHED]-(p:Person {age: 24}) RETURN p.name, r.since" "${csv[@]}"
same point-far-label-where rich "MATCH (p {id: 12})-[r]-(x) WHERE x:Film OR x.age < 25 RETURN x.id AS id, keys(x) AS k ORDER BY id" --format json
same point-far-aggregate rich "MATCH (p {id: 100})<-[r]-(x:Person) RETURN count(*) AS viewers, avg(x.age) AS age, min(x.name) AS first, max(r.since)" "${csv[@]}"
same point-far-properties-g500 g500 "MATCH (n {id: 7})-[r]-(m) RETURN m.id AS id, labels(m) AS l, properties(m) AS p ORDER BY id" "${csv[@]}"

# Refused shapes: a named error, a failing exit, nothing on stdout.
refused() {
  local name="$1" want="$2" query="$3" out rc
  out=$("$mpirun" --oversubscribe -np 4 "$quiver_mpi" query "$tmp/rich-parts" "$query" 2>&1 >/dev/null)
  rc=$?
  check "refuses-$name" "^quiver-mpi query: this query shape is not supported distributed \\($want.*\\): supported are" "$out"
  check "refuses-$name-exit" "^1$" "$rc"
}
refused both-ends-properties "\`b.name\`: the far end's properties beyond" "MATCH (a)-[r]->(b) RETURN a.name, b.name, count(*)"
refused both-ends-label-tests "a label test on the far end" "MATCH (a)-[r]->(b) WHERE b:Movie AND a:Person RETURN count(*)"
refused point-sort-by-node "\`m\` as a whole value" "MATCH (n {id: 5})-->(m) RETURN m.id AS x ORDER BY m"
refused two-hops "a pattern longer than one hop" "MATCH (a)-->(b)-->(c) RETURN count(*)"
refused variable-length "a variable-length" "MATCH (a)-[*1..2]->(b) RETURN count(*)"
refused count-distinct-entity "count\\(DISTINCT n\\): an entity's identity" "MATCH (n) RETURN count(DISTINCT n)"
refused collect "collect\\(\\): only count" "MATCH (n) RETURN collect(n.id)"
refused nested-aggregate "an aggregate inside an expression" "MATCH (n) RETURN count(*) + 1"
refused two-matches "clauses other than one MATCH, at most one WITH" "MATCH (n) WITH n MATCH (n)-->(m) RETURN count(*)"
refused with-without-anchor "a WITH over the whole graph that does not keep the anchor .a." "MATCH (a)-->(b) WITH a.name AS n, count(*) AS c RETURN n, c"
refused with-limit "ORDER BY, SKIP or LIMIT in WITH" "MATCH (a)-->(b) WITH a, count(*) AS c ORDER BY c LIMIT 5 RETURN a.id"
refused write "clauses other than" "CREATE (n:X) RETURN n.id"
refused whole-node "\`n\` as a whole value" "MATCH (n) RETURN n"
refused internal-id "id\\(\\): internal ids" "MATCH (n) RETURN id(n)"
refused unreturned-sort "ORDER BY n.name" "MATCH (n) RETURN count(*) AS c ORDER BY n.name"
refused union "UNION" "MATCH (n) RETURN count(*) AS c UNION MATCH (n) RETURN count(*) AS c"
out=$(ranks 4 query "$tmp/rich-parts" "MATCH (n RETURN n")
check syntax-error "^quiver-mpi query: SyntaxError" "$out"
out=$(ranks 3 query "$tmp/rich-parts" "MATCH (n) RETURN count(*)")
check wrong-rank-count "wrong rank count" "$out"
[ "$failures" -eq 0 ]
