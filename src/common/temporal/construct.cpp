// Construction of temporal values from maps of fields: the assignment rules, the
// selection of parts from other temporal values ({date: d, time: t}) and the time zone
// conversions that selection implies.

#include "common/temporal/construct.h"

#include <string>

#include "common/temporal/civil.h"
#include "common/temporal/fields.h"
#include "common/temporal/parts.h"
#include "common/temporal/zones.h"

namespace quiver::temporal {

namespace {

bool KindHasDate(TemporalKind k) {
  return k == TemporalKind::kDate || k == TemporalKind::kLocalDateTime || k == TemporalKind::kDateTime;
}
bool KindHasTime(TemporalKind k) {
  return k == TemporalKind::kLocalTime || k == TemporalKind::kTime || k == TemporalKind::kLocalDateTime ||
         k == TemporalKind::kDateTime;
}
bool KindHasZone(TemporalKind k) {
  return k == TemporalKind::kTime || k == TemporalKind::kDateTime;
}

bool AnyOf(const FieldMap& f, std::initializer_list<Field> fields) {
  for (Field x : fields) {
    if (f.Has(x)) return true;
  }
  return false;
}

void CheckSupported(TemporalKind kind, const FieldMap& f) {
  const std::string kind_name(TemporalKindName(kind));
  for (size_t i = 0; i < static_cast<size_t>(Field::kCount); ++i) {
    const auto field = static_cast<Field>(i);
    if (!f.Has(field)) continue;
    bool ok = true;
    if (IsDateField(field) || field == Field::kDate) ok = KindHasDate(kind);
    if (IsTimeField(field) || field == Field::kTime) ok = KindHasTime(kind);
    if (field == Field::kTimezone) ok = KindHasZone(kind);
    if (field == Field::kDateTime) ok = KindHasDate(kind) && KindHasTime(kind);
    if (field == Field::kEpochSeconds || field == Field::kEpochMillis) ok = kind == TemporalKind::kDateTime;
    if (!ok) ThrowInvalidValue("Not supported for " + kind_name + ": " + std::string(FieldName(field)));
  }
  const bool whole = AnyOf(f, {Field::kDateTime, Field::kEpochSeconds, Field::kEpochMillis});
  if (whole && AnyOf(f, {Field::kDate, Field::kTime})) {
    ThrowInvalidValue("date and time cannot be selected together with datetime, epochSeconds or epochMillis");
  }
  if (f.Has(Field::kDateTime) + f.Has(Field::kEpochSeconds) + f.Has(Field::kEpochMillis) > 1) {
    ThrowInvalidValue("only one of datetime, epochSeconds and epochMillis can be given");
  }
}

enum class DateGroup { kNone, kCalendar, kWeek, kQuarter, kOrdinal };

DateGroup GroupOf(const FieldMap& f) {
  DateGroup group = DateGroup::kNone;
  int groups = 0;
  const auto note = [&](bool present, DateGroup g) {
    if (!present) return;
    group = g;
    ++groups;
  };
  note(AnyOf(f, {Field::kMonth, Field::kDay}), DateGroup::kCalendar);
  note(AnyOf(f, {Field::kWeek, Field::kDayOfWeek}), DateGroup::kWeek);
  note(AnyOf(f, {Field::kQuarter, Field::kDayOfQuarter}), DateGroup::kQuarter);
  note(f.Has(Field::kOrdinalDay), DateGroup::kOrdinal);
  if (groups > 1) {
    ThrowInvalidValue(
        "calendar (month, day), week (week, dayOfWeek), quarter (quarter, dayOfQuarter) and "
        "ordinal (ordinalDay) fields cannot be mixed");
  }
  return group;
}

// Fields must be given from the largest unit down without gaps: {year, day} is missing
// the month. With `full`, the date must be complete because a time follows it.
void CheckInOrder(const FieldMap& f, std::initializer_list<Field> order, bool full) {
  const Field* missing = nullptr;
  for (const Field& x : order) {
    if (!f.Has(x)) {
      if (full) ThrowInvalidValue(std::string(FieldName(x)) + " must be specified");
      if (missing == nullptr) missing = &x;
    } else if (missing != nullptr) {
      ThrowInvalidValue(std::string(FieldName(x)) + " cannot be specified without " +
                        std::string(FieldName(*missing)));
    }
  }
}

void CheckDateAssignments(const FieldMap& f, DateGroup group, bool full) {
  const bool any = AnyOf(f, {Field::kYear, Field::kQuarter, Field::kMonth, Field::kWeek, Field::kOrdinalDay,
                             Field::kDayOfQuarter, Field::kDayOfWeek, Field::kDay});
  if (!any && !full) return;
  if (!f.Has(Field::kYear)) ThrowInvalidValue("year must be specified");
  switch (group) {
    case DateGroup::kNone:
      if (full) ThrowInvalidValue("month must be specified");
      break;
    case DateGroup::kCalendar:
      CheckInOrder(f, {Field::kMonth, Field::kDay}, full);
      break;
    case DateGroup::kWeek:
      CheckInOrder(f, {Field::kWeek, Field::kDayOfWeek}, full);
      break;
    case DateGroup::kQuarter:
      CheckInOrder(f, {Field::kQuarter, Field::kDayOfQuarter}, full);
      break;
    case DateGroup::kOrdinal:
      break;
  }
}

void CheckTimeAssignments(const FieldMap& f) {
  if (!AnyOf(f, {Field::kHour, Field::kMinute, Field::kSecond, Field::kMillisecond, Field::kMicrosecond,
                 Field::kNanosecond})) {
    return;
  }
  if (!f.Has(Field::kHour)) ThrowInvalidValue("hour must be specified");
  const bool sub = AnyOf(f, {Field::kMillisecond, Field::kMicrosecond, Field::kNanosecond});
  if (f.Has(Field::kSecond) && !f.Has(Field::kMinute))
    ThrowInvalidValue("second cannot be specified without minute");
  if (sub && !f.Has(Field::kSecond)) {
    ThrowInvalidValue(std::string(f.Has(Field::kMinute) ? "subsecond cannot be specified without second"
                                                        : "subsecond cannot be specified without minute"));
  }
}

// The part of another temporal value a selector names: its date (need_date) or its
// time of day.
Parts Selected(const FieldMap& f, Field selector, bool need_date) {
  const Value& v = *f.Get(selector);
  if (!v.IsTemporal() || v.IsDuration()) {
    ThrowInvalidType(std::string(FieldName(selector)) + " must be a date or time value, but was a " +
                     std::string(v.TypeName()));
  }
  Parts p = PartsOf(v);
  if (need_date ? !p.has_date : !p.has_time) {
    ThrowInvalidValue("Cannot select the " + std::string(need_date ? "date" : "time") + " of a " +
                      std::string(v.TypeName()));
  }
  return p;
}

Zone TimezoneField(const FieldMap& f) {
  const Value& tz = *f.Get(Field::kTimezone);
  if (!tz.IsString()) ThrowInvalidType("timezone must be a string, but was a " + std::string(tz.TypeName()));
  return Zone::Parse(tz.AsString());
}

__int128 EpochNanos(const FieldMap& f) {
  if (f.Has(Field::kEpochSeconds)) {
    return static_cast<__int128>(IntegerField(Field::kEpochSeconds, *f.Get(Field::kEpochSeconds))) *
           kNanosPerSecond;
  }
  return static_cast<__int128>(IntegerField(Field::kEpochMillis, *f.Get(Field::kEpochMillis))) * 1'000'000;
}

}  // namespace

Value BuildFromMap(TemporalKind kind, const ValueMap& map, const TemporalClock& clock) {
  if (kind == TemporalKind::kDuration) return DurationFromMap(map);
  const FieldMap f = ReadFields(map);
  if (f.any_null) return Value();
  if (map.empty()) ThrowInvalidValue(std::string(TemporalKindName(kind)) + " needs at least one field");
  if (map.size() == 1 && f.Has(Field::kTimezone)) {
    // {timezone: 'Europe/Stockholm'} alone: the current time there (Neo4j).
    return CurrentTemporal(kind, TemporalClockKind::kStatement, *f.Get(Field::kTimezone), clock);
  }
  CheckSupported(kind, f);
  const DateGroup group = GroupOf(f);
  const bool date_selected =
      AnyOf(f, {Field::kDate, Field::kDateTime, Field::kEpochSeconds, Field::kEpochMillis});
  const bool time_selected =
      AnyOf(f, {Field::kTime, Field::kDateTime, Field::kEpochSeconds, Field::kEpochMillis});
  const bool time_given =
      time_selected || AnyOf(f, {Field::kHour, Field::kMinute, Field::kSecond, Field::kMillisecond,
                                 Field::kMicrosecond, Field::kNanosecond});
  if (KindHasDate(kind) && !date_selected) {
    CheckDateAssignments(f, group, KindHasTime(kind) && time_given);
  }
  if (!time_selected) CheckTimeAssignments(f);

  int64_t days = DaysFromCivil(0, 1, 1);
  int64_t nanos = 0;
  bool zone_selected = false;  // the zone comes from a selected value: convert, not replace
  Zone zone;
  int32_t offset = 0;
  const auto select_zone = [&](const Parts& p) {
    if (!p.has_zone) return;
    zone_selected = true;
    zone = p.zone;
    offset = p.offset;
  };

  if (f.Has(Field::kEpochSeconds) || f.Has(Field::kEpochMillis)) {
    const __int128 epoch_nanos = EpochNanos(f);
    const Zone target = f.Has(Field::kTimezone) ? TimezoneField(f) : DefaultZone(clock);
    const auto utc =
        static_cast<int64_t>(epoch_nanos / kNanosPerSecond - (epoch_nanos % kNanosPerSecond < 0));
    const auto sub = static_cast<int64_t>(epoch_nanos - static_cast<__int128>(utc) * kNanosPerSecond);
    int64_t local = 0;
    if (__builtin_add_overflow(utc, int64_t{target.OffsetAt(utc)}, &local))
      ThrowOutOfRange("epoch out of range");
    days = FloorDiv(local, kSecondsPerDay);
    nanos = FloorMod(local, kSecondsPerDay) * kNanosPerSecond + sub;
  } else if (f.Has(Field::kDateTime)) {
    const Parts p = Selected(f, Field::kDateTime, true);
    days = p.days;
    nanos = p.has_time ? p.nanos_of_day : 0;
    select_zone(p);
  } else {
    if (f.Has(Field::kDate) && KindHasDate(kind)) days = Selected(f, Field::kDate, true).days;
    if (f.Has(Field::kTime) && KindHasTime(kind)) {
      const Parts p = Selected(f, Field::kTime, false);
      nanos = p.nanos_of_day;
      select_zone(p);
    }
    if (!f.Has(Field::kDate) && f.Has(Field::kWeek)) {
      // Start from the first day of the week-based year, which may lie in December.
      const int64_t year = f.Has(Field::kYear) ? IntegerField(Field::kYear, *f.Get(Field::kYear)) : 0;
      if (year < kMinYear || year > kMaxYear) ThrowOutOfRange("year out of range: " + std::to_string(year));
      days = FirstDayOfWeekBasedYear(year);
    }
  }
  if (KindHasDate(kind)) days = ApplyDateFields(days, f);
  if (KindHasTime(kind)) nanos = ApplyTimeFields(nanos, f);

  switch (kind) {
    case TemporalKind::kDate:
      return MakeDate(days);
    case TemporalKind::kLocalTime:
      return MakeLocalTime(nanos);
    case TemporalKind::kLocalDateTime:
      return MakeLocalDateTime(days, nanos);
    case TemporalKind::kTime: {
      const bool has_tz = f.Has(Field::kTimezone);
      const auto offset_of = [&](const Zone& z) { return z.OffsetAt(clock.statement.seconds); };
      if (!zone_selected) return MakeTime(nanos, has_tz ? offset_of(TimezoneField(f)) : DefaultOffset(clock));
      if (!has_tz) return MakeTime(nanos, offset);
      const int32_t target = offset_of(TimezoneField(f));
      return MakeTime(nanos + (int64_t{target} - offset) * kNanosPerSecond, target);
    }
    case TemporalKind::kDateTime: {
      if (!zone_selected)
        return MakeDateTime(days, nanos, f.Has(Field::kTimezone) ? TimezoneField(f) : DefaultZone(clock));
      const Value here = MakeDateTime(days, nanos, zone, offset);
      if (!f.Has(Field::kTimezone)) return here;
      return MakeDateTimeAt(here.AsDateTime().seconds, here.AsDateTime().nanos, TimezoneField(f));
    }
    case TemporalKind::kDuration:
      break;
  }
  return DurationFromMap(map);
}

}  // namespace quiver::temporal
