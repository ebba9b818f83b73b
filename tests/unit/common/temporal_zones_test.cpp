// Time zones: offset forms, named zones from the tz database, and the DST gap and
// overlap rules in Europe/Stockholm and America/New_York.

#include <gtest/gtest.h>

#include <limits>
#include <string>

#include "common/temporal/civil.h"
#include "common/temporal/zones.h"
#include "quiver/error.h"
#include "quiver/value_temporal.h"
#include "temporal_cypher_eval.h"

namespace quiver::testing {
namespace {

using temporal::Zone;

TEST(TemporalZonesTest, OffsetForms) {
  EXPECT_EQ(temporal::ParseOffset("Z"), 0);
  EXPECT_EQ(temporal::ParseOffset("+01"), 3600);
  EXPECT_EQ(temporal::ParseOffset("+0130"), 5400);
  EXPECT_EQ(temporal::ParseOffset("-01:30"), -5400);
  EXPECT_EQ(temporal::ParseOffset("-02:05:07"), -(2 * 3600 + 5 * 60 + 7));
  EXPECT_EQ(temporal::ParseOffset("+18:00"), 18 * 3600);
  EXPECT_FALSE(temporal::ParseOffset("+18:01"));
  EXPECT_FALSE(temporal::ParseOffset("+01:60"));
  EXPECT_FALSE(temporal::ParseOffset("+1"));
  EXPECT_FALSE(temporal::ParseOffset("+01:0030"));
  EXPECT_EQ(temporal::OffsetText(0), "Z");
  EXPECT_EQ(temporal::OffsetText(-5400), "-01:30");
  EXPECT_EQ(temporal::OffsetText(3208), "+00:53:28");
  EXPECT_THROW(Zone::Parse("Mars/Olympus_Mons"), ArgumentError);
  EXPECT_THROW(Zone::Parse("+25:00"), ArgumentError);
  EXPECT_THROW(Eval("datetime({year: 2017, timezone: 'Nowhere/Special'})"), ArgumentError);
}

TEST(TemporalZonesTest, NamedZonesFollowTheirRules) {
  EXPECT_EQ(EvalText("datetime({year: 2017, month: 1, day: 15, timezone: 'Europe/Stockholm'})"),
            "'2017-01-15T00:00+01:00[Europe/Stockholm]'");
  EXPECT_EQ(EvalText("datetime({year: 2017, month: 7, day: 15, timezone: 'Europe/Stockholm'})"),
            "'2017-07-15T00:00+02:00[Europe/Stockholm]'");
  EXPECT_EQ(EvalText("datetime('2017-07-15T12:00[America/New_York]').offset"), "'-04:00'");
  EXPECT_EQ(EvalText("datetime('2017-07-15T12:00[America/New_York]').timezone"), "'America/New_York'");
  EXPECT_EQ(EvalText("datetime('2017-07-15T12:00[America/New_York]').offsetMinutes"), "-240");
  EXPECT_EQ(EvalText("datetime('2017-07-15T12:00-04:00').timezone"), "'-04:00'");
  EXPECT_EQ(EvalText("datetime('2017-07-15T12:00Z').timezone"), "'Z'");
  EXPECT_EQ(EvalText("datetime('2017-07-15T12:00[America/New_York]').epochSeconds"), "1500134400");
}

TEST(TemporalZonesTest, WallClockTimesInAGapMoveForward) {
  // Stockholm skipped 02:00-03:00 on 2017-03-26.
  EXPECT_EQ(
      EvalText(
          "datetime({year: 2017, month: 3, day: 26, hour: 2, minute: 30, timezone: 'Europe/Stockholm'})"),
      "'2017-03-26T03:30+02:00[Europe/Stockholm]'");
  EXPECT_EQ(EvalText("datetime('2017-03-26T02:30[Europe/Stockholm]')"),
            "'2017-03-26T03:30+02:00[Europe/Stockholm]'");
  // New York skipped 02:00-03:00 on 2021-03-14.
  EXPECT_EQ(
      EvalText(
          "datetime({year: 2021, month: 3, day: 14, hour: 2, minute: 30, timezone: 'America/New_York'})"),
      "'2021-03-14T03:30-04:00[America/New_York]'");
  // A day added across the gap lands on the wall-clock time, shifted out of the gap.
  EXPECT_EQ(EvalText("datetime('2017-03-25T02:30+01:00[Europe/Stockholm]') + duration('P1D')"),
            "'2017-03-26T03:30+02:00[Europe/Stockholm]'");
  // Attaching the zone to a local value resolves the same way.
  EXPECT_EQ(EvalText("duration.inSeconds(localdatetime('2017-03-26T01:30'), "
                     "datetime('2017-03-26T03:30+02:00[Europe/Stockholm]'))"),
            "'PT1H'");
}

TEST(TemporalZonesTest, OverlapsPreferTheEarlierOffsetUnlessOneIsGiven) {
  // Stockholm repeated 02:00-03:00 on 2017-10-29.
  EXPECT_EQ(
      EvalText(
          "datetime({year: 2017, month: 10, day: 29, hour: 2, minute: 30, timezone: 'Europe/Stockholm'})"),
      "'2017-10-29T02:30+02:00[Europe/Stockholm]'");
  EXPECT_EQ(EvalText("datetime('2017-10-29T02:30+01:00[Europe/Stockholm]')"),
            "'2017-10-29T02:30+01:00[Europe/Stockholm]'");
  // An hour later on the instant line is the second 02:30.
  EXPECT_EQ(EvalText("datetime('2017-10-29T02:30+02:00[Europe/Stockholm]') + duration('PT1H')"),
            "'2017-10-29T02:30+01:00[Europe/Stockholm]'");
  // A calendar day keeps the wall clock and, where possible, the offset.
  EXPECT_EQ(EvalText("datetime('2017-10-28T02:30+02:00[Europe/Stockholm]') + duration('P1D')"),
            "'2017-10-29T02:30+02:00[Europe/Stockholm]'");
  EXPECT_EQ(EvalText("datetime('2017-10-29T02:30+01:00[Europe/Stockholm]') - duration('P1D')"),
            "'2017-10-28T02:30+02:00[Europe/Stockholm]'");
  // New York repeated 01:00-02:00 on 2021-11-07.
  EXPECT_EQ(
      EvalText(
          "datetime({year: 2021, month: 11, day: 7, hour: 1, minute: 30, timezone: 'America/New_York'})"),
      "'2021-11-07T01:30-04:00[America/New_York]'");
  EXPECT_EQ(EvalText("datetime('2021-11-07T01:30-04:00[America/New_York]') + duration('PT1H')"),
            "'2021-11-07T01:30-05:00[America/New_York]'");
  // The two 02:30s are different instants, an hour apart, and unequal.
  EXPECT_EQ(EvalText("datetime('2017-10-29T02:30+02:00[Europe/Stockholm]') < "
                     "datetime('2017-10-29T02:30+01:00[Europe/Stockholm]')"),
            "true");
}

TEST(TemporalZonesTest, DaysAcrossDstAreNot24Hours) {
  EXPECT_EQ(EvalText("duration.between(datetime('2021-03-13T12:00[America/New_York]'), "
                     "datetime('2021-03-14T12:00[America/New_York]'))"),
            "'P1D'");
  EXPECT_EQ(EvalText("duration.inSeconds(datetime('2021-03-13T12:00[America/New_York]'), "
                     "datetime('2021-03-14T12:00[America/New_York]'))"),
            "'PT23H'");
  EXPECT_EQ(EvalText("duration.inSeconds(datetime('2017-10-28T12:00[Europe/Stockholm]'), "
                     "datetime('2017-10-29T12:00[Europe/Stockholm]'))"),
            "'PT25H'");
  EXPECT_EQ(EvalText("duration.inDays(datetime('2017-10-28T12:00[Europe/Stockholm]'), "
                     "datetime('2017-10-29T11:59[Europe/Stockholm]'))"),
            "'PT0S'");
}

TEST(TemporalZonesTest, SelectingConvertsOrReplacesZones) {
  // A zoned source converts (same instant); a local source takes the zone as is.
  EXPECT_EQ(EvalText("datetime({datetime: datetime('2017-07-15T12:00[Europe/Stockholm]'), "
                     "timezone: 'America/New_York'})"),
            "'2017-07-15T06:00-04:00[America/New_York]'");
  EXPECT_EQ(EvalText("datetime({datetime: localdatetime('2017-07-15T12:00'), timezone: 'America/New_York'})"),
            "'2017-07-15T12:00-04:00[America/New_York]'");
  EXPECT_EQ(EvalText("time({time: time('12:00+01:00'), timezone: '-03:00'})"), "'08:00-03:00'");
  // Truncation replaces the zone and keeps the wall clock.
  EXPECT_EQ(
      EvalText(
          "datetime.truncate('day', datetime('2017-07-15T12:00+05:00'), {timezone: 'Europe/Stockholm'})"),
      "'2017-07-15T00:00+02:00[Europe/Stockholm]'");
}

TEST(TemporalZonesTest, DefaultZoneAndTimeOffsetsComeFromTheClock) {
  // 2017-07-01T22:30Z is already July 2nd in Stockholm.
  const int64_t at = temporal::DaysFromCivil(2017, 7, 1) * temporal::kSecondsPerDay + 22 * 3600 + 1800;
  const TemporalClock stockholm = TemporalClock::Fixed({at, 0}, "Europe/Stockholm");
  EXPECT_EQ(EvalText("date()", stockholm), "'2017-07-02'");
  EXPECT_EQ(EvalText("datetime()", stockholm), "'2017-07-02T00:30+02:00[Europe/Stockholm]'");
  EXPECT_EQ(EvalText("localtime()", stockholm), "'00:30'");
  EXPECT_EQ(EvalText("time()", stockholm), "'00:30+02:00'");
  EXPECT_EQ(EvalText("date.statement('America/New_York')", stockholm), "'2017-07-01'");
  EXPECT_EQ(EvalText("datetime({year: 2017, month: 1, day: 1})", stockholm),
            "'2017-01-01T00:00+01:00[Europe/Stockholm]'");
  // A time in a named zone takes the offset in force at the statement time.
  EXPECT_EQ(EvalText("time({hour: 12, timezone: 'Europe/Stockholm'})", stockholm), "'12:00+02:00'");
  const TemporalClock winter = TemporalClock::Fixed({temporal::DaysFromCivil(2017, 1, 1) * 86400, 0});
  EXPECT_EQ(EvalText("time({hour: 12, timezone: 'Europe/Stockholm'})", winter), "'12:00+01:00'");
  EXPECT_EQ(EvalText("time('12:00')", winter), "'12:00Z'");
}

// The public factories for DateTimes that arrive from outside (quiver/value_temporal.h).
TEST(TemporalZonesTest, DateTimeAtInstantAndAtWallClock) {
  const int64_t night = DaysFromCivil(2017, 3, 26) * 86'400;  // Stockholm skipped 02:00-03:00
  const DateTimeValue at = DateTimeAtInstant(night + 5400, 5, "Europe/Stockholm");  // 01:30Z
  EXPECT_EQ(at.seconds, night + 5400);
  EXPECT_EQ(at.nanos, 5);
  EXPECT_EQ(at.offset_seconds, 7200);
  EXPECT_EQ(at.zone, "Europe/Stockholm");
  // 02:30 on the wall clock that night lies in the gap: 03:30+02:00, the same instant.
  const DateTimeValue gap = DateTimeAtWallClock(night + 9000, 5, "Europe/Stockholm");
  EXPECT_EQ(gap.seconds, at.seconds);
  EXPECT_EQ(gap.offset_seconds, 7200);
  // 02:30 on 2017-10-29 came twice: the earlier, at +02:00.
  const DateTimeValue overlap =
      DateTimeAtWallClock(DaysFromCivil(2017, 10, 29) * 86'400 + 9000, 0, "Europe/Stockholm");
  EXPECT_EQ(overlap.offset_seconds, 7200);
  EXPECT_EQ(EvalText("datetime('2017-10-29T02:30[Europe/Stockholm]').epochSeconds"),
            std::to_string(overlap.seconds));
  // An offset for a zone: the value has no zone name.
  const DateTimeValue fixed = DateTimeAtInstant(0, 0, "-01:30");
  EXPECT_EQ(fixed.offset_seconds, -5400);
  EXPECT_EQ(fixed.zone, "");

  EXPECT_THROW(DateTimeAtInstant(0, 0, "Mars/Olympus_Mons"), ArgumentError);
  EXPECT_THROW(DateTimeAtWallClock(0, 0, ""), ArgumentError);
  EXPECT_THROW(DateTimeAtInstant(0, 1'000'000'000, "Z"), ArgumentError);
  EXPECT_THROW(DateTimeAtWallClock(0, -1, "Z"), ArgumentError);
  EXPECT_THROW(DateTimeAtWallClock(std::numeric_limits<int64_t>::max(), 0, "Europe/Stockholm"),
               ArgumentError);
  EXPECT_THROW(DateTimeAtInstant(std::numeric_limits<int64_t>::min(), 0, "+01:00"), ArgumentError);
  const int64_t last_day = DaysFromCivil(999'999'999, 12, 31);
  EXPECT_NO_THROW(DateTimeAtWallClock(last_day * 86'400 + 86'399, 999'999'999, "Z"));
  EXPECT_THROW(DateTimeAtWallClock((last_day + 1) * 86'400, 0, "Z"), ArgumentError);
  EXPECT_THROW(DateTimeAtInstant(last_day * 86'400 + 86'399, 0, "+01:00"),
               ArgumentError);  // local: next year
}

}  // namespace
}  // namespace quiver::testing
