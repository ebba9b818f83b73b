"""Every error class the engine raises arrives as its quiver.Error subclass, with its
class, detail, phase, message and position."""

import os

import pytest

import quiver
from conftest import raises

CASES = [
    # (query, parameters, exception, error_class, detail, phase)
    ("MATCH (n) RETURN x", None, quiver.SyntaxError, "SyntaxError", "UndefinedVariable", "compile time"),
    ("OPTIONAL MATCH (a:Nope) CREATE (a)-[:R]->(b)", None, quiver.SemanticError, "SemanticError",
     "CreateRelationshipWithNullNode", "runtime"),
    ("MATCH (a:A) RETURN a.name - 1", None, quiver.TypeError, "TypeError", "InvalidArgumentType", "runtime"),
    ("RETURN date('xyz')", None, quiver.ArgumentError, "ArgumentError", "InvalidArgumentValue", "runtime"),
    ("RETURN $a / $b", {"a": 1, "b": 0}, quiver.ArithmeticError, "ArithmeticError", "DivisionByZero", "runtime"),
    ("MATCH (a:A) DELETE a", None, quiver.ConstraintError, "ConstraintVerificationFailed",
     "DeleteConnectedNode", "runtime"),
    ("MATCH (n) DETACH DELETE n RETURN n.x", None, quiver.EntityNotFoundError, "EntityNotFound",
     "DeletedEntityAccess", "runtime"),
    ("CALL nope.proc()", None, quiver.ProcedureError, "ProcedureError", "ProcedureNotFound", "compile time"),
    ("RETURN $missing", None, quiver.ParameterMissingError, "ParameterMissing", "MissingParameter", "compile time"),
]


@pytest.mark.parametrize("query,parameters,exception,error_class,detail,phase", CASES, ids=[c[2].__name__ for c in CASES])
def test_statement_errors(conn, query, parameters, exception, error_class, detail, phase):
    conn.execute("CREATE (:A {name: 'a'})-[:R]->(:B)")
    with pytest.raises(exception) as caught:
        conn.execute(query, parameters).get_all()
    error = caught.value
    assert isinstance(error, quiver.Error) and isinstance(error, RuntimeError)
    assert (error.error_class, error.detail) == (error_class, detail)
    if phase:
        assert error.phase == phase
    assert str(error).startswith(f"{error_class}/{detail}: ")
    assert str(error).endswith(error.message)


def test_position(conn):
    with pytest.raises(quiver.SyntaxError) as caught:
        conn.execute("MATCH (a)\nWITH a\nRETURN a, b")
    assert caught.value.position == quiver.Position(line=3, column=11, offset=27)
    with pytest.raises(quiver.ArgumentError) as caught:
        conn.execute("RETURN date('xyz')")
    assert caught.value.position is None or caught.value.position.line == 1


def test_resource_exhausted_leaves_the_connection_usable(conn):
    conn.set_query_memory_limit("1M")
    with raises(quiver.ResourceExhaustedError, "MemoryLimitExceeded"):
        conn.execute("UNWIND range(1, 1000000) AS i RETURN collect(i)").get_all()
    assert conn.execute("RETURN 1").get_all() == [[1]]


def test_storage_and_client_errors(scratch, conn):
    path = os.path.join(scratch, "g")
    with quiver.Database(path) as db:
        quiver.Connection(db).execute("CREATE (:P)")
    with quiver.Database(path, read_only=True) as ro:
        with raises(quiver.StorageError, "ReadOnly"):
            quiver.Connection(ro).execute("CREATE (:P)")
    with raises(quiver.ClientError, "NoTransaction"):
        conn.rollback()
    conn.begin()
    with raises(quiver.ClientError, "TransactionActive"):
        conn.begin()


def test_interrupted_is_its_own_class(conn):
    conn.set_query_timeout(50)
    with raises(quiver.InterruptedError, "Timeout") as caught:
        conn.execute("UNWIND range(1, 100000) AS a UNWIND range(1, 100000) AS b WITH a WHERE a + b < 0 RETURN count(*)")
    assert caught.value.error_class == "Interrupted"


def test_the_classes():
    names = ["SyntaxError", "SemanticError", "TypeError", "ArgumentError", "ArithmeticError", "ConstraintError",
             "EntityNotFoundError", "ProcedureError", "ParameterMissingError", "ResourceExhaustedError",
             "StorageError", "InternalError", "ClientError", "InterruptedError"]
    for name in names:
        cls = getattr(quiver, name)
        assert issubclass(cls, quiver.Error) and cls.__module__ == "quiver"
    assert quiver.TypeError is not TypeError  # the builtins stay themselves
