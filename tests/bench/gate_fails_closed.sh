#!/usr/bin/env bash
# The ingest gate fails closed: on the ladder bench_ladder_gate just ran,
#   1. the real limits pass (so what follows fails because of the limits alone);
#   2. an impossible limits file exits non-zero, naming limit, value and rung;
#   3. a limits file with an unknown key (a typo) exits non-zero instead of gating nothing;
#   4. evidence of a killed rung exits non-zero.
set -uo pipefail
quiver="$1" ladder="$2" real="$3" impossible="$4" tmp="$5"
mkdir -p "$tmp"
fail() { echo "FAIL: $*"; exit 1; }

"$quiver" bench gate "$ladder" --limits "$real" >"$tmp/gate_real.out" 2>&1 \
  || { cat "$tmp/gate_real.out"; fail "the real limits do not pass on the test ladder"; }

"$quiver" bench gate "$ladder" --limits "$impossible" >"$tmp/gate_impossible.out" 2>&1
rc=$?
cat "$tmp/gate_impossible.out"
[ "$rc" -eq 1 ] || fail "impossible limits: exit $rc, expected 1"
grep -q "breach: rung 12: written_bytes_per_edge_max: " "$tmp/gate_impossible.out" || fail "no breach message naming limit and rung"
grep -q "breach: rung 13: edges_per_second_min: " "$tmp/gate_impossible.out" || fail "no breach of the edges/s floor"
grep -q "gate: FAILED" "$tmp/gate_impossible.out" || fail "no verdict line"

sed 's/"cpu_us_per_edge_max"/"cpu_us_per_edge_mx"/' "$real" >"$tmp/typo_limits.json"
"$quiver" bench gate "$ladder" --limits "$tmp/typo_limits.json" >"$tmp/gate_typo.out" 2>&1 && fail "a typo'd limits file passed"
grep -q "unknown limit 'cpu_us_per_edge_mx'" "$tmp/gate_typo.out" || fail "the typo is not named"

python3 - "$ladder" "$tmp/killed_ladder.json" <<'PY'
import json, sys
ladder = json.load(open(sys.argv[1]))
ladder["rungs"][-1]["status"] = "query: killed: time limit 120 s passed"
json.dump(ladder, open(sys.argv[2], "w"))
PY
"$quiver" bench gate "$tmp/killed_ladder.json" --limits "$real" >"$tmp/gate_killed.out" 2>&1 && fail "a killed rung passed the gate"
grep -q "rung_passed\|every phase passed: no" "$tmp/gate_killed.out" || fail "the killed rung is not named"
echo "gate fails closed: ok"
