#include "value_json.h"

#include <cmath>
#include <string>

#include "quiver/value_ops.h"

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
  switch (v.kind()) {
    case ValueKind::kNull:
      return nullptr;
    case ValueKind::kBool:
      return v.AsBool();
    case ValueKind::kInt:
      return v.AsInt();
    case ValueKind::kFloat:
      if (!std::isfinite(v.AsFloat())) return FormatFloat(v.AsFloat());  // else dump() writes null
      return v.AsFloat();
    case ValueKind::kString:
      return std::string(v.AsString());
    case ValueKind::kList: {
      Json out = Json::array();
      for (const auto& item : v.AsList()) out.push_back(ToJson(item));
      return out;
    }
    case ValueKind::kMap:
      return PropertiesJson(v.AsMap());
    case ValueKind::kNode:
      return NodeJson(v.AsNode());
    case ValueKind::kRelationship:
      return RelationshipJson(v.AsRelationship());
    case ValueKind::kPath: {
      // A structure, as Neo4j's drivers give it: the nodes and the relationships in order.
      const PathValue& p = v.AsPath();
      Json nodes = Json::array(), rels = Json::array();
      for (const auto& n : p.nodes) nodes.push_back(NodeJson(n));
      for (const auto& r : p.relationships) rels.push_back(RelationshipJson(r));
      return {{"nodes", std::move(nodes)}, {"relationships", std::move(rels)}};
    }
    default:
      return ToIsoString(v);  // temporal values: their ISO 8601 text
  }
}

}  // namespace quiver::cli
