#pragma once
// PropertyValue: the storage layer's own small value model for property columns (null,
// bool, int64, double, string, list, map, and the six temporal kinds). It is deliberately
// independent of the public quiver::Value so storage can be built and tested on its own;
// the API layer converts. The temporal payloads reuse the plain field structs of
// quiver/value_temporal.h (no time-zone rules, no arithmetic): storage keeps every field
// as given, so a value reads back exactly as it was written.
// Encoding in heaps and in the write log follows docs/format/generation.md ("Encoded value").

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "quiver/status.h"
#include "quiver/value_temporal.h"
#include "storage/format.h"

namespace quiver::storage {

class PropertyValue {
 public:
  using List = std::vector<PropertyValue>;
  using Map = std::map<std::string, PropertyValue, std::less<>>;

  PropertyValue() = default;  // null
  PropertyValue(bool v) : v_(v) {}                        // NOLINT: implicit by design
  PropertyValue(int64_t v) : v_(v) {}                     // NOLINT
  PropertyValue(int v) : v_(int64_t{v}) {}                // NOLINT
  PropertyValue(double v) : v_(v) {}                      // NOLINT
  PropertyValue(std::string v) : v_(std::move(v)) {}      // NOLINT
  PropertyValue(std::string_view v) : v_(std::string(v)) {}  // NOLINT
  PropertyValue(const char* v) : v_(std::string(v)) {}    // NOLINT
  PropertyValue(List v) : v_(std::move(v)) {}             // NOLINT
  PropertyValue(Map v) : v_(std::move(v)) {}              // NOLINT
  PropertyValue(DateValue v) : v_(v) {}                   // NOLINT
  PropertyValue(LocalTimeValue v) : v_(v) {}              // NOLINT
  PropertyValue(TimeValue v) : v_(v) {}                   // NOLINT
  PropertyValue(LocalDateTimeValue v) : v_(v) {}          // NOLINT
  PropertyValue(DateTimeValue v) : v_(std::move(v)) {}    // NOLINT
  PropertyValue(DurationValue v) : v_(v) {}               // NOLINT

  ValueTag tag() const { return static_cast<ValueTag>(v_.index() + 1); }
  bool is_null() const { return v_.index() == 0; }
  bool is_bool() const { return std::holds_alternative<bool>(v_); }
  bool is_int() const { return std::holds_alternative<int64_t>(v_); }
  bool is_double() const { return std::holds_alternative<double>(v_); }
  bool is_string() const { return std::holds_alternative<std::string>(v_); }
  bool is_list() const { return std::holds_alternative<List>(v_); }
  bool is_map() const { return std::holds_alternative<Map>(v_); }
  bool is_date() const { return std::holds_alternative<DateValue>(v_); }
  bool is_local_time() const { return std::holds_alternative<LocalTimeValue>(v_); }
  bool is_time() const { return std::holds_alternative<TimeValue>(v_); }
  bool is_local_date_time() const { return std::holds_alternative<LocalDateTimeValue>(v_); }
  bool is_date_time() const { return std::holds_alternative<DateTimeValue>(v_); }
  bool is_duration() const { return std::holds_alternative<DurationValue>(v_); }

  bool as_bool() const { return std::get<bool>(v_); }
  int64_t as_int() const { return std::get<int64_t>(v_); }
  double as_double() const { return std::get<double>(v_); }
  const std::string& as_string() const { return std::get<std::string>(v_); }
  const List& as_list() const { return std::get<List>(v_); }
  const Map& as_map() const { return std::get<Map>(v_); }
  DateValue as_date() const { return std::get<DateValue>(v_); }
  LocalTimeValue as_local_time() const { return std::get<LocalTimeValue>(v_); }
  TimeValue as_time() const { return std::get<TimeValue>(v_); }
  LocalDateTimeValue as_local_date_time() const { return std::get<LocalDateTimeValue>(v_); }
  const DateTimeValue& as_date_time() const { return std::get<DateTimeValue>(v_); }
  DurationValue as_duration() const { return std::get<DurationValue>(v_); }

  // Structural equality; doubles compare by bit pattern so NaN round-trips equal.
  // Temporals compare field by field (not by instant as Cypher's = does): 12:00+01:00 and
  // 11:00Z are different stored values, because they print differently.
  friend bool operator==(const PropertyValue& a, const PropertyValue& b);

  // Debug rendering, e.g. [1, "a", {k: true}, date('2015-07-21')].
  std::string ToString() const;

 private:
  // The alternative's index + 1 is its ValueTag: append new kinds at the end, in tag order.
  std::variant<std::monostate, bool, int64_t, double, std::string, List, Map, DateValue, LocalTimeValue,
               TimeValue, LocalDateTimeValue, DateTimeValue, DurationValue>
      v_;
};

// Appends the encoded form (tag + payload) of value to out.
void EncodeValue(const PropertyValue& value, std::string* out);

// Decodes one encoded value starting at bytes[*pos], advancing *pos. Every read is
// bounds-checked: malformed input yields Corruption, never an out-of-bounds access.
Result<PropertyValue> DecodeValue(std::string_view bytes, uint64_t* pos);

}  // namespace quiver::storage
