"""Bulk import: quiver.import_csv over quiver::ImportCsv, and quiver.import_dataframes
(DataFrames written as typed CSV files), read back with get_as_df()."""

import os

import pytest

import quiver
from conftest import raises


def write(path, text):
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    return path


def test_import_csv(scratch):
    people = write(os.path.join(scratch, "people.csv"), "id:ID,name,age:int\n1,Ada,36\n2,Bob,41\n3,\"Cy, Jr.\",\n")
    more = write(os.path.join(scratch, "more.csv"), "4,Dee,29\n")
    knows = write(os.path.join(scratch, "knows.csv"), ":START_ID,:END_ID,since:int\n1,2,2001\n2,3,2002\n4,1,2003\n")
    db_path = os.path.join(scratch, "graph")
    summary = quiver.import_csv(db_path, nodes={"Person": [people, more]}, relationships={"KNOWS": knows})
    assert (summary.nodes, summary.relationships, summary.bad_rows) == (4, 3, 0)
    with quiver.Database(db_path) as db:
        conn = quiver.Connection(db)
        rows = conn.execute(
            "MATCH (a:Person)-[k:KNOWS]->(b) RETURN a.name, b.name, k.since, a.age ORDER BY k.since"
        ).get_all()
        assert rows == [["Ada", "Bob", 2001, 36], ["Bob", "Cy, Jr.", 2002, 41], ["Dee", "Ada", 2003, 29]]
        # The database is open: importing into it is refused.
        with pytest.raises(quiver.Error):
            quiver.import_csv(db_path, nodes={"Person": people}, replace=True)


def test_import_csv_bad_rows(scratch):
    bad = write(os.path.join(scratch, "bad.csv"), "id:ID,age:int\n1,3\n2,three\n3,4\n")
    with raises(quiver.ArgumentError, "InvalidInput") as caught:
        quiver.import_csv(os.path.join(scratch, "g1"), nodes={"P": bad})
    assert "bad.csv:3:" in caught.value.message
    report = os.path.join(scratch, "report.txt")
    summary = quiver.import_csv(os.path.join(scratch, "g2"), nodes={"P": bad}, skip_bad_rows=True, report_path=report)
    assert (summary.nodes, summary.bad_rows) == (2, 1)
    assert "bad.csv:3:" in open(report).read()


def people_frames():
    pd = pytest.importorskip("pandas")
    people = pd.DataFrame({
        "id": [1, 2, 3, 4],
        "name": ["Ada", "Bob", 'Cy "the third", Jr.', "Dee"],
        "age": [36, 41, 29, 52],
        "score": [9.5, float("nan"), 7.25, 8.0],
        "city": ["London", None, "Oslo", ""],
        "active": [True, False, True, True],
    })
    knows = pd.DataFrame({"from": [1, 2, 3, 4], "to": [2, 3, 1, 1], "since": [2001, 2002, 2003, 2004]})
    return pd, people, knows


def test_import_dataframes_and_get_as_df(scratch):
    pd, people, knows = people_frames()
    db_path = os.path.join(scratch, "graph")
    summary = quiver.import_dataframes(db_path, nodes={"Person": people}, relationships={"KNOWS": knows},
                                       tmp_dir=scratch)
    assert (summary.nodes, summary.relationships) == (4, 4)
    assert [f for f in os.listdir(scratch) if f.startswith("quiver-import-")] == []  # temp files removed
    with quiver.Database(db_path) as db:
        conn = quiver.Connection(db)
        df = conn.execute(
            "MATCH (p:Person) RETURN p.id AS id, p.name AS name, p.age AS age, p.score AS score,"
            " p.city AS city, p.active AS active ORDER BY id"
        ).get_as_df()
        assert df["id"].tolist() == [1, 2, 3, 4]
        assert df["name"].tolist() == people["name"].tolist()
        assert df["age"].tolist() == [36, 41, 29, 52]
        assert df["score"].tolist()[0] == 9.5 and pd.isna(df["score"][1])
        assert df["city"].tolist() == ["London", None, "Oslo", ""]  # missing vs empty string
        assert df["active"].tolist() == [True, False, True, True]
        edges = conn.execute(
            "MATCH (a:Person)-[k:KNOWS]->(b:Person) RETURN a.id AS source, b.id AS target, k.since AS since "
            "ORDER BY since"
        ).get_as_df()
        pd.testing.assert_frame_equal(edges, knows.rename(columns={"from": "source", "to": "target"}))
        graph = conn.execute("MATCH (a)-[k]->(b) RETURN a, k, b").get_as_networkx()
        assert graph.number_of_nodes() == 4 and graph.number_of_edges() == 4


