"""Database, Connection, PreparedStatement and QueryResult: Kùzu's Python API over
Quiver's engine (docs/python.md)."""

from __future__ import annotations

import atexit
import contextlib
import dataclasses
import os
import re
import weakref
from typing import Any, Dict, Iterator, List, Mapping, Optional, Union

from . import _quiver

Parameters = Optional[Mapping[str, Any]]
Size = Union[int, str, None]

_IN_MEMORY = (None, "", ":memory:")

# BEGIN / COMMIT / ROLLBACK as statement text: the engine's Cypher has no such
# statements, so execute() turns them into begin()/commit()/rollback().
_TRANSACTION_TEXT = re.compile(
    r"^\s*(?:(?P<begin>BEGIN)(?:\s+TRANSACTION)?(?:\s+READ\s+(?P<mode>ONLY|WRITE))?"
    r"|(?P<commit>COMMIT)(?:\s+TRANSACTION)?|(?P<rollback>ROLLBACK)(?:\s+TRANSACTION)?)\s*;?\s*$",
    re.IGNORECASE,
)


def _bytes(value: Size, what: str) -> Optional[int]:
    """A size in bytes from an int or a text such as '512M' (powers of two)."""
    if value is None:
        return None
    if isinstance(value, str):
        return _quiver.parse_byte_size(value)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"{what} must be a number of bytes >= 0 or a size such as '512M', not {value!r}")
    return value


class _Closable:
    """close(), `closed` and the context manager, over the extension's object."""

    _native: Any

    def close(self) -> None:
        self._native.close()

    @property
    def closed(self) -> bool:
        return self._native.closed

    def __enter__(self) -> Any:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


_open_databases: "weakref.WeakSet[Database]" = weakref.WeakSet()


@atexit.register
def _close_open_databases() -> None:
    # Before the interpreter tears down: engine threads stop and locks are released
    # while Python still runs.
    for database in list(_open_databases):
        database.close()


class Database(_Closable):
    """A Quiver database: a directory, or in memory when path is None or ':memory:'.

    read_only opens beside one writing process (refresh() catches up with it);
    memory_budget and query_memory_limit take bytes or sizes such as '4G';
    durability is 'durable' (a commit returns once it is on disk) or 'async';
    workers is the threads one statement may use (None: the machine's cores).
    close() (or leaving a with block) releases the database and its directory lock,
    closing its connections and results.
    """

    def __init__(
        self,
        path: Union[str, os.PathLike, None] = None,
        read_only: bool = False,
        memory_budget: Size = None,
        durability: str = "durable",
        query_memory_limit: Size = None,
        workers: Optional[int] = None,
    ) -> None:
        self.path = None if path in _IN_MEMORY else os.fspath(path)
        self.read_only = bool(read_only)
        self._native = _quiver.Database(
            "" if self.path is None else self.path,
            read_only=self.read_only,
            memory_budget=_bytes(memory_budget, "memory_budget"),
            durability=durability,
            query_memory_limit=_bytes(query_memory_limit, "query_memory_limit"),
            workers=0 if workers is None else int(workers),
        )
        _open_databases.add(self)

    def refresh(self) -> None:
        """A read-only database moves to what the writing process has committed since it
        opened (or last refreshed); nothing to do for one that writes or lives in memory."""
        self._native.refresh()

    def close(self) -> None:
        self._native.close()
        _open_databases.discard(self)

    def __repr__(self) -> str:
        where = ":memory:" if self.path is None else self.path
        state = "closed" if self.closed else ("read-only" if self.read_only else "open")
        return f"<quiver.Database {where} ({state})>"


class PreparedStatement(_Closable):
    """A statement parsed and planned once (Connection.prepare), to run many times with
    Connection.execute(prepared, parameters)."""

    def __init__(self, connection: "Connection", native: Any) -> None:
        self.connection = connection
        self._native = native

    @property
    def text(self) -> str:
        return self._native.text

    def get_column_names(self) -> List[str]:
        """Known once the statement has a plan (prepared with the parameters it needs)."""
        return self._native.columns

    def get_column_data_types(self) -> List[str]:
        return self._native.column_types

    @property
    def read_only(self) -> bool:
        """False when the statement may write."""
        return self._native.read_only

    def is_success(self) -> bool:
        """Always True: prepare() raises what Kùzu reports here (kept for Kùzu's API)."""
        return True

    def get_error_message(self) -> str:
        return ""


