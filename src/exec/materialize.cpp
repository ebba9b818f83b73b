// Turning engine identities into full values as rows leave the engine.

#include "exec/entity_ref.h"

namespace quiver::exec {

namespace {

NodeValue MaterializeNode(const NodeValue& ref, const GraphReader& graph) {
  NodeValue node;
  node.id = ref.id;
  // A node deleted by the query comes back as its bare identity.
  if (!graph.NodeExists(ref.id)) return node;
  std::vector<LabelId> labels;
  graph.GetLabels(ref.id, labels);
  for (LabelId l : labels) node.labels.emplace_back(graph.LabelName(l));
  std::vector<PropertyEntry> props;
  graph.GetNodeProperties(ref.id, props);
  std::vector<ValueMap::Entry> entries;
  for (auto& [key, value] : props)
    entries.emplace_back(std::string(graph.PropertyKeyName(key)), std::move(value));
  node.properties = ValueMap(std::move(entries));
  return node;
}

RelationshipValue MaterializeRel(const RelationshipValue& ref, const GraphReader& graph) {
  RelationshipValue rel = ref;
  if (!graph.RelationshipExists(ref.id)) return rel;
  std::vector<PropertyEntry> props;
  graph.GetRelationshipProperties(ref.id, props);
  std::vector<ValueMap::Entry> entries;
  for (auto& [key, value] : props)
    entries.emplace_back(std::string(graph.PropertyKeyName(key)), std::move(value));
  rel.properties = ValueMap(std::move(entries));
  return rel;
}

}  // namespace

Value Materialize(const Value& v, const GraphReader& graph) {
  switch (v.kind()) {
    case ValueKind::kNode:
      return Value::Node(MaterializeNode(v.AsNode(), graph));
    case ValueKind::kRelationship:
      return Value::Relationship(MaterializeRel(v.AsRelationship(), graph));
    case ValueKind::kPath: {
      PathValue path;
      for (const auto& n : v.AsPath().nodes) path.nodes.push_back(MaterializeNode(n, graph));
      for (const auto& r : v.AsPath().relationships) path.relationships.push_back(MaterializeRel(r, graph));
      return Value::Path(std::move(path));
    }
    case ValueKind::kList: {
      std::vector<Value> items;
      items.reserve(v.AsList().size());
      for (const auto& item : v.AsList()) items.push_back(Materialize(item, graph));
      return Value::List(std::move(items));
    }
    case ValueKind::kMap: {
      std::vector<ValueMap::Entry> entries;
      for (const auto& [key, value] : v.AsMap()) entries.emplace_back(key, Materialize(value, graph));
      return Value::Map(ValueMap(std::move(entries)));
    }
    default:
      return v;
  }
}

}  // namespace quiver::exec
