"""The reference levels of a BFS on one machine, from the gds procedures
(docs/algorithms.md): gds.bfs.stream over every label and type, NATURAL orientation,
once per maxDepth k; a vertex's level is the least k whose search reaches it.
Prints "id,level" rows (id: the `id` property), sorted.
  gds_bfs_levels.py QUIVER DB SOURCE_ID MAX_DEPTH"""
import json
import subprocess
import sys
import tempfile

quiver, db, source, max_depth = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
search = "MATCH (s {id: %d}) CALL gds.bfs.stream('g', {sourceNode: s%s}) YIELD nodeIds " \
         "RETURN [x IN nodeIds | gds.util.asNode(x).id] AS ids;\n"
script = "CALL gds.graph.project('g', '*', '*') YIELD nodeCount RETURN nodeCount;\n"
script += "".join(search % (source, ", maxDepth: %d" % k) for k in range(max_depth + 1))
script += search % (source, "")
with tempfile.NamedTemporaryFile("w", suffix=".cypher") as f:
    f.write(script)
    f.flush()
    out = subprocess.run([quiver, "query", "--db", db, "--read-only", "--format", "json", "--file", f.name],
                         capture_output=True, text=True, check=True).stdout
decoder, results, at = json.JSONDecoder(), [], 0
while at < len(out):
    if out[at].isspace():
        at += 1
        continue
    value, at = decoder.raw_decode(out, at)
    results.append(value)
reached = [set(r[0]["ids"]) for r in results[1:]]
*by_depth, everything = reached
if by_depth[-1] != everything:
    sys.exit("MAX_DEPTH %d is below the search's depth" % max_depth)
level = {}
for k, ids in enumerate(by_depth):
    for v in ids:
        level.setdefault(v, k)
for v in sorted(level):
    print("%d,%d" % (v, level[v]))