@dataclasses.dataclass(frozen=True)
class QuerySummary:
    """What a statement did: its rows, the time from the call to the last row, what it
    changed (counters: nodes_created, nodes_deleted, relationships_created,
    relationships_deleted, properties_set, labels_added, labels_removed), the most
    memory its operators held, and its warnings (notifications: Neo4j's
    {code, title, description, severity, category, position: {offset, line, column}},
    such as UnknownLabelWarning for a label the database has never seen), and for
    EXPLAIN and PROFILE the plan (a dict: operator_type, details, identifiers,
    estimated_rows, profiled, rows, db_hits, time_ns, note, children) and its text (plan_text);
    None otherwise."""

    rows: int
    elapsed_ns: int
    counters: Dict[str, int]
    counters_text: str
    contains_updates: bool
    peak_memory_bytes: int
    notifications: List[Dict[str, Any]] = dataclasses.field(default_factory=list)
    plan: Optional[Dict[str, Any]] = None
    plan_text: Optional[str] = None

    @property
    def elapsed(self) -> float:
        """Seconds."""
        return self.elapsed_ns / 1e9


class QueryResult(_Closable):
    """A statement's rows, read as they are asked for: a statement that only reads
    runs batch by batch while the rows are iterated, so any number of rows takes
    bounded memory. Each row is a list, in column order."""

    def __init__(self, connection: "Connection", native: Any) -> None:
        self.connection = connection
        self._native = native  # None: a statement with no result (BEGIN, COMMIT, ...)

    def get_column_names(self) -> List[str]:
        return [] if self._native is None else self._native.columns

    def get_column_data_types(self) -> List[str]:
        """What the engine knows of each column before it runs: 'INTEGER', 'FLOAT',
        'STRING', 'BOOLEAN', 'LIST', 'MAP', 'NODE', 'RELATIONSHIP', 'PATH', 'NULL', or
        'ANY' when its values may be of several types (a property, for one)."""
        return [] if self._native is None else self._native.column_types

    def has_next(self) -> bool:
        return self._native is not None and self._native.has_next()

    def get_next(self) -> List[Any]:
        """The next row; quiver.ClientError (NoMoreRows) past the last."""
        if self._native is None:
            raise _no_rows()
        return self._native.get_next()

    def get_n(self, count: int) -> List[List[Any]]:
        """Up to `count` next rows."""
        rows: List[List[Any]] = []
        while len(rows) < count and self.has_next():
            rows.append(self.get_next())
        return rows

    def get_all(self) -> List[List[Any]]:
        """Every row not read yet."""
        return [] if self._native is None else self._native.get_all()

    def get_num_tuples(self) -> int:
        """The rows of the result in all (read ones included). Until the end was reached
        this reads the rest into memory, as a materialized result holds it: on a large
        streaming result, count while iterating instead (or read get_summary().rows
        after)."""
        return 0 if self._native is None else self._native.get_num_tuples()

    def get_summary(self) -> QuerySummary:
        """The summary. Asked before the last row was read, it runs the statement to its
        end and drops the rows nobody read."""
        if self._native is None:
            return QuerySummary(0, 0, {}, "no changes", False, 0)
        return QuerySummary(**self._native.summary())

    @property
    def summary(self) -> QuerySummary:
        return self.get_summary()

    def get_execution_time(self) -> float:
        """Milliseconds from the call to the last row (Kùzu's name)."""
        return self.get_summary().elapsed_ns / 1e6

    def get_as_df(self) -> Any:
        """The rows not read yet as a pandas DataFrame (docs/python.md)."""
        from ._frames import result_as_df

        return result_as_df(self)

    def get_as_networkx(self, directed: bool = True) -> Any:
        """The nodes and relationships in the rows not read yet as a networkx graph."""
        from ._frames import result_as_networkx

        return result_as_networkx(self, directed)

    def close(self) -> None:
        """Stops the statement if it still runs and frees what it holds."""
        if self._native is not None:
            self._native.close()

    def __iter__(self) -> Iterator[List[Any]]:
        return iter(()) if self._native is None else self._native

    def __next__(self) -> List[Any]:
        if self._native is None:
            raise StopIteration
        return next(self._native)

    @property
    def closed(self) -> bool:
        return self._native is None or self._native.closed


