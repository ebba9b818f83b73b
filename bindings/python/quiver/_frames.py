"""QueryResult.get_as_df() and get_as_networkx(): pandas and networkx, imported only
when asked for."""

from __future__ import annotations

from typing import Any, List

from ._values import Node, Path, Relationship


def _column(values: List[Any]) -> Any:
    """A column's values for pandas: integers (or booleans) with nulls keep their type as
    pandas' nullable Int64 (boolean) instead of turning into floats (objects)."""
    import pandas as pd

    present = [v for v in values if v is not None]
    if len(present) == len(values) or not present:
        return values
    if all(isinstance(v, bool) for v in present):
        return pd.array(values, dtype="boolean")
    if all(isinstance(v, int) and not isinstance(v, bool) for v in present):
        return pd.array(values, dtype="Int64")
    return values


def result_as_df(result: Any) -> Any:
    import pandas as pd

    names = result.get_column_names()
    rows = result.get_all()
    columns = {name: _column([row[i] for row in rows]) for i, name in enumerate(names)}
    return pd.DataFrame(columns, columns=names)


def _add(graph: Any, value: Any) -> None:
    if isinstance(value, Node):
        graph.add_node(value["_id"], **{k: v for k, v in value.items() if k != "_id"})
    elif isinstance(value, Relationship):
        attributes = {k: v for k, v in value.items() if k not in ("_src", "_dst")}
        graph.add_edge(value["_src"], value["_dst"], **attributes)
    elif isinstance(value, Path):
        for node in value["_nodes"]:
            _add(graph, node)
        for rel in value["_rels"]:
            _add(graph, rel)
    elif isinstance(value, list):
        for item in value:
            _add(graph, item)
    elif isinstance(value, dict):
        for item in value.values():
            _add(graph, item)


def result_as_networkx(result: Any, directed: bool) -> Any:
    import networkx as nx

    graph = nx.DiGraph() if directed else nx.Graph()
    for row in result:
        for value in row:
            _add(graph, value)
    return graph
