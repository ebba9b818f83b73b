#!/usr/bin/env python3
"""Incremental import against a full rebuild (docs/benchmarks.md, "Incremental import";
issue 22's target: 10 % new edges into the scale-22 graph). A Graph500 graph's CSV files
(quiver generate g500 --out, or an existing directory) have their edges split into the
first 90 % and the last 10 %; the nodes and the 90 % are imported once (the setup,
timed but not compared); then, round by round on the same machine, it times

  (a) quiver import DB --incremental --relationships edges-10.csv   (on a fresh copy of
      the 90 % database each round; the copy is not timed), and
  (b) quiver import of the nodes and all the edges into a new database (the rebuild),

and reports the median wall and CPU seconds of each and the ratio (a)/(b). Both publish a
database of the same graph; the counts are checked. The incremental import appends the
batch's relationships as segments (docs/ingest.md, "Incremental import"): the report line
that says so is checked too. Dirty pages are synced before each timed run, so neither
pays for the other's (or the copy's) writeback.

usage: /usr/bin/python3 bench/ingest/incremental_bench.py QUIVER [--csv DIR | --scale S]
           [--fraction 0.1] [--rounds N] [--threads T] [--work DIR] [--json OUT]
"""
import json
import os
import re
import shutil
import statistics
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import graph500_csv  # noqa: E402

ap = graph500_csv.parser("where the split files and databases go")
ap.add_argument("--fraction", type=float, default=0.1, help="the share of the edges the incremental import adds")
ap.add_argument("--threads", help="quiver import --threads (default: the resource policy's)")
args = ap.parse_args()

work, csv_dir = graph500_csv.prepare(args, "quiver-incremental-bench-")
nodes = os.path.join(csv_dir, "nodes.csv")
edges = os.path.join(csv_dir, "edges.csv")

# The split: the header and the first (1 - fraction) of the rows; the header and the rest.
rows = int(subprocess.run(["wc", "-l", edges], check=True, capture_output=True, text=True).stdout.split()[0]) - 1
batch_rows = int(rows * args.fraction)
base_edges = os.path.join(work, "edges-base.csv")
batch_edges = os.path.join(work, "edges-batch.csv")
with open(edges, "rb") as f:
    header = f.readline()
with open(base_edges, "wb") as out:
    subprocess.run(["head", "-n", str(1 + rows - batch_rows), edges], check=True, stdout=out)
with open(batch_edges, "wb") as out:
    out.write(header)
    out.flush()
    subprocess.run(["tail", "-n", str(batch_rows), edges], check=True, stdout=out)
extra = ["--threads", args.threads] if args.threads else []


def run_import(db, options):
    out = subprocess.run([args.quiver, "import", db] + extra + options, check=True, capture_output=True,
                         text=True).stdout
    m = re.search(r"seconds\s+([\d.]+) \(wall\), ([\d.]+) CPU", out)
    total = int(re.search(r"edges\s+(\d+)", out).group(1))
    peak = re.search(r"peak RSS\s+([\d.]+ \w+)", out)
    return {"wall_s": float(m.group(1)), "cpu_s": float(m.group(2)), "edges": total,
            "peak_rss": peak.group(1) if peak else None, "appended": "(appended as relationship segments)" in out}


base_db = os.path.join(work, "db-base")
shutil.rmtree(base_db, ignore_errors=True)
setup = run_import(base_db, ["--nodes", nodes, "--relationships", base_edges])
print(f"setup: nodes + {rows - batch_rows:,} edges in {setup['wall_s']:.2f} s wall", flush=True)

runs = {"incremental": [], "rebuild": []}
for r in range(args.rounds):
    db = os.path.join(work, "db-incremental")
    shutil.rmtree(db, ignore_errors=True)
    shutil.copytree(base_db, db, ignore=shutil.ignore_patterns("LOCK"))
    os.sync()
    inc = run_import(db, ["--incremental", "--relationships", batch_edges])
    if not inc["appended"]:
        raise SystemExit("the incremental import rebuilt the relationships instead of appending them")
    shutil.rmtree(db, ignore_errors=True)
    db = os.path.join(work, "db-rebuild")
    shutil.rmtree(db, ignore_errors=True)
    os.sync()
    full = run_import(db, ["--nodes", nodes, "--relationships", edges])
    shutil.rmtree(db, ignore_errors=True)
    if inc["edges"] != full["edges"] or full["edges"] != rows:
        raise SystemExit(f"edge counts differ: incremental {inc['edges']}, rebuild {full['edges']}, rows {rows}")
    runs["incremental"].append(inc)
    runs["rebuild"].append(full)
    print(f"round {r + 1}: incremental {inc['wall_s']:6.2f} s wall {inc['cpu_s']:6.2f} s CPU; "
          f"rebuild {full['wall_s']:6.2f} s wall {full['cpu_s']:6.2f} s CPU", flush=True)

med = {k: {"wall_s": statistics.median(x["wall_s"] for x in v), "cpu_s": statistics.median(x["cpu_s"] for x in v)}
       for k, v in runs.items()}
ratio_wall = med["incremental"]["wall_s"] / med["rebuild"]["wall_s"]
ratio_cpu = med["incremental"]["cpu_s"] / med["rebuild"]["cpu_s"]
per_new_edge_us = med["incremental"]["wall_s"] / batch_rows * 1e6
per_edge_full_us = med["rebuild"]["wall_s"] / rows * 1e6
print(f"\nedges: {rows:,} ({batch_rows:,} added incrementally to {rows - batch_rows:,})")
print(f"incremental (median): {med['incremental']['wall_s']:.2f} s wall, {med['incremental']['cpu_s']:.2f} s CPU, "
      f"{per_new_edge_us:.3f} us wall per new edge")
print(f"rebuild     (median): {med['rebuild']['wall_s']:.2f} s wall, {med['rebuild']['cpu_s']:.2f} s CPU, "
      f"{per_edge_full_us:.3f} us wall per edge")
print(f"incremental / rebuild: {ratio_wall:.2f} wall, {ratio_cpu:.2f} CPU")
print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} CPUs")
if args.json:
    with open(args.json, "w") as f:
        json.dump({"csv_dir": csv_dir, "edges": rows, "batch_edges": batch_rows, "setup": setup, "runs": runs,
                   "median": med, "ratio_wall": ratio_wall, "ratio_cpu": ratio_cpu,
                   "loadavg": os.getloadavg()}, f, indent=2)
if not args.work:
    shutil.rmtree(work, ignore_errors=True)
