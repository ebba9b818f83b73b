"""Value types of Quiver's that Python has no exact match for (docs/python.md, "Values").

Nodes, relationships and paths arrive as dicts — Node, Relationship and Path are dict
subclasses, so code that expects Kùzu's plain dicts works unchanged, and
get_as_networkx() can tell a node from a map that looks like one.
"""

from __future__ import annotations

import datetime
from typing import Any

_NANOS_PER_SECOND = 1_000_000_000


class Node(dict):
    """A node: {'_id': int, '_label': first label or None, '_labels': [...], **properties}."""

    __slots__ = ()


class Relationship(dict):
    """A relationship: {'_id', '_type', '_label' (= '_type'), '_src', '_dst', **properties};
    '_src' and '_dst' are the node ids of its start and end."""

    __slots__ = ()


class Path(dict):
    """A path: {'_nodes': [Node, ...], '_rels': [Relationship, ...]}."""

    __slots__ = ()


class Duration:
    """A Cypher DURATION: months, days, seconds and nanoseconds kept apart, as Cypher
    keeps them (a month is not a number of days, nor a day 86,400 seconds across a
    daylight-saving change). Normalized as the engine stores it: nanoseconds in
    [0, 10**9), a negative fraction borrowing from the seconds.

    str() is the ISO-8601 text toString() gives ('P1Y2M3DT4H5M6.5S').
    """

    __slots__ = ("months", "days", "seconds", "nanoseconds")

    def __init__(self, months: int = 0, days: int = 0, seconds: int = 0, nanoseconds: int = 0) -> None:
        for name, value in (("months", months), ("days", days), ("seconds", seconds), ("nanoseconds", nanoseconds)):
            if isinstance(value, bool) or not isinstance(value, int):
                raise TypeError(f"Duration {name} must be an int, not {type(value).__name__}")
        carry, nanoseconds = divmod(nanoseconds, _NANOS_PER_SECOND)
        self.months = months
        self.days = days
        self.seconds = seconds + carry
        self.nanoseconds = nanoseconds

    @classmethod
    def from_timedelta(cls, delta: datetime.timedelta) -> "Duration":
        """The Duration a timedelta is passed as: its days stay days; a negative
        timedelta is the negation of its absolute value."""
        sign = -1 if delta < datetime.timedelta(0) else 1
        magnitude = abs(delta)
        return cls(
            days=sign * magnitude.days,
            seconds=sign * magnitude.seconds,
            nanoseconds=sign * magnitude.microseconds * 1000,
        )

    def to_timedelta(self) -> datetime.timedelta:
        """The duration as a timedelta, nanoseconds rounded down to microseconds.
        ValueError when it has months, which no timedelta can say."""
        if self.months != 0:
            raise ValueError(f"{self} has months, which a timedelta cannot hold")
        return datetime.timedelta(days=self.days, seconds=self.seconds, microseconds=self.nanoseconds // 1000)

    def _key(self) -> tuple:
        return (self.months, self.days, self.seconds, self.nanoseconds)

    def __eq__(self, other: Any) -> bool:
        if isinstance(other, Duration):
            return self._key() == other._key()
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (
            f"quiver.Duration(months={self.months}, days={self.days}, "
            f"seconds={self.seconds}, nanoseconds={self.nanoseconds})"
        )

    def __str__(self) -> str:
        from ._quiver import duration_iso

        return duration_iso(self.months, self.days, self.seconds, self.nanoseconds)
