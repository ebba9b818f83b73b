#include "capi/value_json.h"

#include <cmath>
#include <cstdint>
#include <limits>
#include <nlohmann/json.hpp>
#include <stdexcept>

namespace quiver::capi {

namespace {

void AppendString(std::string& out, std::string_view s) {
  static constexpr char kHex[] = "0123456789abcdef";
  out.push_back('"');
  for (char c : s) {
    const auto byte = static_cast<unsigned char>(c);
    switch (c) {
      case '"': out.append("\\\""); break;
      case '\\': out.append("\\\\"); break;
      case '\n': out.append("\\n"); break;
      case '\r': out.append("\\r"); break;
      case '\t': out.append("\\t"); break;
      case '\b': out.append("\\b"); break;
      case '\f': out.append("\\f"); break;
      default:
        if (byte < 0x20) {
          out.append("\\u00").push_back(kHex[byte >> 4]);
          out.push_back(kHex[byte & 0xf]);
        } else {
          out.push_back(c);  // UTF-8 passes as it is (the engine's strings are valid UTF-8)
        }
    }
  }
  out.push_back('"');
}

void AppendProperties(std::string& out, const ValueMap& map) {
  out.push_back('{');
  bool first = true;
  for (const auto& [key, item] : map) {
    if (!first) out.push_back(',');
    first = false;
    AppendString(out, key);
    out.push_back(':');
    AppendJson(out, item);
  }
  out.push_back('}');
}

void AppendNode(std::string& out, const NodeValue& node) {
  out.append("{\"id\":").append(std::to_string(node.id)).append(",\"labels\":[");
  for (size_t i = 0; i < node.labels.size(); ++i) {
    if (i > 0) out.push_back(',');
    AppendString(out, node.labels[i]);
  }
  out.append("],\"properties\":");
  AppendProperties(out, node.properties);
  out.push_back('}');
}

void AppendRelationship(std::string& out, const RelationshipValue& rel) {
  out.append("{\"id\":").append(std::to_string(rel.id)).append(",\"type\":");
  AppendString(out, rel.type);
  out.append(",\"start\":").append(std::to_string(rel.start_id));
  out.append(",\"end\":").append(std::to_string(rel.end_id));
  out.append(",\"properties\":");
  AppendProperties(out, rel.properties);
  out.push_back('}');
}

Value FromParsed(const nlohmann::json& json) {
  using Type = nlohmann::json::value_t;
  switch (json.type()) {
    case Type::null: return Value::Null();
    case Type::boolean: return Value::Bool(json.get<bool>());
    case Type::number_integer: return Value::Int(json.get<int64_t>());
    case Type::number_unsigned: {
      const auto u = json.get<uint64_t>();
      if (u > static_cast<uint64_t>(std::numeric_limits<int64_t>::max())) {
        throw std::invalid_argument("the integer " + std::to_string(u) +
                                    " is outside the INTEGER range (int64)");
      }
      return Value::Int(static_cast<int64_t>(u));
    }
    case Type::number_float: return Value::Float(json.get<double>());
    case Type::string: return Value::String(json.get<std::string>());
    case Type::array: {
      std::vector<Value> items;
      items.reserve(json.size());
      for (const auto& item : json) items.push_back(FromParsed(item));
      return Value::List(std::move(items));
    }
    case Type::object: {
      std::vector<ValueMap::Entry> entries;
      entries.reserve(json.size());
      for (const auto& [key, item] : json.items()) entries.emplace_back(key, FromParsed(item));
      return Value::Map(ValueMap(std::move(entries)));
    }
    default: throw std::invalid_argument("binary JSON values are not supported");
  }
}

}  // namespace

std::string IsoText(const Value& value) {
  std::string out;
  switch (value.kind()) {
    case ValueKind::kDate: AppendIso(out, value.AsDate()); break;
    case ValueKind::kLocalTime: AppendIso(out, value.AsLocalTime()); break;
    case ValueKind::kTime: AppendIso(out, value.AsTime()); break;
    case ValueKind::kLocalDateTime: AppendIso(out, value.AsLocalDateTime()); break;
    case ValueKind::kDateTime: AppendIso(out, value.AsDateTime()); break;
    case ValueKind::kDuration: AppendIso(out, value.AsDuration()); break;
    default: throw std::invalid_argument("not a temporal value");
  }
  return out;
}

void AppendJson(std::string& out, const Value& value) {
  switch (value.kind()) {
    case ValueKind::kNull: out.append("null"); return;
    case ValueKind::kBool: out.append(value.AsBool() ? "true" : "false"); return;
    case ValueKind::kInt: out.append(std::to_string(value.AsInt())); return;
    case ValueKind::kFloat:
      if (!std::isfinite(value.AsFloat())) {
        out.append("null");  // JSON has no NaN or infinity (as JSON.stringify writes them)
      } else {
        out.append(FormatFloat(value.AsFloat()));
      }
      return;
    case ValueKind::kString: AppendString(out, value.AsString()); return;
    case ValueKind::kList: {
      out.push_back('[');
      bool first = true;
      for (const Value& item : value.AsList()) {
        if (!first) out.push_back(',');
        first = false;
        AppendJson(out, item);
      }
      out.push_back(']');
      return;
    }
    case ValueKind::kMap: AppendProperties(out, value.AsMap()); return;
    case ValueKind::kNode: AppendNode(out, value.AsNode()); return;
    case ValueKind::kRelationship: AppendRelationship(out, value.AsRelationship()); return;
    case ValueKind::kPath: {
      const PathValue& path = value.AsPath();
      out.append("{\"nodes\":[");
      for (size_t i = 0; i < path.nodes.size(); ++i) {
        if (i > 0) out.push_back(',');
        AppendNode(out, path.nodes[i]);
      }
      out.append("],\"relationships\":[");
      for (size_t i = 0; i < path.relationships.size(); ++i) {
        if (i > 0) out.push_back(',');
        AppendRelationship(out, path.relationships[i]);
      }
      out.append("]}");
      return;
    }
    case ValueKind::kDate:
    case ValueKind::kLocalTime:
    case ValueKind::kTime:
    case ValueKind::kLocalDateTime:
    case ValueKind::kDateTime:
    case ValueKind::kDuration: AppendString(out, IsoText(value)); return;
  }
}

std::string ToJson(const Value& value) {
  std::string out;
  AppendJson(out, value);
  return out;
}

Value FromJson(std::string_view json) {
  nlohmann::json parsed;
  try {
    parsed = nlohmann::json::parse(json.begin(), json.end());
  } catch (const nlohmann::json::exception& e) {
    throw std::invalid_argument(e.what());
  }
  return FromParsed(parsed);
}

}  // namespace quiver::capi
