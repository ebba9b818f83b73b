"""Databases, connections, prepared statements and transactions; closing in any order;
a read-only second process beside the writer."""

import os
import subprocess
import sys
import textwrap

import pytest

import quiver
from conftest import raises


def count(conn, label="P"):
    return conn.execute(f"MATCH (n:{label}) RETURN count(n)").get_next()[0]


def test_prepared_statements(conn):
    insert = conn.prepare("CREATE (:P {id: $id, name: $name})")
    assert not insert.read_only and insert.is_success() and insert.get_error_message() == ""
    for i in range(10):
        conn.execute(insert, {"id": i, "name": f"n{i}"})
    lookup = conn.prepare("MATCH (p:P {id: $id}) RETURN p.name AS name", {"id": 0})
    assert lookup.read_only and lookup.get_column_names() == ["name"]
    assert [conn.execute(lookup, {"id": i}).get_next()[0] for i in (3, 7)] == ["n3", "n7"]
    # Planned for an integer, run with a string: planned again transparently.
    assert conn.execute(lookup, {"id": "3"}).get_all() == []
    # A statement may run on another connection of the same database.
    other = quiver.Connection(conn.database)
    assert other.execute(lookup, {"id": 9}).get_all() == [["n9"]]
    lookup.close()
    assert lookup.closed and not insert.closed
    with raises(quiver.ClientError, "StatementClosed"):
        conn.execute(lookup, {"id": 1})
    with pytest.raises(quiver.ParameterMissingError):
        conn.execute(insert, {"id": 1})


def test_transaction_context_manager(disk_conn):
    with disk_conn.transaction():
        disk_conn.execute("CREATE (:P {n: 1})")
        disk_conn.execute("CREATE (:P {n: 2})")
        assert disk_conn.in_transaction
    assert not disk_conn.in_transaction and count(disk_conn) == 2
    with pytest.raises(ZeroDivisionError):
        with disk_conn.transaction():
            disk_conn.execute("CREATE (:P {n: 3})")
            1 / 0
    assert not disk_conn.in_transaction and count(disk_conn) == 2
    # A failed statement fails the whole transaction; the block rolls it back.
    with pytest.raises(quiver.ArithmeticError):
        with disk_conn.transaction():
            disk_conn.execute("CREATE (:P {n: 4})")
            disk_conn.execute("RETURN 1 / $zero", {"zero": 0})
    assert count(disk_conn) == 2


def test_transactions_as_text_and_calls(disk_conn):
    other = quiver.Connection(disk_conn.database)
    assert disk_conn.execute("BEGIN TRANSACTION").get_column_names() == []
    disk_conn.execute("CREATE (:P)")
    assert count(disk_conn) == 1 and count(other) == 0  # not committed: others see nothing
    disk_conn.execute("COMMIT;")
    assert count(other) == 1
    disk_conn.execute("begin")
    disk_conn.execute("CREATE (:P)")
    disk_conn.execute("ROLLBACK")
    assert count(disk_conn) == 1
    disk_conn.begin()
    disk_conn.execute("CREATE (:P)")
    disk_conn.commit()
    assert count(other) == 2
    disk_conn.execute("BEGIN TRANSACTION READ ONLY")
    with raises(quiver.ClientError, "ReadOnlyTransaction"):
        disk_conn.execute("CREATE (:P)")
    disk_conn.rollback()
    with raises(quiver.ClientError, "NoTransaction"):
        disk_conn.commit()


def test_failed_transaction_needs_a_rollback(disk_conn):
    disk_conn.begin()
    with pytest.raises(quiver.SyntaxError):
        disk_conn.execute("RETURN nope")
    with raises(quiver.ClientError, "TransactionFailed"):
        disk_conn.execute("RETURN 1")
    disk_conn.rollback()
    assert disk_conn.execute("RETURN 1").get_all() == [[1]]


def test_closing_the_database_closes_what_was_forgotten(scratch):
    path = os.path.join(scratch, "g")
    db = quiver.Database(path)
    conn = quiver.Connection(db)
    conn.execute("CREATE (:P {n: 1})")
    streaming = conn.execute("UNWIND range(1, 100000) AS i RETURN i")
    assert streaming.get_next() == [1]
    prepared = conn.prepare("MATCH (p:P) RETURN p.n")
    conn.begin()
    conn.execute("CREATE (:P {n: 2})")  # left open: rolled back by close
    db.close()
    assert db.closed and conn.closed
    for call in (lambda: conn.execute("RETURN 1"), streaming.get_next, lambda: conn.execute(prepared),
                 lambda: quiver.Connection(db), db.refresh):
        with pytest.raises(quiver.ClientError):
            call()
    conn.close()
    db.close()  # closing twice is fine
    # The directory lock was released: the same process opens it again.
    with quiver.Database(path) as again, quiver.Connection(again) as conn2:
        assert conn2.execute("MATCH (p:P) RETURN p.n").get_all() == [[1]]


def test_a_second_writer_is_busy(scratch):
    path = os.path.join(scratch, "g")
    with quiver.Database(path):
        with raises(quiver.StorageError, "Busy"):
            quiver.Database(path)


def test_options(scratch):
    path = os.path.join(scratch, "g")
    with quiver.Database(path, memory_budget="256M", durability="async", query_memory_limit="64M", workers=2) as db:
        conn = quiver.Connection(db)
        assert conn.query_memory_limit == 64 << 20
        conn.set_query_memory_limit("1M")
        assert conn.query_memory_limit == 1 << 20
        conn.execute("CREATE (:P)")
        assert "open" in repr(db)
    assert "closed" in repr(db)
    with pytest.raises(ValueError, match="durability"):
        quiver.Database(durability="sometimes")
    with pytest.raises(ValueError):
        quiver.Database(memory_budget="lots")
    with pytest.raises(TypeError):
        quiver.Connection("not a database")
    with quiver.Database(":memory:") as memory:
        assert memory.path is None


READER = textwrap.dedent(
    """
    import sys, quiver
    db = quiver.Database(sys.argv[1], read_only=True)
    conn = quiver.Connection(db)
    count = lambda: conn.execute("MATCH (p:P) RETURN count(p)").get_next()[0]
    for line in sys.stdin:
        if line.strip() == "refresh":
            db.refresh()
        print(count(), flush=True)
    """
)


def test_a_read_only_process_beside_the_writer(scratch):
    path = os.path.join(scratch, "g")
    with quiver.Database(path) as db:
        conn = quiver.Connection(db)
        conn.execute("CREATE (:P)")
        reader = subprocess.Popen(
            [sys.executable, "-c", READER, path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            text=True, env=dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path)),
        )

        def ask(line):
            reader.stdin.write(line + "\n")
            reader.stdin.flush()
            return int(reader.stdout.readline())

        try:
            assert ask("count") == 1
            conn.execute("UNWIND range(1, 5) AS i CREATE (:P)")
            assert ask("count") == 1  # what was committed when it opened
            assert ask("refresh") == 6
            with conn.transaction():
                conn.execute("CREATE (:P)")
            assert ask("refresh") == 7
        finally:
            reader.stdin.close()
            assert reader.wait(timeout=30) == 0
    with quiver.Database(path, read_only=True) as ro:
        with pytest.raises(quiver.Error):
            quiver.Connection(ro).execute("CREATE (:P)")
