"""Export: quiver.export_database over quiver::ExportDatabase, read back with
quiver.import_exported (CSV) and json (JSON lines), while a connection stays open."""

import json
import os

import quiver
from conftest import raises


def rows(db, query):
    return sorted(map(repr, quiver.Connection(db).execute(query).get_all()))


def test_export_csv_round_trip(scratch):
    source = os.path.join(scratch, "source")
    with quiver.Database(source) as db:
        conn = quiver.Connection(db)
        conn.execute(
            "CREATE (a:Person {name: 'Ada', tags: ['x', 'y'], born: date('1815-12-10')}), (b:Person {name: 'Bob'}), "
            "(a)-[:KNOWS {since: 2001}]->(b)"
        )
        conn.execute("CREATE INDEX person_name FOR (n:Person) ON (n.name)")
        # The database stays open here: the export reads a snapshot beside it.
        summary = quiver.export_database(source, os.path.join(scratch, "out"))
        assert (summary.nodes, summary.relationships) == (2, 1)
        assert summary.files[-1] == "export.json"
        quiver.export_database(source, os.path.join(scratch, "pq"), format="parquet", codec="snappy")
        for out in ["out", "pq"]:
            copy_path = os.path.join(scratch, "copy-" + out)
            imported = quiver.import_exported(copy_path, os.path.join(scratch, out))
            assert (imported.nodes, imported.relationships) == (2, 1)
            with quiver.Database(copy_path) as copy:
                for query in ["MATCH (n) RETURN n", "MATCH (a)-[r]->(b) RETURN a.name, r, b.name",
                              "SHOW INDEXES YIELD name, type WHERE type <> 'LOOKUP' RETURN *"]:
                    assert rows(db, query) == rows(copy, query)


def test_export_jsonl_and_errors(scratch):
    source = os.path.join(scratch, "source")
    with quiver.Database(source) as db:
        quiver.Connection(db).execute("CREATE (:A {v: 1.5})-[:T]->(:B)")
    quiver.export_database(source, os.path.join(scratch, "j"), format="jsonl")
    with open(os.path.join(scratch, "j", "graph.jsonl"), encoding="utf-8") as f:
        lines = [json.loads(line) for line in f]
    assert [line["type"] for line in lines] == ["node", "node", "relationship"]
    assert lines[0]["properties"] == {"v": 1.5}
    with raises(quiver.ArgumentError, "InvalidInput") as caught:
        quiver.export_database(source, os.path.join(scratch, "j"))
    assert "exists and is not empty" in caught.value.message
    with raises(quiver.ArgumentError, "InvalidInput") as caught:
        quiver.export_database(source, os.path.join(scratch, "x"), format="xml")
    assert "unknown export format" in caught.value.message
