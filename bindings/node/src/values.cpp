#include "values.h"

#include <cmath>
#include <limits>

#include "addon_data.h"

namespace quiver::node {

namespace {

constexpr int64_t kMaxSafeInteger = 9'007'199'254'740'991;  // 2^53 - 1
// Lists and maps nested deeper are refused (a RangeError), which also stops an array
// that contains itself.
constexpr int kMaxDepth = 256;

[[noreturn]] void ThrowType(Napi::Env env, const std::string& message) {
  throw Napi::TypeError::New(env, message);
}

bool IsPlainObject(Napi::Env env, Napi::Object object) {
  napi_value prototype;
  NAPI_THROW_IF_FAILED(env, napi_get_prototype(env, object, &prototype), false);
  Napi::Value proto(env, prototype);
  return proto.IsNull() || proto.StrictEquals(AddonData::Get(env).object_prototype.Value());
}

std::string ConstructorName(Napi::Object object) {
  Napi::Value constructor = object.Get("constructor");
  if (constructor.IsFunction()) {
    Napi::Value name = constructor.As<Napi::Object>().Get("name");
    if (name.IsString()) return name.As<Napi::String>().Utf8Value();
  }
  return "an object";
}

Value NumberToValue(double d) {
  if (std::isfinite(d) && d == std::trunc(d) && std::fabs(d) <= static_cast<double>(kMaxSafeInteger) &&
      !(d == 0 && std::signbit(d))) {
    return Value::Int(static_cast<int64_t>(d));
  }
  return Value::Float(d);
}

Value JsDateToValue(Napi::Env env, Napi::Date date) {
  const double ms = date.ValueOf();
  if (!std::isfinite(ms)) throw Napi::RangeError::New(env, "an Invalid Date cannot be a parameter");
  const auto whole_ms = static_cast<int64_t>(ms);
  const int64_t seconds = whole_ms >= 0 ? whole_ms / 1000 : -((-whole_ms + 999) / 1000);
  const auto nanos = static_cast<int32_t>((whole_ms - seconds * 1000) * 1'000'000);
  return Value::DateTime(DateTimeValue{seconds, nanos, 0, {}});
}

Value ToValueAt(Napi::Env env, Napi::Value value, int depth);

Value ObjectToValue(Napi::Env env, Napi::Object object, int depth) {
  if (IsTemporalObject(env, object)) return TemporalToValue(env, object);
  if (!IsPlainObject(env, object)) {
    ThrowType(env, ConstructorName(object) +
                       " cannot be a Cypher value (use null, a boolean, a number, a BigInt, a string, an Array, "
                       "a plain object, a Date or a quiver temporal value)");
  }
  Napi::Array keys = object.GetPropertyNames();
  std::vector<ValueMap::Entry> entries;
  entries.reserve(keys.Length());
  for (uint32_t i = 0; i < keys.Length(); ++i) {
    Napi::Value key = keys.Get(i);
    entries.emplace_back(key.ToString().Utf8Value(), ToValueAt(env, object.Get(key), depth + 1));
  }
  return Value::Map(ValueMap(std::move(entries)));
}

Value ToValueAt(Napi::Env env, Napi::Value value, int depth) {
  if (depth > kMaxDepth) {
    throw Napi::RangeError::New(env, "a parameter nests lists and maps more than " + std::to_string(kMaxDepth) +
                                         " deep (or contains itself)");
  }
  switch (value.Type()) {
    case napi_undefined:
    case napi_null:
      return Value::Null();
    case napi_boolean:
      return Value::Bool(value.As<Napi::Boolean>().Value());
    case napi_number:
      return NumberToValue(value.As<Napi::Number>().DoubleValue());
    case napi_bigint:
      return Value::Int(ToInteger(env, value, "a BigInt parameter", std::numeric_limits<int64_t>::min(),
                                  std::numeric_limits<int64_t>::max()));
    case napi_string:
      return Value::String(value.As<Napi::String>().Utf8Value());
    case napi_object: {
      if (value.IsArray()) {
        auto array = value.As<Napi::Array>();
        std::vector<Value> items;
        items.reserve(array.Length());
        for (uint32_t i = 0; i < array.Length(); ++i) items.push_back(ToValueAt(env, array.Get(i), depth + 1));
        return Value::List(std::move(items));
      }
      if (value.IsDate()) return JsDateToValue(env, value.As<Napi::Date>());
      return ObjectToValue(env, value.As<Napi::Object>(), depth);
    }
    default:
      ThrowType(env, std::string("a ") + (value.IsFunction() ? "function" : value.IsSymbol() ? "symbol" : "value") +
                         " cannot be a Cypher value");
  }
}

Napi::Object MapToJs(Napi::Env env, const ValueMap& map) {
  Napi::Object object = Napi::Object::New(env);
  for (const auto& [key, item] : map) SetOwn(object, key, ToJs(env, item));
  return object;
}

Napi::Object NodeToJs(Napi::Env env, const NodeValue& node) {
  Napi::Object object = MapToJs(env, node.properties);
  Napi::Array labels = Napi::Array::New(env, node.labels.size());
  for (size_t i = 0; i < node.labels.size(); ++i) labels.Set(i, Napi::String::New(env, node.labels[i]));
  SetOwn(object, "_id", UnsignedToJs(env, node.id));
  SetOwn(object, "_label", node.labels.empty() ? env.Null() : Napi::String::New(env, node.labels[0]));
  SetOwn(object, "_labels", labels);
  return object;
}

Napi::Object RelationshipToJs(Napi::Env env, const RelationshipValue& rel) {
  Napi::Object object = MapToJs(env, rel.properties);
  Napi::String type = Napi::String::New(env, rel.type);
  SetOwn(object, "_id", UnsignedToJs(env, rel.id));
  SetOwn(object, "_type", type);
  SetOwn(object, "_label", type);
  SetOwn(object, "_src", UnsignedToJs(env, rel.start_id));
  SetOwn(object, "_dst", UnsignedToJs(env, rel.end_id));
  return object;
}

Napi::Object PathToJs(Napi::Env env, const PathValue& path) {
  Napi::Array nodes = Napi::Array::New(env, path.nodes.size());
  for (size_t i = 0; i < path.nodes.size(); ++i) nodes.Set(i, NodeToJs(env, path.nodes[i]));
  Napi::Array rels = Napi::Array::New(env, path.relationships.size());
  for (size_t i = 0; i < path.relationships.size(); ++i) rels.Set(i, RelationshipToJs(env, path.relationships[i]));
  Napi::Object object = Napi::Object::New(env);
  object.Set("_nodes", nodes);
  object.Set("_rels", rels);
  return object;
}

}  // namespace

Value ToValue(Napi::Env env, Napi::Value value) {
  return ToValueAt(env, value, 0);
}

ValueMap ToParameters(Napi::Env env, Napi::Value value) {
  if (value.IsUndefined() || value.IsNull()) return {};
  if (!value.IsObject() || value.IsArray() || !IsPlainObject(env, value.As<Napi::Object>())) {
    ThrowType(env, "the parameters must be a plain object: {name: value, ...}");
  }
  return ToValue(env, value).AsMap();
}

int64_t ToInteger(Napi::Env env, Napi::Value value, const char* what, int64_t min, int64_t max) {
  int64_t result = 0;
  if (value.IsBigInt()) {
    bool lossless = false;
    result = value.As<Napi::BigInt>().Int64Value(&lossless);
    if (!lossless) throw Napi::RangeError::New(env, std::string(what) + " does not fit in 64 bits");
  } else if (value.IsNumber()) {
    const double d = value.As<Napi::Number>().DoubleValue();
    if (!std::isfinite(d) || d != std::trunc(d) || std::fabs(d) > static_cast<double>(kMaxSafeInteger)) {
      throw Napi::RangeError::New(env, std::string(what) + " must be a whole number (a safe integer or a BigInt)");
    }
    result = static_cast<int64_t>(d);
  } else {
    ThrowType(env, std::string(what) + " must be a number or a BigInt");
  }
  if (result < min || result > max) {
    throw Napi::RangeError::New(env, std::string(what) + " must be between " + std::to_string(min) + " and " +
                                         std::to_string(max));
  }
  return result;
}

Napi::Value IntegerToJs(Napi::Env env, int64_t value) {
  if (value >= -kMaxSafeInteger && value <= kMaxSafeInteger) return Napi::Number::New(env, static_cast<double>(value));
  return Napi::BigInt::New(env, value);
}

Napi::Value UnsignedToJs(Napi::Env env, uint64_t value) {
  if (value <= static_cast<uint64_t>(kMaxSafeInteger)) return Napi::Number::New(env, static_cast<double>(value));
  return Napi::BigInt::New(env, value);
}

void SetOwn(Napi::Object object, const std::string& key, Napi::Value value) {
  if (key != "__proto__") {
    object.Set(key, value);
    return;
  }
  // Set would call Object.prototype's __proto__ setter; define an own property instead.
  object.DefineProperty(Napi::PropertyDescriptor::Value(key, value, napi_default_jsproperty));
}

Napi::Value ToJs(Napi::Env env, const Value& value) {
  switch (value.kind()) {
    case ValueKind::kNull:
      return env.Null();
    case ValueKind::kBool:
      return Napi::Boolean::New(env, value.AsBool());
    case ValueKind::kInt:
      return IntegerToJs(env, value.AsInt());
    case ValueKind::kFloat:
      return Napi::Number::New(env, value.AsFloat());
    case ValueKind::kString: {
      std::string_view text = value.AsString();
      return Napi::String::New(env, text.data(), text.size());
    }
    case ValueKind::kList: {
      const std::vector<Value>& items = value.AsList();
      Napi::Array array = Napi::Array::New(env, items.size());
      for (size_t i = 0; i < items.size(); ++i) array.Set(i, ToJs(env, items[i]));
      return array;
    }
    case ValueKind::kMap:
      return MapToJs(env, value.AsMap());
    case ValueKind::kNode:
      return NodeToJs(env, value.AsNode());
    case ValueKind::kRelationship:
      return RelationshipToJs(env, value.AsRelationship());
    case ValueKind::kPath:
      return PathToJs(env, value.AsPath());
    default:
      return TemporalToJs(env, value);
  }
}

Napi::Array RowsToJs(Napi::Env env, const std::vector<std::string>& columns,
                     const std::vector<std::vector<Value>>& rows) {
  Napi::Array out = Napi::Array::New(env, rows.size());
  for (size_t r = 0; r < rows.size(); ++r) {
    Napi::HandleScope scope(env);  // the row's values become garbage once it is set
    Napi::Object row = Napi::Object::New(env);
    for (size_t c = 0; c < columns.size() && c < rows[r].size(); ++c) SetOwn(row, columns[c], ToJs(env, rows[r][c]));
    out.Set(r, row);
  }
  return out;
}

}  // namespace quiver::node
