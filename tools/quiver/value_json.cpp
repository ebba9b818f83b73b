#include "value_json.h"

#include <string>

#include "quiver/value_json.h"

namespace quiver::cli {

namespace {

Json PropertiesJson(const ValueMap& properties) {
  Json out = Json::object();
  for (const auto& [k, item] : properties) out[k] = ToJson(item);
  return out;
}

Json NodeJson(const NodeValue& n) { return {{"id", n.id}, {"labels", n.labels}, {"properties", PropertiesJson(n.properties)}}; }

Json RelationshipJson(const RelationshipValue& r) {
  return {{"id", r.id},       {"type", r.type}, {"start", r.start_id},
          {"end", r.end_id}, {"properties", PropertiesJson(r.properties)}};
}

}  // namespace

Json ToJson(const Value& v) {
  return ValueToJson<Json>(v, [](const Value& entity) -> Json {
    if (entity.IsNode()) return NodeJson(entity.AsNode());
    if (entity.kind() == ValueKind::kRelationship) return RelationshipJson(entity.AsRelationship());
    // A path: a structure, as Neo4j's drivers give it: the nodes and the relationships in order.
    const PathValue& p = entity.AsPath();
    Json nodes = Json::array(), rels = Json::array();
    for (const auto& n : p.nodes) nodes.push_back(NodeJson(n));
    for (const auto& r : p.relationships) rels.push_back(RelationshipJson(r));
    return {{"nodes", std::move(nodes)}, {"relationships", std::move(rels)}};
  });
}

}  // namespace quiver::cli
