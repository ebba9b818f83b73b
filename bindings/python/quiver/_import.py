"""Bulk import: CSV files (import_csv) and pandas DataFrames (import_dataframes) into a
new database through the construction session `quiver import` uses (docs/python.md,
"Bulk import")."""

from __future__ import annotations

import dataclasses
import math
import os
import tempfile
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple, Union

from . import _quiver
from ._session import Size, _bytes

Files = Union[str, os.PathLike, Sequence[Union[str, os.PathLike]]]


@dataclasses.dataclass(frozen=True)
class ImportSummary:
    nodes: int
    relationships: int
    bad_rows: int
    generation: int
    seconds: float


def _files(files: Files) -> List[str]:
    if isinstance(files, (str, os.PathLike)):
        return [os.fspath(files)]
    return [os.fspath(f) for f in files]


def _names(key: Any) -> List[str]:
    """'Person', 'Person:Employee' or ('Person', 'Employee'): the labels; '' or None: none."""
    if key is None or key == "":
        return []
    if isinstance(key, str):
        return key.split(":")
    return list(key)


Sources = Union[Mapping[Any, Files], Sequence[Tuple[Any, Files]]]


def _pairs(sources: Optional[Sources]) -> List[Tuple[Any, Files]]:
    if sources is None:
        return []
    return list(sources.items()) if isinstance(sources, Mapping) else list(sources)


def import_csv(
    db_path: Union[str, os.PathLike],
    nodes: Optional[Sources] = None,
    relationships: Optional[Sources] = None,
    delimiter: str = ",",
    quote: str = '"',
    array_delimiter: str = ";",
    integer_ids: bool = False,
    skip_bad_rows: bool = False,
    report_path: Optional[Union[str, os.PathLike]] = None,
    replace: bool = False,
    threads: Optional[int] = None,
    memory_budget: Size = None,
    progress: bool = False,
    incremental: bool = False,
) -> ImportSummary:
    """Imports neo4j-admin style CSV files (docs/ingest.md has the header format) into
    the database at db_path, which must not be open (in this process or another) and
    must hold no graph unless replace=True or incremental=True (the files are added to
    the graph it holds, relationships may end at its nodes by their import ids: `quiver
    import --incremental`).

    nodes maps labels ('Person', or 'Person:Employee' for two) to a file or a list of
    files whose first file's first row is the header; relationships maps a type to
    files likewise ('' for a source whose :TYPE column says). Either may also be a list
    of (key, files) pairs, for two sources of one label with different headers. Bad
    input raises quiver.ArgumentError (InvalidInput) naming file:line:column and
    imports nothing, unless skip_bad_rows, which leaves bad rows out and lists them in
    report_path.
    """
    sources = [("nodes", _names(key), _files(files)) for key, files in _pairs(nodes)]
    sources += [("relationships", _names(key), _files(files)) for key, files in _pairs(relationships)]
    summary = _quiver.import_csv(
        os.fspath(db_path),
        sources,
        delimiter="\t" if delimiter == "TAB" else delimiter,
        quote=quote,
        array_delimiter=array_delimiter,
        integer_ids=integer_ids,
        skip_bad_rows=skip_bad_rows,
        report_path="" if report_path is None else os.fspath(report_path),
        replace=replace,
        threads=0 if threads is None else int(threads),
        memory_budget=_bytes(memory_budget, "memory_budget"),
        progress=progress,
        incremental=incremental,
    )
    return ImportSummary(**summary)


# ---- DataFrames ------------------------------------------------------------------------


def _quoted(text: str) -> str:
    return '"' + text.replace('"', '""') + '"'


def _float_text(x: float) -> str:
    if math.isnan(x):
        return ""  # missing: no property
    if math.isinf(x):
        return "Infinity" if x > 0 else "-Infinity"
    return repr(x)


def _column_text(frame_name: str, name: str, series: Any) -> Tuple[str, List[str]]:
    """A column as (neo4j-admin type, field texts); an empty field is a missing value."""
    import pandas as pd
    from pandas.api import types

    where = f"{frame_name}: column {name!r}"
    values = series.tolist()
    missing = series.isna().tolist()
    if types.is_bool_dtype(series.dtype):
        return "boolean", ["" if m else ("true" if v else "false") for v, m in zip(values, missing)]
    if types.is_integer_dtype(series.dtype):
        if types.is_unsigned_integer_dtype(series.dtype) and len(series) and series.max() >= 2**63:
            raise ValueError(f"{where}: values past 2**63 - 1 do not fit a Quiver INTEGER")
        return "long", ["" if m else str(int(v)) for v, m in zip(values, missing)]
    if types.is_float_dtype(series.dtype):
        return "double", [_float_text(float(v)) for v in values]
    if isinstance(series.dtype, pd.CategoricalDtype):
        series = series.astype(object)
        values = series.tolist()
    if types.is_object_dtype(series.dtype) or types.is_string_dtype(series.dtype):
        texts = []
        for v, m in zip(values, missing):
            if m:
                texts.append("")
            elif isinstance(v, str):
                texts.append(_quoted(v))
            else:
                raise ValueError(
                    f"{where}: a {type(v).__name__} value; object columns must hold str "
                    "(or None) — convert the column, e.g. with .astype(str)"
                )
        return "string", texts
    raise ValueError(
        f"{where}: dtype {series.dtype} is not supported; supported are integers, floats, "
        "bool, str (object, string or category dtypes). Temporal columns cannot be "
        "imported yet (the CSV import refuses temporal types, docs/ingest.md): import "
        "them as str and convert with a query, e.g. SET n.born = date(n.born)"
    )


