#pragma once
// A value as JSON, for any JSON type shaped like nlohmann::json (array(), object(),
// push_back, operator[], and construction from nullptr, bool, int64_t, double and
// std::string), where what an entity looks like is the caller's (`quiver query --format
// json` writes a node as {id, labels, properties}, the HTTP endpoint as its property map):
// `entity(v)` writes nodes, relationships and paths; the rest is JSON's own — null,
// booleans, numbers, strings, lists, maps (recursively, with the same `entity`) — except
// NaN and the infinities, which JSON has no number for ("NaN", "Infinity", "-Infinity":
// nlohmann's dump() would write null), and temporal values, written as their ISO text.
// Header only; it includes no JSON library.
//
//   nlohmann::json j = quiver::ValueToJson<nlohmann::json>(value, [](const quiver::Value& e) {
//     return nlohmann::json(quiver::ToTckString(e));  // entities as their Cypher text
//   });

#include <cmath>
#include <string>

#include "quiver/value.h"
#include "quiver/value_ops.h"

namespace quiver {

template <typename Json, typename Entity>
Json ValueToJson(const Value& v, const Entity& entity) {
  switch (v.kind()) {
    case ValueKind::kNull:
      return nullptr;
    case ValueKind::kBool:
      return v.AsBool();
    case ValueKind::kInt:
      return v.AsInt();
    case ValueKind::kFloat:
      if (!std::isfinite(v.AsFloat())) return FormatFloat(v.AsFloat());
      return v.AsFloat();
    case ValueKind::kString:
      return std::string(v.AsString());
    case ValueKind::kList: {
      Json out = Json::array();
      for (const auto& item : v.AsList()) out.push_back(ValueToJson<Json>(item, entity));
      return out;
    }
    case ValueKind::kMap: {
      Json out = Json::object();
      for (const auto& [key, item] : v.AsMap()) out[key] = ValueToJson<Json>(item, entity);
      return out;
    }
    case ValueKind::kNode:
    case ValueKind::kRelationship:
    case ValueKind::kPath:
      return entity(v);
    default:
      return ToIsoString(v);
  }
}

}  // namespace quiver
