#pragma once
// Internal to the temporal library: temporal values taken apart into local date, local
// time and zone, the factories that build validated and normalised values back, and the
// error helpers every file of the library throws through.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "common/temporal/temporal.h"
#include "common/temporal/zones.h"
#include "quiver/value.h"

namespace quiver::temporal {

// A (non-duration) temporal value as its local parts. Which members mean anything
// depends on the has_* flags: a Date has only a date, a Time a time and a zone, etc.
struct Parts {
  bool has_date = false;
  bool has_time = false;
  bool has_zone = false;
  int64_t days = 0;          // local calendar day (days since 1970-01-01)
  int64_t nanos_of_day = 0;  // local time of day
  Zone zone;                 // the named zone or fixed offset
  int32_t offset = 0;        // the offset in force
};

Parts PartsOf(const Value& v);
TemporalKind KindOf(const Value& v);  // v must be temporal

// ---- factories: they check ranges and normalise ----
Value MakeDate(int64_t days);
Value MakeLocalTime(int64_t nanos_of_day);
Value MakeTime(int64_t nanos_of_day, int32_t offset);
Value MakeLocalDateTime(int64_t days, int64_t nanos_of_day);
// Wall-clock fields in a zone, resolved with the gap/overlap rules of zones.h.
Value MakeDateTime(int64_t days, int64_t nanos_of_day, const Zone& zone,
                   std::optional<int32_t> preferred_offset = std::nullopt);
Value MakeDateTimeAt(int64_t utc_seconds, int64_t nanos, const Zone& zone);
// Months, days and seconds kept apart (as openCypher does); nanoseconds carried into
// seconds so that nanos lie in [0, 1e9). Throws ArithmeticError on overflow.
Value MakeDuration(int64_t months, int64_t days, int64_t seconds, int64_t nanos);
// Fractional components cascade down: the fraction of a month becomes days at the mean
// month length (30.436875 days), the fraction of a day seconds, and so on (Neo4j).
Value ApproximateDuration(double months, double days, double seconds, double nanos);

// Builds a value of `kind` from parts; fills in what the kind needs and the parts lack
// (midnight, the zone) from the clock's default zone. Throws when a needed date or time
// is missing (a Date cannot become a LocalTime).
Value FromParts(TemporalKind kind, const Parts& parts, const TemporalClock& clock);

// The clock's default zone, and its offset at the statement time (what a Time without
// an explicit zone gets: a named zone has no single offset).
Zone DefaultZone(const TemporalClock& clock);
int32_t DefaultOffset(const TemporalClock& clock);

// ---- errors ----
[[noreturn]] void ThrowInvalidValue(std::string message);  // ArgumentError(InvalidArgumentValue)
[[noreturn]] void ThrowInvalidType(std::string message);   // TypeError(InvalidArgumentType)
[[noreturn]] void ThrowOutOfRange(std::string message);    // ArgumentError(NumberOutOfRange)
[[noreturn]] void ThrowOverflow(std::string message);      // ArithmeticError(NumberOutOfRange)

// Lower-cases ASCII, for case-insensitive field, unit and function names.
std::string Lower(std::string_view s);

}  // namespace quiver::temporal
