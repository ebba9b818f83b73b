#pragma once
// Proleptic Gregorian calendar arithmetic on day numbers (days since 1970-01-01), with
// the ISO-8601 week-based year, ordinal days and quarters that Cypher's temporal fields
// expose. Pure integer functions: no time zones here (see zones.h).
//
// The supported range is that of java.time and Neo4j: years -999,999,999 to
// +999,999,999. Functions taking a year do not check it; CheckDateRange() does.

#include <cstdint>

namespace quiver::temporal {

constexpr int64_t kNanosPerSecond = 1'000'000'000;
constexpr int64_t kSecondsPerDay = 86'400;
constexpr int64_t kNanosPerDay = kSecondsPerDay * kNanosPerSecond;
constexpr int64_t kMinYear = -999'999'999;
constexpr int64_t kMaxYear = 999'999'999;

// Floor division and modulo: the calendar needs them for days before 1970.
constexpr int64_t FloorDiv(int64_t a, int64_t b) {
  const int64_t q = a / b;
  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}
constexpr int64_t FloorMod(int64_t a, int64_t b) {
  return a - FloorDiv(a, b) * b;
}

struct CivilDate {
  int64_t year = 1970;
  int month = 1;  // 1..12
  int day = 1;    // 1..31
};

int64_t DaysFromCivil(int64_t year, int month, int day);
CivilDate CivilFromDays(int64_t days);

bool IsLeapYear(int64_t year);
int DaysInMonth(int64_t year, int month);
int DaysInYear(int64_t year);

// ISO day of week: 1 = Monday ... 7 = Sunday.
int DayOfWeek(int64_t days);
int DayOfYear(int64_t days);     // 1..366
int QuarterOfMonth(int month);   // 1..4
int DayOfQuarter(int64_t days);  // 1..92
int DaysInQuarter(int64_t year, int quarter);

// ISO-8601 week date. Week 1 is the week holding the year's first Thursday (equivalently
// January 4th), so 2016-01-01 is in week 53 of week-based year 2015.
int64_t WeekBasedYear(int64_t days);
int WeekOfWeekBasedYear(int64_t days);        // 1..53
int WeeksInWeekBasedYear(int64_t week_year);  // 52 or 53
// The Monday of week 1 of a week-based year.
int64_t FirstDayOfWeekBasedYear(int64_t week_year);

// Throws ArgumentError(NumberOutOfRange) when the day lies outside the supported years.
void CheckDateRange(int64_t days);
bool DateInRange(int64_t days);

}  // namespace quiver::temporal
