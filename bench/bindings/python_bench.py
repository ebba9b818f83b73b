#!/usr/bin/env python3
"""The Python module on the workload of bench/bindings/node_vs_kuzu.mjs: loading the
Graph500 CSV (quiver.import_csv), 1,000 prepared 1-hop and 100 2-hop key seeks from the
same sources, and a 1 M-row result read in full. No Python `kuzu` can be installed here
(no package index), so its side is Kùzu's Node.js numbers from node_vs_kuzu.mjs's JSON,
measured in the same run of `make bench-bindings`.

usage: PYTHONPATH=build/release/python python3 bench/bindings/python_bench.py CSV_DIR WORK_DIR [NODE_JSON]
"""
import json
import os
import shutil
import statistics
import sys
import time

import quiver

csv, work = sys.argv[1], sys.argv[2]
node_json = sys.argv[3] if len(sys.argv) > 3 else None
db_path = os.path.join(work, "python.db")
shutil.rmtree(db_path, ignore_errors=True)
os.makedirs(work, exist_ok=True)

started = time.perf_counter()
quiver.import_csv(db_path, nodes={"V": os.path.join(csv, "nodes.csv")},
                  relationships={"E": os.path.join(csv, "edges.csv")})
load = time.perf_counter() - started

db = quiver.Database(db_path, read_only=True)
conn = quiver.Connection(db)
ids = [row[0] for row in conn.execute(
    "MATCH (a:V) WHERE (a)-[:E]->() RETURN a.id AS id ORDER BY (a.id * 7919) % 1000003, id LIMIT 1000")]


def points(text, keys):
    prepared = conn.prepare(text)
    latencies, checksum = [], 0
    for k in keys:
        t = time.perf_counter()
        checksum += conn.execute(prepared, {"id": k}).get_next()[0]
        latencies.append((time.perf_counter() - t) * 1e6)
    latencies.sort()
    return {"queries": len(keys), "p50_us": latencies[len(latencies) // 2], "mean_us": statistics.fmean(latencies),
            "p99_us": latencies[min(len(latencies) - 1, len(latencies) * 99 // 100)], "checksum": checksum}


points("MATCH (a:V {id: $id})-[:E]->(b) RETURN count(b)", ids[:20])  # warm-up
one = points("MATCH (a:V {id: $id})-[:E]->(b) RETURN count(b)", ids)
two = points("MATCH (a:V {id: $id})-[:E]->(:V)-[:E]->(c:V) WHERE c.id <> a.id RETURN count(c)", ids[:100])
t = time.perf_counter()
rows = sum(1 for _ in conn.execute("MATCH (a:V)-[:E]->(b:V) RETURN a.id AS a, b.id AS b LIMIT 1000000"))
big = {"rows": rows, "seconds": time.perf_counter() - t}
db.close()

report = {"load_s": load, "one_hop": one, "two_hop": two, "rows": big}
print(f"python: load {load:.2f} s, 1-hop p50 {one['p50_us']:.1f} us (mean {one['mean_us']:.1f}), "
      f"2-hop p50 {two['p50_us']:.0f} us (mean {two['mean_us']:.0f}), 1 M rows in {big['seconds']:.2f} s")
if node_json:
    kuzu = json.load(open(node_json))
    k = kuzu["kuzu"]
    if k["one_hop"]["checksum"] != one["checksum"] or k["two_hop"]["checksum"] != two["checksum"]:
        print("ANSWERS DIFFER from Kuzu's")
    print(f"Python/Kuzu(Node): 1-hop mean {one['mean_us'] / k['one_hop']['mean_us']:.3f}, p50 "
          f"{one['p50_us'] / k['one_hop']['p50_us']:.3f}; 2-hop mean {two['mean_us'] / k['two_hop']['mean_us']:.3f}, "
          f"p50 {two['p50_us'] / k['two_hop']['p50_us']:.3f}; 1 M rows {big['seconds'] / k['rows']['seconds']:.3f}; "
          f"load {load / kuzu['load']['kuzu_s']:.3f}")
    report["kuzu_node"] = k
json.dump(report, open(os.path.join(work, "python.json"), "w"), indent=2)
