"""Threads, the GIL, cancellation: interrupt() from another thread, timeouts, Ctrl-C
(SIGINT) cancelling a running query, connections on several threads at once."""

import signal
import threading
import time

import pytest

import quiver
from conftest import raises

# A statement that runs for minutes unless stopped: 10^10 rows, every one rejected.
LONG = "UNWIND range(1, 100000) AS a UNWIND range(1, 100000) AS b WITH a, b WHERE a + b < 0 RETURN count(*)"
LONG_WRITE = "UNWIND range(1, 100000) AS a UNWIND range(1, 100000) AS b WITH a, b WHERE a + b < 0 CREATE (:Never)"


def after(seconds, action):
    timer = threading.Timer(seconds, action)
    timer.start()
    return timer


def test_interrupt_from_another_thread(disk_conn):
    started = time.monotonic()
    after(0.2, disk_conn.interrupt)
    with raises(quiver.InterruptedError, "Cancelled"):
        disk_conn.execute(LONG).get_all()
    assert time.monotonic() - started < 5
    assert disk_conn.execute("RETURN 1").get_all() == [[1]]  # later statements run


def test_interrupt_while_streaming(disk_conn):
    result = disk_conn.execute("UNWIND range(1, 10000000) AS i RETURN i")
    assert result.get_next() == [1]
    disk_conn.interrupt()
    with pytest.raises(quiver.InterruptedError):
        for _ in result:
            pass
    with pytest.raises(quiver.InterruptedError):  # the same error again
        result.get_next()


def test_timeout(disk_conn):
    disk_conn.set_query_timeout(100)
    started = time.monotonic()
    with raises(quiver.InterruptedError, "Timeout"):
        disk_conn.execute(LONG).get_all()
    assert time.monotonic() - started < 5
    disk_conn.set_query_timeout(0)
    assert disk_conn.execute("RETURN 2").get_all() == [[2]]


def sigint_after(seconds):
    """SIGINT to this process from a timer thread, as Ctrl-C sends it."""
    return after(seconds, lambda: signal.raise_signal(signal.SIGINT))


def test_ctrl_c_cancels_the_query(disk_conn):
    assert threading.current_thread() is threading.main_thread()
    # A write runs to its end inside execute(); a read runs as its rows are fetched.
    for phase in ("execute", "fetch"):
        started = time.monotonic()
        result = None if phase == "execute" else disk_conn.execute(LONG)
        timer = sigint_after(0.3)
        try:
            with pytest.raises(KeyboardInterrupt):
                if result is None:
                    disk_conn.execute(LONG_WRITE)
                else:
                    result.get_all()
        finally:
            timer.cancel()
        assert time.monotonic() - started < 5
        assert disk_conn.execute("RETURN 3").get_all() == [[3]]
        assert disk_conn.execute("MATCH (n:Never) RETURN count(n)").get_all() == [[0]]
    with pytest.raises(quiver.InterruptedError):  # the interrupted result stays stopped
        result.get_next()


def test_ctrl_c_in_a_transaction_rolls_it_back(disk_conn):
    disk_conn.execute("CREATE (:P)")
    timer = sigint_after(0.3)
    try:
        with pytest.raises(KeyboardInterrupt):
            with disk_conn.transaction():
                disk_conn.execute("CREATE (:P)")
                disk_conn.execute(LONG_WRITE)
    finally:
        timer.cancel()
    assert not disk_conn.in_transaction
    assert disk_conn.execute("MATCH (p:P) RETURN count(p)").get_all() == [[1]]


def test_the_gil_is_released_while_the_engine_works(disk_conn):
    ticks = 0
    done = threading.Event()

    def long_query():
        with pytest.raises(quiver.InterruptedError):
            disk_conn.execute(LONG).get_all()
        done.set()

    worker = threading.Thread(target=long_query)
    worker.start()
    deadline = time.monotonic() + 0.3
    while time.monotonic() < deadline:
        ticks += 1  # Python keeps running on this thread meanwhile
    disk_conn.interrupt()
    worker.join(10)
    assert done.is_set() and ticks > 10_000


def test_two_connections_on_two_threads(disk_conn):
    db = disk_conn.database
    disk_conn.execute("UNWIND range(1, 1000) AS i CREATE (:N {i: i})")
    results = {}
    errors = []

    def work(name, offset):
        try:
            conn = quiver.Connection(db)
            total = 0
            for _ in range(20):
                total += conn.execute("MATCH (n:N) WHERE n.i > $o RETURN sum(n.i)", {"o": offset}).get_next()[0]
                conn.execute("CREATE (:W {t: $t})", {"t": name})
            results[name] = total
            conn.close()
        except BaseException as e:  # noqa: BLE001 — reported below
            errors.append(e)

    threads = [threading.Thread(target=work, args=(name, o)) for name, o in (("a", 0), ("b", 500))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert not errors
    assert results == {"a": 20 * 500500, "b": 20 * (500500 - 125250)}
    assert disk_conn.execute("MATCH (w:W) RETURN w.t, count(*) ORDER BY w.t").get_all() == [["a", 20], ["b", 20]]


def test_one_connection_shared_by_threads_serializes(conn):
    conn.execute("CREATE (:C {n: 0})")

    def bump():
        for _ in range(50):
            conn.execute("MATCH (c:C) SET c.n = c.n + 1")

    threads = [threading.Thread(target=bump) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert conn.execute("MATCH (c:C) RETURN c.n").get_all() == [[150]]


def test_closing_from_another_thread_stops_a_running_query(scratch):
    db = quiver.Database(scratch + "/g")
    conn = quiver.Connection(db)
    after(0.2, db.close)
    with pytest.raises(quiver.Error):
        conn.execute(LONG).get_all()
    assert db.closed
    with pytest.raises(quiver.ClientError):
        conn.execute("RETURN 1")
