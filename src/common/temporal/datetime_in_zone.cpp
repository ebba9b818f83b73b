// The public DateTime factories of quiver/value_temporal.h: what a value arriving from
// outside the engine (a Bolt DateTime structure) becomes, checked as the engine's own
// constructors check it.

#include <string>

#include "common/temporal/civil.h"
#include "common/temporal/parts.h"
#include "common/temporal/zones.h"
#include "quiver/value_temporal.h"

namespace quiver {

namespace {

// Far outside the supported years, but far from int64 overflow too: rejecting these up
// front keeps every error an ArgumentError (the factories' own checks would report an
// overflow of the seconds as an ArithmeticError).
constexpr int64_t kSecondsLimit = int64_t{1'000'000'000} * 366 * temporal::kSecondsPerDay;

void CheckFields(int64_t seconds, int32_t nanos) {
  if (nanos < 0 || nanos >= temporal::kNanosPerSecond) {
    temporal::ThrowOutOfRange("nanoseconds out of range [0, 999999999]: " + std::to_string(nanos));
  }
  if (seconds < -kSecondsLimit || seconds > kSecondsLimit) {
    temporal::ThrowOutOfRange("datetime out of range: " + std::to_string(seconds) +
                              " seconds since the epoch");
  }
}

}  // namespace

DateTimeValue DateTimeAtInstant(int64_t utc_seconds, int32_t nanos, std::string_view zone) {
  CheckFields(utc_seconds, nanos);
  return temporal::MakeDateTimeAt(utc_seconds, nanos, temporal::Zone::Parse(zone)).AsDateTime();
}

DateTimeValue DateTimeAtWallClock(int64_t local_seconds, int32_t nanos, std::string_view zone) {
  CheckFields(local_seconds, nanos);
  const int64_t days = temporal::FloorDiv(local_seconds, temporal::kSecondsPerDay);
  const int64_t nanos_of_day =
      temporal::FloorMod(local_seconds, temporal::kSecondsPerDay) * temporal::kNanosPerSecond + nanos;
  return temporal::MakeDateTime(days, nanos_of_day, temporal::Zone::Parse(zone)).AsDateTime();
}

}  // namespace quiver
