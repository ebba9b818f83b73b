#include "server/http/json_values.h"

#include <limits>

#include "quiver/value_json.h"

namespace quiver::server::http {

namespace {

// Thrown from nlohmann's parser callback, which cannot report an error otherwise.
struct TooDeep {};

Json PropertiesJson(const ValueMap& properties) {
  Json out = Json::object();
  for (const auto& [key, item] : properties) out[key] = RowJson(item);
  return out;
}

std::string IdText(uint64_t id) { return std::to_string(id); }

Json EntityMeta(uint64_t id, const char* type) {
  return {{"id", id}, {"elementId", IdText(id)}, {"type", type}, {"deleted", false}};
}

const char* TemporalTypeName(ValueKind kind) {
  switch (kind) {
    case ValueKind::kDate:
      return "date";
    case ValueKind::kLocalTime:
      return "localtime";
    case ValueKind::kTime:
      return "time";
    case ValueKind::kLocalDateTime:
      return "localdatetime";
    case ValueKind::kDateTime:
      return "datetime";
    case ValueKind::kDuration:
      return "duration";
    default:
      return nullptr;
  }
}

}  // namespace

Json ParseRequestJson(std::string_view text) {
  try {
    return Json::parse(text, [](int depth, Json::parse_event_t, Json&) {
      if (depth >= kMaxJsonDepth) throw TooDeep{};  // the outermost value is depth 0
      return true;
    });
  } catch (const TooDeep&) {
    throw InvalidRequest("the request nests objects and arrays deeper than " + std::to_string(kMaxJsonDepth) +
                         " levels");
  } catch (const Json::parse_error& e) {
    // nlohmann's message names the byte: "parse error at line 1, column 12: ...".
    std::string message = e.what();
    if (const size_t at = message.find("parse error"); at != std::string::npos) message = message.substr(at);
    throw InvalidRequest("the request is not valid JSON: " + message);
  } catch (const Json::out_of_range& e) {
    // A number past a double's range (`1e400`): nlohmann refuses it while parsing, with
    // another exception type (found by the http fuzz target).
    std::string message = e.what();
    if (const size_t at = message.find("number overflow"); at != std::string::npos) message = message.substr(at);
    throw InvalidRequest("the request is not valid JSON: " + message);
  }
}

Value ValueFromJson(const Json& json, const std::string& where) {
  switch (json.type()) {
    case Json::value_t::null:
    case Json::value_t::discarded:
      return Value::Null();
    case Json::value_t::boolean:
      return Value::Bool(json.get<bool>());
    case Json::value_t::number_integer:
      return Value::Int(json.get<int64_t>());
    case Json::value_t::number_unsigned: {
      const uint64_t n = json.get<uint64_t>();
      if (n > static_cast<uint64_t>(std::numeric_limits<int64_t>::max())) {
        throw InvalidRequest(where + ": " + std::to_string(n) + " is past the largest INTEGER (2^63 - 1)");
      }
      return Value::Int(static_cast<int64_t>(n));
    }
    case Json::value_t::number_float:
      return Value::Float(json.get<double>());
    case Json::value_t::string:
      return Value::String(json.get_ref<const std::string&>());
    case Json::value_t::array: {
      std::vector<Value> items;
      items.reserve(json.size());
      size_t i = 0;
      for (const auto& item : json) items.push_back(ValueFromJson(item, where + "[" + std::to_string(i++) + "]"));
      return Value::List(std::move(items));
    }
    case Json::value_t::object: {
      std::vector<ValueMap::Entry> entries;
      entries.reserve(json.size());
      for (const auto& [key, item] : json.items()) entries.emplace_back(key, ValueFromJson(item, where + "." + key));
      return Value::Map(ValueMap(std::move(entries)));
    }
    case Json::value_t::binary:
      break;
  }
  throw InvalidRequest(where + ": a value JSON cannot carry");
}

ValueMap ParametersFromJson(const Json& json) {
  if (json.is_null()) return {};
  if (!json.is_object()) throw InvalidRequest("parameters must be an object");
  return ValueFromJson(json, "parameters").AsMap();
}

Json RowJson(const Value& v) {
  return ValueToJson<Json>(v, [](const Value& entity) -> Json {
    if (entity.IsNode()) return PropertiesJson(entity.AsNode().properties);
    if (entity.kind() == ValueKind::kRelationship) return PropertiesJson(entity.AsRelationship().properties);
    const PathValue& p = entity.AsPath();  // the alternating nodes and relationships
    Json out = Json::array();
    for (size_t i = 0; i < p.nodes.size(); ++i) {
      if (i > 0) out.push_back(PropertiesJson(p.relationships[i - 1].properties));
      out.push_back(PropertiesJson(p.nodes[i].properties));
    }
    return out;
  });
}

Json MetaJson(const Value& v) {
  switch (v.kind()) {
    case ValueKind::kNode:
      return EntityMeta(v.AsNode().id, "node");
    case ValueKind::kRelationship:
      return EntityMeta(v.AsRelationship().id, "relationship");
    case ValueKind::kPath: {
      const PathValue& p = v.AsPath();
      Json out = Json::array();
      for (size_t i = 0; i < p.nodes.size(); ++i) {
        if (i > 0) out.push_back(EntityMeta(p.relationships[i - 1].id, "relationship"));
        out.push_back(EntityMeta(p.nodes[i].id, "node"));
      }
      return out;
    }
    case ValueKind::kList: {
      Json out = Json::array();
      for (const auto& item : v.AsList()) out.push_back(MetaJson(item));
      return out;
    }
    default:
      if (const char* type = TemporalTypeName(v.kind())) return {{"type", type}};
      return nullptr;
  }
}

void GraphCollector::AddNode(const NodeValue& n) {
  if (!node_ids_.insert(n.id).second) return;
  nodes_.push_back({{"id", IdText(n.id)},
                    {"elementId", IdText(n.id)},
                    {"labels", n.labels},
                    {"properties", PropertiesJson(n.properties)}});
}

void GraphCollector::AddRelationship(const RelationshipValue& r) {
  if (!relationship_ids_.insert(r.id).second) return;
  relationships_.push_back({{"id", IdText(r.id)},
                            {"elementId", IdText(r.id)},
                            {"type", r.type},
                            {"startNode", IdText(r.start_id)},
                            {"endNode", IdText(r.end_id)},
                            {"properties", PropertiesJson(r.properties)}});
}

void GraphCollector::Add(const Value& v) {
  switch (v.kind()) {
    case ValueKind::kNode:
      AddNode(v.AsNode());
      return;
    case ValueKind::kRelationship:
      AddRelationship(v.AsRelationship());
      return;
    case ValueKind::kPath:
      for (const auto& n : v.AsPath().nodes) AddNode(n);
      for (const auto& r : v.AsPath().relationships) AddRelationship(r);
      return;
    case ValueKind::kList:
      for (const auto& item : v.AsList()) Add(item);
      return;
    case ValueKind::kMap:
      for (const auto& [key, item] : v.AsMap()) Add(item);
      return;
    default:
      return;
  }
}

Json GraphCollector::Take() {
  Json out = {{"nodes", std::move(nodes_)}, {"relationships", std::move(relationships_)}};
  nodes_ = Json::array();
  relationships_ = Json::array();
  node_ids_.clear();
  relationship_ids_.clear();
  return out;
}

}  // namespace quiver::server::http
