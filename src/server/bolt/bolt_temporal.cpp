#include "server/bolt/bolt_temporal.h"

#include <algorithm>
#include <iterator>
#include <limits>
#include <string>

#include "quiver/error.h"
#include "quiver/value_temporal.h"
#include "server/bolt/value_structures.h"

namespace quiver::server::bolt {

namespace {

struct TemporalStructure {
  uint8_t tag;
  uint8_t fields;
  const char* name;
};
constexpr TemporalStructure kStructures[] = {
    {kDateTag, 1, "Date"},
    {kTimeTag, 2, "Time"},
    {kLocalTimeTag, 1, "LocalTime"},
    {kLocalDateTimeTag, 2, "LocalDateTime"},
    {kDateTimeTag, 3, "DateTime"},
    {kDateTimeZoneIdTag, 3, "DateTimeZoneId"},
    {kLegacyDateTimeTag, 3, "legacy DateTime"},
    {kLegacyDateTimeZoneIdTag, 3, "legacy DateTimeZoneId"},
    {kDurationTag, 4, "Duration"},
};

constexpr int64_t kNanosPerSecond = 1'000'000'000;
constexpr int64_t kSecondsPerDay = 86'400;
constexpr int64_t kNanosPerDay = kSecondsPerDay * kNanosPerSecond;
constexpr int64_t kMaxOffsetSeconds = 18 * 3600;  // java.time's limit, and the engine's
// The engine's years, -999,999,999 to +999,999,999 (as java.time and Neo4j).
const int64_t kMinDay = DaysFromCivil(-999'999'999, 1, 1);
const int64_t kMaxDay = DaysFromCivil(999'999'999, 12, 31);

int64_t FloorDiv(int64_t a, int64_t b) {
  const int64_t q = a / b;
  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

// A field read as an integer and checked to lie in [low, high].
int64_t IntField(PackReader& r, const TemporalStructure& s, const char* field, int64_t low, int64_t high) {
  const int64_t v = r.Int();
  if (v < low || v > high) {
    throw PackStreamError(std::string(s.name) + ": " + field + " out of range [" + std::to_string(low) +
                          ", " + std::to_string(high) + "]: " + std::to_string(v));
  }
  return v;
}
int64_t AnyInt(PackReader& r, const TemporalStructure& s, const char* field) {
  return IntField(r, s, field, std::numeric_limits<int64_t>::min(), std::numeric_limits<int64_t>::max());
}
int32_t Nanos(PackReader& r, const TemporalStructure& s) {
  return static_cast<int32_t>(IntField(r, s, "nanoseconds", 0, kNanosPerSecond - 1));
}
int32_t Offset(PackReader& r, const TemporalStructure& s) {
  return static_cast<int32_t>(IntField(r, s, "UTC offset", -kMaxOffsetSeconds, kMaxOffsetSeconds));
}

void CheckDay(const TemporalStructure& s, int64_t days) {
  if (days < kMinDay || days > kMaxDay) {
    throw PackStreamError(std::string(s.name) + ": the date lies outside years -999999999 to 999999999");
  }
}
// Wall-clock seconds since the epoch: their date must lie in the engine's years.
void CheckLocalSeconds(const TemporalStructure& s, int64_t local_seconds) {
  CheckDay(s, FloorDiv(local_seconds, kSecondsPerDay));
}

// 'I' and 'F': an instant and a fixed offset, told as UTC seconds or wall-clock seconds.
Value OffsetDateTime(PackReader& r, const TemporalStructure& s, bool utc_seconds) {
  const int64_t seconds = AnyInt(r, s, "seconds");
  const int32_t nanos = Nanos(r, s);
  const int32_t offset = Offset(r, s);
  int64_t local = seconds;
  if (utc_seconds && __builtin_add_overflow(seconds, int64_t{offset}, &local)) {
    local = std::numeric_limits<int64_t>::max();  // far outside the years: refused next
  }
  CheckLocalSeconds(s, local);
  return Value::DateTime(DateTimeValue{local - offset, nanos, offset, ""});
}

// 'i' and 'f': the offset is the zone's at that instant (or wall-clock time), from the
// tz database.
Value ZonedDateTime(PackReader& r, const TemporalStructure& s, bool utc_seconds) {
  const int64_t seconds = AnyInt(r, s, "seconds");
  const int32_t nanos = Nanos(r, s);
  const std::string zone = r.String();
  try {
    return Value::DateTime(utc_seconds ? DateTimeAtInstant(seconds, nanos, zone)
                                       : DateTimeAtWallClock(seconds, nanos, zone));
  } catch (const QuiverError& e) {
    throw PackStreamError(std::string(s.name) + ": " + e.message());
  }
}

// Nanoseconds outside [0, 1e9) carry into the seconds, as Neo4j's duration() does (the
// drivers may send a negative sub-second part).
Value Duration(PackReader& r, const TemporalStructure& s) {
  const int64_t months = AnyInt(r, s, "months");
  const int64_t days = AnyInt(r, s, "days");
  int64_t seconds = AnyInt(r, s, "seconds");
  int64_t nanos = AnyInt(r, s, "nanoseconds");
  const int64_t carry = FloorDiv(nanos, kNanosPerSecond);
  if (__builtin_add_overflow(seconds, carry, &seconds)) {
    throw PackStreamError("Duration: the seconds overflow with the nanoseconds carried into them");
  }
  const int64_t remainder = nanos % kNanosPerSecond;  // no overflow, unlike carry * 1e9
  nanos = remainder < 0 ? remainder + kNanosPerSecond : remainder;
  return Value::Duration(DurationValue{months, days, seconds, static_cast<int32_t>(nanos)});
}

// Each version has one DateTime encoding; the other one's structures are refused, as
// Neo4j refuses them (a client that sends them misread the handshake).
void CheckDateTimeEncoding(const TemporalStructure& s, const BoltVersion& version) {
  const bool utc_tag = s.tag == kDateTimeTag || s.tag == kDateTimeZoneIdTag;
  if (utc_tag == version.UtcDateTime()) return;
  std::string bolt = "Bolt " + version.ToString();
  if (version.major < 5) bolt += version.utc_patch ? " with the \"utc\" patch" : " without the \"utc\" patch";
  throw PackStreamError("structure '" + std::string(1, static_cast<char>(s.tag)) + "' (" + s.name +
                        ") is not a DateTime encoding of " + bolt);
}

void EncodeDateTime(PackWriter& w, const DateTimeValue& dt, const BoltVersion& version) {
  const bool named = !dt.zone.empty();
  const bool utc = version.UtcDateTime();
  int64_t seconds = dt.seconds;
  if (!utc && __builtin_add_overflow(dt.seconds, int64_t{dt.offset_seconds}, &seconds)) {
    throw PackStreamError("a DateTime out of range cannot be encoded");
  }
  w.StructHeader(3, utc ? (named ? kDateTimeZoneIdTag : kDateTimeTag)
                        : (named ? kLegacyDateTimeZoneIdTag : kLegacyDateTimeTag));
  w.Int(seconds);
  w.Int(dt.nanos);
  if (named) {
    w.String(dt.zone);
  } else {
    w.Int(dt.offset_seconds);
  }
}

}  // namespace

void EncodeTemporal(PackWriter& w, const Value& v, const BoltVersion& version) {
  switch (v.kind()) {
    case ValueKind::kDate:
      w.StructHeader(1, kDateTag);
      w.Int(v.AsDate().days);
      return;
    case ValueKind::kLocalTime:
      w.StructHeader(1, kLocalTimeTag);
      w.Int(v.AsLocalTime().nanos);
      return;
    case ValueKind::kTime:
      w.StructHeader(2, kTimeTag);
      w.Int(v.AsTime().nanos);
      w.Int(v.AsTime().offset_seconds);
      return;
    case ValueKind::kLocalDateTime:
      w.StructHeader(2, kLocalDateTimeTag);
      w.Int(v.AsLocalDateTime().seconds);
      w.Int(v.AsLocalDateTime().nanos);
      return;
    case ValueKind::kDateTime:
      return EncodeDateTime(w, v.AsDateTime(), version);
    case ValueKind::kDuration: {
      const DurationValue& d = v.AsDuration();
      w.StructHeader(4, kDurationTag);
      w.Int(d.months);
      w.Int(d.days);
      w.Int(d.seconds);
      w.Int(d.nanos);
      return;
    }
    default:
      throw PackStreamError("a " + std::string(v.TypeName()) + " is not a temporal value");
  }
}

std::optional<Value> DecodeTemporal(PackReader& r, uint8_t tag, uint8_t fields, const BoltVersion& version) {
  const auto* it = std::find_if(std::begin(kStructures), std::end(kStructures),
                                [&](const TemporalStructure& s) { return s.tag == tag; });
  if (it == std::end(kStructures)) return std::nullopt;
  const TemporalStructure& s = *it;
  if (fields != s.fields) {
    throw PackStreamError("a " + std::string(s.name) + " structure has " + std::to_string(s.fields) +
                          " fields, not " + std::to_string(fields));
  }
  switch (tag) {
    case kDateTag: {
      const int64_t days = AnyInt(r, s, "days");
      CheckDay(s, days);
      return Value::Date(DateValue{days});
    }
    case kTimeTag: {
      const int64_t nanos = IntField(r, s, "nanoseconds of the day", 0, kNanosPerDay - 1);
      return Value::Time(TimeValue{nanos, Offset(r, s)});
    }
    case kLocalTimeTag:
      return Value::LocalTime(LocalTimeValue{IntField(r, s, "nanoseconds of the day", 0, kNanosPerDay - 1)});
    case kLocalDateTimeTag: {
      const int64_t seconds = AnyInt(r, s, "seconds");
      const int32_t nanos = Nanos(r, s);
      CheckLocalSeconds(s, seconds);
      return Value::LocalDateTime(LocalDateTimeValue{seconds, nanos});
    }
    case kDateTimeTag:
    case kLegacyDateTimeTag:
      CheckDateTimeEncoding(s, version);
      return OffsetDateTime(r, s, tag == kDateTimeTag);
    case kDateTimeZoneIdTag:
    case kLegacyDateTimeZoneIdTag:
      CheckDateTimeEncoding(s, version);
      return ZonedDateTime(r, s, tag == kDateTimeZoneIdTag);
    default:
      return Duration(r, s);
  }
}

}  // namespace quiver::server::bolt
