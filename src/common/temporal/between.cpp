// duration.between, duration.inMonths, duration.inDays, duration.inSeconds.
//
// Two values of different kinds are first made comparable as Neo4j does: a date gets
// midnight, a value without a date borrows the other's date, a value without a zone
// borrows the other's zone. Then between() counts whole months (as a calendar does),
// moves `from` by them, counts whole days, moves again, and takes the exact remainder;
// so a month is never converted to days and a day never to 24 hours.

#include <string>

#include "common/temporal/arithmetic.h"
#include "common/temporal/civil.h"
#include "common/temporal/parts.h"
#include "common/temporal/temporal.h"

namespace quiver {

namespace temporal {

namespace {

enum class Unit { kMonths, kDays, kNanos };

// Both sides made comparable: after Attach, either both have a date or neither, and
// either both have a zone or neither.
void Attach(Parts& a, Parts& b) {
  for (Parts* p : {&a, &b}) {
    if (!p->has_time) {
      p->has_time = true;
      p->nanos_of_day = 0;  // a date means its midnight
    }
  }
  if (a.has_date && !b.has_date) {
    b.has_date = true;
    b.days = a.days;
  } else if (b.has_date && !a.has_date) {
    a.has_date = true;
    a.days = b.days;
  }
  const auto borrow_zone = [](Parts& to, const Parts& from) {
    to.has_zone = true;
    to.zone = to.has_date ? from.zone : Zone::Fixed(from.offset);
    to.offset = from.offset;
    if (to.has_date) {
      // A wall-clock time placed in the zone: resolve it there (gaps shift forward).
      const Zone::Resolved r = to.zone.Resolve(to.days * kSecondsPerDay + to.nanos_of_day / kNanosPerSecond);
      to.offset = r.offset;
      const int64_t local = r.utc_seconds + r.offset;
      to.days = FloorDiv(local, kSecondsPerDay);
      to.nanos_of_day = FloorMod(local, kSecondsPerDay) * kNanosPerSecond + to.nanos_of_day % kNanosPerSecond;
    }
  };
  if (a.has_zone && !b.has_zone) {
    borrow_zone(b, a);
  } else if (b.has_zone && !a.has_zone) {
    borrow_zone(a, b);
  }
}

__int128 LocalNanos(const Parts& p) {
  return static_cast<__int128>(p.days) * kNanosPerDay + p.nanos_of_day;
}

__int128 UtcNanos(const Parts& p) {
  return LocalNanos(p) - static_cast<__int128>(p.offset) * kNanosPerSecond;
}

// java.time's LocalDate.until in months: whole months, counting a month only once the
// day of month is reached; truncated toward zero.
int64_t MonthsBetween(int64_t from_day, int64_t to_day) {
  const CivilDate a = CivilFromDays(from_day);
  const CivilDate b = CivilFromDays(to_day);
  const int64_t packed_a = (a.year * 12 + a.month - 1) * 32 + a.day;
  const int64_t packed_b = (b.year * 12 + b.month - 1) * 32 + b.day;
  return (packed_b - packed_a) / 32;
}

// LocalDateTime.until for months and days: the end date steps back (or forward) a day
// when its time of day has not yet reached the start's.
int64_t LocalDateUnitsBetween(int64_t a_days, int64_t a_nanos, int64_t b_days, int64_t b_nanos, Unit unit) {
  int64_t end = b_days;
  if (b_days > a_days && b_nanos < a_nanos) {
    --end;
  } else if (b_days < a_days && b_nanos > a_nanos) {
    ++end;
  }
  return unit == Unit::kMonths ? MonthsBetween(a_days, end) : end - a_days;
}

// from.until(to, unit) on the attached values.
__int128 Until(const Value& from, const Value& to, Unit unit) {
  Parts a = PartsOf(from);
  Parts b = PartsOf(to);
  Attach(a, b);
  if (!a.has_date) {  // two times of day: there are no months or days between them
    if (unit != Unit::kNanos) return 0;
    return a.has_zone ? UtcNanos(b) - UtcNanos(a) : LocalNanos(b) - LocalNanos(a);
  }
  if (unit == Unit::kNanos) return a.has_zone ? UtcNanos(b) - UtcNanos(a) : LocalNanos(b) - LocalNanos(a);
  if (a.has_zone) {
    // Calendar units are counted on the wall clock of `from`'s zone.
    const __int128 b_utc = UtcNanos(b);
    const auto b_seconds =
        static_cast<int64_t>(b_utc / kNanosPerSecond - (b_utc % kNanosPerSecond < 0 ? 1 : 0));
    const int64_t local = b_seconds + a.zone.OffsetAt(b_seconds);
    b.days = FloorDiv(local, kSecondsPerDay);
    b.nanos_of_day = FloorMod(local, kSecondsPerDay) * kNanosPerSecond + b.nanos_of_day % kNanosPerSecond;
  }
  return LocalDateUnitsBetween(a.days, a.nanos_of_day, b.days, b.nanos_of_day, unit);
}

int64_t Narrow(__int128 v) {
  if (v > INT64_MAX || v < INT64_MIN) ThrowOverflow("duration out of range");
  return static_cast<int64_t>(v);
}

Value FromNanos(int64_t months, int64_t days, __int128 nanos) {
  return MakeDuration(months, days, Narrow(nanos / kNanosPerSecond),
                      static_cast<int64_t>(nanos % kNanosPerSecond));
}

}  // namespace

}  // namespace temporal

Value DurationBetween(DurationUnit unit, const Value& from, const Value& to) {
  using temporal::Unit;
  if (from.IsNull() || to.IsNull()) return Value();
  for (const Value* v : {&from, &to}) {
    if (!v->IsTemporal() || v->IsDuration()) {
      temporal::ThrowInvalidType("duration.between expects two dates or times, but got a " +
                                 std::string(v->TypeName()));
    }
  }
  switch (unit) {
    case DurationUnit::kMonths:
      return temporal::MakeDuration(temporal::Narrow(temporal::Until(from, to, Unit::kMonths)), 0, 0, 0);
    case DurationUnit::kDays:
      return temporal::MakeDuration(0, temporal::Narrow(temporal::Until(from, to, Unit::kDays)), 0, 0);
    case DurationUnit::kSeconds:
      return temporal::FromNanos(0, 0, temporal::Until(from, to, Unit::kNanos));
    case DurationUnit::kAll:
      break;
  }
  int64_t months = 0;
  int64_t days = 0;
  Value moved = from;
  if (temporal::PartsOf(from).has_date && temporal::PartsOf(to).has_date) {
    months = temporal::Narrow(temporal::Until(moved, to, Unit::kMonths));
    moved = temporal::AddToTemporal(moved, DurationValue{months, 0, 0, 0}, 1);
    days = temporal::Narrow(temporal::Until(moved, to, Unit::kDays));
    moved = temporal::AddToTemporal(moved, DurationValue{0, days, 0, 0}, 1);
  }
  return temporal::FromNanos(months, days, temporal::Until(moved, to, Unit::kNanos));
}

}  // namespace quiver
