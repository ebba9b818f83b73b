#!/usr/bin/env python3
"""MERGE as the graph grows (docs/benchmarks.md, "MERGE and property indexes"): batches
of `UNWIND $ids AS id MERGE (u:User {id: id})` — each row a seek for the key, then a
create — into an on-disk database, one durable commit per batch of 1,000, with an index
on :User(id) (created first, so every MERGE seeks it), reporting rows/s per step of
the graph's size. The same work without the index is run for the first steps only: its
MERGE scans every :User per row, so its cost grows with the graph.

The same growth with a UNIQUE constraint on :User(id) in place of the index. Then MERGE
of keys that exist (the match side); and, on the graph compacted (`quiver
compact`: the index is then the generation's file), an equality and a 100-key range
with the index and by label scan, and CREATE INDEX over the whole generation.

usage: PYTHONPATH=build/release/python /usr/bin/python3 bench/schema/merge_bench.py [NODES] [--json OUT]
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

import quiver

total = int(sys.argv[1]) if len(sys.argv) > 1 and not sys.argv[1].startswith("--") else 1_000_000
out = sys.argv[sys.argv.index("--json") + 1] if "--json" in sys.argv else None
BATCH = 1000
STEP = max(BATCH, total // 10)
SCAN_LIMIT = min(total, 20_000)  # no index: quadratic, so stop early


def grow(conn, upto, step, start=0):
    """MERGEs keys start..upto-1 in batches; rows/s per `step` keys."""
    rates = []
    for lo in range(start, upto, step):
        began = time.perf_counter()
        for b in range(lo, min(lo + step, upto), BATCH):
            conn.execute("UNWIND range($a, $b) AS id MERGE (u:User {id: id})", {"a": b, "b": b + BATCH - 1})
        seconds = time.perf_counter() - began
        rates.append({"size_before": lo, "rows": step, "seconds": round(seconds, 3),
                      "rows_per_s": round(step / seconds)})
        print(f"  {lo:>9,} → {lo + step:>9,} nodes: {step / seconds:>10,.0f} MERGE rows/s", flush=True)
    return rates


def timed(conn, query, params=None, repeat=5):
    best = None
    for _ in range(repeat):
        began = time.perf_counter()
        conn.execute(query, params or {}).get_all()
        t = time.perf_counter() - began
        best = t if best is None else min(best, t)
    return best


QUIVER = os.path.join(os.path.dirname(quiver.__file__), "..", "..", "quiver")
work = tempfile.mkdtemp(prefix="quiver-merge-bench-")
path = os.path.join(work, "indexed")
result = {"nodes": total, "batch": BATCH}
try:
    print(f"MERGE (u:User {{id}}) with a RANGE index on :User(id), {total:,} keys:")
    with quiver.Database(path) as db:
        conn = quiver.Connection(db)
        conn.execute("CREATE INDEX user_id FOR (u:User) ON (u.id)")
        result["indexed"] = grow(conn, total, STEP)
        began = time.perf_counter()
        matched = min(total, 100_000)
        for b in range(0, matched, BATCH):  # keys that exist: the match side
            conn.execute("UNWIND range($a, $b) AS id MERGE (u:User {id: id})", {"a": b, "b": b + BATCH - 1})
        result["merge_existing_rows_per_s"] = round(matched / (time.perf_counter() - began))
        print(f"  MERGE of {matched:,} existing keys: {result['merge_existing_rows_per_s']:,} rows/s")
    # Seeks against scans on the compacted graph (the index is the generation's file).
    subprocess.run([QUIVER, "compact", path], check=True, stdout=subprocess.DEVNULL)
    with quiver.Database(path) as db:
        conn = quiver.Connection(db)
        q_eq = "MATCH (u:User) WHERE u.id = $k RETURN count(*)"
        q_range = "MATCH (u:User) WHERE u.id >= $k AND u.id < $k + 100 RETURN count(*)"
        result["seek_ms"] = round(timed(conn, q_eq, {"k": total // 2}) * 1e3, 3)
        result["range_100_ms"] = round(timed(conn, q_range, {"k": total // 2}) * 1e3, 3)
        conn.execute("DROP INDEX user_id")
        result["scan_eq_ms"] = round(timed(conn, q_eq, {"k": total // 2}, 3) * 1e3, 3)
        result["scan_range_100_ms"] = round(timed(conn, q_range, {"k": total // 2}, 3) * 1e3, 3)
        print(f"  u.id = k: {result['seek_ms']} ms with the index, {result['scan_eq_ms']} ms by label scan")
        print(f"  100-key range: {result['range_100_ms']} ms with the index, "
              f"{result['scan_range_100_ms']} ms by label scan")
        began = time.perf_counter()
        conn.execute("CREATE INDEX user_id FOR (u:User) ON (u.id)")
        result["create_index_s"] = round(time.perf_counter() - began, 3)
        print(f"  CREATE INDEX over the {total:,} nodes of the generation: {result['create_index_s']} s")
    print(f"With a UNIQUE constraint on :User(id) instead (its backing index seeks, and each commit "
          f"checks its new keys), {total:,} keys:")
    with quiver.Database(os.path.join(work, "unique")) as db:
        conn = quiver.Connection(db)
        conn.execute("CREATE CONSTRAINT user_id FOR (u:User) REQUIRE u.id IS UNIQUE")
        result["unique_constraint"] = grow(conn, total, STEP)
    print(f"The same without an index, to {SCAN_LIMIT:,} keys:")
    with quiver.Database(os.path.join(work, "plain")) as db:
        result["no_index"] = grow(quiver.Connection(db), SCAN_LIMIT, max(BATCH, SCAN_LIMIT // 4))
finally:
    shutil.rmtree(work, ignore_errors=True)
if out:
    with open(out, "w") as f:
        json.dump(result, f, indent=1)
