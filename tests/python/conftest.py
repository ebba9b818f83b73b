"""Shared fixtures of the Python module's tests (tests/python/, docs/python.md).

ctest runs them as `python_module` with PYTHONPATH at the built package
(build/<dir>/python) and QUIVER_TEST_TMPDIR for scratch files; run by hand:
    PYTHONPATH=build/release/python /usr/bin/python3 -m pytest -q tests/python
"""

import contextlib
import os
import shutil
import sys
import tempfile

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

try:
    import quiver  # noqa: F401
except ImportError:  # not on the path: the default build directory's package
    sys.path.insert(0, os.path.join(ROOT, "build", "release", "python"))
    import quiver  # noqa: F401


@pytest.fixture
def scratch():
    """A fresh directory under $QUIVER_TEST_TMPDIR (else the system's), removed after."""
    base = os.environ.get("QUIVER_TEST_TMPDIR") or None
    if base:
        os.makedirs(base, exist_ok=True)
    path = tempfile.mkdtemp(prefix="python-", dir=base)
    yield path
    shutil.rmtree(path, ignore_errors=True)


@pytest.fixture
def conn():
    """A connection to a fresh in-memory database."""
    db = quiver.Database()
    connection = quiver.Connection(db)
    yield connection
    db.close()


@pytest.fixture
def disk_conn(scratch):
    """A connection to a fresh database on disk (statements that only read stream)."""
    db = quiver.Database(os.path.join(scratch, "graph"))
    connection = quiver.Connection(db)
    yield connection
    db.close()


def rss_bytes():
    """The process's resident memory now."""
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


@contextlib.contextmanager
def raises(exception, detail):
    """pytest.raises(exception) whose error also has this detail code."""
    with pytest.raises(exception) as caught:
        yield caught
    assert caught.value.detail == detail, str(caught.value)
