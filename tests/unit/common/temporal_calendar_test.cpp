// Calendar edges: leap years, ISO week-based years, ordinal and quarter dates, month-end
// clamping, negative and extreme years.

#include <gtest/gtest.h>

#include "common/temporal/civil.h"
#include "quiver/error.h"
#include "temporal_cypher_eval.h"

namespace quiver::testing {
namespace {

using temporal::DaysFromCivil;

TEST(TemporalCalendarTest, LeapYearRule) {
  EXPECT_TRUE(temporal::IsLeapYear(2000));
  EXPECT_FALSE(temporal::IsLeapYear(1900));
  EXPECT_TRUE(temporal::IsLeapYear(2024));
  EXPECT_FALSE(temporal::IsLeapYear(2023));
  EXPECT_TRUE(temporal::IsLeapYear(0));  // proleptic: 1 BC
  EXPECT_TRUE(temporal::IsLeapYear(-4));
  EXPECT_FALSE(temporal::IsLeapYear(-100));
  EXPECT_TRUE(temporal::IsLeapYear(-400));
}

TEST(TemporalCalendarTest, February29ExistsOnlyInLeapYears) {
  EXPECT_EQ(EvalText("date('2024-02-29')"), "'2024-02-29'");
  EXPECT_EQ(EvalText("date({year: 2000, month: 2, day: 29})"), "'2000-02-29'");
  EXPECT_THROW(Eval("date('2023-02-29')"), ArgumentError);
  EXPECT_THROW(Eval("date({year: 1900, month: 2, day: 29})"), ArgumentError);
  EXPECT_EQ(EvalText("date({year: 2024, ordinalDay: 366})"), "'2024-12-31'");
  EXPECT_THROW(Eval("date({year: 2023, ordinalDay: 366})"), ArgumentError);
  EXPECT_EQ(EvalText("date('2024-060')"), "'2024-02-29'");
  EXPECT_EQ(EvalText("date('2023-060')"), "'2023-03-01'");
  // Quarter 1 has 91 days in a leap year, 90 otherwise.
  EXPECT_EQ(EvalText("date({year: 2024, quarter: 1, dayOfQuarter: 91})"), "'2024-03-31'");
  EXPECT_THROW(Eval("date({year: 2023, quarter: 1, dayOfQuarter: 91})"), ArgumentError);
  EXPECT_EQ(EvalText("date('2024-02-29').ordinalDay"), "60");
  EXPECT_EQ(EvalText("date('2024-12-31').ordinalDay"), "366");
}

TEST(TemporalCalendarTest, MonthArithmeticClampsToTheMonthEnd) {
  EXPECT_EQ(EvalText("date('2024-02-29') + duration('P1Y')"), "'2025-02-28'");
  EXPECT_EQ(EvalText("date('2024-01-31') + duration('P1M')"), "'2024-02-29'");
  EXPECT_EQ(EvalText("date('2023-01-31') + duration('P1M')"), "'2023-02-28'");
  EXPECT_EQ(EvalText("date('2020-03-31') - duration('P1M')"), "'2020-02-29'");
  // Months first, then days: Jan 31 + 1 month 1 day = Feb 29 + 1 day.
  EXPECT_EQ(EvalText("date('2024-01-31') + duration('P1M1D')"), "'2024-03-01'");
  EXPECT_EQ(EvalText("localdatetime('2024-02-29T12:00') + duration('P4Y')"), "'2028-02-29T12:00'");
  EXPECT_EQ(EvalText("localdatetime('2024-02-29T12:00') + duration('P1Y')"), "'2025-02-28T12:00'");
  // Setting the year of Feb 29 keeps the month and clamps the day.
  EXPECT_EQ(EvalText("date({date: date('2024-02-29'), year: 2023})"), "'2023-02-28'");
  // Between counts a month only once its day is reached.
  EXPECT_EQ(EvalText("duration.between(date('2024-01-31'), date('2024-02-29'))"), "'P29D'");
  EXPECT_EQ(EvalText("duration.between(date('2024-02-29'), date('2025-02-28'))"), "'P11M30D'");
  EXPECT_EQ(EvalText("duration.inDays(date('2023-01-01'), date('2024-01-01'))"), "'P365D'");
  EXPECT_EQ(EvalText("duration.inDays(date('2024-01-01'), date('2025-01-01'))"), "'P366D'");
}

TEST(TemporalCalendarTest, WeekBasedYearEdges) {
  // 2016-01-01 (a Friday) belongs to week 53 of week-based year 2015.
  EXPECT_EQ(EvalText("date('2016-01-01').weekYear"), "2015");
  EXPECT_EQ(EvalText("date('2016-01-01').week"), "53");
  EXPECT_EQ(EvalText("date('2016-01-01').dayOfWeek"), "5");
  EXPECT_EQ(EvalText("date('2016-01-01').year"), "2016");
  EXPECT_EQ(EvalText("date('2015-W53-5')"), "'2016-01-01'");
  EXPECT_EQ(EvalText("date('2015W535')"), "'2016-01-01'");
  EXPECT_EQ(EvalText("date({year: 2015, week: 53, dayOfWeek: 5})"), "'2016-01-01'");
  EXPECT_EQ(EvalText("date('2016-01-04').week"), "1");
  EXPECT_EQ(EvalText("date('2016-W01-1')"), "'2016-01-04'");
  // 2016 has only 52 weeks.
  EXPECT_EQ(temporal::WeeksInWeekBasedYear(2015), 53);
  EXPECT_EQ(temporal::WeeksInWeekBasedYear(2016), 52);
  EXPECT_THROW(Eval("date('2016-W53')"), ArgumentError);
  EXPECT_THROW(Eval("date({year: 2016, week: 53})"), ArgumentError);
  // Week 1 may start in December: 2008-12-29 is in week 1 of 2009.
  EXPECT_EQ(EvalText("date('2008-12-29').weekYear"), "2009");
  EXPECT_EQ(EvalText("date('2008-12-29').week"), "1");
  EXPECT_EQ(EvalText("date('2010-01-03').weekYear"), "2009");
  EXPECT_EQ(EvalText("date('2010-01-03').week"), "53");
  // Truncating to the week-based year goes back to its first Monday.
  EXPECT_EQ(EvalText("date.truncate('weekYear', date('2016-01-01'))"), "'2014-12-29'");
  EXPECT_EQ(EvalText("date.truncate('week', date('2016-01-01'))"), "'2015-12-28'");
  // With a week given, the year means the week-based year; a week 53 moved into a
  // 52-week year becomes week 52.
  EXPECT_EQ(EvalText("date({date: date('2016-01-01'), year: 2016})"), "'2016-01-01'");
  EXPECT_EQ(EvalText("date({date: date('2016-01-01'), year: 2016, week: 52})"), "'2016-12-30'");
}

TEST(TemporalCalendarTest, QuarterAndOrdinalAccessors) {
  EXPECT_EQ(EvalText("date('2024-05-15').quarter"), "2");
  EXPECT_EQ(EvalText("date('2024-05-15').dayOfQuarter"), "45");
  EXPECT_EQ(EvalText("date('2024-05-15').quarterDay"), "45");
  EXPECT_EQ(EvalText("date('2024-05-15').weekDay"), "3");
  EXPECT_EQ(EvalText("date('2024-Q2-45')"), "'2024-05-15'");
  EXPECT_EQ(EvalText("date('2024Q245')"), "'2024-05-15'");
  // Moving to another quarter keeps the day of the month (java.time's quarter field).
  EXPECT_EQ(EvalText("date({date: date('2024-05-31'), quarter: 1})"), "'2024-02-29'");
}

TEST(TemporalCalendarTest, NegativeAndExtremeYears) {
  EXPECT_EQ(EvalText("date({year: -44, month: 3, day: 15})"), "'-0044-03-15'");
  EXPECT_EQ(EvalText("date('-0001-12-31') + duration('P1D')"), "'0000-01-01'");
  EXPECT_EQ(EvalText("date('+999999999-12-31')"), "'+999999999-12-31'");
  EXPECT_EQ(EvalText("date('-999999999-01-01').year"), "-999999999");
  EXPECT_THROW(Eval("date('+999999999-12-31') + duration('P1D')"), ArithmeticError);
  EXPECT_THROW(Eval("date({year: 1000000000})"), ArgumentError);
  EXPECT_EQ(DaysFromCivil(1970, 1, 1), 0);
  EXPECT_EQ(temporal::DayOfWeek(0), 4);  // a Thursday
  EXPECT_EQ(temporal::DayOfWeek(DaysFromCivil(-1, 12, 31)), 5);
  EXPECT_EQ(EvalText("date.truncate('century', date('-0150-06-01'))"), "'-0100-01-01'");
}

}  // namespace
}  // namespace quiver::testing