def _check_name(frame_name: str, name: Any) -> str:
    if not isinstance(name, str) or not name or any(c in name for c in ':,"\n\r\t'):
        raise ValueError(
            f"{frame_name}: column name {name!r} cannot be a property name in a CSV header "
            "(a non-empty str without ':', ',', quotes or line breaks)"
        )
    return name


def _write_frame(path: str, frame_name: str, frame: Any, special: Dict[str, str]) -> None:
    """Writes `frame` as a CSV file whose header types its columns; `special` maps
    column names to the header fields they get instead (':ID', ':START_ID', ...)."""
    header: List[str] = []
    columns: List[List[str]] = []
    for name in frame.columns:
        series = frame[name]
        column_type, texts = _column_text(frame_name, str(name), series)
        if name in special:
            if column_type not in ("long", "string"):
                raise ValueError(f"{frame_name}: the id column {name!r} must hold integers or str")
            header.append(special[name])
        else:
            header.append(f"{_check_name(frame_name, name)}:{column_type}")
        columns.append(texts)
    with open(path, "w", encoding="utf-8", newline="") as out:
        out.write(",".join(header) + "\n")
        for row in zip(*columns):
            out.write(",".join(row))
            out.write("\n")


def import_dataframes(
    db_path: Union[str, os.PathLike],
    nodes: Optional[Mapping[str, Any]] = None,
    relationships: Optional[Mapping[Any, Any]] = None,
    id_column: str = "id",
    source_column: str = "from",
    target_column: str = "to",
    replace: bool = False,
    skip_bad_rows: bool = False,
    report_path: Optional[Union[str, os.PathLike]] = None,
    threads: Optional[int] = None,
    memory_budget: Size = None,
    tmp_dir: Optional[Union[str, os.PathLike]] = None,
) -> ImportSummary:
    """Imports pandas DataFrames as a new graph (import_csv's rules; Kùzu's COPY ... FROM
    df): nodes maps a label ('Person', 'Person:Employee') to a frame whose id_column is
    the node key (kept as a property too), relationships maps a type to a frame whose
    source_column and target_column hold the keys of its endpoints; the other columns
    are properties, typed by their dtypes. Keys are one space across all node frames,
    unless relationships are keyed by (source label, type, target label) triples: then
    each label's keys are their own space. A missing value (None, NaN, NA) is an absent
    property. Each frame is written as a CSV file under tmp_dir (default: the system's
    temporary directory), removed afterwards.
    """
    nodes = dict(nodes or {})
    relationships = dict(relationships or {})
    triples = [key for key in relationships if isinstance(key, tuple)]
    if triples and len(triples) != len(relationships):
        raise ValueError(
            "relationships: key every frame by a (source label, type, target label) triple, "
            "or none (then node keys are one space across all labels)"
        )
    id_frames = [(f"nodes[{label!r}]", frame, id_column) for label, frame in nodes.items()]
    id_frames += [(f"relationships[{key!r}]", frame, c) for key, frame in relationships.items()
                  for c in (source_column, target_column)]
    from pandas.api import types

    for frame_name, frame, column in id_frames:
        if column not in frame.columns:
            raise ValueError(f"{frame_name}: no column {column!r} (the key column)")
    integer_ids = bool(id_frames) and all(types.is_integer_dtype(frame[c].dtype) for _, frame, c in id_frames)

    def space(label: str) -> str:
        return f"({label})" if triples else ""

    with tempfile.TemporaryDirectory(prefix="quiver-import-", dir=tmp_dir) as directory:
        node_files: List[Tuple[str, str]] = []
        for i, (label, frame) in enumerate(nodes.items()):
            path = os.path.join(directory, f"nodes{i}.csv")
            special = {id_column: f"{_check_name('nodes', id_column)}:ID{space(label)}"}
            _write_frame(path, f"nodes[{label!r}]", frame, special)
            node_files.append((label, path))
        relationship_files: List[Tuple[str, str]] = []
        for i, (key, frame) in enumerate(relationships.items()):
            source, rel_type, target = key if isinstance(key, tuple) else (None, key, None)
            path = os.path.join(directory, f"relationships{i}.csv")
            special = {source_column: f":START_ID{space(source)}", target_column: f":END_ID{space(target)}"}
            _write_frame(path, f"relationships[{key!r}]", frame, special)
            relationship_files.append((rel_type, path))
        return import_csv(
            db_path, nodes=node_files, relationships=relationship_files, integer_ids=integer_ids,
            skip_bad_rows=skip_bad_rows, report_path=report_path, replace=replace, threads=threads,
            memory_budget=memory_budget,
        )
