#!/usr/bin/env bash
# `quiver bench queries` on a tiny graph, Quiver alone: the command line, then one run at
# scale 8 — every query of the set ran and answered, the table and the evidence are
# written, a second run reuses the graphs and databases. Deterministic checks only: the
# answers (which depend on the seeded graph alone) and the shape of the evidence, never
# a time.
set -uo pipefail
quiver="$1" tmp="$2"
rm -rf "$tmp"
mkdir -p "$tmp"
failures=0
fail() {
  echo "FAIL $*"
  failures=$((failures + 1))
}
expect() {  # expect NAME WANT_RC PATTERN -- ARGS...
  local name="$1" want="$2" pattern="$3"
  shift 4
  local out rc
  out=$(timeout 120 "$quiver" "$@" 2>&1)
  rc=$?
  if [ "$rc" -ne "$want" ] || ! grep -qE -e "$pattern" <<<"$out"; then
    fail "$name: rc=$rc (want $want), output:"
    echo "$out" | tail -8
  else
    echo "ok   $name"
  fi
}
expect help 0 '--query-timeout' -- bench queries --help
expect help-peer 0 'kuzu .* or none' -- bench queries --help
expect bench-help-lists-it 0 'queries' -- bench --help
expect unknown-peer 2 "unknown peer 'neo4j'" -- bench queries --peer neo4j --out "$tmp/x"
expect unknown-graph 2 "unknown graph 'ldbc'" -- bench queries --graphs g500,ldbc --out "$tmp/x"
expect bad-timeout 2 "'soon' is not a duration" -- bench queries --query-timeout soon --out "$tmp/x"
expect bad-filter 2 'not a regular expression' -- bench queries --filter '(' --out "$tmp/x"
expect empty-filter 2 'selects no query' -- bench queries --filter 'no-such-query' --out "$tmp/x"
expect list 0 '^g500/point_1hop$' -- bench queries --list
expect list-filter 0 '^props/p_point_2hop$' -- bench queries --list --graphs props --filter point

names=$("$quiver" bench queries --list) || fail "--list"
count=$(wc -l <<<"$names")
[ "$count" -ge 15 ] || fail "--list: only $count queries"

out=$(timeout 300 "$quiver" bench queries --scale 8 --peer none --repeat 1 --out "$tmp/run" 2>"$tmp/run.err")
rc=$?
echo "$out"
[ "$rc" -eq 0 ] || { fail "run: rc=$rc"; tail -20 "$tmp/run.err"; }
for n in $names; do
  name=${n#*/}
  grep -qE "^${n%%/*} +$name " <<<"$out" || fail "table: no row for $n"
done
grep -q '^graph  query' <<<"$out" || fail "table: no header"
grep -q 'evidence: .*bench-queries-8.json' <<<"$out" || fail "no evidence line"
[ -s "$tmp/run/bench-queries-8.txt" ] || fail "no table file"

python3 - "$tmp/run/bench-queries-8.json" "$names" <<'PY' || failures=$((failures + 1))
import json, re, sys
e = json.load(open(sys.argv[1]))
want = sys.argv[2].split()
problems = []
got = [q["graph"] + "/" + q["name"] for q in e["queries"]]
if got != want:
    problems.append(f"queries {got} != --list {want}")
for q in e["queries"]:
    r, n = q["quiver"], q["graph"] + "/" + q["name"]
    if not isinstance(r, dict) or r.get("status") != "ok":
        problems.append(f"{n}: quiver did not run ok: {r}")
        continue
    if not re.fullmatch(r"[0-9a-f]{16}", r.get("hash", "")):
        problems.append(f"{n}: no hash")
    if not isinstance(r.get("median_us"), (int, float)) or not isinstance(r.get("cold_us"), (int, float)):
        problems.append(f"{n}: no times")
    if q["kuzu"] is not None or q["answer"] != "n/a":
        problems.append(f"{n}: a peer answer without a peer")
    if q["kind"] == "point" and r.get("executions", 0) < 1:
        problems.append(f"{n}: a point query without executions")
# Answers that depend only on the seeded graph (scale 8: 256 nodes, 4096 edges).
by_name = {q["graph"] + "/" + q["name"]: q["quiver"] for q in e["queries"]}
def sample(n):
    return by_name[n]["sample"]
if sample("g500/node_count") != ["256"]:
    problems.append(f"g500/node_count: {sample('g500/node_count')}")
if by_name["g500/group_src_mod"]["rows"] != 100:
    problems.append("g500/group_src_mod: not 100 groups")
if by_name["g500/top_in_degree"]["rows"] != 10:
    problems.append("g500/top_in_degree: not 10 rows")
if by_name["props/p_group_city"]["rows"] != 12:
    problems.append("props/p_group_city: not 12 cities")
graphs = {g["graph"]: g for g in e["graphs"]}
if graphs.get("g500", {}).get("edges") != 4096 or graphs.get("props", {}).get("nodes") != 256:
    problems.append(f"graphs: {[(g['graph'], g['nodes'], g['edges']) for g in e['graphs']]}")
for key in ("build", "machine_start", "machine_end", "summary", "options"):
    if key not in e:
        problems.append(f"no {key} in the evidence")
if "load_average" not in e.get("machine_start", {}) or "git_commit" not in e.get("build", {}):
    problems.append("no load average or commit in the evidence")
if e["summary"]["quiver_failures"]:
    problems.append(f"failures: {e['summary']['quiver_failures']}")
for p in problems:
    print("FAIL " + p)
sys.exit(1 if problems else 0)
PY

# The same parameters again: the CSV files and the database are reused, not rebuilt.
timeout 120 "$quiver" bench queries --scale 8 --peer none --repeat 0 --filter 'g500/node_count' \
  --out "$tmp/run" >"$tmp/again.out" 2>"$tmp/again.err" || fail "second run: $(tail -5 "$tmp/again.err")"
grep -qE 'generate|import' "$tmp/again.err" && fail "second run rebuilt: $(cat "$tmp/again.err")"
grep -qE '^g500 +node_count ' "$tmp/again.out" || fail "second run: no node_count row"
[ "$failures" -eq 0 ] && echo "ok   bench queries: every query ran, table and evidence written"
[ "$failures" -eq 0 ]
