#!/usr/bin/env python3
"""Export against import (docs/benchmarks.md, "Export"): a Graph500 graph's CSV files
(quiver generate g500 --out, or an existing directory) imported once into a database;
then, round by round on the same machine, `quiver import` of the CSV files into a new
database beside `quiver export` of that database in each format asked for, reporting
the median wall and CPU seconds, the relationships per second of each, and each
export's rate against the import's (the issue's target: an export at least as fast as
the CSV import, ratio >= 1).

usage: /usr/bin/python3 bench/ingest/export_bench.py QUIVER [--csv DIR | --scale S]
           [--rounds N] [--formats csv,jsonl] [--work DIR] [--json OUT]
"""
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import graph500_csv  # noqa: E402

ap = graph500_csv.parser("where the databases and exports go")
ap.add_argument("--formats", default="csv")
args = ap.parse_args()

work, csv_dir = graph500_csv.prepare(args, "quiver-export-bench-")
import_args = ["--nodes", os.path.join(csv_dir, "nodes.csv"), "--relationships", os.path.join(csv_dir, "edges.csv")]


def timed(cmd):
    """Runs cmd; returns (wall seconds, CPU seconds of the child)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


db = os.path.join(work, "db")
if not os.path.exists(os.path.join(db, "CURRENT")):
    subprocess.run([args.quiver, "import", db, "--quiet"] + import_args, check=True, stdout=subprocess.DEVNULL)
count = subprocess.run([args.quiver, "query", "--db", db, "--read-only", "--format", "csv",
                        "MATCH ()-[r]->() RETURN count(r)"], check=True, capture_output=True, text=True)
edges = int(count.stdout.split()[-1])

formats = args.formats.split(",")
runs = {name: [] for name in ["import"] + ["export-" + f for f in formats]}
for r in range(args.rounds):
    target = os.path.join(work, "import-target")
    shutil.rmtree(target, ignore_errors=True)
    runs["import"].append(timed([args.quiver, "import", target, "--quiet"] + import_args))
    shutil.rmtree(target, ignore_errors=True)
    for f in formats:
        out = os.path.join(work, "export-" + f)
        shutil.rmtree(out, ignore_errors=True)
        runs["export-" + f].append(timed([args.quiver, "export", db, out, "--format", f, "--quiet"]))
        shutil.rmtree(out, ignore_errors=True)
    print(f"round {r + 1}: " + ", ".join(f"{k} {v[-1][0]:.2f} s wall {v[-1][1]:.2f} s CPU" for k, v in runs.items()),
          flush=True)

result = {"csv_dir": csv_dir, "edges": edges, "rounds": args.rounds, "cores": os.cpu_count(), "runs": {}}
import_wall = statistics.median(w for w, _ in runs["import"])
print(f"\n{'':>14} {'wall s':>7} {'CPU s':>7} {'rels/s':>12} {'rate vs import':>15}")
for name, samples in runs.items():
    wall = statistics.median(w for w, _ in samples)
    cpu = statistics.median(c for _, c in samples)
    result["runs"][name] = {"median_wall_s": wall, "median_cpu_s": cpu, "rels_per_s": edges / wall,
                            "rate_vs_import": import_wall / wall, "samples": samples}
    print(f"{name:>14} {wall:7.2f} {cpu:7.2f} {edges / wall:12,.0f} {import_wall / wall:15.2f}")
if args.json:
    with open(args.json, "w") as f:
        json.dump(result, f, indent=2)
