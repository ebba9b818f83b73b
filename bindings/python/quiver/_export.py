"""Export (export_database) and the import of an export (import_exported): `quiver
export` and `quiver import --from` as functions (docs/python.md, "Export")."""

from __future__ import annotations

import dataclasses
import os
from typing import List, Optional, Union

from . import _quiver
from ._import import ImportSummary

Path = Union[str, os.PathLike]


@dataclasses.dataclass(frozen=True)
class ExportSummary:
    nodes: int
    relationships: int
    generation: int
    sequence: int
    bytes: int
    files: List[str]
    seconds: float


def export_database(
    db_path: Path,
    directory: Path,
    format: str = "csv",
    at_checkpoint: Optional[str] = None,
    threads: Optional[int] = None,
    codec: str = "zstd",
) -> ExportSummary:
    """Writes one snapshot of the database at db_path (the latest commit, or the named
    checkpoint) into directory, which must not exist or be empty, while other
    connections and processes go on writing. format: "csv" (neo4j-admin import files
    with typed headers and a schema.cypher, which import_exported reads back into the
    same graph), "parquet" (the same files as Parquet, compressed with codec: "zstd",
    "snappy", "gzip" or "none"), "jsonl" (JSON lines in APOC's shape) or "cypher" (a
    script of CREATE statements). Bad arguments raise quiver.ArgumentError."""
    summary = _quiver.export_database(
        os.fspath(db_path),
        os.fspath(directory),
        format=format,
        at_checkpoint=at_checkpoint or "",
        threads=0 if threads is None else int(threads),
        codec=codec,
    )
    return ExportSummary(**summary)


def import_exported(
    db_path: Path,
    directory: Path,
    skip_bad_rows: bool = False,
    report_path: Optional[Path] = None,
    threads: Optional[int] = None,
) -> ImportSummary:
    """Imports a CSV or Parquet export (what export_database wrote into directory: its export.json
    names the files, the array delimiter and the schema) into the new database at
    db_path, as import_csv does."""
    summary = _quiver.import_exported(
        os.fspath(db_path),
        os.fspath(directory),
        skip_bad_rows=skip_bad_rows,
        report_path="" if report_path is None else os.fspath(report_path),
        threads=0 if threads is None else int(threads),
    )
    return ImportSummary(**summary)
