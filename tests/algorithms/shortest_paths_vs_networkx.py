#!/usr/bin/env python3
"""shortestPath / allShortestPaths against NetworkX, the reference implementation, and
SHORTEST k [GROUPS] against every trail enumerated here.

For seeded random multigraphs — several components, isolated nodes, self-loops and
parallel relationships, a base generation (`quiver import`) with relationships created
and deleted on top of it (the delta) — every sampled pair's shortest-path length, and the
set of node sequences of its shortest paths, must be NetworkX's: directed and undirected,
bounded, with a condition on the relationships and one on the nodes. NetworkX has no
k shortest *trails* (its shortest_simple_paths never repeat a node; Cypher's paths may,
only not a relationship), so those are checked against a brute-force enumeration of the
trails of up to five relationships.

usage: shortest_paths_vs_networkx.py QUIVER_BINARY
Prints `N passed, N failed` last; exits non-zero on a failure.
"""

import json
import os
import random
import subprocess
import sys
import tempfile

import networkx as nx

from tally import check, finish

QUIVER = sys.argv[1]


def quiver(db, query, params=None):
    cmd = [QUIVER, "query", "--db", db, "--format", "json"]
    for name, value in (params or {}).items():
        cmd += ["--param", f"{name}={json.dumps(value)}"]
    out = subprocess.run(cmd + [query], check=True, capture_output=True, text=True).stdout
    return json.loads(out[out.index("["):]) if "[" in out else []


