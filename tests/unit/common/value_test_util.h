#pragma once
// Short builders for the value tests, so that a test reads like the Cypher it checks.

#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <limits>
#include <string>
#include <vector>

#include "quiver/value.h"

namespace quiver::testing {

inline Value Null() {
  return Value();
}
inline Value B(bool b) {
  return Value::Bool(b);
}
inline Value I(int64_t i) {
  return Value::Int(i);
}
inline Value F(double d) {
  return Value::Float(d);
}
inline Value S(const char* s) {
  return Value::String(s);
}
inline Value NaN() {
  return Value::Float(std::nan(""));
}
inline Value Inf() {
  return Value::Float(std::numeric_limits<double>::infinity());
}
inline Value L(std::initializer_list<Value> items) {
  return Value::List(std::vector<Value>(items));
}
inline Value M(std::initializer_list<ValueMap::Entry> entries) {
  return Value::Map(ValueMap(entries));
}

inline NodeValue MakeNode(uint64_t id, std::vector<std::string> labels = {}, ValueMap props = {}) {
  return NodeValue{id, std::move(labels), std::move(props)};
}
inline RelationshipValue MakeRel(uint64_t id, std::string type, uint64_t start, uint64_t end,
                                 ValueMap props = {}) {
  return RelationshipValue{id, std::move(type), start, end, std::move(props)};
}
inline Value N(uint64_t id, std::vector<std::string> labels = {}, ValueMap props = {}) {
  return Value::Node(MakeNode(id, std::move(labels), std::move(props)));
}
inline Value R(uint64_t id, std::string type, uint64_t start, uint64_t end, ValueMap props = {}) {
  return Value::Relationship(MakeRel(id, std::move(type), start, end, std::move(props)));
}

// Temporal values from calendar fields (the real constructors come with the temporal
// functions; these cover what the tests need).
inline int64_t NanosOfDay(int64_t h, int64_t m, int64_t s = 0, int64_t ns = 0) {
  return ((h * 60 + m) * 60 + s) * 1'000'000'000 + ns;
}
inline Value Date(int64_t y, unsigned mo, unsigned d) {
  return Value::Date(DateValue{DaysFromCivil(y, mo, d)});
}
inline Value LocalTime(int64_t h, int64_t m, int64_t s = 0, int64_t ns = 0) {
  return Value::LocalTime(LocalTimeValue{NanosOfDay(h, m, s, ns)});
}
inline Value Time(int64_t h, int64_t m, int64_t s, int64_t ns, int32_t offset_seconds) {
  return Value::Time(TimeValue{NanosOfDay(h, m, s, ns), offset_seconds});
}
inline int64_t LocalSeconds(int64_t y, unsigned mo, unsigned d, int64_t h, int64_t m, int64_t s) {
  return DaysFromCivil(y, mo, d) * 86'400 + (h * 60 + m) * 60 + s;
}
inline Value LocalDateTime(int64_t y, unsigned mo, unsigned d, int64_t h, int64_t m, int64_t s = 0,
                           int32_t ns = 0) {
  return Value::LocalDateTime(LocalDateTimeValue{LocalSeconds(y, mo, d, h, m, s), ns});
}
// The wall-clock fields are local to offset_seconds.
inline Value DateTime(int64_t y, unsigned mo, unsigned d, int64_t h, int64_t m, int64_t s, int32_t ns,
                      int32_t offset_seconds, std::string zone = "") {
  return Value::DateTime(
      DateTimeValue{LocalSeconds(y, mo, d, h, m, s) - offset_seconds, ns, offset_seconds, std::move(zone)});
}
// Normalises like the duration constructor will: nanoseconds in [0, 1e9).
inline Value Duration(int64_t months, int64_t days, int64_t total_nanos) {
  int64_t seconds = total_nanos / 1'000'000'000;
  int64_t nanos = total_nanos % 1'000'000'000;
  if (nanos < 0) {
    nanos += 1'000'000'000;
    --seconds;
  }
  return Value::Duration(DurationValue{months, days, seconds, static_cast<int32_t>(nanos)});
}

}  // namespace quiver::testing
