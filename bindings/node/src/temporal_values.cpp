// The temporal values and index.js's classes for them (docs/node.md, "Temporal values"):
// field by field, the wall clock and the UTC offset, as neo4j-driver's classes hold
// them — a JavaScript Date cannot hold nanoseconds, a zone or a date without a time.
#include <array>
#include <string>

#include "addon_data.h"
#include "quiver/error.h"
#include "values.h"

namespace quiver::node {

namespace {

constexpr int64_t kNanosPerSecond = 1'000'000'000;
constexpr int64_t kSecondsPerDay = 86'400;
constexpr int64_t kMaxYear = 999'999'999;
constexpr int64_t kMaxOffsetSeconds = 18 * 3600;

enum class TemporalClass : uint8_t { kDate, kLocalTime, kTime, kLocalDateTime, kDateTime, kDuration, kNone };

TemporalClass ClassOf(Napi::Env env, Napi::Object object) {
  const AddonData& data = AddonData::Get(env);
  const std::array<const Napi::FunctionReference*, 6> classes = {
      &data.date, &data.local_time, &data.time, &data.local_date_time, &data.date_time, &data.duration};
  for (size_t i = 0; i < classes.size(); ++i) {
    if (!classes[i]->IsEmpty() && object.InstanceOf(classes[i]->Value())) return static_cast<TemporalClass>(i);
  }
  return TemporalClass::kNone;
}

int64_t FloorDiv(int64_t a, int64_t b) {
  return a / b - ((a % b != 0) && ((a < 0) != (b < 0)) ? 1 : 0);
}

// A field of a temporal object: a whole number in [min, max]; undefined is `absent`.
int64_t Field(Napi::Env env, Napi::Object object, const char* name, int64_t min, int64_t max, int64_t absent = 0) {
  Napi::Value value = object.Get(name);
  if (value.IsUndefined() || value.IsNull()) return absent;
  return ToInteger(env, value, name, min, max);
}

int64_t DaysOf(Napi::Env env, Napi::Object object) {
  const int64_t year = Field(env, object, "year", -kMaxYear, kMaxYear, INT64_MIN);
  const int64_t month = Field(env, object, "month", 1, 12, INT64_MIN);
  const int64_t day = Field(env, object, "day", 1, 31, INT64_MIN);
  if (year == INT64_MIN || month == INT64_MIN || day == INT64_MIN) {
    throw Napi::TypeError::New(env, "a date needs its year, month and day");
  }
  const int64_t days = DaysFromCivil(year, static_cast<unsigned>(month), static_cast<unsigned>(day));
  int64_t y = 0;
  unsigned m = 0, d = 0;
  CivilFromDays(days, y, m, d);
  if (d != day) {
    throw Napi::RangeError::New(env, "day " + std::to_string(day) + " is not in month " + std::to_string(month) +
                                         " of " + std::to_string(year));
  }
  return days;
}

// Nanoseconds since midnight from hour, minute, second and nanosecond.
int64_t NanosOfDay(Napi::Env env, Napi::Object object) {
  const int64_t seconds = Field(env, object, "hour", 0, 23) * 3600 + Field(env, object, "minute", 0, 59) * 60 +
                          Field(env, object, "second", 0, 59);
  return seconds * kNanosPerSecond + Field(env, object, "nanosecond", 0, kNanosPerSecond - 1);
}

int32_t OffsetOf(Napi::Env env, Napi::Object object) {
  return static_cast<int32_t>(Field(env, object, "offsetSeconds", -kMaxOffsetSeconds, kMaxOffsetSeconds));
}

Value DateTimeToValue(Napi::Env env, Napi::Object object) {
  const int64_t nanos_of_day = NanosOfDay(env, object);
  const int64_t local = DaysOf(env, object) * kSecondsPerDay + nanos_of_day / kNanosPerSecond;
  const auto nanos = static_cast<int32_t>(nanos_of_day % kNanosPerSecond);
  Napi::Value zone = object.Get("timeZoneId");
  Napi::Value offset = object.Get("offsetSeconds");
  if (zone.IsUndefined() || zone.IsNull() || zone.As<Napi::String>().Utf8Value().empty()) {
    if (offset.IsUndefined() || offset.IsNull()) {
      throw Napi::TypeError::New(env, "a quiver.DateTime needs offsetSeconds or timeZoneId");
    }
    const int32_t offset_seconds = OffsetOf(env, object);
    return Value::DateTime(DateTimeValue{local - offset_seconds, nanos, offset_seconds, {}});
  }
  if (!zone.IsString()) throw Napi::TypeError::New(env, "timeZoneId must be a string");
  const std::string zone_name = zone.As<Napi::String>().Utf8Value();
  try {
    // The offset given picks the instant when the zone has that offset at that wall
    // clock (so both instants of an autumn overlap come back as they went out); else
    // the zone's rules read the wall clock (a gap moves it later, an overlap takes the
    // earlier instant).
    if (!offset.IsUndefined() && !offset.IsNull()) {
      const int32_t offset_seconds = OffsetOf(env, object);
      DateTimeValue at = DateTimeAtInstant(local - offset_seconds, nanos, zone_name);
      if (at.offset_seconds == offset_seconds) return Value::DateTime(std::move(at));
    }
    return Value::DateTime(DateTimeAtWallClock(local, nanos, zone_name));
  } catch (const QuiverError& e) {
    throw Napi::RangeError::New(env, e.message());
  }
}

Value DurationToValue(Napi::Env env, Napi::Object object) {
  constexpr int64_t kMax = INT64_MAX / 2;  // room for the nanoseconds' carry
  const int64_t months = Field(env, object, "months", -kMax, kMax);
  const int64_t days = Field(env, object, "days", -kMax, kMax);
  const int64_t seconds = Field(env, object, "seconds", -kMax, kMax);
  const int64_t nanos = Field(env, object, "nanoseconds", -kMax, kMax);
  const int64_t carry = FloorDiv(nanos, kNanosPerSecond);
  return Value::Duration(
      DurationValue{months, days, seconds + carry, static_cast<int32_t>(nanos - carry * kNanosPerSecond)});
}

// hour, minute, second, nanosecond of nanoseconds since midnight.
std::array<int64_t, 4> TimeFields(int64_t nanos) {
  const int64_t seconds = nanos / kNanosPerSecond;
  return {seconds / 3600, seconds / 60 % 60, seconds % 60, nanos % kNanosPerSecond};
}

// year, month, day of days since 1970-01-01.
std::array<int64_t, 3> DateFields(int64_t days) {
  int64_t year = 0;
  unsigned month = 0, day = 0;
  CivilFromDays(days, year, month, day);
  return {year, month, day};
}

// year ... nanosecond of a wall clock.
std::vector<napi_value> WallClockArgs(Napi::Env env, int64_t local_seconds, int32_t nanos) {
  const int64_t days = FloorDiv(local_seconds, kSecondsPerDay);
  std::vector<napi_value> args;
  for (int64_t field : DateFields(days)) args.push_back(Napi::Number::New(env, static_cast<double>(field)));
  for (int64_t field : TimeFields((local_seconds - days * kSecondsPerDay) * kNanosPerSecond + nanos)) {
    args.push_back(Napi::Number::New(env, static_cast<double>(field)));
  }
  return args;
}

std::vector<napi_value> TimeArgs(Napi::Env env, int64_t nanos) {
  std::vector<napi_value> args;
  for (int64_t field : TimeFields(nanos)) args.push_back(Napi::Number::New(env, static_cast<double>(field)));
  return args;
}

}  // namespace

bool IsTemporalObject(Napi::Env env, Napi::Object object) {
  return ClassOf(env, object) != TemporalClass::kNone;
}

Value TemporalToValue(Napi::Env env, Napi::Object object) {
  switch (ClassOf(env, object)) {
    case TemporalClass::kDate:
      return Value::Date(DateValue{DaysOf(env, object)});
    case TemporalClass::kLocalTime:
      return Value::LocalTime(LocalTimeValue{NanosOfDay(env, object)});
    case TemporalClass::kTime:
      return Value::Time(TimeValue{NanosOfDay(env, object), OffsetOf(env, object)});
    case TemporalClass::kLocalDateTime: {
      const int64_t nanos_of_day = NanosOfDay(env, object);
      return Value::LocalDateTime(LocalDateTimeValue{DaysOf(env, object) * kSecondsPerDay + nanos_of_day / kNanosPerSecond,
                                                     static_cast<int32_t>(nanos_of_day % kNanosPerSecond)});
    }
    case TemporalClass::kDateTime:
      return DateTimeToValue(env, object);
    case TemporalClass::kDuration:
      return DurationToValue(env, object);
    case TemporalClass::kNone:
      break;
  }
  throw Napi::TypeError::New(env, "not a quiver temporal value");
}

Napi::Value TemporalToJs(Napi::Env env, const Value& value) {
  const AddonData& data = AddonData::Get(env);
  switch (value.kind()) {
    case ValueKind::kDate: {
      std::vector<napi_value> args;
      for (int64_t field : DateFields(value.AsDate().days)) args.push_back(Napi::Number::New(env, static_cast<double>(field)));
      return data.date.New(args);
    }
    case ValueKind::kLocalTime:
      return data.local_time.New(TimeArgs(env, value.AsLocalTime().nanos));
    case ValueKind::kTime: {
      std::vector<napi_value> args = TimeArgs(env, value.AsTime().nanos);
      args.push_back(Napi::Number::New(env, value.AsTime().offset_seconds));
      return data.time.New(args);
    }
    case ValueKind::kLocalDateTime:
      return data.local_date_time.New(WallClockArgs(env, value.AsLocalDateTime().seconds, value.AsLocalDateTime().nanos));
    case ValueKind::kDateTime: {
      const DateTimeValue& v = value.AsDateTime();
      std::vector<napi_value> args = WallClockArgs(env, v.seconds + v.offset_seconds, v.nanos);
      args.push_back(Napi::Number::New(env, v.offset_seconds));
      args.push_back(v.zone.empty() ? env.Null() : Napi::String::New(env, v.zone));
      return data.date_time.New(args);
    }
    case ValueKind::kDuration: {
      const DurationValue& v = value.AsDuration();
      return data.duration.New({IntegerToJs(env, v.months), IntegerToJs(env, v.days), IntegerToJs(env, v.seconds),
                                Napi::Number::New(env, v.nanos)});
    }
    default:
      throw Napi::Error::New(env, "unexpected value kind " + std::string(value.TypeName()));
  }
}

}  // namespace quiver::node
