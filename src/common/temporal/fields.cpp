#include "common/temporal/fields.h"

#include <string>

#include "common/temporal/civil.h"
#include "common/temporal/parts.h"

namespace quiver::temporal {

namespace {

constexpr std::string_view kNames[] = {
    "year",     "quarter", "month",  "week",     "ordinalDay",   "dayOfQuarter", "dayOfWeek",
    "day",      "hour",    "minute", "second",   "millisecond",  "microsecond",  "nanosecond",
    "timezone", "date",    "time",   "datetime", "epochSeconds", "epochMillis",
};
static_assert(std::size(kNames) == static_cast<size_t>(Field::kCount));

void CheckRange(Field f, int64_t v, int64_t lo, int64_t hi) {
  if (v < lo || v > hi) {
    ThrowInvalidValue("Invalid value for " + std::string(FieldName(f)) + ": " + std::to_string(v) +
                      " (valid values " + std::to_string(lo) + " - " + std::to_string(hi) + ")");
  }
}

int64_t Clamped(int64_t year, int month, int day) {
  const int last = DaysInMonth(year, month);
  return DaysFromCivil(year, month, day > last ? last : day);
}

}  // namespace

std::string_view FieldName(Field f) {
  return kNames[static_cast<size_t>(f)];
}

std::optional<Field> FieldOf(std::string_view key) {
  const std::string lower = Lower(key);
  if (lower == "weekday") return Field::kDayOfWeek;
  if (lower == "quarterday") return Field::kDayOfQuarter;
  for (size_t i = 0; i < std::size(kNames); ++i) {
    if (Lower(kNames[i]) == lower) return static_cast<Field>(i);
  }
  return std::nullopt;
}

bool IsDateField(Field f) {
  return f <= Field::kDay;
}

bool IsTimeField(Field f) {
  return f >= Field::kHour && f <= Field::kNanosecond;
}

FieldMap ReadFields(const ValueMap& map) {
  FieldMap out;
  for (const auto& [key, value] : map) {
    const std::optional<Field> f = FieldOf(key);
    if (!f) ThrowInvalidValue("No such field: " + key);
    if (out.Has(*f)) ThrowInvalidValue("cannot re-assign " + std::string(FieldName(*f)));
    out.values[static_cast<size_t>(*f)] = &value;
    if (value.IsNull()) out.any_null = true;
  }
  return out;
}

int64_t IntegerField(Field f, const Value& v) {
  if (!v.IsInt()) {
    ThrowInvalidType(std::string(FieldName(f)) + " must be an integer value, but was a " +
                     std::string(v.TypeName()));
  }
  return v.AsInt();
}

int64_t WithYear(int64_t days, int64_t year) {
  CheckRange(Field::kYear, year, kMinYear, kMaxYear);
  const CivilDate c = CivilFromDays(days);
  return Clamped(year, c.month, c.day);
}

int64_t WithWeekBasedYear(int64_t days, int64_t week_year) {
  CheckRange(Field::kYear, week_year, kMinYear, kMaxYear);
  int week = WeekOfWeekBasedYear(days);
  if (week == 53 && WeeksInWeekBasedYear(week_year) == 52) week = 52;
  return FirstDayOfWeekBasedYear(week_year) + (week - 1) * 7 + (DayOfWeek(days) - 1);
}

int64_t WithQuarter(int64_t days, int64_t quarter) {
  CheckRange(Field::kQuarter, quarter, 1, 4);
  const CivilDate c = CivilFromDays(days);
  const int month = c.month + static_cast<int>(quarter - QuarterOfMonth(c.month)) * 3;
  return Clamped(c.year, month, c.day);
}

int64_t WithMonth(int64_t days, int64_t month) {
  CheckRange(Field::kMonth, month, 1, 12);
  const CivilDate c = CivilFromDays(days);
  return Clamped(c.year, static_cast<int>(month), c.day);
}

int64_t WithWeek(int64_t days, int64_t week) {
  // Stricter than java.time, which rolls week 53 of a 52-week year into the next year.
  CheckRange(Field::kWeek, week, 1, WeeksInWeekBasedYear(WeekBasedYear(days)));
  return days + (week - WeekOfWeekBasedYear(days)) * 7;
}

int64_t WithOrdinalDay(int64_t days, int64_t ordinal_day) {
  const CivilDate c = CivilFromDays(days);
  CheckRange(Field::kOrdinalDay, ordinal_day, 1, DaysInYear(c.year));
  return DaysFromCivil(c.year, 1, 1) + ordinal_day - 1;
}

int64_t WithDayOfQuarter(int64_t days, int64_t day_of_quarter) {
  const CivilDate c = CivilFromDays(days);
  CheckRange(Field::kDayOfQuarter, day_of_quarter, 1, DaysInQuarter(c.year, QuarterOfMonth(c.month)));
  return days + (day_of_quarter - DayOfQuarter(days));
}

int64_t WithDayOfWeek(int64_t days, int64_t day_of_week) {
  CheckRange(Field::kDayOfWeek, day_of_week, 1, 7);
  return days + (day_of_week - DayOfWeek(days));
}

int64_t WithDay(int64_t days, int64_t day) {
  const CivilDate c = CivilFromDays(days);
  CheckRange(Field::kDay, day, 1, DaysInMonth(c.year, c.month));
  return DaysFromCivil(c.year, c.month, static_cast<int>(day));
}

int64_t ApplyDateFields(int64_t days, const FieldMap& fields) {
  const auto get = [&](Field f) { return IntegerField(f, *fields.Get(f)); };
  if (fields.Has(Field::kYear)) {
    days = fields.Has(Field::kWeek) ? WithWeekBasedYear(days, get(Field::kYear))
                                    : WithYear(days, get(Field::kYear));
  }
  if (fields.Has(Field::kQuarter)) days = WithQuarter(days, get(Field::kQuarter));
  if (fields.Has(Field::kMonth)) days = WithMonth(days, get(Field::kMonth));
  if (fields.Has(Field::kWeek)) days = WithWeek(days, get(Field::kWeek));
  if (fields.Has(Field::kOrdinalDay)) days = WithOrdinalDay(days, get(Field::kOrdinalDay));
  if (fields.Has(Field::kDayOfQuarter)) days = WithDayOfQuarter(days, get(Field::kDayOfQuarter));
  if (fields.Has(Field::kDayOfWeek)) days = WithDayOfWeek(days, get(Field::kDayOfWeek));
  if (fields.Has(Field::kDay)) days = WithDay(days, get(Field::kDay));
  CheckDateRange(days);
  return days;
}

int64_t ApplyTimeFields(int64_t nanos_of_day, const FieldMap& fields) {
  int64_t seconds_of_day = nanos_of_day / kNanosPerSecond;
  int64_t sub = nanos_of_day % kNanosPerSecond;
  int64_t hour = seconds_of_day / 3600;
  int64_t minute = seconds_of_day / 60 % 60;
  int64_t second = seconds_of_day % 60;
  if (fields.Has(Field::kHour)) {
    hour = IntegerField(Field::kHour, *fields.Get(Field::kHour));
    CheckRange(Field::kHour, hour, 0, 23);
  }
  if (fields.Has(Field::kMinute)) {
    minute = IntegerField(Field::kMinute, *fields.Get(Field::kMinute));
    CheckRange(Field::kMinute, minute, 0, 59);
  }
  if (fields.Has(Field::kSecond)) {
    second = IntegerField(Field::kSecond, *fields.Get(Field::kSecond));
    CheckRange(Field::kSecond, second, 0, 59);
  }
  if (fields.Has(Field::kMillisecond) || fields.Has(Field::kMicrosecond) || fields.Has(Field::kNanosecond)) {
    sub = CombineSubSeconds(fields.Get(Field::kMillisecond), fields.Get(Field::kMicrosecond),
                            fields.Get(Field::kNanosecond));
  }
  seconds_of_day = (hour * 60 + minute) * 60 + second;
  return seconds_of_day * kNanosPerSecond + sub;
}

int64_t CombineSubSeconds(const Value* millisecond, const Value* microsecond, const Value* nanosecond) {
  const int64_t ms = millisecond ? IntegerField(Field::kMillisecond, *millisecond) : 0;
  const int64_t us = microsecond ? IntegerField(Field::kMicrosecond, *microsecond) : 0;
  const int64_t ns = nanosecond ? IntegerField(Field::kNanosecond, *nanosecond) : 0;
  CheckRange(Field::kMillisecond, ms, 0, 999);
  CheckRange(Field::kMicrosecond, us, 0, millisecond ? 999 : 999'999);
  CheckRange(Field::kNanosecond, ns, 0, microsecond ? 999 : (millisecond ? 999'999 : 999'999'999));
  return ms * 1'000'000 + us * 1'000 + ns;
}

}  // namespace quiver::temporal
