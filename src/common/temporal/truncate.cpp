// date.truncate(unit, value[, fields]) and the same for the other kinds: round down to
// the start of the unit, then set the given fields as a constructor would
// ({day: 2} after truncating to the month gives the 2nd of that month; a timezone
// replaces the zone keeping the wall-clock time).

#include <string>

#include "common/temporal/civil.h"
#include "common/temporal/construct.h"
#include "common/temporal/fields.h"
#include "common/temporal/parts.h"
#include "common/temporal/temporal.h"

namespace quiver {

namespace temporal {

namespace {

enum class Unit {
  kMillennium,
  kCentury,
  kDecade,
  kYear,
  kWeekYear,
  kQuarter,
  kMonth,
  kWeek,
  kDay,  // the last date-based unit
  kHour,
  kMinute,
  kSecond,
  kMillisecond,
  kMicrosecond,
};

constexpr std::string_view kUnitNames[] = {"millennium", "century", "decade",      "year",       "weekyear",
                                           "quarter",    "month",   "week",        "day",        "hour",
                                           "minute",     "second",  "millisecond", "microsecond"};

Unit UnitOf(const Value& v) {
  if (!v.IsString())
    ThrowInvalidType("a truncation unit must be a string, but was a " + std::string(v.TypeName()));
  const std::string lower = Lower(v.AsString());
  for (size_t i = 0; i < std::size(kUnitNames); ++i) {
    if (kUnitNames[i] == lower) return static_cast<Unit>(i);
  }
  ThrowInvalidValue("Unsupported unit for truncation: '" + std::string(v.AsString()) + "'");
}

// Neo4j truncates the year toward zero for the multi-year units.
int64_t YearDown(int64_t year, int64_t span) {
  return year / span * span;
}

int64_t TruncateDate(int64_t days, Unit unit) {
  const CivilDate c = CivilFromDays(days);
  switch (unit) {
    case Unit::kMillennium:
      return DaysFromCivil(YearDown(c.year, 1000), 1, 1);
    case Unit::kCentury:
      return DaysFromCivil(YearDown(c.year, 100), 1, 1);
    case Unit::kDecade:
      return DaysFromCivil(YearDown(c.year, 10), 1, 1);
    case Unit::kYear:
      return DaysFromCivil(c.year, 1, 1);
    case Unit::kWeekYear:
      return FirstDayOfWeekBasedYear(WeekBasedYear(days));
    case Unit::kQuarter:
      return DaysFromCivil(c.year, (QuarterOfMonth(c.month) - 1) * 3 + 1, 1);
    case Unit::kMonth:
      return DaysFromCivil(c.year, c.month, 1);
    case Unit::kWeek:
      return days - (DayOfWeek(days) - 1);
    default:
      return days;
  }
}

int64_t TruncateTime(int64_t nanos, Unit unit) {
  int64_t step = kNanosPerDay;
  switch (unit) {
    case Unit::kHour:
      step = 3600 * kNanosPerSecond;
      break;
    case Unit::kMinute:
      step = 60 * kNanosPerSecond;
      break;
    case Unit::kSecond:
      step = kNanosPerSecond;
      break;
    case Unit::kMillisecond:
      step = 1'000'000;
      break;
    case Unit::kMicrosecond:
      step = 1'000;
      break;
    default:
      break;
  }
  return nanos - nanos % step;
}

bool KeyIs(const std::string& key, std::string_view lower_name) {
  return Lower(key) == lower_name;
}

}  // namespace

}  // namespace temporal

Value TruncateTemporal(TemporalKind kind, const Value& unit_value, const Value& value, const Value& fields,
                       const TemporalClock& clock) {
  using namespace temporal;  // NOLINT: the helpers of this file
  if (unit_value.IsNull() || value.IsNull()) return Value();
  if (kind == TemporalKind::kDuration) ThrowInvalidValue("durations cannot be truncated");
  const Unit unit = UnitOf(unit_value);
  if (!value.IsTemporal() || value.IsDuration()) {
    ThrowInvalidType(std::string(TemporalKindName(kind)) +
                     ".truncate expects a date or time value, but got a " + std::string(value.TypeName()));
  }
  if (!fields.IsNull() && !fields.IsMap()) {
    ThrowInvalidType("truncation fields must be a map, but were a " + std::string(fields.TypeName()));
  }
  const bool date_based = unit <= Unit::kDay;
  const bool wants_date =
      kind == TemporalKind::kDate || kind == TemporalKind::kLocalDateTime || kind == TemporalKind::kDateTime;
  const Parts p = PartsOf(value);
  if (wants_date && !p.has_date) {
    ThrowInvalidValue("cannot truncate a " + std::string(value.TypeName()) + " to a " +
                      std::string(TemporalKindName(kind)));
  }
  if (!wants_date && !p.has_time) {
    ThrowInvalidValue("cannot truncate a " + std::string(value.TypeName()) + " to a " +
                      std::string(TemporalKindName(kind)));
  }
  if (kind == TemporalKind::kDate && !date_based) ThrowInvalidValue("Unit too small for truncating a date");
  if (!wants_date && unit < Unit::kDay) ThrowInvalidValue("Unit too large for truncating a time");

  int64_t days = p.has_date ? TruncateDate(p.days, unit) : 0;
  int64_t nanos = date_based ? 0 : TruncateTime(p.nanos_of_day, unit);

  // The fields to set afterwards; sub-second fields below the unit combine with the
  // truncated ones ({nanosecond: 2} after 'millisecond' keeps the milliseconds).
  ValueMap rest;
  const Value* timezone = nullptr;
  const Value* microsecond = nullptr;
  const Value* nanosecond = nullptr;
  if (fields.IsMap()) {
    for (const auto& [key, v] : fields.AsMap()) {
      if (KeyIs(key, "timezone")) {
        timezone = &v;
      } else if (unit == Unit::kMillisecond && KeyIs(key, "microsecond")) {
        microsecond = &v;
      } else if ((unit == Unit::kMillisecond || unit == Unit::kMicrosecond) && KeyIs(key, "nanosecond")) {
        nanosecond = &v;
      } else {
        rest.Set(key, v);
      }
    }
  }
  if (microsecond != nullptr || nanosecond != nullptr) {
    if ((microsecond && microsecond->IsNull()) || (nanosecond && nanosecond->IsNull())) return Value();
    const int64_t sub = nanos % kNanosPerSecond;
    const Value ms = Value::Int(sub / 1'000'000);
    const Value us = Value::Int(sub / 1'000);
    nanos -= sub;
    nanos += unit == Unit::kMillisecond ? CombineSubSeconds(&ms, microsecond, nanosecond)
                                        : CombineSubSeconds(nullptr, &us, nanosecond);
  }
  if (timezone != nullptr) {
    if (timezone->IsNull()) return Value();
    if (kind != TemporalKind::kTime && kind != TemporalKind::kDateTime) {
      ThrowInvalidValue("a " + std::string(TemporalKindName(kind)) + " has no time zone");
    }
    if (!timezone->IsString()) ThrowInvalidType("timezone must be a string");
  }
  const auto zone = [&]() {
    if (timezone != nullptr) return Zone::Parse(timezone->AsString());
    return p.has_zone ? p.zone : DefaultZone(clock);
  };

  Value truncated;
  std::string selector = "datetime";
  switch (kind) {
    case TemporalKind::kDate:
      truncated = MakeDate(days);
      selector = "date";
      break;
    case TemporalKind::kLocalTime:
      truncated = MakeLocalTime(nanos);
      selector = "time";
      break;
    case TemporalKind::kTime: {
      int32_t offset = DefaultOffset(clock);
      if (timezone != nullptr) {
        offset = zone().OffsetAt(clock.statement.seconds);
      } else if (p.has_zone) {
        offset = p.offset;
      }
      truncated = MakeTime(nanos, offset);
      selector = "time";
      break;
    }
    case TemporalKind::kLocalDateTime:
      truncated = MakeLocalDateTime(days, nanos);
      break;
    case TemporalKind::kDateTime:
      truncated = MakeDateTime(days, nanos, zone());
      break;
    case TemporalKind::kDuration:
      break;
  }
  if (rest.empty()) return truncated;
  rest.Set(selector, truncated);
  return BuildFromMap(kind, rest, clock);
}

}  // namespace quiver
