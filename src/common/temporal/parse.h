#pragma once
// Internal: ISO-8601 text in the forms Cypher accepts (Neo4j's patterns).
//
//   date      2015-07-21  20150721  2015-07  201507  2015-W30-2  2015W302  2015-W30
//             2015W30  2015-202  2015202  2015  2015-Q3-45  +999999999-12-31  -0044-03-15
//   time      21:40:32.142  214032.142  21:40  2140  21  (fraction '.' or ',', 1-9 digits)
//   offset    Z  +01  +0100  +01:00  -02:05:07  (a time or datetime may carry one)
//   zone      [Europe/Stockholm] after the offset, or alone in place of it (datetime)
//   datetime  <date>T<time><offset/zone>; the time part is optional
//   duration  P14DT16H12M  P5M1.5D  PT0.75M  P2.5W  PT-1.5S  -P1Y  P2012-02-02T14:37:21.545

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "common/temporal/temporal.h"
#include "quiver/value.h"

namespace quiver::temporal {

struct ParsedText {
  bool has_date = false;
  bool has_time = false;
  int64_t days = 0;
  int64_t nanos_of_day = 0;
  std::optional<int32_t> offset;
  std::string zone_name;  // empty when no [zone] was given
};

// Parses the text of a date, localtime, time, localdatetime or datetime: which parts
// may appear depends on `kind`. Throws ArgumentError(InvalidArgumentValue).
ParsedText ParseDateTimeText(std::string_view text, TemporalKind kind);

// Parses a duration. Throws ArgumentError(InvalidArgumentValue).
Value ParseDurationText(std::string_view text);

}  // namespace quiver::temporal
