#!/usr/bin/env python3
"""Parquet import against CSV import (docs/benchmarks.md, "Parquet import"): a Graph500
graph's CSV files (quiver generate g500 --out, or an existing directory) converted to
Parquet by DuckDB with each codec (tests/parquet/csv_to_parquet.mjs), then `quiver
import` of the CSV and of every Parquet version, interleaved round by round on the same
machine, reporting the median wall and CPU seconds of each and the ratio to CSV.

usage: /usr/bin/python3 bench/ingest/parquet_bench.py QUIVER [--csv DIR | --scale S]
           [--rounds N] [--codecs zstd,snappy,uncompressed] [--work DIR] [--json OUT]
"""
import json
import os
import re
import shutil
import statistics
import subprocess
import sys

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(os.path.dirname(here))
sys.path.insert(0, here)
import graph500_csv  # noqa: E402

ap = graph500_csv.parser("where the Parquet files and databases go")
ap.add_argument("--codecs", default="zstd,snappy,uncompressed")
args = ap.parse_args()

work, csv_dir = graph500_csv.prepare(args, "quiver-parquet-bench-")
files = [os.path.join(csv_dir, "nodes.csv"), os.path.join(csv_dir, "edges.csv")]
sources = {"csv": files}
for codec in args.codecs.split(","):
    out = os.path.join(work, codec)
    os.makedirs(out, exist_ok=True)
    if not os.path.exists(os.path.join(out, "edges.parquet")):
        subprocess.run(["node", os.path.join(root, "tests", "parquet", "csv_to_parquet.mjs"), out, codec] + files,
                       check=True, stdout=subprocess.DEVNULL)
    sources[codec] = [os.path.join(out, "nodes.parquet"), os.path.join(out, "edges.parquet")]


def run_import(name, paths):
    db = os.path.join(work, "db-" + name)
    shutil.rmtree(db, ignore_errors=True)
    out = subprocess.run([args.quiver, "import", db, "--nodes", paths[0], "--relationships", paths[1]],
                         check=True, capture_output=True, text=True).stdout
    m = re.search(r"seconds\s+([\d.]+) \(wall\), ([\d.]+) CPU", out)
    edges = int(re.search(r"edges\s+(\d+)", out).group(1))
    shutil.rmtree(db, ignore_errors=True)
    return float(m.group(1)), float(m.group(2)), edges


runs = {name: [] for name in sources}
for r in range(args.rounds):
    for name, paths in sources.items():
        wall, cpu, edges = run_import(name, paths)
        runs[name].append({"wall_s": wall, "cpu_s": cpu, "edges": edges})
        print(f"round {r + 1} {name:>13}: {wall:6.2f} s wall {cpu:6.2f} s CPU ({edges:,} edges)", flush=True)

result = {"csv_dir": csv_dir, "rounds": args.rounds, "sources": {}}
csv_wall = statistics.median(x["wall_s"] for x in runs["csv"])
csv_cpu = statistics.median(x["cpu_s"] for x in runs["csv"])
print(f"\n{'source':>13} {'bytes':>13} {'wall s':>7} {'CPU s':>7} {'wall/CSV':>9} {'CPU/CSV':>8}")
for name, paths in sources.items():
    wall = statistics.median(x["wall_s"] for x in runs[name])
    cpu = statistics.median(x["cpu_s"] for x in runs[name])
    size = sum(os.path.getsize(p) for p in paths)
    result["sources"][name] = {"bytes": size, "median_wall_s": wall, "median_cpu_s": cpu,
                               "wall_vs_csv": round(wall / csv_wall, 3), "cpu_vs_csv": round(cpu / csv_cpu, 3),
                               "runs": runs[name]}
    print(f"{name:>13} {size:>13,} {wall:7.2f} {cpu:7.2f} {wall / csv_wall:9.2f} {cpu / csv_cpu:8.2f}")
if args.json:
    with open(args.json, "w") as f:
        json.dump(result, f, indent=2)
if not args.work:
    shutil.rmtree(work, ignore_errors=True)
