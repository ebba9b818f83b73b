"""What the ingest benchmarks share: the arguments that say which Graph500 CSV files to
use (an existing directory, or a scale to generate), and the directory they end up in."""
import argparse
import os
import subprocess
import tempfile


def parser(description_work):
    """An ArgumentParser with QUIVER, --csv, --scale, --rounds, --work and --json."""
    ap = argparse.ArgumentParser()
    ap.add_argument("quiver")
    ap.add_argument("--csv", help="a directory holding nodes.csv and edges.csv")
    ap.add_argument("--scale", type=int, default=20, help="generate the graph at this scale when --csv is not given")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--work", help=description_work + " (default: a temporary directory)")
    ap.add_argument("--json")
    return ap


def prepare(args, prefix):
    """(work directory, CSV directory): --csv, or the graph generated at --scale into WORK/csv."""
    work = args.work or tempfile.mkdtemp(prefix=prefix)
    os.makedirs(work, exist_ok=True)
    csv_dir = args.csv
    if not csv_dir:
        csv_dir = os.path.join(work, "csv")
        if not os.path.exists(os.path.join(csv_dir, "edges.csv")):
            subprocess.run([args.quiver, "generate", "g500", "--scale", str(args.scale), "--out", csv_dir],
                           check=True, stdout=subprocess.DEVNULL)
    return work, csv_dir
