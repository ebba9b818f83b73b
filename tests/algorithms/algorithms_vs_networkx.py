#!/usr/bin/env python3
"""The gds.* algorithms against NetworkX, the reference implementation.

For seeded random multigraphs — several components, isolated nodes, self-loops and
parallel relationships, a base generation (`quiver import`) with relationships created
and deleted on top of it (the delta, which a projection must see) — every algorithm's
answer must be NetworkX's: degree, PageRank (GDS's unnormalized formula; NetworkX's
normalized one where no node is dangling), betweenness, WCC, SCC, triangles, local
clustering, core numbers, BFS layers, Dijkstra and delta-stepping distances; label
propagation and Louvain on planted communities. Each algorithm also gives the same
answer on one worker as on four, and .write writes what .stream streams.

usage: algorithms_vs_networkx.py QUIVER_BINARY
Prints `N passed, N failed` last; exits non-zero on a failure.
"""

import json
import math
import os
import random
import subprocess
import sys
import tempfile

import networkx as nx

from tally import check, finish

QUIVER = sys.argv[1]
# NetworkX's own pure-Python PageRank: nx.pagerank needs SciPy, which Debian's
# python3-networkx does not pull in.
PAGERANK = nx.algorithms.link_analysis.pagerank_alg._pagerank_python


def run_script(db, statements, workers=None):
    """Runs ;-separated statements in one process (the graph catalog lives in it);
    returns each statement's rows."""
    path = db + ".cypher"
    with open(path, "w") as f:
        f.write(";\n".join(statements) + ";\n")
    cmd = [QUIVER, "query", "--db", db, "--format", "json", "--file", path]
    if workers:
        cmd += ["--workers", str(workers)]
    out = subprocess.run(cmd, capture_output=True, text=True)
    if out.returncode != 0:
        raise RuntimeError(out.stderr + out.stdout)
    results, text, decoder = [], out.stdout, json.JSONDecoder()
    at = text.find("[")
    while at >= 0:
        value, end = decoder.raw_decode(text, at)
        results.append(value)
        at = text.find("[", end)
    return results


def import_graph(tmp, name, n, rels, delta_rels, deleted):
    """A database of nodes :N {id} and relationships [:TYPE {eid, w}]: `rels` imported,
    `delta_rels` created after, the eids in `deleted` deleted after."""
    db = os.path.join(tmp, name)
    nodes_csv, rels_csv = db + "-n.csv", db + "-r.csv"
    with open(nodes_csv, "w") as f:
        f.write("id:ID{id-type:int}\n" + "".join(f"{i}\n" for i in range(n)))
    with open(rels_csv, "w") as f:
        f.write(":START_ID,:END_ID,:TYPE,eid:int,w:int\n" +
                "".join(f"{s},{t},{ty},{e},{w}\n" for e, s, t, ty, w in rels))
    subprocess.run([QUIVER, "import", db, "--nodes=N", nodes_csv, "--relationships", rels_csv, "--quiet"],
                   check=True, capture_output=True)
    statements = []
    if delta_rels:
        statements.append("UNWIND " + json.dumps([list(r) for r in delta_rels]) + " AS r "
                          "MATCH (a:N {id: r[1]}), (b:N {id: r[2]}) CREATE (a)-[:E {eid: r[0], w: r[4]}]->(b)")
    if deleted:
        statements.append(f"MATCH ()-[r:E]->() WHERE r.eid IN {sorted(deleted)} DELETE r")
    if statements:
        run_script(db, statements)
    return db