def _no_rows() -> Exception:
    from ._errors import ClientError

    return ClientError(
        "ClientError/NoMoreRows: the result has no more rows (has_next() is False)",
        error_class="ClientError",
        detail="NoMoreRows",
        message="the result has no more rows (has_next() is False)",
    )


class Connection(_Closable):
    """A session on a Database. Statements run one at a time on it; use one connection
    per thread (a connection shared by threads serializes their calls)."""

    def __init__(self, database: Database) -> None:
        if not isinstance(database, Database):
            raise TypeError(f"Connection takes a quiver.Database, not {type(database).__name__}")
        self.database = database
        self._native = database._native.connect()

    def execute(
        self, query: Union[str, PreparedStatement], parameters: Parameters = None
    ) -> QueryResult:
        """Runs one statement: in the open transaction, else in its own (auto-commit).
        `query` is Cypher text or a PreparedStatement; `parameters` a dict {name: value}
        for its $names. BEGIN [TRANSACTION] [READ ONLY], COMMIT and ROLLBACK as text
        call begin(), commit() and rollback()."""
        if isinstance(query, PreparedStatement):
            return QueryResult(self, self._native.execute(query._native, parameters))
        if not isinstance(query, str):
            raise TypeError(f"execute takes a str or a PreparedStatement, not {type(query).__name__}")
        control = _TRANSACTION_TEXT.match(query)
        if control:
            if control.group("begin"):
                self.begin(read_only=(control.group("mode") or "").upper() == "ONLY")
            elif control.group("commit"):
                self.commit()
            else:
                self.rollback()
            return QueryResult(self, None)
        return QueryResult(self, self._native.query(query, parameters))

    def prepare(self, query: str, parameters: Parameters = None) -> PreparedStatement:
        """Parses, binds and plans `query` once. `parameters`, when given, are example
        values whose types the plan assumes (else it is planned at the first execute)."""
        return PreparedStatement(self, self._native.prepare(query, parameters))

    def begin(self, read_only: bool = False) -> None:
        """Opens a transaction: a read-write one holds the database's one writer until it
        ends; a read-only one reads one snapshot throughout."""
        self._native.begin(read_only)

    def commit(self) -> None:
        self._native.commit()

    def rollback(self) -> None:
        self._native.rollback()

    @property
    def in_transaction(self) -> bool:
        return self._native.in_transaction

    @contextlib.contextmanager
    def transaction(self, read_only: bool = False) -> Iterator["Connection"]:
        """`with conn.transaction(): ...` commits when the block ends normally and rolls
        back when it raises (KeyboardInterrupt included)."""
        self.begin(read_only)
        try:
            yield self
        except BaseException:
            with contextlib.suppress(Exception):
                if self._native.in_transaction:
                    self._native.rollback()
            raise
        self.commit()

    def interrupt(self) -> None:
        """From any thread: stops every statement of this connection running or
        streaming now (quiver.InterruptedError, detail 'Cancelled')."""
        self._native.interrupt()

    def set_query_timeout(self, timeout_in_ms: int) -> None:
        """Statements started afterwards end with quiver.InterruptedError (detail
        'Timeout') past this many milliseconds, reading their rows included. 0: none."""
        self._native.set_query_timeout(int(timeout_in_ms))

    def set_query_memory_limit(self, limit: Size) -> None:
        """What each later statement's operators may hold (bytes or '512M'); past it the
        statement ends with quiver.ResourceExhaustedError (MemoryLimitExceeded). 0: none."""
        self._native.set_query_memory_limit(_bytes(limit, "the query memory limit"))

    @property
    def query_memory_limit(self) -> int:
        return self._native.query_memory_limit

    def close(self) -> None:
        """Rolls back an open transaction and closes the connection's results."""
        self._native.close()