def test_import_dataframes_with_string_keys_and_id_spaces(scratch):
    pd = pytest.importorskip("pandas")
    people = pd.DataFrame({"id": ["p1", "p2"], "name": ["Ada", "Bob"]})
    cities = pd.DataFrame({"id": ["c1", "p1"], "name": ["Oslo", "Rome"]})  # 'p1' again: another space
    lives = pd.DataFrame({"from": ["p1", "p2"], "to": ["c1", "p1"]})
    knows = pd.DataFrame({"from": ["p1"], "to": ["p2"]})
    db_path = os.path.join(scratch, "graph")
    quiver.import_dataframes(
        db_path, nodes={"Person": people, "City": cities},
        relationships={("Person", "LIVES_IN", "City"): lives, ("Person", "KNOWS", "Person"): knows},
    )
    with quiver.Database(db_path) as db:
        rows = quiver.Connection(db).execute(
            "MATCH (p:Person)-[:LIVES_IN]->(c:City) RETURN p.name, c.name ORDER BY p.name").get_all()
        assert rows == [["Ada", "Oslo"], ["Bob", "Rome"]]


def test_import_dataframes_refuses_what_it_cannot_type(scratch):
    pd = pytest.importorskip("pandas")
    frame = pd.DataFrame({"id": [1], "born": pd.to_datetime(["2020-01-01"])})
    with pytest.raises(ValueError, match="'born': dtype datetime64"):
        quiver.import_dataframes(os.path.join(scratch, "g"), nodes={"P": frame})
    mixed = pd.DataFrame({"id": [1, 2], "x": ["a", 3]})
    with pytest.raises(ValueError, match="'x': a int value"):
        quiver.import_dataframes(os.path.join(scratch, "g"), nodes={"P": mixed})
    with pytest.raises(ValueError, match="no column 'id'"):
        quiver.import_dataframes(os.path.join(scratch, "g"), nodes={"P": pd.DataFrame({"key": [1]})})
    with pytest.raises(ValueError, match="column name 'a:b'"):
        quiver.import_dataframes(os.path.join(scratch, "g"), nodes={"P": pd.DataFrame({"id": [1], "a:b": [1]})})


def test_import_csv_incremental(scratch):
    people = write(os.path.join(scratch, "people.csv"), "id:ID,name\n1,Ada\n2,Bob\n")
    knows = write(os.path.join(scratch, "knows.csv"), ":START_ID,:END_ID\n1,2\n")
    more = write(os.path.join(scratch, "more.csv"), "id:ID,name\n3,Cy\n")
    more_knows = write(os.path.join(scratch, "more_knows.csv"), ":START_ID,:END_ID\n3,1\n2,3\n")
    db_path = os.path.join(scratch, "graph")
    quiver.import_csv(db_path, nodes={"Person": people}, relationships={"KNOWS": knows})
    summary = quiver.import_csv(db_path, nodes={"Person": more}, relationships={"KNOWS": more_knows},
                                incremental=True)
    assert (summary.nodes, summary.relationships) == (3, 3)
    with quiver.Database(db_path) as db:
        rows = quiver.Connection(db).execute(
            "MATCH (a)-[:KNOWS]->(b) RETURN a.name, b.name ORDER BY a.name").get_all()
        assert rows == [["Ada", "Bob"], ["Bob", "Cy"], ["Cy", "Ada"]]
    # An id the database holds is a duplicate, named.
    with raises(quiver.ArgumentError, "InvalidInput") as caught:
        quiver.import_csv(db_path, nodes={"Person": more}, incremental=True)
    assert "duplicate id '3'" in caught.value.message
