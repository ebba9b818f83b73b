// Durations: construction from maps, and the arithmetic between durations and numbers.
// A duration keeps months, days and seconds apart because their lengths vary (a month
// is 28-31 days, a day 23-25 hours across DST); only fractions are converted between
// them, at the mean month length, as Neo4j does.

#include <string>

#include "common/temporal/arithmetic.h"
#include "common/temporal/civil.h"
#include "common/temporal/construct.h"
#include "common/temporal/parts.h"
#include "quiver/error.h"

namespace quiver::temporal {

namespace {

enum DurationField {
  kYears,
  kMonths,
  kWeeks,
  kDays,
  kHours,
  kMinutes,
  kSeconds,
  kMillis,
  kMicros,
  kNanos,
  kCount
};
constexpr std::string_view kDurationFields[] = {"years",        "months",     "weeks",   "days",
                                                "hours",        "minutes",    "seconds", "milliseconds",
                                                "microseconds", "nanoseconds"};

int64_t Checked(__int128 v) {
  if (v > INT64_MAX || v < INT64_MIN) ThrowOverflow("duration out of range");
  return static_cast<int64_t>(v);
}

// months, days, seconds, nanos as 128-bit sums, then normalised with overflow checks.
Value MakeDuration128(__int128 months, __int128 days, __int128 seconds, __int128 nanos) {
  seconds += nanos / kNanosPerSecond;
  nanos %= kNanosPerSecond;
  return MakeDuration(Checked(months), Checked(days), Checked(seconds), static_cast<int64_t>(nanos));
}

}  // namespace

Value DurationFromMap(const ValueMap& map) {
  const Value* fields[kCount] = {};
  bool all_integers = true;
  for (const auto& [key, value] : map) {
    const std::string lower = Lower(key);
    int index = -1;
    for (int i = 0; i < kCount; ++i) {
      if (kDurationFields[i] == lower) index = i;
    }
    if (index < 0) ThrowInvalidValue("No such field: " + key);
    if (value.IsNull()) return Value();
    if (!value.IsNumber()) {
      ThrowInvalidType(std::string(kDurationFields[index]) + " must be a number, but was a " +
                       std::string(value.TypeName()));
    }
    fields[index] = &value;
    all_integers = all_integers && value.IsInt();
  }
  if (all_integers) {
    const auto get = [&](int i) -> __int128 { return fields[i] ? fields[i]->AsInt() : 0; };
    return MakeDuration128(get(kYears) * 12 + get(kMonths), get(kWeeks) * 7 + get(kDays),
                           get(kHours) * 3600 + get(kMinutes) * 60 + get(kSeconds),
                           get(kMillis) * 1'000'000 + get(kMicros) * 1'000 + get(kNanos));
  }
  const auto get = [&](int i) { return fields[i] ? fields[i]->AsNumber() : 0.0; };
  return ApproximateDuration(get(kYears) * 12 + get(kMonths), get(kWeeks) * 7 + get(kDays),
                             get(kHours) * 3600 + get(kMinutes) * 60 + get(kSeconds),
                             get(kMillis) * 1'000'000 + get(kMicros) * 1'000 + get(kNanos));
}

Value AddDurations(const DurationValue& a, const DurationValue& b, int sign) {
  return MakeDuration128(
      __int128{a.months} + sign * __int128{b.months}, __int128{a.days} + sign * __int128{b.days},
      __int128{a.seconds} + sign * __int128{b.seconds}, __int128{a.nanos} + sign * __int128{b.nanos});
}

Value MultiplyDuration(const DurationValue& d, const Value& factor) {
  if (factor.IsInt()) {
    const __int128 f = factor.AsInt();
    return MakeDuration128(d.months * f, d.days * f, d.seconds * f, d.nanos * f);
  }
  const double f = factor.AsFloat();
  return ApproximateDuration(static_cast<double>(d.months) * f, static_cast<double>(d.days) * f,
                             static_cast<double>(d.seconds) * f, static_cast<double>(d.nanos) * f);
}

Value DivideDuration(const DurationValue& d, const Value& divisor) {
  const double x = divisor.AsNumber();
  if (x == 0) throw ArithmeticError("DivisionByZero", "cannot divide a duration by zero");
  return ApproximateDuration(static_cast<double>(d.months) / x, static_cast<double>(d.days) / x,
                             static_cast<double>(d.seconds) / x, static_cast<double>(d.nanos) / x);
}

}  // namespace quiver::temporal
