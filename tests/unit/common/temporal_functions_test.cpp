// The function table, the clocks, construction rules and errors, accessors, truncation
// and comparisons across kinds.

#include <gtest/gtest.h>

#include "common/temporal/civil.h"
#include "common/temporal/temporal.h"
#include "quiver/error.h"
#include "temporal_cypher_eval.h"

namespace quiver::testing {
namespace {

TEST(TemporalFunctionsTest, LooksUpFunctionsCaseInsensitively) {
  const TemporalFunction* f = FindTemporalFunction("DateTime.FromEpochMillis");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->name, "datetime.fromepochmillis");
  EXPECT_EQ(f->min_args, 1);
  EXPECT_EQ(f->max_args, 1);
  ASSERT_NE(FindTemporalFunction("duration.inSeconds"), nullptr);
  EXPECT_EQ(FindTemporalFunction("date.truncate")->max_args, 3);
  EXPECT_TRUE(FindTemporalFunction("localtime.realtime")->reads_clock);
  EXPECT_FALSE(FindTemporalFunction("duration.between")->reads_clock);
  EXPECT_EQ(FindTemporalFunction("date.tomorrow"), nullptr);
  EXPECT_EQ(FindTemporalFunction("duration.statement"), nullptr);
  EXPECT_EQ(TemporalFunctions().size(), 5u * 5u + 8u);  // 5 kinds x 5 forms, duration x 5, the epoch pair, timestamp
  const Value args[] = {Value::String("2015-07-21")};
  EXPECT_EQ(ToTckString(FindTemporalFunction("date")->impl(std::span<const Value>(args),
                                                           TemporalClock::Fixed({0, 0}))),
            "'2015-07-21'");
}

TEST(TemporalFunctionsTest, ClocksAreFixedPerStatementAndTransaction) {
  const int64_t day = temporal::DaysFromCivil(2020, 5, 17) * temporal::kSecondsPerDay;
  TemporalClock clock;
  clock.transaction = {day, 0};
  clock.statement = {day + 3600, 500};
  int reads = 0;
  clock.realtime = [&reads, day] { return TemporalInstant{day + 7200 + 60 * reads++, 0}; };
  EXPECT_EQ(EvalText("localdatetime.transaction()", clock), "'2020-05-17T00:00'");
  EXPECT_EQ(EvalText("localdatetime.statement()", clock), "'2020-05-17T01:00:00.0000005'");
  EXPECT_EQ(EvalText("localdatetime()", clock), "'2020-05-17T01:00:00.0000005'");
  EXPECT_EQ(EvalText("localtime.realtime()", clock), "'02:00'");
  EXPECT_EQ(EvalText("localtime.realtime()", clock), "'02:01'");  // read again
  EXPECT_EQ(EvalText("datetime.transaction('Asia/Tokyo')", clock), "'2020-05-17T09:00+09:00[Asia/Tokyo]'");
  EXPECT_EQ(EvalText("time.transaction('+05:30')", clock), "'05:30+05:30'");
  EXPECT_EQ(EvalText("date({timezone: 'Pacific/Honolulu'})", clock), "'2020-05-16'");
  EXPECT_EQ(EvalText("date.statement({timezone: 'Pacific/Honolulu'})", clock), "'2020-05-16'");
  EXPECT_EQ(EvalText("date.realtime(null)", clock), "null");
  // Within one statement, every call sees the same time.
  EXPECT_EQ(EvalText("datetime() = datetime()", TemporalClock::SystemNow()), "true");
}

TEST(TemporalFunctionsTest, ConstructionRulesAndErrors) {
  const auto argument_detail = [](const char* expression) {
    try {
      Eval(expression);
    } catch (const QuiverError& e) {
      return std::string(ErrorClassName(e.error_class())) + "/" + e.detail();
    }
    return std::string("no error");
  };
  EXPECT_EQ(argument_detail("date(1)"), "TypeError/InvalidArgumentType");
  EXPECT_EQ(argument_detail("date({year: '1984'})"), "TypeError/InvalidArgumentType");
  EXPECT_EQ(argument_detail("date({year: 1984.0})"), "TypeError/InvalidArgumentType");
  EXPECT_EQ(argument_detail("date('2015-13-01')"), "ArgumentError/InvalidArgumentValue");
  EXPECT_EQ(argument_detail("date('2015-07-21T12:00')"), "ArgumentError/InvalidArgumentValue");
  EXPECT_EQ(argument_detail("date({year: 1984, hour: 12})"), "ArgumentError/InvalidArgumentValue");
  EXPECT_EQ(argument_detail("date({month: 1})"), "ArgumentError/InvalidArgumentValue");
  EXPECT_EQ(argument_detail("date({year: 1984, day: 3})"), "ArgumentError/InvalidArgumentValue");
  EXPECT_EQ(argument_detail("date({year: 1984, month: 1, week: 3})"), "ArgumentError/InvalidArgumentValue");
  EXPECT_EQ(argument_detail("date({year: 1984, foo: 3})"), "ArgumentError/InvalidArgumentValue");
  EXPECT_EQ(argument_detail("localtime({hour: 1, timezone: '+01:00'})"),
            "ArgumentError/InvalidArgumentValue");
  EXPECT_EQ(argument_detail("localtime({minute: 1})"), "ArgumentError/InvalidArgumentValue");
  EXPECT_EQ(argument_detail("localtime({hour: 24})"), "ArgumentError/InvalidArgumentValue");
  EXPECT_EQ(argument_detail("localtime({hour: 1, second: 1})"), "ArgumentError/InvalidArgumentValue");
  EXPECT_EQ(argument_detail("localtime({hour: 1, minute: 1, millisecond: 1000})"),
            "ArgumentError/InvalidArgumentValue");
  EXPECT_EQ(argument_detail("localdatetime({year: 1984, month: 10, hour: 12})"),
            "ArgumentError/InvalidArgumentValue");
  EXPECT_EQ(argument_detail("localdatetime({date: localtime('12:00')})"),
            "ArgumentError/InvalidArgumentValue");
  EXPECT_EQ(argument_detail("date(localtime('12:00'))"), "ArgumentError/InvalidArgumentValue");
  EXPECT_EQ(argument_detail("duration(date('2015-01-01'))"), "TypeError/InvalidArgumentType");
  EXPECT_EQ(argument_detail("datetime({datetime: datetime('2015-01-01T00:00Z'), date: date('2015-01-01')})"),
            "ArgumentError/InvalidArgumentValue");
  // Selection picks the part a kind holds.
  EXPECT_EQ(EvalText("localdatetime(date('2015-07-21'))"), "'2015-07-21T00:00'");
  EXPECT_EQ(EvalText("time(localtime('12:00'))"), "'12:00Z'");
  EXPECT_EQ(EvalText("localtime(datetime('2015-07-21T21:40:32.142+01:00'))"), "'21:40:32.142'");
  EXPECT_EQ(EvalText("datetime({epochSeconds: 1, nanosecond: 5})"), "'1970-01-01T00:00:01.000000005Z'");
  EXPECT_EQ(EvalText("datetime({epochMillis: 1500, timezone: '+01:00'})"), "'1970-01-01T01:00:01.5+01:00'");
  EXPECT_EQ(EvalText("date({year: 1984, month: null})"), "null");
}

TEST(TemporalFunctionsTest, Accessors) {
  EXPECT_FALSE(TemporalProperty(Value::Int(1), "year").has_value());
  EXPECT_EQ(EvalText("date('2015-07-21').YEAR"), "2015");
  EXPECT_EQ(EvalText("time('12:31:14.645876123-02:30').offsetSeconds"), "-9000");
  EXPECT_EQ(EvalText("time('12:31:14.645876123-02:30').millisecond"), "645");
  EXPECT_EQ(EvalText("localdatetime('2015-07-21T21:40:32.142').ordinalDay"), "202");
  EXPECT_THROW(Eval("date('2015-07-21').hour"), ArgumentError);
  EXPECT_THROW(Eval("localtime('12:00').timezone"), ArgumentError);
  EXPECT_THROW(Eval("localdatetime('2015-07-21T21:40').epochSeconds"), ArgumentError);
  EXPECT_THROW(Eval("duration('P1D').year"), ArgumentError);
}

TEST(TemporalFunctionsTest, Truncation) {
  EXPECT_EQ(EvalText("localdatetime.truncate('millisecond', localdatetime('2015-07-21T21:40:32.142857'))"),
            "'2015-07-21T21:40:32.142'");
  EXPECT_EQ(EvalText("localtime.truncate('microsecond', localtime('21:40:32.142857999'), {nanosecond: 1})"),
            "'21:40:32.142857001'");
  EXPECT_EQ(EvalText("time.truncate('day', datetime('2015-07-21T21:40+05:00'))"), "'00:00+05:00'");
  EXPECT_EQ(EvalText("date.truncate('quarter', date('2015-08-21'), {dayOfQuarter: 3})"), "'2015-07-03'");
  EXPECT_EQ(EvalText("date.truncate('day', null)"), "null");
  EXPECT_THROW(Eval("date.truncate('hour', date('2015-07-21'))"), ArgumentError);
  EXPECT_THROW(Eval("localtime.truncate('month', localtime('12:00'))"), ArgumentError);
  EXPECT_THROW(Eval("date.truncate('fortnight', date('2015-07-21'))"), ArgumentError);
  EXPECT_THROW(Eval("date.truncate('day', localtime('12:00'))"), ArgumentError);
  EXPECT_THROW(Eval("localtime.truncate('hour', localtime('12:00'), {timezone: '+01:00'})"), ArgumentError);
  EXPECT_THROW(Eval("date.truncate(1, date('2015-07-21'))"), TypeError);
}

TEST(TemporalFunctionsTest, ComparisonAcrossKindsIsNull) {
  EXPECT_EQ(EvalText("date('2015-07-21') < localdatetime('2015-07-22T00:00')"), "null");
  EXPECT_EQ(EvalText("date('2015-07-21') = localdatetime('2015-07-21T00:00')"), "false");
  EXPECT_EQ(EvalText("localtime('12:00') < time('13:00Z')"), "null");
  EXPECT_EQ(EvalText("time('12:00+01:00') = time('11:00Z')"), "true");
  EXPECT_EQ(EvalText("time('12:00+01:00') < time('11:30Z')"), "true");
  EXPECT_EQ(EvalText("datetime('2015-07-21T12:00+02:00[Europe/Stockholm]') = datetime('2015-07-21T10:00Z')"),
            "true");
}

TEST(TemporalFunctionsTest, BetweenMixedKinds) {
  EXPECT_EQ(EvalText("duration.between(localtime('23:00'), localtime('01:00'))"), "'PT-22H'");
  EXPECT_EQ(EvalText("duration.inMonths(localtime('10:00'), localtime('12:00'))"), "'PT0S'");
  EXPECT_EQ(EvalText("duration.between(date('2015-07-21'), date('2015-07-21'))"), "'PT0S'");
  EXPECT_EQ(EvalText("duration.between(date('2016-03-31'), date('2015-02-28'))"), "'P-1Y-1M'");
  EXPECT_THROW(Eval("duration.between(date('2015-07-21'), 1)"), TypeError);
  EXPECT_THROW(Eval("duration.between(duration('P1D'), date('2015-07-21'))"), TypeError);
}

}  // namespace
}  // namespace quiver::testing
