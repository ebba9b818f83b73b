"""QueryResult: streaming in bounded memory, the Kùzu-shaped accessors, summaries,
pandas and networkx."""

import gc

import pytest

import quiver
from conftest import raises, rss_bytes

MILLION = "UNWIND range(1, 1000000) AS i RETURN i, 'row number ' + toString(i) AS s"
MiB = 1 << 20


def test_a_million_rows_stream_in_bounded_memory(disk_conn):
    # Measured on this test's first run: iterating grew the resident set by ~16 MiB,
    # get_all() (every row as Python objects, as a materialized result holds them) by
    # ~210 MiB.
    gc.collect()
    before = rss_bytes()
    peak = 0
    count = 0
    total = 0
    for i, s in disk_conn.execute(MILLION):
        count += 1
        total += i
        if count % 50_000 == 0:
            peak = max(peak, rss_bytes() - before)
            assert s == f"row number {i}"
    assert count == 1_000_000 and total == 1_000_000 * 1_000_001 // 2
    assert peak < 64 * MiB, f"streaming grew the resident set by {peak / MiB:.0f} MiB"

    before = rss_bytes()
    rows = disk_conn.execute(MILLION).get_all()
    materialized = rss_bytes() - before
    assert len(rows) == 1_000_000
    del rows
    assert materialized > 2 * max(peak, 32 * MiB), (
        f"materializing grew it by {materialized / MiB:.0f} MiB, streaming by {peak / MiB:.0f} MiB"
    )


def test_accessors(conn):
    result = conn.execute("UNWIND [3, 1, 2] AS x RETURN x, toString(x) AS s, null AS n ORDER BY x")
    assert result.get_column_names() == ["x", "s", "n"]
    assert result.get_column_data_types() == ["ANY", "ANY", "NULL"]  # an UNWIND of a list: ANY
    typed = conn.execute("RETURN 1 AS i, 1.5 AS f, 's' AS s, true AS b, [1] AS l, {a: 1} AS m")
    assert typed.get_column_data_types() == ["INTEGER", "FLOAT", "STRING", "BOOLEAN", "LIST", "MAP"]
    assert result.has_next()
    assert result.get_next() == [1, "1", None]
    assert result.get_n(5) == [[2, "2", None], [3, "3", None]]
    assert not result.has_next()
    with raises(quiver.ClientError, "NoMoreRows") as error:
        result.get_next()
    assert isinstance(error.value, RuntimeError)  # Kùzu raises RuntimeError


def test_iteration_and_counts(disk_conn):
    result = disk_conn.execute("UNWIND range(1, 5000) AS i RETURN i")
    assert next(iter(result)) == [1]
    assert result.get_num_tuples() == 5000  # one read, 4,999 read into memory
    assert [row[0] for row in result][:2] == [2, 3]
    assert result.get_summary().rows == 5000
    assert list(disk_conn.execute("RETURN 1 AS a LIMIT 0")) == []


def test_summary_counters(conn):
    summary = conn.execute("CREATE (:A {x: 1, y: 2})-[:R]->(:B)").get_summary()
    assert summary.counters["nodes_created"] == 2
    assert summary.counters["relationships_created"] == 1
    assert summary.counters["properties_set"] == 2
    assert summary.counters["labels_added"] == 2
    assert summary.contains_updates and summary.counters_text.startswith("created 2 nodes")
    assert summary.rows == 0 and summary.elapsed > 0
    result = conn.execute("MATCH (n) RETURN n")
    assert result.summary.rows == 2 and not result.summary.contains_updates
    assert result.get_execution_time() > 0


def test_summary_notifications(conn):
    conn.execute("CREATE (:Known)")
    [warning] = conn.execute("MATCH (n:Unknown) RETURN n").get_summary().notifications
    assert warning["code"] == "Neo.ClientNotification.Statement.UnknownLabelWarning"
    assert warning["position"] == {"offset": 9, "line": 1, "column": 10}
    assert conn.execute("MATCH (n:Known) RETURN n").get_summary().notifications == []


