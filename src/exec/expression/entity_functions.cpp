// The functions that read the graph: id, labels, type, keys, properties, startNode,
// endNode, nodes, relationships, length, exists, gds.util.asNode; and building paths from row slots.

#include "exec/entity_ref.h"
#include "exec/expression/expression_internal.h"

namespace quiver::exec {

namespace {

Value KeysOf(const std::vector<PropertyEntry>& props, const GraphReader& graph) {
  std::vector<Value> keys;
  keys.reserve(props.size());
  for (const auto& [key, value] : props) keys.push_back(Value::String(graph.PropertyKeyName(key)));
  return Value::List(std::move(keys));
}

Value MapOf(const std::vector<PropertyEntry>& props, const GraphReader& graph) {
  std::vector<ValueMap::Entry> entries;
  entries.reserve(props.size());
  for (const auto& [key, value] : props) entries.emplace_back(std::string(graph.PropertyKeyName(key)), value);
  return Value::Map(ValueMap(std::move(entries)));
}

// The TCK expects InvalidArgumentValue here (Graph3 #9, Graph4 #6): the argument's
// type is only known when the value arrives.
[[noreturn]] void WrongArgument(planner::EntityFunction f, const Value& arg) {
  throw TypeError(
      "InvalidArgumentValue",
      std::string(planner::EntityFunctionName(f)) + "() cannot take a " + std::string(arg.TypeName()),
      ErrorPhase::kRuntime);
}

}  // namespace

Value CallEntityFunction(planner::EntityFunction f, const Value& arg, ExecContext& ctx) {
  using planner::EntityFunction;
  if (f == EntityFunction::kExists) return Value::Bool(!arg.IsNull());
  if (arg.IsNull()) return Value();
  const GraphReader& graph = ctx.graph();
  std::vector<PropertyEntry> props;
  switch (f) {
    case EntityFunction::kId:
      if (arg.IsNode()) return Value::Int(static_cast<int64_t>(arg.AsNode().id));
      if (arg.IsRelationship()) return Value::Int(static_cast<int64_t>(arg.AsRelationship().id));
      break;
    case EntityFunction::kElementId:
      if (arg.IsNode()) return Value::String(std::to_string(arg.AsNode().id));
      if (arg.IsRelationship()) return Value::String(std::to_string(arg.AsRelationship().id));
      break;
    case EntityFunction::kLabels: {
      if (!arg.IsNode()) break;
      NodeId id = arg.AsNode().id;
      CheckNodeAlive(id, ctx);
      std::vector<LabelId> labels;
      graph.GetLabels(id, labels);
      std::vector<Value> names;
      for (LabelId l : labels) names.push_back(Value::String(graph.LabelName(l)));
      return Value::List(std::move(names));
    }
    case EntityFunction::kType:
      if (arg.IsRelationship()) return Value::String(arg.AsRelationship().type);
      break;
    case EntityFunction::kKeys:
    case EntityFunction::kProperties:
      if (arg.IsMap()) {
        if (f == EntityFunction::kProperties) return arg;
        std::vector<Value> keys;
        for (const auto& [k, v] : arg.AsMap()) keys.push_back(Value::String(k));
        return Value::List(std::move(keys));
      }
      if (arg.IsNode()) {
        CheckNodeAlive(arg.AsNode().id, ctx);
        graph.GetNodeProperties(arg.AsNode().id, props);
      } else if (arg.IsRelationship()) {
        CheckRelationshipAlive(arg.AsRelationship().id, ctx);
        graph.GetRelationshipProperties(arg.AsRelationship().id, props);
      } else {
        break;
      }
      return f == EntityFunction::kKeys ? KeysOf(props, graph) : MapOf(props, graph);
    case EntityFunction::kStartNode:
      if (arg.IsRelationship()) return NodeRef(arg.AsRelationship().start_id);
      break;
    case EntityFunction::kEndNode:
      if (arg.IsRelationship()) return NodeRef(arg.AsRelationship().end_id);
      break;
    case EntityFunction::kNodes: {
      if (!arg.IsPath()) break;
      std::vector<Value> nodes;
      for (const auto& n : arg.AsPath().nodes) nodes.push_back(Value::Node(n));
      return Value::List(std::move(nodes));
    }
    case EntityFunction::kRelationships: {
      if (!arg.IsPath()) break;
      std::vector<Value> rels;
      for (const auto& r : arg.AsPath().relationships) rels.push_back(Value::Relationship(r));
      return Value::List(std::move(rels));
    }
    case EntityFunction::kLength:
      if (arg.IsPath()) return Value::Int(static_cast<int64_t>(arg.AsPath().relationships.size()));
      break;
    case EntityFunction::kExists:
      break;
    case EntityFunction::kAsNode:
      if (!arg.IsInt()) break;
      // An algorithm's nodeId is the node's id; a node deleted since (or a made-up id)
      // is null, as in GDS.
      if (arg.AsInt() < 0 || !graph.NodeExists(static_cast<NodeId>(arg.AsInt()))) return Value();
      return NodeRef(static_cast<NodeId>(arg.AsInt()));
  }
  WrongArgument(f, arg);
}

Value BuildPath(const std::vector<planner::PathStep>& steps, const Value* row) {
  PathValue path;
  const Value& first = row[steps[0].slot];
  if (!first.IsNode()) return Value();  // an OPTIONAL MATCH that did not match
  path.nodes.push_back(first.AsNode());
  for (size_t i = 1; i + 1 < steps.size(); i += 2) {
    const Value& rel = row[steps[i].slot];
    const Value& next = row[steps[i + 1].slot];
    if (rel.IsNull() || next.IsNull()) return Value();
    if (steps[i].is_relationship_list) {
      // Walk the list from the current node; each relationship leads to its other end.
      for (const auto& r : rel.AsList()) {
        const auto& rv = r.AsRelationship();
        uint64_t current = path.nodes.back().id;
        NodeValue other;
        other.id = rv.start_id == current ? rv.end_id : rv.start_id;
        path.relationships.push_back(rv);
        path.nodes.push_back(std::move(other));
      }
    } else {
      path.relationships.push_back(rel.AsRelationship());
      path.nodes.push_back(next.AsNode());
    }
  }
  return Value::Path(std::move(path));
}

}  // namespace quiver::exec
