"""quiver.Error and its subclasses, one per class of engine error (docs/python.md, "Errors").

Every error the engine raises arrives as the subclass of its class, with the class, the
detail code, the phase and the message as attributes. quiver.Error derives from
RuntimeError, which is what Kùzu's Python API raises, so `except RuntimeError` code
keeps working.
"""

from __future__ import annotations

import re
from typing import NamedTuple, Optional


class Position(NamedTuple):
    """Where in the query text an error points: 1-based line and column (in code
    points), 0-based byte offset."""

    line: int
    column: int
    offset: int


_POSITION = re.compile(r"\(line (\d+), column (\d+), offset (\d+)\)")


class Error(RuntimeError):
    """An error of Quiver's.

    error_class: the engine's class, e.g. 'SyntaxError', 'ClientError'.
    detail: the detail code, e.g. 'UndefinedVariable', 'Timeout' ('' when none).
    phase: 'compile time' or 'runtime'.
    message: the message without the 'Class/Detail: ' prefix that str(error) has.
    position: a Position when the message points into the query text, else None.
    """

    def __init__(
        self,
        text: str,
        *,
        error_class: str = "Error",
        detail: str = "",
        phase: str = "runtime",
        message: Optional[str] = None,
    ) -> None:
        super().__init__(text)
        self.error_class = error_class
        self.detail = detail
        self.phase = phase
        self.message = text if message is None else message
        found = _POSITION.search(self.message)
        self.position: Optional[Position] = (
            Position(*(int(group) for group in found.groups())) if found else None
        )


# The classes are module attributes of quiver (quiver.SyntaxError, quiver.TypeError, ...);
# inside the package they shadow Python's builtins of those names only in this module.
class SyntaxError(Error):  # noqa: A001
    """The query text does not parse or binds to nothing (UndefinedVariable, ...)."""


class SemanticError(Error):
    """The query parses but means nothing valid."""


class TypeError(Error):  # noqa: A001
    """A value of the wrong type (InvalidArgumentType, ...)."""


class ArgumentError(Error):
    """A value out of a function's domain (InvalidArgumentValue, NumberOutOfRange, ...)."""


class ArithmeticError(Error):  # noqa: A001
    """Integer overflow, division by zero, ..."""


class ConstraintError(Error):
    """A constraint was violated (the engine's ConstraintVerificationFailed), e.g.
    DELETE of a node that still has relationships."""


class EntityNotFoundError(Error):
    """A node or relationship that was deleted was used."""


class ProcedureError(Error):
    """A procedure call failed (unknown procedure, bad arguments)."""


class ParameterMissingError(Error):
    """A $parameter of the query has no value."""


class ResourceExhaustedError(Error):
    """Out of memory or past a limit (MemoryLimitExceeded: the statement's memory limit)."""


class StorageError(Error):
    """The database's files: Busy (another process writes it), NotFound, Corruption,
    IOError, ReadOnly, ..."""


class InternalError(Error):
    """A bug in Quiver: please report it with the message."""


class ClientError(Error):
    """The session used out of order: a statement in a failed transaction
    (TransactionFailed), commit without begin (NoTransaction), a closed connection
    (ConnectionClosed) or result (ResultClosed), ..."""


class SchemaError(Error):
    """An index or constraint command that cannot be carried out (IndexAlreadyExists,
    IndexDropFailed, ...), or a write a constraint refuses (ConstraintValidationFailed)."""


class InterruptedError(Error):  # noqa: A001
    """The statement was stopped: detail 'Cancelled' (interrupt(), Ctrl-C) or 'Timeout'
    (set_query_timeout)."""


_BY_CLASS = {
    "SyntaxError": SyntaxError,
    "SemanticError": SemanticError,
    "TypeError": TypeError,
    "ArgumentError": ArgumentError,
    "ArithmeticError": ArithmeticError,
    "ConstraintVerificationFailed": ConstraintError,
    "EntityNotFound": EntityNotFoundError,
    "ProcedureError": ProcedureError,
    "ParameterMissing": ParameterMissingError,
    "ResourceExhausted": ResourceExhaustedError,
    "StorageError": StorageError,
    "InternalError": InternalError,
    "ClientError": ClientError,
    "Interrupted": InterruptedError,
    "SchemaError": SchemaError,
}


def _from_engine(error_class: str, detail: str, phase: str, message: str, text: str) -> Error:
    """The exception for an engine error (called by the extension)."""
    cls = _BY_CLASS.get(error_class, Error)
    return cls(text, error_class=error_class, detail=detail, phase=phase, message=message)
