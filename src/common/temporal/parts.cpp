#include "common/temporal/parts.h"

#include <cmath>
#include <string>
#include <utility>

#include "common/temporal/civil.h"
#include "quiver/error.h"

namespace quiver::temporal {

namespace {

constexpr double kAverageDaysPerMonth = 365.2425 / 12;  // 30.436875, as java.time and Neo4j

// (long) of a double as Java does it, except that out-of-range values are an error
// rather than a silent saturation.
int64_t TruncateToInt64(double x) {
  if (!std::isfinite(x) || x >= 9.2e18 || x <= -9.2e18) ThrowOverflow("duration component out of range");
  return static_cast<int64_t>(x);
}

}  // namespace

void ThrowInvalidValue(std::string message) {
  throw ArgumentError("InvalidArgumentValue", std::move(message));
}
void ThrowInvalidType(std::string message) {
  throw TypeError("InvalidArgumentType", std::move(message));
}
void ThrowOutOfRange(std::string message) {
  throw ArgumentError("NumberOutOfRange", std::move(message));
}
void ThrowOverflow(std::string message) {
  throw ArithmeticError("NumberOutOfRange", std::move(message));
}

std::string Lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

TemporalKind KindOf(const Value& v) {
  const std::optional<TemporalKind> kind = TemporalKindOf(v.kind());
  if (!kind) ThrowInvalidType("expected a temporal value, got " + std::string(v.TypeName()));
  return *kind;
}

Parts PartsOf(const Value& v) {
  Parts p;
  switch (v.kind()) {
    case ValueKind::kDate:
      p.has_date = true;
      p.days = v.AsDate().days;
      break;
    case ValueKind::kLocalTime:
      p.has_time = true;
      p.nanos_of_day = v.AsLocalTime().nanos;
      break;
    case ValueKind::kTime:
      p.has_time = p.has_zone = true;
      p.nanos_of_day = v.AsTime().nanos;
      p.offset = v.AsTime().offset_seconds;
      p.zone = Zone::Fixed(p.offset);
      break;
    case ValueKind::kLocalDateTime: {
      const LocalDateTimeValue& ldt = v.AsLocalDateTime();
      p.has_date = p.has_time = true;
      p.days = FloorDiv(ldt.seconds, kSecondsPerDay);
      p.nanos_of_day = FloorMod(ldt.seconds, kSecondsPerDay) * kNanosPerSecond + ldt.nanos;
      break;
    }
    case ValueKind::kDateTime: {
      const DateTimeValue& dt = v.AsDateTime();
      const int64_t local = dt.seconds + dt.offset_seconds;
      p.has_date = p.has_time = p.has_zone = true;
      p.days = FloorDiv(local, kSecondsPerDay);
      p.nanos_of_day = FloorMod(local, kSecondsPerDay) * kNanosPerSecond + dt.nanos;
      p.offset = dt.offset_seconds;
      p.zone = ZoneOf(dt.zone, dt.offset_seconds);
      break;
    }
    default:
      ThrowInvalidType("expected a date or time value, got " + std::string(v.TypeName()));
  }
  return p;
}

Value MakeDate(int64_t days) {
  CheckDateRange(days);
  return Value::Date(DateValue{days});
}

Value MakeLocalTime(int64_t nanos_of_day) {
  return Value::LocalTime(LocalTimeValue{FloorMod(nanos_of_day, kNanosPerDay)});
}

Value MakeTime(int64_t nanos_of_day, int32_t offset) {
  return Value::Time(TimeValue{FloorMod(nanos_of_day, kNanosPerDay), offset});
}

Value MakeLocalDateTime(int64_t days, int64_t nanos_of_day) {
  days += FloorDiv(nanos_of_day, kNanosPerDay);
  nanos_of_day = FloorMod(nanos_of_day, kNanosPerDay);
  CheckDateRange(days);
  return Value::LocalDateTime(LocalDateTimeValue{days * kSecondsPerDay + nanos_of_day / kNanosPerSecond,
                                                 static_cast<int32_t>(nanos_of_day % kNanosPerSecond)});
}

Value MakeDateTime(int64_t days, int64_t nanos_of_day, const Zone& zone,
                   std::optional<int32_t> preferred_offset) {
  days += FloorDiv(nanos_of_day, kNanosPerDay);
  nanos_of_day = FloorMod(nanos_of_day, kNanosPerDay);
  CheckDateRange(days);
  const int64_t local = days * kSecondsPerDay + nanos_of_day / kNanosPerSecond;
  const Zone::Resolved r = zone.Resolve(local, preferred_offset);
  return Value::DateTime(DateTimeValue{r.utc_seconds, static_cast<int32_t>(nanos_of_day % kNanosPerSecond),
                                       r.offset, zone.name()});
}

Value MakeDateTimeAt(int64_t utc_seconds, int64_t nanos, const Zone& zone) {
  if (__builtin_add_overflow(utc_seconds, FloorDiv(nanos, kNanosPerSecond), &utc_seconds)) {
    ThrowOverflow("datetime out of range");
  }
  nanos = FloorMod(nanos, kNanosPerSecond);
  const int32_t offset = zone.OffsetAt(utc_seconds);
  int64_t local = 0;
  if (__builtin_add_overflow(utc_seconds, int64_t{offset}, &local)) ThrowOverflow("datetime out of range");
  CheckDateRange(FloorDiv(local, kSecondsPerDay));
  return Value::DateTime(DateTimeValue{utc_seconds, static_cast<int32_t>(nanos), offset, zone.name()});
}

Value MakeDuration(int64_t months, int64_t days, int64_t seconds, int64_t nanos) {
  if (__builtin_add_overflow(seconds, nanos / kNanosPerSecond, &seconds))
    ThrowOverflow("duration out of range");
  nanos %= kNanosPerSecond;
  if (nanos < 0) {
    if (__builtin_sub_overflow(seconds, int64_t{1}, &seconds)) ThrowOverflow("duration out of range");
    nanos += kNanosPerSecond;
  }
  return Value::Duration(DurationValue{months, days, seconds, static_cast<int32_t>(nanos)});
}

Value ApproximateDuration(double months, double days, double seconds, double nanos) {
  const int64_t m = TruncateToInt64(months);
  days += kAverageDaysPerMonth * (months - static_cast<double>(m));
  const int64_t d = TruncateToInt64(days);
  seconds += static_cast<double>(kSecondsPerDay) * (days - static_cast<double>(d));
  const int64_t s = TruncateToInt64(seconds);
  nanos += static_cast<double>(kNanosPerSecond) * (seconds - static_cast<double>(s));
  const int64_t n = TruncateToInt64(nanos);
  return MakeDuration(m, d, s, n);
}

Zone DefaultZone(const TemporalClock& clock) {
  return Zone::Parse(clock.default_time_zone.empty() ? std::string_view("Z") : clock.default_time_zone);
}

int32_t DefaultOffset(const TemporalClock& clock) {
  return DefaultZone(clock).OffsetAt(clock.statement.seconds);
}

Value FromParts(TemporalKind kind, const Parts& p, const TemporalClock& clock) {
  const auto need_date = [&] {
    if (!p.has_date)
      ThrowInvalidValue("cannot construct a " + std::string(TemporalKindName(kind)) + " without a date");
  };
  const auto need_time = [&] {
    if (!p.has_time)
      ThrowInvalidValue("cannot construct a " + std::string(TemporalKindName(kind)) + " without a time");
  };
  const int64_t time = p.has_time ? p.nanos_of_day : 0;
  switch (kind) {
    case TemporalKind::kDate:
      need_date();
      return MakeDate(p.days);
    case TemporalKind::kLocalTime:
      need_time();
      return MakeLocalTime(p.nanos_of_day);
    case TemporalKind::kTime: {
      need_time();
      if (p.has_zone) return MakeTime(p.nanos_of_day, p.offset);
      return MakeTime(p.nanos_of_day, DefaultOffset(clock));
    }
    case TemporalKind::kLocalDateTime:
      need_date();
      return MakeLocalDateTime(p.days, time);
    case TemporalKind::kDateTime:
      need_date();
      if (p.has_zone) return MakeDateTime(p.days, time, p.zone, p.offset);
      return MakeDateTime(p.days, time, DefaultZone(clock));
    case TemporalKind::kDuration:
      break;
  }
  ThrowInvalidValue("cannot construct a duration from a date or time");
}

}  // namespace quiver::temporal
