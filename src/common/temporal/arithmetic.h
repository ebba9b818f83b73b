#pragma once
// Internal: arithmetic on durations and on temporal values (java.time's rules, as
// Neo4j applies them).

#include <cstdint>

#include "quiver/value.h"

namespace quiver::temporal {

// a + sign * b, field by field.
Value AddDurations(const DurationValue& a, const DurationValue& b, int sign);
// An integer factor multiplies each field exactly; a float one goes through
// ApproximateDuration (fractions cascade down).
Value MultiplyDuration(const DurationValue& d, const Value& factor);
Value DivideDuration(const DurationValue& d, const Value& divisor);

// t + sign * d: months first (the day clamped to the month's end), then days, then
// seconds and nanoseconds. A Date ignores the time part except whole days of seconds;
// times ignore months and days and wrap around midnight; a DateTime adds months and
// days to its wall clock (keeping its offset where the zone allows) and seconds to its
// instant.
Value AddToTemporal(const Value& t, const DurationValue& d, int sign);

// The day `months` months later, clamped to the end of a shorter month.
int64_t PlusMonths(int64_t days, int64_t months);

}  // namespace quiver::temporal
