#include "common/temporal/civil.h"

#include <string>

#include "quiver/error.h"
#include "quiver/value_temporal.h"

namespace quiver::temporal {

namespace {
// Computed once from the civil algorithms; constant-initialised, so no global state.
const int64_t kMinDay = quiver::DaysFromCivil(kMinYear, 1, 1);
const int64_t kMaxDay = quiver::DaysFromCivil(kMaxYear, 12, 31);
}  // namespace

int64_t DaysFromCivil(int64_t year, int month, int day) {
  return quiver::DaysFromCivil(year, static_cast<unsigned>(month), static_cast<unsigned>(day));
}

CivilDate CivilFromDays(int64_t days) {
  int64_t year = 0;
  unsigned month = 0;
  unsigned day = 0;
  quiver::CivilFromDays(days, year, month, day);
  return CivilDate{year, static_cast<int>(month), static_cast<int>(day)};
}

bool IsLeapYear(int64_t year) {
  return FloorMod(year, 4) == 0 && (FloorMod(year, 100) != 0 || FloorMod(year, 400) == 0);
}

int DaysInMonth(int64_t year, int month) {
  static constexpr int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  if (month == 2 && IsLeapYear(year)) return 29;
  return kDays[month - 1];
}

int DaysInYear(int64_t year) {
  return IsLeapYear(year) ? 366 : 365;
}

int DayOfWeek(int64_t days) {
  // 1970-01-01 was a Thursday (4).
  return static_cast<int>(FloorMod(days + 3, 7)) + 1;
}

int DayOfYear(int64_t days) {
  const CivilDate c = CivilFromDays(days);
  return static_cast<int>(days - DaysFromCivil(c.year, 1, 1)) + 1;
}

int QuarterOfMonth(int month) {
  return (month - 1) / 3 + 1;
}

int DayOfQuarter(int64_t days) {
  const CivilDate c = CivilFromDays(days);
  const int first_month = (QuarterOfMonth(c.month) - 1) * 3 + 1;
  return static_cast<int>(days - DaysFromCivil(c.year, first_month, 1)) + 1;
}

int DaysInQuarter(int64_t year, int quarter) {
  switch (quarter) {
    case 1:
      return IsLeapYear(year) ? 91 : 90;
    case 2:
      return 91;
    default:
      return 92;
  }
}

int64_t FirstDayOfWeekBasedYear(int64_t week_year) {
  const int64_t jan4 = DaysFromCivil(week_year, 1, 4);
  return jan4 - (DayOfWeek(jan4) - 1);
}

int64_t WeekBasedYear(int64_t days) {
  const int64_t year = CivilFromDays(days).year;
  if (days >= FirstDayOfWeekBasedYear(year + 1)) return year + 1;
  if (days < FirstDayOfWeekBasedYear(year)) return year - 1;
  return year;
}

int WeekOfWeekBasedYear(int64_t days) {
  return static_cast<int>((days - FirstDayOfWeekBasedYear(WeekBasedYear(days))) / 7) + 1;
}

int WeeksInWeekBasedYear(int64_t week_year) {
  return static_cast<int>((FirstDayOfWeekBasedYear(week_year + 1) - FirstDayOfWeekBasedYear(week_year)) / 7);
}

bool DateInRange(int64_t days) {
  return days >= kMinDay && days <= kMaxDay;
}

void CheckDateRange(int64_t days) {
  if (!DateInRange(days)) {
    throw ArgumentError("NumberOutOfRange",
                        "date out of the supported range (years -999999999 to 999999999)");
  }
}

}  // namespace quiver::temporal