def random_graph(seed, tmp):
    rng = random.Random(seed)
    n = rng.randint(30, 70)
    edges = []  # (eid, src, dst, type, w)
    parts = rng.randint(2, 3)
    size = (n - 4) // parts  # the last nodes stay isolated
    for p in range(parts):
        lo, hi = p * size, (p + 1) * size - 1
        for _ in range(int(size * rng.uniform(1.2, 2.5))):
            edges.append((len(edges), rng.randint(lo, hi), rng.randint(lo, hi), "E", rng.randint(1, 9)))
        edges.append((len(edges), lo, lo, "E", 1))  # a self-loop
        s, t = rng.randint(lo, hi), rng.randint(lo, hi)
        edges += [(len(edges), s, t, "E", 2), (len(edges) + 1, s, t, "E", 3)]  # parallel
    base = edges[: len(edges) * 3 // 4]
    later = edges[len(base):]
    deleted = set(rng.sample([e[0] for e in base], 5))
    live = [e for e in edges if e[0] not in deleted]
    # Simple versions for betweenness (NetworkX counts parallel edges as one path).
    directed = sorted({(s, t) for _, s, t, _, _ in live if s != t})
    undirected = sorted({(min(s, t), max(s, t)) for s, t in directed})
    extra = [(10_000 + i, s, t, "SD", 1) for i, (s, t) in enumerate(directed)]
    extra += [(20_000 + i, s, t, "SU", 1) for i, (s, t) in enumerate(undirected)]
    db = import_graph(tmp, f"g{seed}", n, base + extra, later, deleted)
    g = nx.MultiDiGraph()
    g.add_nodes_from(range(n))
    for e, s, t, _, w in live:
        g.add_edge(s, t, key=e, w=w)
    return db, g, nx.DiGraph(directed), nx.Graph(undirected)


def undirected(g):
    """g's relationships without direction (nx.MultiGraph(g) would merge some)."""
    ug = nx.MultiGraph()
    ug.add_nodes_from(g)
    ug.add_edges_from(g.edges(keys=True, data=True))
    return ug


PROJECT = [
    "CALL gds.graph.project('d', 'N', {E: {properties: 'w'}})",
    "CALL gds.graph.project('u', 'N', {E: {orientation: 'UNDIRECTED', properties: 'w'}})",
    "CALL gds.graph.project('r', 'N', {E: {orientation: 'REVERSE'}})",
    "CALL gds.graph.project('sd', 'N', 'SD')",
    "CALL gds.graph.project('su', 'N', {SU: {orientation: 'UNDIRECTED'}})",
]


def per_node(call, column):
    return f"CALL {call} YIELD nodeId, {column} RETURN gds.util.asNode(nodeId).id AS id, nodeId, {column} AS v"


def as_map(rows):
    return {r["id"]: r["v"] for r in rows}


def partition(rows):
    groups = {}
    for r in rows:
        groups.setdefault(r["v"], set()).add(r["id"])
    return sorted(sorted(s) for s in groups.values()), {r["v"] for r in rows} <= {r["nodeId"] for r in rows}


def close(a, b, tol=1e-6):
    return abs(a - b) <= tol * max(1.0, abs(a), abs(b))


def gds_pagerank(g, d=0.85, iterations=200, weight=None):
    """GDS's formula, iterated to a fixed point: score(v) = (1 - d) + d·Σ score(u)·w/W(u)."""
    out_w = {u: sum((data.get(weight, 1) if weight else 1) for _, _, data in g.out_edges(u, data=True)) for u in g}
    score = {v: 1 - d for v in g}
    for _ in range(iterations):
        nxt = {v: 1 - d for v in g}
        for u, v, data in g.edges(data=True):
            w = data.get(weight, 1) if weight else 1
            nxt[v] += d * score[u] * w / out_w[u]
        score = nxt
    return score


def tie_rank(label):
    """Label propagation's tie order (SplitMix64's finalizer of the label's dense id)."""
    mask = (1 << 64) - 1
    z = (label + 0x9e3779b97f4a7c15) & mask
    z = ((z ^ (z >> 30)) * 0xbf58476d1ce4e5b9) & mask
    z = ((z ^ (z >> 27)) * 0x94d049bb133111eb) & mask
    return z ^ (z >> 31)


def node_statements():
    conv = "{maxIterations: 500, tolerance: 1e-12}"
    return [
        per_node("gds.degree.stream('d')", "score"),
        per_node("gds.degree.stream('d', {orientation: 'REVERSE'})", "score"),
        per_node("gds.degree.stream('u')", "score"),
        per_node("gds.degree.stream('d', {relationshipWeightProperty: 'w'})", "score"),
        per_node(f"gds.pageRank.stream('d', {conv})", "score"),
        per_node("gds.pageRank.stream('d', {maxIterations: 500, tolerance: 1e-12, relationshipWeightProperty: 'w'})",
                 "score"),
        per_node("gds.betweenness.stream('sd')", "score"),
        per_node("gds.betweenness.stream('su')", "score"),
        per_node("gds.wcc.stream('d')", "componentId"),
        per_node("gds.scc.stream('d')", "componentId"),
        per_node("gds.triangleCount.stream('u')", "triangleCount"),
        per_node("gds.localClusteringCoefficient.stream('u')", "localClusteringCoefficient"),
        per_node("gds.kcore.stream('u')", "coreValue"),
        per_node("gds.labelPropagation.stream('u')", "communityId"),
        per_node("gds.louvain.stream('u')", "communityId"),
        per_node("gds.pageRank.stream('r', {maxIterations: 500, tolerance: 1e-12})", "score"),
    ]


def compare_random(seed, tmp):
    db, g, simple_d, simple_u = random_graph(seed, tmp)
    label = f"seed {seed}"
    ug = undirected(g)
    simple = nx.Graph(ug)
    simple.remove_edges_from(nx.selfloop_edges(simple))
    nodes_rows = "MATCH (n:N) RETURN n.id AS id, id(n) AS nid"
    statements = PROJECT + node_statements() + [nodes_rows]
    results = run_script(db, statements)
    one_worker = run_script(db, PROJECT + [s.replace("')", "', {concurrency: 1})") if "', {" not in s else
                                           s.replace("', {", "', {concurrency: 1, ") for s in node_statements()],
                            workers=4)
    counts = results[: len(PROJECT)]
    check(counts[0][0]["relationshipCount"] == g.number_of_edges(),
          f"{label}: projected {counts[0][0]['relationshipCount']} relationships, graph has {g.number_of_edges()}")
    check(counts[1][0]["relationshipCount"] == 2 * g.number_of_edges(), f"{label}: undirected counts each twice")
    rows = results[len(PROJECT):-1]
    (deg_out, deg_in, deg_u, deg_w, pr, pr_w, bc_d, bc_u, wcc, scc, tri, lcc, core, lpa, louvain, pr_rev) = rows
    check(rows == one_worker[len(PROJECT):], f"{label}: one worker and four disagree")
    check(as_map(deg_out) == {v: float(d) for v, d in g.out_degree()}, f"{label}: out-degree")
    check(as_map(deg_in) == {v: float(d) for v, d in g.in_degree()}, f"{label}: in-degree")
    check(as_map(deg_u) == {v: float(d) for v, d in ug.degree()}, f"{label}: undirected degree")
    check(as_map(deg_w) == {v: float(d) for v, d in g.out_degree(weight="w")}, f"{label}: weighted degree")
    for name, got, want in [("pageRank", pr, gds_pagerank(g)), ("weighted pageRank", pr_w, gds_pagerank(g, weight="w")),
                            ("reverse pageRank", pr_rev, gds_pagerank(g.reverse()))]:
        got = as_map(got)
        check(all(close(got[v], want[v]) for v in g), f"{label}: {name} {got} vs {want}")
    # (NetworkX's own PageRank is compared in compare_networkx_pagerank, on a graph
    # without dangling nodes, where it is GDS's divided by n.)
    want_bc = nx.betweenness_centrality(simple_d, normalized=False)
    got_bc = as_map(bc_d)
    check(all(close(got_bc[v], want_bc.get(v, 0.0)) for v in got_bc), f"{label}: directed betweenness")
    want_bc = nx.betweenness_centrality(simple_u, normalized=False)
    got_bc = as_map(bc_u)
    check(all(close(got_bc[v], want_bc.get(v, 0.0)) for v in got_bc), f"{label}: undirected betweenness")
    for name, got, want in [("wcc", wcc, nx.weakly_connected_components(g)),
                            ("scc", scc, nx.strongly_connected_components(g))]:
        groups, named_by_member = partition(got)
        check(groups == sorted(sorted(c) for c in want), f"{label}: {name} partition")
        check(named_by_member, f"{label}: {name} ids are member node ids")
    check(as_map(tri) == nx.triangles(simple), f"{label}: triangles")
    want_lcc = nx.clustering(simple)
    check(all(close(v, want_lcc[k]) for k, v in as_map(lcc).items()), f"{label}: clustering")
    check(as_map(core) == nx.core_number(simple), f"{label}: core numbers")
    # Communities on a random graph have no single right answer; Louvain's must be at
    # least as modular as a fair share of NetworkX's, and every LPA community connected.
    ours = [set(s) for s in partition(louvain)[0]]
    theirs = nx.community.louvain_communities(ug, seed=seed)
    check(nx.community.modularity(ug, ours) >= nx.community.modularity(ug, theirs) - 0.05,
          f"{label}: louvain modularity {nx.community.modularity(ug, ours)} vs {nx.community.modularity(ug, theirs)}")
    # Label propagation's result is a fixed point: each node's label is the heaviest among
    # its own (counted once) and its neighbours' (a self-loop twice), ties to the smallest.
    lab = {r["id"]: r["v"] for r in lpa}
    dense = {nid: i for i, nid in enumerate(sorted(r["nodeId"] for r in lpa))}
    def heaviest(v):
        votes = {lab[v]: 1}
        for _, u in ug.edges(v):
            votes[lab[u]] = votes.get(lab[u], 0) + (2 if u == v else 1)
        return min(votes, key=lambda k: (-votes[k], tie_rank(dense[k])))
    check(all(heaviest(v) == lab[v] for v in ug), f"{label}: label propagation is a fixed point")

    ids = {r["nid"]: r["id"] for r in results[-1]}
    nid = {v: k for k, v in ids.items()}
    rng = random.Random(seed)
    sources = rng.sample(range(g.number_of_nodes()), 4)
    path_statements = []
    for s in sources:
        path_statements += [
            f"CALL gds.bfs.stream('d', {{sourceNode: {nid[s]}}}) YIELD nodeIds RETURN nodeIds",
            f"CALL gds.bfs.stream('u', {{sourceNode: {nid[s]}, maxDepth: 2}}) YIELD nodeIds RETURN nodeIds",
            f"CALL gds.allShortestPaths.dijkstra.stream('d', {{sourceNode: {nid[s]}, relationshipWeightProperty: 'w'}})"
            " YIELD targetNode, totalCost, nodeIds, costs RETURN targetNode, totalCost, nodeIds, costs",
            f"CALL gds.allShortestPaths.delta.stream('u', {{sourceNode: {nid[s]}, delta: 3.0, "
            "relationshipWeightProperty: 'w'}) YIELD targetNode, totalCost RETURN targetNode, totalCost",
        ]
        t = rng.randrange(g.number_of_nodes())
        path_statements.append(
            f"CALL gds.shortestPath.dijkstra.stream('d', {{sourceNode: {nid[s]}, targetNode: {nid[t]}, "
            "relationshipWeightProperty: 'w'}) YIELD totalCost RETURN totalCost")
        path_statements.append(f"RETURN {t} AS target")
    got = run_script(db, PROJECT + path_statements)[len(PROJECT):]
    for i, s in enumerate(sources):
        bfs_d, bfs_u, dij, delta, pair, target = got[6 * i: 6 * i + 6]
        for name, graph, rows_, depth_limit in [("bfs", g, bfs_d, None), ("bfs undirected", ug, bfs_u, 2)]:
            want = nx.single_source_shortest_path_length(graph, s, cutoff=depth_limit)
            order = [ids[v] for v in rows_[0]["nodeIds"]]
            check(sorted(order) == sorted(want), f"{label}: {name} from {s} reaches {sorted(want)}, got {order}")
            check(order == sorted(order, key=lambda v: (want.get(v, 0), nid[v])),
                  f"{label}: {name} order by depth, then id")
        want = nx.single_source_dijkstra_path_length(g, s, weight="w")
        got_d = {ids[r["targetNode"]]: r["totalCost"] for r in dij}
        check(got_d == {k: float(v) for k, v in want.items()}, f"{label}: dijkstra from {s}")
        for r in dij:
            path = [ids[v] for v in r["nodeIds"]]
            steps = [min(d["w"] for d in g.get_edge_data(a, b).values()) for a, b in zip(path, path[1:])]
            check(path[0] == s and math.isclose(sum(steps), r["totalCost"]) and
                  r["costs"] == [float(sum(steps[:k])) for k in range(len(path))],
                  f"{label}: dijkstra path {path} is a path of its cost")
        want = nx.single_source_dijkstra_path_length(ug, s, weight="w")
        check({ids[r["targetNode"]]: r["totalCost"] for r in delta} == {k: float(v) for k, v in want.items()},
              f"{label}: delta-stepping from {s}")
        t = target[0]["target"]
        want = nx.dijkstra_path_length(g, s, t, weight="w") if nx.has_path(g, s, t) else None
        check((pair[0]["totalCost"] if pair else None) == (float(want) if want is not None else None),
              f"{label}: dijkstra {s}->{t}")
    # .write writes what .stream streams, in the statement's transaction.
    written = run_script(db, PROJECT + ["CALL gds.pageRank.write('d', {writeProperty: 'rank'}) "
                                        "YIELD nodePropertiesWritten RETURN nodePropertiesWritten",
                                        "MATCH (n:N) RETURN n.id AS id, n.rank AS v"])
    check(written[len(PROJECT)][0]["nodePropertiesWritten"] == g.number_of_nodes(), f"{label}: written count")
    streamed = run_script(db, PROJECT[:1] + [per_node("gds.pageRank.stream('d')", "score")])[-1]
    check(as_map(written[-1]) == as_map(streamed), f"{label}: written = streamed")


def compare_networkx_pagerank(tmp):
    """NetworkX's normalized PageRank = GDS's / n when no node is dangling."""
    rng = random.Random(7)
    n = 40
    rels = [(i, i, (i + 1) % n, "E", 1) for i in range(n)]
    rels += [(n + i, rng.randrange(n), rng.randrange(n), "E", rng.randint(1, 5)) for i in range(80)]
    db = import_graph(tmp, "pr", n, rels, [], set())
    g = nx.MultiDiGraph()
    for e, s, t, _, w in rels:
        g.add_edge(s, t, key=e, w=w)
    for weight in [None, "w"]:
        config = "maxIterations: 1000, tolerance: 1e-14" + (", relationshipWeightProperty: 'w'" if weight else "")
        got = as_map(run_script(db, ["CALL gds.graph.project('d', 'N', {E: {properties: 'w'}})",
                                     per_node(f"gds.pageRank.stream('d', {{{config}}})", "score")])[-1])
        want = PAGERANK(g, alpha=0.85, tol=1e-14, max_iter=1000, weight=weight)
        check(all(close(got[v] / n, want[v], 1e-6) for v in g), f"networkx pagerank weight={weight}")
    # Personalised: NetworkX's personalization is GDS's sourceNodes, normalized.
    got = run_script(db, ["CALL gds.graph.project('d', 'N', 'E')",
                          "MATCH (n:N) WHERE n.id IN [0, 5] WITH collect(n) AS s "
                          "CALL gds.pageRank.stream('d', {maxIterations: 1000, tolerance: 1e-14, sourceNodes: s}) "
                          "YIELD nodeId, score RETURN gds.util.asNode(nodeId).id AS id, score AS v"])[-1]
    got = as_map(got)
    want = PAGERANK(g, alpha=0.85, tol=1e-14, max_iter=1000, personalization={0: 1, 5: 1}, weight=None)
    total = sum(got.values())
    check(all(close(got[v] / total, want[v], 1e-6) for v in g), "networkx personalised pagerank")


def compare_planted(tmp):
    """Cliques joined by single edges: Louvain and label propagation find the cliques, as
    NetworkX does."""
    rels, k, size = [], 6, 6
    for c in range(k):
        members = range(c * size, (c + 1) * size)
        rels += [(len(rels), a, b, "E", 1) for a in members for b in members if a < b]
        rels.append((len(rels), c * size, ((c + 1) % k) * size + 1, "E", 1))
    db = import_graph(tmp, "planted", k * size, rels, [], set())
    g = nx.Graph([(s, t) for _, s, t, _, _ in rels])
    project = "CALL gds.graph.project('u', 'N', {E: {orientation: 'UNDIRECTED'}})"
    louvain, lpa, stats = run_script(db, [project, per_node("gds.louvain.stream('u')", "communityId"),
                                          per_node("gds.labelPropagation.stream('u')", "communityId"),
                                          "CALL gds.louvain.stats('u') YIELD modularity, communityCount "
                                          "RETURN modularity, communityCount"])[1:]
    cliques = [list(range(c * size, (c + 1) * size)) for c in range(k)]
    want = sorted(sorted(c) for c in nx.community.louvain_communities(g, seed=1))
    check(partition(louvain)[0] == cliques == want, f"planted louvain {partition(louvain)[0]} vs {want}")
    # Label propagation may join cliques across a bridge (NetworkX's semi-synchronous
    # one joins two here), but never splits one.
    found = partition(lpa)[0]
    check(all(any(set(c) <= set(f) for c in cliques) and sum(set(c) <= set(f) for c in cliques) * size == len(f)
              for f in found), f"planted label propagation {found}: not unions of cliques")
    check(close(stats[0]["modularity"], nx.community.modularity(g, [set(c) for c in cliques]), 1e-9) and
          stats[0]["communityCount"] == k, f"planted louvain stats {stats}")


def check_cancellation(tmp):
    """A long algorithm stops at the statement's timeout, and at its memory limit."""
    db = os.path.join(tmp, "big")
    subprocess.run([QUIVER, "generate", "g500", "--scale", "14", "--db", db, "--quiet"], check=True,
                   capture_output=True)
    script = db + ".cypher"
    with open(script, "w") as f:
        f.write("CALL gds.graph.project('g', 'V', 'E') YIELD nodeCount RETURN nodeCount;\n"
                "CALL gds.betweenness.stats('g') YIELD computeMillis RETURN computeMillis;\n")
    for flag, value, want in [("--timeout", "300ms", "Timeout"), ("--memory-limit", "2M", "MemoryLimitExceeded")]:
        out = subprocess.run([QUIVER, "query", "--db", db, flag, value, "--file", script], capture_output=True,
                             text=True, timeout=120)
        check(out.returncode != 0 and want in out.stderr, f"betweenness with {flag} {value}: {out.stderr[-300:]}")


with tempfile.TemporaryDirectory() as tmp:
    check_cancellation(tmp)
    for seed in range(4):
        compare_random(seed, tmp)
    compare_networkx_pagerank(tmp)
    compare_planted(tmp)

finish()
