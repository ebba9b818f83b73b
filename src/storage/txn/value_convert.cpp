#include "storage/txn/value_convert.h"

#include <string>

namespace quiver::storage {

namespace {

Status NotStorable(const Value& value) {
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
    case ValueKind::kDate:
    case ValueKind::kLocalTime:
    case ValueKind::kTime:
    case ValueKind::kLocalDateTime:
    case ValueKind::kDateTime:
    case ValueKind::kDuration:
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
    case ValueKind::kDate:
      return PropertyValue(value.AsDate());
    case ValueKind::kLocalTime:
      return PropertyValue(value.AsLocalTime());
    case ValueKind::kTime:
      return PropertyValue(value.AsTime());
    case ValueKind::kLocalDateTime:
      return PropertyValue(value.AsLocalDateTime());
    case ValueKind::kDateTime:
      return PropertyValue(value.AsDateTime());
    case ValueKind::kDuration:
      return PropertyValue(value.AsDuration());
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
  // Temporals: the stored fields are the Value's fields, copied as they are (no
  // re-normalisation, no time-zone lookup), so a value reads back exactly as written.
  if (value.is_date()) return Value::Date(value.as_date());
  if (value.is_local_time()) return Value::LocalTime(value.as_local_time());
  if (value.is_time()) return Value::Time(value.as_time());
  if (value.is_local_date_time()) return Value::LocalDateTime(value.as_local_date_time());
  if (value.is_date_time()) return Value::DateTime(value.as_date_time());
  if (value.is_duration()) return Value::Duration(value.as_duration());
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
    // Date and LocalTime live inline; the other temporals are one heap box each (a
    // reference count and the payload), a DateTime's zone name a second allocation when
    // it outgrows the string's inline buffer.
    case ValueKind::kTime:
      return sizeof(detail::HeapBox<TimeValue>) + kAllocOverhead;
    case ValueKind::kLocalDateTime:
      return sizeof(detail::HeapBox<LocalDateTimeValue>) + kAllocOverhead;
    case ValueKind::kDuration:
      return sizeof(detail::HeapBox<DurationValue>) + kAllocOverhead;
    case ValueKind::kDateTime: {
      const size_t zone = value.AsDateTime().zone.size();
      return sizeof(detail::HeapBox<DateTimeValue>) + kAllocOverhead +
             (zone > 15 ? zone + 1 + kAllocOverhead : 0);
    }
    default:
      return 0;
  }
}

}  // namespace quiver::storage
