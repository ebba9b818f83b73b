#include "storage/txn/value_convert.h"

#include <string>

namespace quiver::storage {

namespace {

Status NotStorable(const Value& value) {
  if (value.IsTemporal()) {
    return Status::NotSupported(
        std::string("temporal property values (") + std::string(value.TypeName()) +
        ") cannot be stored yet: the log and generation formats have no encoding for them");
  }
  return Status::InvalidArgument(std::string("a ") + std::string(value.TypeName()) +
                                 " cannot be stored as a property value");
}

}  // namespace

Status CheckStorable(const Value& value) {
  switch (value.kind()) {
    case ValueKind::kNull:
    case ValueKind::kBool:
    case ValueKind::kInt:
    case ValueKind::kFloat:
    case ValueKind::kString:
      return Status::OK();
    case ValueKind::kList:
      for (const Value& item : value.AsList()) QUIVER_RETURN_IF_ERROR(CheckStorable(item));
      return Status::OK();
    case ValueKind::kMap:
      for (const auto& [key, item] : value.AsMap()) QUIVER_RETURN_IF_ERROR(CheckStorable(item));
      return Status::OK();
    default:
      return NotStorable(value);
  }
}

Result<PropertyValue> ToPropertyValue(const Value& value) {
  switch (value.kind()) {
    case ValueKind::kNull:
      return PropertyValue();
    case ValueKind::kBool:
      return PropertyValue(value.AsBool());
    case ValueKind::kInt:
      return PropertyValue(value.AsInt());
    case ValueKind::kFloat:
      return PropertyValue(value.AsFloat());
    case ValueKind::kString:
      return PropertyValue(value.AsString());
    case ValueKind::kList: {
      PropertyValue::List list;
      list.reserve(value.AsList().size());
      for (const Value& item : value.AsList()) {
        QUIVER_ASSIGN_OR_RETURN(PropertyValue v, ToPropertyValue(item));
        list.push_back(std::move(v));
      }
      return PropertyValue(std::move(list));
    }
    case ValueKind::kMap: {
      PropertyValue::Map map;
      for (const auto& [key, item] : value.AsMap()) {
        QUIVER_ASSIGN_OR_RETURN(PropertyValue v, ToPropertyValue(item));
        map.emplace(key, std::move(v));
      }
      return PropertyValue(std::move(map));
    }
    default:
      return NotStorable(value);
  }
}

Value ToValue(const PropertyValue& value) {
  if (value.is_null()) return Value();
  if (value.is_bool()) return Value::Bool(value.as_bool());
  if (value.is_int()) return Value::Int(value.as_int());
  if (value.is_double()) return Value::Float(value.as_double());
  if (value.is_string()) return Value::String(value.as_string());
  if (value.is_list()) {
    std::vector<Value> items;
    items.reserve(value.as_list().size());
    for (const PropertyValue& item : value.as_list()) items.push_back(ToValue(item));
    return Value::List(std::move(items));
  }
  std::vector<ValueMap::Entry> entries;
  for (const auto& [key, item] : value.as_map()) entries.emplace_back(key, ToValue(item));
  return Value::Map(ValueMap(std::move(entries)));
}

size_t ValueHeapBytes(const Value& value) {
  switch (value.kind()) {
    case ValueKind::kString:
      return value.AsString().size() + sizeof(std::string) + 16 + kAllocOverhead;
    case ValueKind::kList: {
      size_t bytes = value.AsList().capacity() * sizeof(Value) + 40 + kAllocOverhead;
      for (const Value& item : value.AsList()) bytes += ValueHeapBytes(item);
      return bytes;
    }
    case ValueKind::kMap: {
      size_t bytes = value.AsMap().size() * sizeof(ValueMap::Entry) + 40 + kAllocOverhead;
      for (const auto& [key, item] : value.AsMap()) bytes += key.size() + ValueHeapBytes(item);
      return bytes;
    }
    default:
      return 0;
  }
}

}  // namespace quiver::storage
