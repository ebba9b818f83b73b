"""Quiver: an embedded property-graph database, queried with openCypher.

    import quiver
    db = quiver.Database("/tmp/graph")          # or quiver.Database() in memory
    conn = quiver.Connection(db)
    conn.execute("CREATE (:Person {name: $name})", {"name": "Ada"})
    for row in conn.execute("MATCH (p:Person) RETURN p.name"):
        print(row)

The API follows Kùzu's Python API (docs/python.md says where it differs).
"""

from ._quiver import __version__
from ._errors import (
    ArgumentError,
    ArithmeticError,
    ClientError,
    ConstraintError,
    EntityNotFoundError,
    Error,
    InternalError,
    InterruptedError,
    ParameterMissingError,
    Position,
    ProcedureError,
    ResourceExhaustedError,
    SchemaError,
    SemanticError,
    StorageError,
    SyntaxError,
    TypeError,
)
from ._export import ExportSummary, export_database, import_exported
from ._import import ImportSummary, import_csv, import_dataframes
from ._session import Connection, Database, PreparedStatement, QueryResult, QuerySummary
from ._values import Duration, Node, Path, Relationship

version = __version__


__all__ = [
    "ArgumentError",
    "ArithmeticError",
    "ClientError",
    "Connection",
    "ConstraintError",
    "Database",
    "Duration",
    "EntityNotFoundError",
    "Error",
    "ExportSummary",
    "ImportSummary",
    "InternalError",
    "InterruptedError",
    "Node",
    "ParameterMissingError",
    "Path",
    "Position",
    "PreparedStatement",
    "ProcedureError",
    "QueryResult",
    "QuerySummary",
    "Relationship",
    "SchemaError",
    "ResourceExhaustedError",
    "SemanticError",
    "StorageError",
    "SyntaxError",
    "TypeError",
    "__version__",
    "export_database",
    "import_csv",
    "import_dataframes",
    "import_exported",
    "version",
]

# The public classes print (and pickle) as quiver.X, not as the private module they
# are defined in.
for _name in __all__:
    if isinstance(globals()[_name], type):
        globals()[_name].__module__ = __name__
del _name
