#pragma once
// Nodes and relationships inside the engine are identities: a NodeValue with only its
// id, a RelationshipValue with its id, type and endpoints (all immutable, so a deleted
// relationship still answers type(r)). Labels and properties are read from the graph
// when an expression needs them, and filled in by Materialize() when rows leave the
// engine — so a SET earlier in a query is visible to every later read.

#include "quiver/value.h"
#include "storage/graph.h"

namespace quiver::exec {

inline Value NodeRef(NodeId id) {
  NodeValue node;
  node.id = id;
  return Value::Node(std::move(node));
}

inline Value RelRef(const RelationshipRef& rel, const GraphReader& graph) {
  RelationshipValue value;
  value.id = rel.id;
  value.type = std::string(graph.RelTypeName(rel.type));
  value.start_id = rel.start;
  value.end_id = rel.end;
  return Value::Relationship(std::move(value));
}

// Fills in labels and properties of every node and relationship in `v` (inside lists,
// maps and paths too) from the graph's current state.
Value Materialize(const Value& v, const GraphReader& graph);

}  // namespace quiver::exec