def make_graph(seed, tmp):
    rng = random.Random(seed)
    n = rng.randint(30, 70)
    edges = []  # (id, src, dst, w)
    # Two or three components of random edges, plus isolated nodes at the end.
    parts = rng.randint(2, 3)
    size = (n - 4) // parts
    for p in range(parts):
        lo, hi = p * size, (p + 1) * size - 1
        for _ in range(int(size * rng.uniform(1.2, 2.5))):
            s, t = rng.randint(lo, hi), rng.randint(lo, hi)
            edges.append((len(edges), s, t, rng.randint(1, 9)))
        edges.append((len(edges), lo, lo, 1))  # a self-loop
        s, t = rng.randint(lo, hi), rng.randint(lo, hi)
        edges += [(len(edges), s, t, 2), (len(edges) + 1, s, t, 3)]  # parallel
    db = os.path.join(tmp, f"g{seed}")
    nodes_csv = os.path.join(tmp, f"n{seed}.csv")
    rels_csv = os.path.join(tmp, f"r{seed}.csv")
    base = edges[: len(edges) * 3 // 4]
    with open(nodes_csv, "w") as f:
        f.write("id:ID{id-type:int}\n" + "".join(f"{i}\n" for i in range(n)))
    with open(rels_csv, "w") as f:
        f.write(":START_ID,:END_ID,eid:int,w:int\n" + "".join(f"{s},{t},{e},{w}\n" for e, s, t, w in base))
    subprocess.run([QUIVER, "import", db, "--nodes=N", nodes_csv, "--relationships=E", rels_csv, "--quiet"],
                   check=True, capture_output=True)
    # The delta: the other quarter created, a few base relationships deleted.
    later = [[e, s, t, w] for e, s, t, w in edges[len(base):]]
    quiver(db, "UNWIND $rels AS r MATCH (a:N {id: r[1]}), (b:N {id: r[2]}) "
               "CREATE (a)-[:E {eid: r[0], w: r[3]}]->(b)", {"rels": later})
    deleted = rng.sample([e for e, _, _, _ in base], 5)
    quiver(db, "MATCH ()-[r:E]->() WHERE r.eid IN $ids DELETE r", {"ids": deleted})
    g = nx.MultiDiGraph()
    g.add_nodes_from(range(n))
    for e, s, t, w in edges:
        if e not in deleted:
            g.add_edge(s, t, key=e, w=w)
    pairs = [[rng.randrange(n), rng.randrange(n)] for _ in range(60)]
    return db, g, pairs


def nx_paths(g, s, t, max_hops=None):
    try:
        length = nx.shortest_path_length(g, s, t)
    except nx.NetworkXNoPath:
        return None, set()
    if max_hops is not None and length > max_hops:
        return None, set()
    return length, {tuple(p) for p in nx.all_shortest_paths(g, s, t)}


def compare(db, g, pairs, pattern, where="", label="", max_hops=None, min_zero=False):
    rows = quiver(db, "UNWIND $pairs AS pair MATCH (a:N {id: pair[0]}), (b:N {id: pair[1]}) "
                      f"OPTIONAL MATCH p = shortestPath({pattern}) {where} "
                      "RETURN pair[0] AS s, pair[1] AS t, length(p) AS len", {"pairs": pairs})
    all_rows = quiver(db, "UNWIND $pairs AS pair MATCH (a:N {id: pair[0]}), (b:N {id: pair[1]}) "
                          f"MATCH p = allShortestPaths({pattern}) {where} "
                          "RETURN pair[0] AS s, pair[1] AS t, [x IN nodes(p) | x.id] AS ns", {"pairs": pairs})
    got_all = {}
    for r in all_rows:
        got_all.setdefault((r["s"], r["t"]), set()).add(tuple(r["ns"]))
    for r in rows:
        s, t = r["s"], r["t"]
        if s == t:
            want_len, want = (0, {(s,)}) if min_zero else (None, set())
        else:
            want_len, want = nx_paths(g, s, t, max_hops)
        check(r["len"] == want_len, f"{label} {s}->{t}: length {r['len']}, NetworkX {want_len}")
        check(got_all.get((s, t), set()) == want, f"{label} {s}->{t}: paths {got_all.get((s, t))}, NetworkX {want}")


def trails(g, s, t, max_len, undirected):
    """Every trail from s to t of at most max_len relationships, as (nodes, relationship ids)."""
    adjacent = {v: [] for v in g.nodes}
    for u, v, key in g.edges(keys=True):
        adjacent[u].append((key, v))
        if undirected and u != v:
            adjacent[v].append((key, u))
    found = []

    def extend(node, nodes, rels):
        if node == t and rels:
            found.append((tuple(nodes), tuple(rels)))
        if len(rels) == max_len:
            return
        for key, nxt in adjacent[node]:
            if key not in rels:
                extend(nxt, nodes + [nxt], rels + [key])

    extend(s, [s], [])
    return found


def compare_k(db, g, pairs, arrow, undirected, label):
    pattern = f"(a){arrow[0]}[:E*..5]{arrow[1]}(b)"
    def run(selector):
        rows = quiver(db, "UNWIND $pairs AS pair MATCH (a:N {id: pair[0]}), (b:N {id: pair[1]}) "
                          f"MATCH p = {selector} {pattern} RETURN pair[0] AS s, pair[1] AS t, "
                          "[x IN nodes(p) | x.id] AS ns, [r IN relationships(p) | r.eid] AS rs", {"pairs": pairs})
        got = {}
        for r in rows:
            got.setdefault((r["s"], r["t"]), []).append((tuple(r["ns"]), tuple(r["rs"])))
        return got
    groups, first, any_two = run("SHORTEST 3 GROUPS"), run("SHORTEST 4"), run("ANY SHORTEST")
    for s, t in {tuple(p) for p in pairs}:
        want = trails(g, s, t, 5, undirected)
        lengths = sorted({len(r) for _, r in want})[:3]
        want_groups = sorted(w for w in want if len(w[1]) in lengths)
        got = sorted(groups.get((s, t), []))
        check(got == want_groups, f"{label} SHORTEST 3 GROUPS {s}->{t}: {len(got)} trails, want {len(want_groups)}")
        got = first.get((s, t), [])
        want_lengths = sorted(len(r) for _, r in want)[:4]
        check(sorted(len(r) for _, r in got) == want_lengths and all(w in want for w in got),
              f"{label} SHORTEST 4 {s}->{t}: {got}, want lengths {want_lengths}")
        got = any_two.get((s, t), [])
        check(len(got) == (1 if want else 0) and all(w in want and len(w[1]) == min(want_lengths) for w in got),
              f"{label} ANY SHORTEST {s}->{t}: {got}")


def compare_quantified(db, pairs, label):
    def paths(match, where=""):
        rows = quiver(db, "UNWIND $pairs AS pair MATCH (a:N {id: pair[0]}), (b:N {id: pair[1]}) "
                          f"MATCH p = {match} {where} RETURN pair[0] AS s, pair[1] AS t, "
                          "[r IN relationships(p) | r.eid] AS rs", {"pairs": pairs})
        return sorted((r["s"], r["t"], tuple(r["rs"])) for r in rows)
    cases = [
        ("(a)((x)-[r:E]->(y) WHERE r.w < 6){1,4}(b)", "(a)-[rs:E*1..4]->(b)", "WHERE all(r IN rs WHERE r.w < 6)"),
        ("(a)((x)-[:E]-(y) WHERE x.id < y.id){1,5}(b)", "(a)-[rs:E*1..5]-(b)",
         "WHERE all(i IN range(0, size(rs) - 1) WHERE nodes(p)[i].id < nodes(p)[i + 1].id)"),
        ("(a)((x)-[:E]->(m)-[:E]->(y)){1,2}(b)", "(a)-[rs:E*2..4]->(b)", "WHERE size(rs) % 2 = 0"),
        ("(a)((x)-[r1:E]->(m)<-[r2:E]-(y) WHERE r1.w <= r2.w){0,2}(b)", "(a)-[rs:E*0..4]-(b)",
         "WHERE size(rs) % 2 = 0 AND all(i IN range(0, size(rs) - 1) WHERE "
         "CASE WHEN i % 2 = 0 THEN startNode(rs[i]) = nodes(p)[i] AND rs[i].w <= rs[i + 1].w "
         "ELSE endNode(rs[i]) = nodes(p)[i] END)"),
    ]
    for quantified, var_length, where in cases:
        want = paths(var_length, where)
        check(len(want) >= 5, f"{label} {var_length} {where}: only {len(want)} paths to compare")
        check(paths(quantified) == want, f"{label} {quantified}: {len(paths(quantified))} paths, want {len(want)}")
        # The far end bound first: the planner expands from b.
        far = [[t, s] for s, t in pairs]
        rows = quiver(db, "UNWIND $pairs AS pair MATCH (b:N {id: pair[0]}) WITH b, pair "
                          f"MATCH (a:N {{id: pair[1]}}) WITH a, b, pair MATCH p = {quantified} "
                          "RETURN pair[1] AS s, pair[0] AS t, [r IN relationships(p) | r.eid] AS rs", {"pairs": far})
        got = sorted((r["s"], r["t"], tuple(r["rs"])) for r in rows)
        check(got == want, f"{label} {quantified} from b: {len(got)} paths, want {len(want)}")


with tempfile.TemporaryDirectory() as tmp:
    for seed in range(4):
        db, g, pairs = make_graph(seed, tmp)
        compare(db, g, pairs, "(a)-[:E*]->(b)", label=f"seed {seed} directed")
        compare(db, nx.MultiGraph(g), pairs, "(a)-[:E*]-(b)", label=f"seed {seed} undirected")
        compare(db, g, pairs, "(a)-[:E*0..]->(b)", label=f"seed {seed} from 0", min_zero=True)
        compare(db, g, pairs, "(a)-[:E*..3]->(b)", label=f"seed {seed} bounded", max_hops=3)
        light = nx.MultiDiGraph()
        light.add_nodes_from(g.nodes)
        light.add_edges_from((s, t, k, d) for s, t, k, d in g.edges(keys=True, data=True) if d["w"] < 6)
        compare(db, light, pairs, "(a)-[:E*]->(b)", "WHERE all(r IN relationships(p) WHERE r.w < 6)",
                label=f"seed {seed} light relationships")
        blocked = set(random.Random(seed).sample(sorted(g.nodes), len(g) // 5))
        open_pairs = [p for p in pairs if p[0] not in blocked and p[1] not in blocked]
        compare(db, g.subgraph(set(g.nodes) - blocked), open_pairs, "(a)-[:E*]->(b)",
                f"WHERE none(x IN nodes(p) WHERE x.id IN {sorted(blocked)})", label=f"seed {seed} open nodes")
        compare_k(db, g, pairs, ("-", "->"), False, f"seed {seed} trails")
        compare_k(db, g, pairs, ("-", "-"), True, f"seed {seed} undirected trails")
        sources = sorted({s for s, _ in pairs})[:6]
        compare_quantified(db, [[s, t] for s in sources for t in sorted(g.nodes)], f"seed {seed} quantified")

finish()