def test_summary_plan_of_explain_and_profile(conn):
    conn.execute("UNWIND range(1, 5) AS i CREATE (:P {i: i})")
    explained = conn.execute("EXPLAIN MATCH (p:P) WHERE p.i > 2 RETURN p.i AS i")
    assert explained.get_all() == []
    plan = explained.get_summary().plan
    assert plan["operator_type"] == "ProduceResults"
    assert plan["identifiers"] == ["i"]
    assert plan["profiled"] is False
    profiled = conn.execute("PROFILE MATCH (p:P) WHERE p.i > 2 RETURN p.i AS i")
    assert [row[0] for row in profiled.get_all()] == [3, 4, 5]
    summary = profiled.get_summary()
    assert summary.plan["profiled"] is True
    assert summary.plan["rows"] == 3
    assert summary.plan_text.startswith("ProduceResults i  [rows=3]")
    # Db hits: a node per scanned row, then p.i per filtered and per projected row.
    def hits(op):
        return op["db_hits"] + sum(hits(child) for child in op["children"])
    assert hits(summary.plan) == 5 + 5 + 3
    assert "NodeScan (p:P)  [rows=5] (5 db hits)" in summary.plan_text
    assert plan["db_hits"] == 0
    assert conn.execute("RETURN 1").get_summary().plan is None


def test_summary_before_the_end_drops_the_rest(disk_conn):
    result = disk_conn.execute("UNWIND range(1, 100000) AS i RETURN i")
    assert result.get_next() == [1]
    assert result.get_summary().rows == 100000
    assert result.get_all() == [[i] for i in range(2, 1025)]  # the fetched chunk stays


def test_close_stops_the_result(disk_conn):
    result = disk_conn.execute("UNWIND range(1, 1000000) AS i RETURN i")
    assert result.get_next() == [1]
    result.close()
    with raises(quiver.ClientError, "ResultClosed"):
        result.get_next()
    with disk_conn.execute("RETURN 1") as r:
        assert r.get_all() == [[1]]


def test_get_as_df(conn):
    pd = pytest.importorskip("pandas")
    conn.execute(
        "UNWIND [{n: 'a', v: 1, f: 0.5, b: true}, {n: 'b', v: null, f: null, b: null}] AS m "
        "CREATE (:P {name: m.n, v: m.v, f: m.f, b: m.b})"
    )
    df = conn.execute("MATCH (p:P) RETURN p.name AS name, p.v AS v, p.f AS f, p.b AS b, p ORDER BY name").get_as_df()
    assert list(df.columns) == ["name", "v", "f", "b", "p"]
    assert df["name"].tolist() == ["a", "b"]
    assert str(df["v"].dtype) == "Int64" and df["v"].tolist()[0] == 1 and df["v"].isna().tolist() == [False, True]
    assert str(df["b"].dtype) == "boolean"
    assert df["f"].tolist()[0] == 0.5 and pd.isna(df["f"].tolist()[1])
    assert df["p"][0]["name"] == "a"
    empty = conn.execute("MATCH (p:Nothing) RETURN p.x AS x").get_as_df()
    assert list(empty.columns) == ["x"] and len(empty) == 0


def test_get_as_networkx(conn):
    pytest.importorskip("networkx")
    conn.execute(
        "CREATE (a:Person {name: 'Ada'})-[:KNOWS {since: 2001}]->(b:Person {name: 'Bob'}),"
        " (b)-[:KNOWS {since: 2002}]->(c:Person {name: 'Cy'})"
    )
    graph = conn.execute("MATCH p = (:Person {name: 'Ada'})-[:KNOWS*]->(:Person) RETURN p").get_as_networkx()
    assert graph.is_directed()
    names = {graph.nodes[n]["name"] for n in graph.nodes}
    assert names == {"Ada", "Bob", "Cy"}
    assert sorted(d["since"] for _, _, d in graph.edges(data=True)) == [2001, 2002]
    assert all(d["_type"] == "KNOWS" for _, _, d in graph.edges(data=True))
    undirected = conn.execute("MATCH (a)-[r]->(b) RETURN a, r, b").get_as_networkx(directed=False)
    assert not undirected.is_directed() and undirected.number_of_edges() == 2
    assert undirected.nodes[next(iter(undirected.nodes))]["_label"] == "Person"
