"""Compares a quiver-mpi result file with the single-machine procedure's rows, vertex by
vertex. Both are CSV "id,value" with a header; every vertex must be in both.
  same_vertex_values.py scores GOT WANT TOLERANCE  -- |got - want| <= TOLERANCE for each
  same_vertex_values.py components GOT WANT        -- WANT's component ids renamed to the
      smallest vertex id of each component (a partition in canonical form), then equal"""
import csv
import sys


def rows(path):
    with open(path) as f:
        reader = csv.reader(f)
        next(reader)
        return {int(r[0]): r[1] for r in reader}


mode, got, want = sys.argv[1], rows(sys.argv[2]), rows(sys.argv[3])
if not got or got.keys() != want.keys():
    sys.exit("FAIL %s: %d vertices against %d, or different vertices" % (mode, len(got), len(want)))
if mode == "scores":
    tolerance = float(sys.argv[4])
    worst = max(abs(float(got[v]) - float(want[v])) for v in want)
    if worst > tolerance:
        sys.exit("FAIL scores: a score differs by %g (tolerance %g)" % (worst, tolerance))
    print("ok   scores: %d vertices, largest difference %.3g" % (len(want), worst))
else:
    smallest = {}
    for v, c in want.items():
        smallest[c] = min(smallest.get(c, v), v)
    differ = [v for v in want if int(got[v]) != smallest[want[v]]]
    if differ:
        sys.exit("FAIL components: %d vertices differ, the first %d" % (len(differ), min(differ)))
    print("ok   components: %d vertices in %d components" % (len(want), len(smallest)))
