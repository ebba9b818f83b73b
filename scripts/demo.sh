#!/usr/bin/env bash
# The main job on a built-in example: what `make demo` runs. Imports the small social
# graph that ships in examples/data/social (people, companies, cities; KNOWS, WORKS_AT,
# LIVES_IN, LOCATED_IN, with typed properties), asks it a few real questions, writes to
# it, and shows `quiver info` and `quiver check` on the result.
set -euo pipefail
quiver="$1"
demo_dir="$2"
data="$(cd "$(dirname "$0")/../examples/data/social" && pwd)"
db="$demo_dir/social.db"
rm -rf "$db"
mkdir -p "$demo_dir"

step() {
  echo
  echo "== $*"
}
query() {
  echo
  echo "-- $1"
  shift
  echo "\$ quiver query --db $db \"$1\""
  "$quiver" query --db "$db" "$@"
}

step "quiver import: CSV files with neo4j-admin headers, one construction session"
(
  set -x
  "$quiver" import "$db" \
    --nodes "$data/people.csv" --nodes "$data/companies.csv" --nodes "$data/cities.csv" \
    --relationships "$data/knows.csv" --relationships "$data/works_at.csv" \
    --relationships "$data/lives_in.csv" --relationships "$data/located_in.csv"
)

query "Who works where (a join over WORKS_AT, ordered):" \
  "MATCH (p:Person)-[w:WORKS_AT]->(c:Company) WHERE c.industry = 'software'
   RETURN c.name AS company, p.name AS person, w.role AS role ORDER BY company, person LIMIT 8"

query "A 2-hop recommendation: friends of Alice's friends she does not know yet, by mutual friends:" \
  "MATCH (a:Person {id: 'alice'})-[:KNOWS]-(f)-[:KNOWS]-(fof:Person)
   WHERE fof <> a AND NOT (a)-[:KNOWS]-(fof)
   RETURN fof.name AS suggestion, count(DISTINCT f) AS mutual_friends, collect(DISTINCT f.name) AS via
   ORDER BY mutual_friends DESC, suggestion LIMIT 5"

query "An aggregate: head count, average age and salary range per company:" \
  "MATCH (p:Person)-[w:WORKS_AT]->(c:Company)
   RETURN c.name AS company, count(p) AS people, round(avg(p.age), 1) AS avg_age,
          min(w.salary) AS min_salary, max(w.salary) AS max_salary
   ORDER BY people DESC, company"

query "Variable-length reachability: how far is everyone from Alice over KNOWS (1 to 3 hops)?" \
  "MATCH p = (a:Person {id: 'alice'})-[:KNOWS*1..3]-(b:Person) WHERE b <> a
   WITH b, min(length(p)) AS hops
   RETURN hops, count(b) AS people, collect(b.id)[..6] AS some_of_them ORDER BY hops"

query "A write, in one transaction: a new person who joins Acme and knows Alice:" \
  "MATCH (c:Company {id: 'acme'}), (a:Person {id: 'alice'})
   CREATE (n:Person:Engineer {id: 'ada', name: 'Ada Lovelace', age: 36, skills: ['cypher', 'c++']}),
          (n)-[:WORKS_AT {role: 'engineer', since: 2026}]->(c), (n)-[:KNOWS {since: 2026}]->(a)
   RETURN n.name AS created, c.name AS works_at"

query "The write is durable: a new process reads it back (from the write log):" \
  "MATCH (n:Person {id: 'ada'})-[r]-(x) RETURN n.name AS name, type(r) AS rel, coalesce(x.name, x.id) AS other ORDER BY rel"

step "quiver info $db"
"$quiver" info "$db"

step "quiver check $db"
"$quiver" check "$db"

cat <<EOF

== Next: work with the graph interactively

  $quiver shell $db             # a Cypher shell: history, Ctrl-R, :schema, :mode, Ctrl-C cancels (docs/shell.md)
  $quiver serve $db --no-auth --http
                                # then open http://127.0.0.1:7474/ : the web view, with the graph
                                # drawn; Bolt on :7687 for the Neo4j drivers (docs/web.md, docs/bolt.md)

== More

  $quiver query --db $db "MATCH (p:Person) RETURN p.name, p.skills LIMIT 5"
  $quiver query --db $db --format json "MATCH (c:City)<-[:LIVES_IN]-(p) RETURN c.name, count(p)"
  $quiver query --db $db "EXPLAIN MATCH (a:Person {id: 'bob'})-[:KNOWS*1..2]-(b) RETURN count(b)"
  $quiver compact $db           # fold the write log into a new generation
  $quiver generate g500 --scale 20 --db $demo_dir/g500.db   # 1 M nodes, 16.8 M edges
  $quiver --help                # every command; docs/ for the rest
EOF
