#pragma once
// Internal: the named fields of temporal maps ({year: 1984, week: 10, dayOfWeek: 3}) and
// the adjusters that set one field of a date or a time of day, each with java.time's
// "with" semantics (setting the month keeps the day, clamped to the month's length).

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

#include "quiver/value.h"

namespace quiver::temporal {

// In the order Neo4j assigns them: larger units first, so {year, month, day} builds
// year-01-01, then sets the month, then the day.
enum class Field : uint8_t {
  kYear,
  kQuarter,
  kMonth,
  kWeek,
  kOrdinalDay,
  kDayOfQuarter,
  kDayOfWeek,
  kDay,
  kHour,
  kMinute,
  kSecond,
  kMillisecond,
  kMicrosecond,
  kNanosecond,
  kTimezone,
  kDate,  // selectors: take the date, time or both from another temporal value
  kTime,
  kDateTime,
  kEpochSeconds,
  kEpochMillis,
  kCount,
};

std::string_view FieldName(Field f);
// Case-insensitive; weekDay and quarterDay are aliases. nullopt for an unknown key.
std::optional<Field> FieldOf(std::string_view key);
bool IsDateField(Field f);  // year .. day
bool IsTimeField(Field f);  // hour .. nanosecond

// The entries of a map argument, by field (pointers into the map).
struct FieldMap {
  std::array<const Value*, static_cast<size_t>(Field::kCount)> values{};
  bool Has(Field f) const { return values[static_cast<size_t>(f)] != nullptr; }
  const Value* Get(Field f) const { return values[static_cast<size_t>(f)]; }
  bool any_null = false;  // some entry is null: the constructor returns null
};
// Throws ArgumentError(InvalidArgumentValue) on an unknown key.
FieldMap ReadFields(const ValueMap& map);

// An integer field value; TypeError(InvalidArgumentType) for anything else.
int64_t IntegerField(Field f, const Value& v);

// ---- date adjusters (days since the epoch in, days out; ArgumentError when invalid) ----
int64_t WithYear(int64_t days, int64_t year);
int64_t WithWeekBasedYear(int64_t days, int64_t week_year);
int64_t WithQuarter(int64_t days, int64_t quarter);
int64_t WithMonth(int64_t days, int64_t month);
int64_t WithWeek(int64_t days, int64_t week);
int64_t WithOrdinalDay(int64_t days, int64_t ordinal_day);
int64_t WithDayOfQuarter(int64_t days, int64_t day_of_quarter);
int64_t WithDayOfWeek(int64_t days, int64_t day_of_week);
int64_t WithDay(int64_t days, int64_t day);

// Applies the date fields present in `fields` to `days`, in field order. When a week is
// given, the year means the week-based year.
int64_t ApplyDateFields(int64_t days, const FieldMap& fields);
// Applies hour, minute, second and the sub-second fields to a time of day.
int64_t ApplyTimeFields(int64_t nanos_of_day, const FieldMap& fields);

// millisecond, microsecond and nanosecond together, each range-checked against what
// the others leave (nanosecond < 1000 when microsecond is given, ...). Null pointers
// are absent fields.
int64_t CombineSubSeconds(const Value* millisecond, const Value* microsecond, const Value* nanosecond);

}  // namespace quiver::temporal
