// The entry points that make temporal values: date(x) and friends by argument kind,
// ISO-8601 parsing into values, selection, the clock functions and the epoch functions.

#include <chrono>
#include <string>

#include "common/temporal/civil.h"
#include "common/temporal/construct.h"
#include "common/temporal/parse.h"
#include "common/temporal/parts.h"
#include "common/temporal/temporal.h"
#include "common/temporal/zones.h"

namespace quiver {

using temporal::Zone;

std::string_view TemporalKindName(TemporalKind kind) {
  switch (kind) {
    case TemporalKind::kDate:
      return "date";
    case TemporalKind::kLocalTime:
      return "localtime";
    case TemporalKind::kTime:
      return "time";
    case TemporalKind::kLocalDateTime:
      return "localdatetime";
    case TemporalKind::kDateTime:
      return "datetime";
    case TemporalKind::kDuration:
      return "duration";
  }
  return "?";
}

std::optional<TemporalKind> TemporalKindOf(ValueKind kind) {
  switch (kind) {
    case ValueKind::kDate:
      return TemporalKind::kDate;
    case ValueKind::kLocalTime:
      return TemporalKind::kLocalTime;
    case ValueKind::kTime:
      return TemporalKind::kTime;
    case ValueKind::kLocalDateTime:
      return TemporalKind::kLocalDateTime;
    case ValueKind::kDateTime:
      return TemporalKind::kDateTime;
    case ValueKind::kDuration:
      return TemporalKind::kDuration;
    default:
      return std::nullopt;
  }
}

// ---- the clock ----

TemporalInstant TemporalClock::SystemInstant() {
  const auto now = std::chrono::system_clock::now().time_since_epoch();
  const int64_t nanos = std::chrono::duration_cast<std::chrono::nanoseconds>(now).count();
  return TemporalInstant{temporal::FloorDiv(nanos, temporal::kNanosPerSecond),
                         static_cast<int32_t>(temporal::FloorMod(nanos, temporal::kNanosPerSecond))};
}

TemporalInstant TemporalClock::RealTime() const {
  return realtime ? realtime() : SystemInstant();
}

TemporalClock TemporalClock::Fixed(TemporalInstant at, std::string default_time_zone) {
  TemporalClock clock;
  clock.transaction = clock.statement = at;
  clock.realtime = [at] { return at; };
  clock.default_time_zone = std::move(default_time_zone);
  return clock;
}

TemporalClock TemporalClock::SystemNow() {
  TemporalClock clock;
  clock.transaction = clock.statement = SystemInstant();
  return clock;
}

// ---- construction ----

namespace {

Value AtInstant(TemporalKind kind, TemporalInstant at, const Zone& zone) {
  const int32_t offset = zone.OffsetAt(at.seconds);
  const int64_t local = at.seconds + offset;
  const int64_t days = temporal::FloorDiv(local, temporal::kSecondsPerDay);
  const int64_t nanos =
      temporal::FloorMod(local, temporal::kSecondsPerDay) * temporal::kNanosPerSecond + at.nanos;
  switch (kind) {
    case TemporalKind::kDate:
      return temporal::MakeDate(days);
    case TemporalKind::kLocalTime:
      return temporal::MakeLocalTime(nanos);
    case TemporalKind::kTime:
      return temporal::MakeTime(nanos, offset);
    case TemporalKind::kLocalDateTime:
      return temporal::MakeLocalDateTime(days, nanos);
    case TemporalKind::kDateTime:
      return temporal::MakeDateTimeAt(at.seconds, at.nanos, zone);
    case TemporalKind::kDuration:
      break;
  }
  temporal::ThrowInvalidValue("there is no current duration");
}

TemporalInstant InstantOf(TemporalClockKind which, const TemporalClock& clock) {
  switch (which) {
    case TemporalClockKind::kTransaction:
      return clock.transaction;
    case TemporalClockKind::kRealtime:
      return clock.RealTime();
    case TemporalClockKind::kStatement:
      break;
  }
  return clock.statement;
}

}  // namespace

Value CurrentTemporal(TemporalKind kind, TemporalClockKind which, const TemporalClock& clock) {
  return AtInstant(kind, InstantOf(which, clock), temporal::DefaultZone(clock));
}

Value CurrentTemporal(TemporalKind kind, TemporalClockKind which, const Value& timezone,
                      const TemporalClock& clock) {
  if (timezone.IsNull()) return Value();
  const Value* tz = &timezone;
  if (timezone.IsMap()) {
    const ValueMap& map = timezone.AsMap();
    for (const auto& [key, value] : map) {
      if (temporal::Lower(key) != "timezone") temporal::ThrowInvalidValue("No such field: " + key);
    }
    if (map.empty()) return CurrentTemporal(kind, which, clock);
    tz = &map.begin()->second;
    if (tz->IsNull()) return Value();
  }
  if (!tz->IsString()) {
    temporal::ThrowInvalidType("a time zone must be a string, but was a " + std::string(tz->TypeName()));
  }
  return AtInstant(kind, InstantOf(which, clock), Zone::Parse(tz->AsString()));
}

Value ParseTemporal(TemporalKind kind, std::string_view text, const TemporalClock& clock) {
  if (kind == TemporalKind::kDuration) return temporal::ParseDurationText(text);
  const temporal::ParsedText p = temporal::ParseDateTimeText(text, kind);
  switch (kind) {
    case TemporalKind::kDate:
      return temporal::MakeDate(p.days);
    case TemporalKind::kLocalTime:
      return temporal::MakeLocalTime(p.nanos_of_day);
    case TemporalKind::kTime:
      return temporal::MakeTime(p.nanos_of_day, p.offset ? *p.offset : temporal::DefaultOffset(clock));
    case TemporalKind::kLocalDateTime:
      return temporal::MakeLocalDateTime(p.days, p.nanos_of_day);
    case TemporalKind::kDateTime: {
      if (!p.zone_name.empty())
        return temporal::MakeDateTime(p.days, p.nanos_of_day, Zone::Parse(p.zone_name), p.offset);
      if (p.offset) return temporal::MakeDateTime(p.days, p.nanos_of_day, Zone::Fixed(*p.offset));
      return temporal::MakeDateTime(p.days, p.nanos_of_day, temporal::DefaultZone(clock));
    }
    case TemporalKind::kDuration:
      break;
  }
  return Value();
}

namespace temporal {

Value SelectTemporal(TemporalKind kind, const Value& from, const TemporalClock& clock) {
  const TemporalKind from_kind = KindOf(from);
  if (kind == from_kind) return from;
  if (kind == TemporalKind::kDuration || from_kind == TemporalKind::kDuration) {
    ThrowInvalidType("cannot construct a " + std::string(TemporalKindName(kind)) + " from a " +
                     std::string(from.TypeName()));
  }
  return FromParts(kind, PartsOf(from), clock);
}

}  // namespace temporal

Value ConstructTemporal(TemporalKind kind, const Value& arg, const TemporalClock& clock) {
  switch (arg.kind()) {
    case ValueKind::kNull:
      return Value();
    case ValueKind::kMap:
      return temporal::BuildFromMap(kind, arg.AsMap(), clock);
    case ValueKind::kString:
      return ParseTemporal(kind, arg.AsString(), clock);
    default:
      if (arg.IsTemporal()) return temporal::SelectTemporal(kind, arg, clock);
      temporal::ThrowInvalidType(std::string(TemporalKindName(kind)) +
                                 "() expects a map, a string or a temporal "
                                 "value, but got a " +
                                 std::string(arg.TypeName()));
  }
}

Value DateTimeFromEpoch(const Value& seconds, const Value& nanos) {
  if (seconds.IsNull() || nanos.IsNull()) return Value();
  if (!seconds.IsNumber() || !nanos.IsNumber()) {
    temporal::ThrowInvalidType("datetime.fromepoch expects numbers, but got " +
                               std::string(seconds.TypeName()) + " and " + std::string(nanos.TypeName()));
  }
  if (!seconds.IsInt() || !nanos.IsInt()) {
    temporal::ThrowInvalidType("datetime.fromepoch expects integers");
  }
  return temporal::MakeDateTimeAt(seconds.AsInt(), nanos.AsInt(), Zone());
}

Value DateTimeFromEpochMillis(const Value& millis) {
  if (millis.IsNull()) return Value();
  if (!millis.IsInt()) {
    temporal::ThrowInvalidType("datetime.fromepochmillis expects an integer, but got " +
                               std::string(millis.TypeName()));
  }
  const int64_t ms = millis.AsInt();
  return temporal::MakeDateTimeAt(temporal::FloorDiv(ms, 1000), temporal::FloorMod(ms, 1000) * 1'000'000,
                                  Zone());
}

}  // namespace quiver
