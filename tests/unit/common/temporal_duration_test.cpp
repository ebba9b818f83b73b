// Durations: negative components, normalisation, fractions cascading to nanoseconds
// (and where nanoseconds are rounded), arithmetic and overflow.

#include <gtest/gtest.h>

#include "quiver/error.h"
#include "temporal_cypher_eval.h"

namespace quiver::testing {
namespace {

TEST(TemporalDurationTest, NegativeDurations) {
  EXPECT_EQ(EvalText("duration({days: -1, hours: -2})"), "'P-1DT-2H'");
  EXPECT_EQ(EvalText("duration('-P1DT2H')"), "'P-1DT-2H'");
  EXPECT_EQ(EvalText("duration('P-1DT-2H')"), "'P-1DT-2H'");
  EXPECT_EQ(EvalText("duration({days: -1, hours: -2}).hours"), "-2");
  EXPECT_EQ(EvalText("duration({days: -1, hours: -2}).minutes"), "-120");
  EXPECT_EQ(EvalText("duration({months: -14}).years"), "-1");
  EXPECT_EQ(EvalText("duration({months: -14}).monthsOfYear"), "-2");
  // Seconds and sub-seconds of opposite signs: nanoseconds stay in [0, 1e9).
  EXPECT_EQ(EvalText("duration('PT-1.5S')"), "'PT-1.5S'");
  EXPECT_EQ(EvalText("duration('PT-1.5S').seconds"), "-2");
  EXPECT_EQ(EvalText("duration('PT-1.5S').nanosecondsOfSecond"), "500000000");
  EXPECT_EQ(EvalText("duration({seconds: -1, nanoseconds: 1})"), "'PT-0.999999999S'");
  EXPECT_EQ(EvalText("duration('P1D') - duration('P2D')"), "'P-1D'");
  EXPECT_EQ(EvalText("duration('PT1H') - duration('PT90M')"), "'PT-30M'");
  EXPECT_EQ(EvalText("duration('P1M') * -2"), "'P-2M'");
  // Components keep their own signs: a month minus a day is not 29 days.
  EXPECT_EQ(EvalText("duration({months: 1, days: -1})"), "'P1M-1D'");
  EXPECT_EQ(EvalText("date('2024-03-31') + duration({months: -1, days: -1})"), "'2024-02-28'");
  EXPECT_EQ(EvalText("date('2024-03-31') - duration('P-1M')"), "'2024-04-30'");
  EXPECT_EQ(EvalText("localtime('00:30') + duration('PT-1H')"), "'23:30'");
  EXPECT_EQ(EvalText("time('00:30+01:00') - duration('PT1H')"), "'23:30+01:00'");
  // Durations compare only for equality; ordering them gives null.
  EXPECT_EQ(EvalText("duration('P1D') < duration('P2D')"), "null");
  EXPECT_EQ(EvalText("duration('PT24H') = duration('P1D')"), "false");
  EXPECT_EQ(EvalText("duration('PT90M') = duration('PT1H30M')"), "true");
}

TEST(TemporalDurationTest, FractionsCascadeDown) {
  EXPECT_EQ(EvalText("duration({days: 1.5})"), "'P1DT12H'");
  // Half a mean month (30.436875 days) is 15 days 5:14:33.
  EXPECT_EQ(EvalText("duration({months: 0.5})"), "'P15DT5H14M33S'");
  EXPECT_EQ(EvalText("duration({years: 0.5})"), "'P6M'");
  EXPECT_EQ(EvalText("duration('P0.5Y')"), "'P6M'");
  EXPECT_EQ(EvalText("duration('PT1.5H')"), "'PT1H30M'");
  EXPECT_EQ(EvalText("duration('PT1H0.5M')"), "'PT1H30S'");
  EXPECT_EQ(EvalText("duration('PT0,5S')"), "'PT0.5S'");
  EXPECT_EQ(EvalText("duration('-P1.5D')"), "'P-1DT-12H'");
  EXPECT_EQ(EvalText("duration({milliseconds: 1.5})"), "'PT0.0015S'");
  // Only the smallest component may be fractional.
  EXPECT_THROW(Eval("duration('P1.5DT1H')"), ArgumentError);
  EXPECT_THROW(Eval("duration('PT')"), ArgumentError);
  EXPECT_THROW(Eval("duration('P')"), ArgumentError);
  EXPECT_THROW(Eval("duration('1D')"), ArgumentError);
}

TEST(TemporalDurationTest, NanosecondRounding) {
  // Fractions below a nanosecond are truncated toward zero, as Neo4j's (long) cast does.
  EXPECT_EQ(EvalText("duration({nanoseconds: 1.9})"), "'PT0.000000001S'");
  EXPECT_EQ(EvalText("duration({nanoseconds: -1.9})"), "'PT-0.000000001S'");
  EXPECT_EQ(EvalText("duration({seconds: 1, nanoseconds: 0.5})"), "'PT1S'");
  EXPECT_EQ(EvalText("duration('PT0.000000001S') * 0.5"), "'PT0S'");
  EXPECT_EQ(EvalText("duration('PT1S') / 3"), "'PT0.333333333S'");
  EXPECT_EQ(EvalText("duration('PT2S') / 3"), "'PT0.666666666S'");
  EXPECT_EQ(EvalText("duration('PT1S') * 0.5"), "'PT0.5S'");
  // Integer factors are exact, whatever the size.
  EXPECT_EQ(EvalText("duration('PT0.000000001S') * 3000000000"), "'PT3S'");
  EXPECT_EQ(EvalText("duration({seconds: 9007199254740993})"), "'PT2501999792983H36M33S'");
  // Nine digits survive every path.
  EXPECT_EQ(EvalText("localtime('23:59:59.999999999') + duration('PT0.000000001S')"), "'00:00'");
  EXPECT_EQ(EvalText("localdatetime('2015-12-31T23:59:59.999999999') + duration('PT0.000000001S')"),
            "'2016-01-01T00:00'");
  EXPECT_EQ(EvalText("datetime.fromepoch(0, 1)"), "'1970-01-01T00:00:00.000000001Z'");
  EXPECT_EQ(EvalText("datetime.fromepochmillis(-1)"), "'1969-12-31T23:59:59.999Z'");
  EXPECT_EQ(EvalText("datetime.fromepoch(-1, 999999999).epochMillis"), "-1");
  EXPECT_EQ(EvalText("duration.inSeconds(localtime('00:00:00.000000001'), localtime('00:00'))"),
            "'PT-0.000000001S'");
  EXPECT_THROW(Eval("localtime('12:00:00.1234567891')"), ArgumentError);  // ten digits
}

TEST(TemporalDurationTest, ArithmeticErrors) {
  EXPECT_THROW(Eval("duration('P1D') / 0"), ArithmeticError);
  EXPECT_THROW(Eval("duration({years: 1000000000000000000})"), ArithmeticError);
  EXPECT_THROW(Eval("duration({seconds: 9223372036854775807}) + duration('PT1S')"), ArithmeticError);
  EXPECT_THROW(Eval("date('2015-01-01') + date('2015-01-01')"), TypeError);
  EXPECT_THROW(Eval("duration('P1D') - date('2015-01-01')"), TypeError);
  EXPECT_THROW(Eval("duration({days: 'one'})"), TypeError);
  EXPECT_THROW(Eval("duration({fortnights: 1})"), ArgumentError);
  EXPECT_THROW(Eval("duration({seconds: 9223372036854775807}).milliseconds"), ArithmeticError);
  EXPECT_THROW(Eval("datetime('+999999999-12-31T00:00Z').epochMillis"), ArithmeticError);
  EXPECT_THROW(Eval("datetime({epochSeconds: 9223372036854775807})"), ArgumentError);
  EXPECT_THROW(Eval("datetime.fromepoch(9223372036854775807, 999999999)"), ArgumentError);
  EXPECT_THROW(Eval("duration('-P-768614336404564650Y-8M')"), ArithmeticError);
  EXPECT_EQ(EvalText("duration({days: null})"), "null");
  EXPECT_EQ(EvalText("duration('P1D') + null"), "null");
}

}  // namespace
}  // namespace quiver::testing
