#!/usr/bin/env bash
# `quiver bench query-overhead` in a fresh process: the one-hop key seek must not make
# the heap grow and shrink on every execution. Before RowBatch allocated to need, each
# execution took about 160 KiB of fresh heap that glibc's malloc gave back to the kernel
# at its end (two brk calls), and the next execution faulted those pages in again: 28
# minor page faults per query, every query, in a fresh process (docs/benchmarks.md,
# "Per-query overhead"). Page faults are counted, not time, so the check does not depend
# on the machine's speed or load; the latencies are the benchmark's to report.
set -uo pipefail
quiver="$1" tmp="$2"
rm -rf "$tmp"
mkdir -p "$tmp"
fail() {
  echo "FAIL $*"
  exit 1
}
"$quiver" generate g500 --scale 10 --db "$tmp/db" --quiet >"$tmp/generate.log" 2>&1 || fail "generate: $(tail -3 "$tmp/generate.log")"
out=$("$quiver" bench query-overhead --db "$tmp/db" --id-range 1024 --queries 1000 --warmup 100 --json "$tmp/overhead.json" 2>&1) ||
  fail "query-overhead: $out"
echo "$out"
python3 - "$tmp/overhead.json" <<'PY' || exit 1
import json, sys
report = json.load(open(sys.argv[1]))
phases = report["phases"]
problems = []
for name in ("fresh", "warm_prepared", "warm_unprepared"):
    p = phases[name]
    if p["count"] != 1000:
        problems.append(f"{name}: {p['count']} queries measured, want 1000")
    if p["count_sum"] <= 0:
        problems.append(f"{name}: the seeks found no edges (count_sum {p['count_sum']})")
    # Before the fix: 28.0 in every phase. A handful of first touches (the stack, the
    # database's pages) are expected; one a query is a heap that moves.
    if p["minor_faults_per_query"] > 0.5:
        problems.append(f"{name}: {p['minor_faults_per_query']} minor page faults per query (want <= 0.5): "
                        "the heap grows and is trimmed per execution")
for problem in problems:
    print("FAIL " + problem)
sys.exit(1 if problems else 0)
PY
echo "ok   query-overhead: no heap growth per query"
