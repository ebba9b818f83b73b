// Property access on temporal values: d.year, t.offsetSeconds, dur.minutesOfHour, ...
// Keys are case-insensitive, as Neo4j lower-cases them.

#include <cstdint>
#include <string>

#include "common/temporal/civil.h"
#include "common/temporal/parts.h"
#include "common/temporal/temporal.h"
#include "common/temporal/zones.h"

namespace quiver {

namespace {

using temporal::Lower;

int64_t Narrow(__int128 v) {
  if (v > INT64_MAX || v < INT64_MIN) temporal::ThrowOverflow("temporal field out of the integer range");
  return static_cast<int64_t>(v);
}

std::optional<int64_t> DurationField(const DurationValue& d, const std::string& key) {
  // Java's truncating division and remainder: a negative duration gives negative parts.
  const int64_t m = d.months;
  const int64_t s = d.seconds;
  const int64_t n = d.nanos;
  if (key == "years") return m / 12;
  if (key == "quarters") return m / 3;
  if (key == "months") return m;
  if (key == "weeks") return d.days / 7;
  if (key == "days") return d.days;
  if (key == "hours") return s / 3600;
  if (key == "minutes") return s / 60;
  if (key == "seconds") return s;
  if (key == "milliseconds") return Narrow(__int128{s} * 1000 + n / 1'000'000);
  if (key == "microseconds") return Narrow(__int128{s} * 1'000'000 + n / 1000);
  if (key == "nanoseconds") return Narrow(__int128{s} * temporal::kNanosPerSecond + n);
  if (key == "quartersofyear") return m / 3 % 4;
  if (key == "monthsofquarter") return m % 3;
  if (key == "monthsofyear") return m % 12;
  if (key == "daysofweek") return d.days % 7;
  if (key == "minutesofhour") return s / 60 % 60;
  if (key == "secondsofminute") return s % 60;
  if (key == "millisecondsofsecond") return n / 1'000'000;
  if (key == "microsecondsofsecond") return n / 1000;
  if (key == "nanosecondsofsecond") return n;
  return std::nullopt;
}

std::optional<int64_t> DateField(int64_t days, const std::string& key) {
  if (key == "year") return temporal::CivilFromDays(days).year;
  if (key == "quarter") return temporal::QuarterOfMonth(temporal::CivilFromDays(days).month);
  if (key == "month") return temporal::CivilFromDays(days).month;
  if (key == "week") return temporal::WeekOfWeekBasedYear(days);
  if (key == "weekyear") return temporal::WeekBasedYear(days);
  if (key == "day") return temporal::CivilFromDays(days).day;
  if (key == "ordinalday") return temporal::DayOfYear(days);
  if (key == "dayofweek" || key == "weekday") return temporal::DayOfWeek(days);
  if (key == "dayofquarter" || key == "quarterday") return temporal::DayOfQuarter(days);
  return std::nullopt;
}

std::optional<int64_t> TimeField(int64_t nanos_of_day, const std::string& key) {
  const int64_t seconds = nanos_of_day / temporal::kNanosPerSecond;
  const int64_t sub = nanos_of_day % temporal::kNanosPerSecond;
  if (key == "hour") return seconds / 3600;
  if (key == "minute") return seconds / 60 % 60;
  if (key == "second") return seconds % 60;
  if (key == "millisecond") return sub / 1'000'000;
  if (key == "microsecond") return sub / 1000;
  if (key == "nanosecond") return sub;
  return std::nullopt;
}

[[noreturn]] void ThrowNoField(const Value& v, std::string_view key) {
  temporal::ThrowInvalidValue("No such field on a " + std::string(v.TypeName()) + ": " + std::string(key));
}

}  // namespace

std::optional<Value> TemporalProperty(const Value& v, std::string_view key) {
  if (!v.IsTemporal()) return std::nullopt;
  const std::string k = Lower(key);
  if (v.IsDuration()) {
    const std::optional<int64_t> field = DurationField(v.AsDuration(), k);
    if (!field) ThrowNoField(v, key);
    return Value::Int(*field);
  }
  const temporal::Parts p = temporal::PartsOf(v);
  if (p.has_date) {
    if (const std::optional<int64_t> field = DateField(p.days, k)) return Value::Int(*field);
  }
  if (p.has_time) {
    if (const std::optional<int64_t> field = TimeField(p.nanos_of_day, k)) return Value::Int(*field);
  }
  if (p.has_zone) {
    if (k == "timezone") {
      if (v.IsDateTime() && !v.AsDateTime().zone.empty()) return Value::String(v.AsDateTime().zone);
      return Value::String(temporal::OffsetText(p.offset));
    }
    if (k == "offset") return Value::String(temporal::OffsetText(p.offset));
    if (k == "offsetminutes") return Value::Int(p.offset / 60);
    if (k == "offsetseconds") return Value::Int(p.offset);
  }
  if (v.IsDateTime()) {
    const DateTimeValue& dt = v.AsDateTime();
    if (k == "epochseconds") return Value::Int(dt.seconds);
    if (k == "epochmillis") return Value::Int(Narrow(__int128{dt.seconds} * 1000 + dt.nanos / 1'000'000));
  }
  ThrowNoField(v, key);
}

}  // namespace quiver
