// Temporal arithmetic: temporal +/- duration and the operator entry points.

#include "common/temporal/arithmetic.h"

#include <cstdint>
#include <string>

#include "common/temporal/civil.h"
#include "common/temporal/parts.h"
#include "common/temporal/temporal.h"

namespace quiver {

namespace temporal {

namespace {

int64_t Negated(int64_t v, int sign) {
  if (sign > 0) return v;
  if (v == INT64_MIN) ThrowOverflow("temporal arithmetic out of range");
  return -v;
}

int64_t CheckedAdd(int64_t a, int64_t b) {
  int64_t out = 0;
  if (__builtin_add_overflow(a, b, &out)) ThrowOverflow("temporal arithmetic out of range");
  return out;
}

void CheckDays(int64_t days) {
  if (!DateInRange(days)) ThrowOverflow("temporal arithmetic result out of the supported range");
}

// The time-of-day shift of `seconds` and `nanos`, modulo a day (times wrap).
int64_t TimeShift(int64_t seconds, int64_t nanos) {
  return FloorMod(FloorMod(seconds, kSecondsPerDay) * kNanosPerSecond + nanos, kNanosPerDay);
}

}  // namespace

int64_t PlusMonths(int64_t days, int64_t months) {
  if (months == 0) return days;
  const CivilDate c = CivilFromDays(days);
  const __int128 total = static_cast<__int128>(c.year) * 12 + (c.month - 1) + months;
  if (total > static_cast<__int128>(kMaxYear) * 12 + 11 || total < static_cast<__int128>(kMinYear) * 12) {
    ThrowOverflow("temporal arithmetic result out of the supported range");
  }
  const auto t = static_cast<int64_t>(total);
  const int64_t year = FloorDiv(t, 12);
  const int month = static_cast<int>(FloorMod(t, 12)) + 1;
  const int last = DaysInMonth(year, month);
  return DaysFromCivil(year, month, c.day > last ? last : c.day);
}

Value AddToTemporal(const Value& t, const DurationValue& d, int sign) {
  const int64_t months = Negated(d.months, sign);
  const int64_t days = Negated(d.days, sign);
  const int64_t seconds = Negated(d.seconds, sign);
  const int64_t nanos = sign > 0 ? d.nanos : -int64_t{d.nanos};
  const Parts p = PartsOf(t);
  switch (t.kind()) {
    case ValueKind::kDate: {
      // Only whole days of the seconds count (truncated toward zero, as Neo4j).
      int64_t day = PlusMonths(p.days, months);
      day = CheckedAdd(day, CheckedAdd(days, seconds / kSecondsPerDay));
      CheckDays(day);
      return MakeDate(day);
    }
    case ValueKind::kLocalTime:
      return MakeLocalTime(p.nanos_of_day + TimeShift(seconds, nanos));
    case ValueKind::kTime:
      return MakeTime(p.nanos_of_day + TimeShift(seconds, nanos), p.offset);
    case ValueKind::kLocalDateTime: {
      const int64_t day = CheckedAdd(PlusMonths(p.days, months), days);
      CheckDays(day);
      const __int128 local = static_cast<__int128>(day) * kNanosPerDay + p.nanos_of_day +
                             static_cast<__int128>(seconds) * kNanosPerSecond + nanos;
      const __int128 new_day = local / kNanosPerDay - (local % kNanosPerDay < 0 ? 1 : 0);
      if (new_day > INT64_MAX || new_day < INT64_MIN) ThrowOverflow("temporal arithmetic out of range");
      CheckDays(static_cast<int64_t>(new_day));
      return MakeLocalDateTime(static_cast<int64_t>(new_day),
                               static_cast<int64_t>(local - new_day * kNanosPerDay));
    }
    case ValueKind::kDateTime: {
      // Months and days move the wall clock (java.time resolves each step, preferring
      // the current offset); seconds and nanoseconds move the instant.
      Value current = t;
      int32_t offset = p.offset;
      if (months != 0) {
        const int64_t day = PlusMonths(p.days, months);
        current = MakeDateTime(day, p.nanos_of_day, p.zone, offset);
        offset = current.AsDateTime().offset_seconds;
      }
      if (days != 0) {
        const Parts q = PartsOf(current);
        const int64_t day = CheckedAdd(q.days, days);
        CheckDays(day);
        current = MakeDateTime(day, q.nanos_of_day, p.zone, offset);
      }
      if (seconds != 0 || nanos != 0) {
        const DateTimeValue& dt = current.AsDateTime();
        current = MakeDateTimeAt(CheckedAdd(dt.seconds, seconds), int64_t{dt.nanos} + nanos, p.zone);
      }
      return current;
    }
    default:
      break;
  }
  ThrowInvalidType("cannot add a duration to a " + std::string(t.TypeName()));
}

}  // namespace temporal

namespace {

[[noreturn]] void ThrowOperands(std::string_view op, const Value& a, const Value& b) {
  temporal::ThrowInvalidType("cannot compute " + std::string(a.TypeName()) + " " + std::string(op) + " " +
                             std::string(b.TypeName()));
}

}  // namespace

Value TemporalAdd(const Value& a, const Value& b) {
  if (a.IsNull() || b.IsNull()) return Value();
  if (a.IsDuration() && b.IsDuration()) return temporal::AddDurations(a.AsDuration(), b.AsDuration(), 1);
  if (b.IsDuration() && a.IsTemporal()) return temporal::AddToTemporal(a, b.AsDuration(), 1);
  if (a.IsDuration() && b.IsTemporal()) return temporal::AddToTemporal(b, a.AsDuration(), 1);
  ThrowOperands("+", a, b);
}

Value TemporalSubtract(const Value& a, const Value& b) {
  if (a.IsNull() || b.IsNull()) return Value();
  if (a.IsDuration() && b.IsDuration()) return temporal::AddDurations(a.AsDuration(), b.AsDuration(), -1);
  if (b.IsDuration() && a.IsTemporal()) return temporal::AddToTemporal(a, b.AsDuration(), -1);
  ThrowOperands("-", a, b);
}

Value DurationMultiply(const Value& a, const Value& b) {
  if (a.IsNull() || b.IsNull()) return Value();
  if (a.IsDuration() && b.IsNumber()) return temporal::MultiplyDuration(a.AsDuration(), b);
  if (b.IsDuration() && a.IsNumber()) return temporal::MultiplyDuration(b.AsDuration(), a);
  ThrowOperands("*", a, b);
}

Value DurationDivide(const Value& a, const Value& b) {
  if (a.IsNull() || b.IsNull()) return Value();
  if (a.IsDuration() && b.IsNumber()) return temporal::DivideDuration(a.AsDuration(), b);
  ThrowOperands("/", a, b);
}

}  // namespace quiver
