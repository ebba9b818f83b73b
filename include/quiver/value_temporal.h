#pragma once
// Payloads of the six temporal value kinds (see quiver/value.h).
//
// These are the *storage* representation only: construction from maps and strings,
// field accessors, time-zone rules and arithmetic are in src/common/temporal/temporal.h
// (see docs/temporal.md). The fields are
// chosen so that equality and ordering are plain integer comparisons and so that
// printing needs no time-zone database (the UTC offset in force is stored, not
// derived from the zone name):
//
//   kind            fields                                       ISO text (TCK notation)
//   Date            days since 1970-01-01                        '1984-10-11'
//   LocalTime       nanoseconds since midnight                   '12:31:14.645876123'
//   Time            nanoseconds since midnight + UTC offset      '12:31:14.645876123+01:00'
//   LocalDateTime   wall-clock seconds since 1970-01-01T00:00    '1984-10-11T12:31:14.645876123'
//                   + nanoseconds [0, 1e9)
//   DateTime        UTC seconds since the epoch + nanoseconds    '1984-10-11T12:31:14.645876123+01:00'
//                   + UTC offset (+ optional IANA zone name)     '...+02:00[Europe/Stockholm]'
//   Duration        months, days, seconds, nanoseconds [0, 1e9)  'P12Y5M14DT16H13M10.000000001S'
//
// Time and DateTime are instants: they compare (and are equal) by their UTC instant,
// as Neo4j does, so 12:00+01:00 equals 11:00Z. Durations are only equal field-wise
// after normalisation, which the constructor of a Duration value must perform
// (seconds carry the hours and minutes; nanoseconds are kept in [0, 1e9)).

#include <cstdint>
#include <string>
#include <string_view>

#include "quiver/export.h"

namespace quiver {

struct DateValue {
  int64_t days = 0;  // days since 1970-01-01, proleptic Gregorian calendar
};

struct LocalTimeValue {
  int64_t nanos = 0;  // nanoseconds since midnight, in [0, 86'400'000'000'000)
};

struct TimeValue {
  int64_t nanos = 0;           // local nanoseconds since midnight, in [0, 86'400e9)
  int32_t offset_seconds = 0;  // UTC offset of the local time, e.g. +3600 for +01:00

  // Nanoseconds since midnight UTC (may fall outside [0, 86'400e9)); the comparison key.
  int64_t UtcNanos() const { return nanos - int64_t{offset_seconds} * 1'000'000'000; }
};

struct LocalDateTimeValue {
  int64_t seconds = 0;  // wall-clock seconds since 1970-01-01T00:00 (no zone)
  int32_t nanos = 0;    // [0, 1e9)
};

struct DateTimeValue {
  int64_t seconds = 0;         // UTC seconds since 1970-01-01T00:00Z
  int32_t nanos = 0;           // [0, 1e9)
  int32_t offset_seconds = 0;  // UTC offset in force at this instant
  std::string zone;            // IANA zone name, e.g. "Europe/Stockholm"; empty: offset only
};

struct DurationValue {
  int64_t months = 0;
  int64_t days = 0;
  int64_t seconds = 0;
  int32_t nanos = 0;  // [0, 1e9); a negative sub-second part borrows from seconds
};

// ISO-8601 text as Neo4j's toString() writes it (without quotes): the year has at least
// four digits and a '+' past 9999; the fraction of a second loses its trailing zeros;
// seconds are omitted when they and the fraction are zero ('10:35'); a zero offset is 'Z'.
QUIVER_EXPORT void AppendIso(std::string& out, const DateValue& v);
QUIVER_EXPORT void AppendIso(std::string& out, const LocalTimeValue& v);
QUIVER_EXPORT void AppendIso(std::string& out, const TimeValue& v);
QUIVER_EXPORT void AppendIso(std::string& out, const LocalDateTimeValue& v);
QUIVER_EXPORT void AppendIso(std::string& out, const DateTimeValue& v);
QUIVER_EXPORT void AppendIso(std::string& out, const DurationValue& v);

// Civil-calendar conversions (Howard Hinnant's algorithms), shared by printing here and
// by the temporal functions that come later.
QUIVER_EXPORT int64_t DaysFromCivil(int64_t year, unsigned month, unsigned day);
QUIVER_EXPORT void CivilFromDays(int64_t days, int64_t& year, unsigned& month, unsigned& day);

// A DateTime in a zone, for values that arrive from outside the engine (the Bolt
// server's DateTime structures). `zone` is what Cypher accepts as a time zone: an IANA
// name ("Europe/Stockholm", kept in the value's zone with the offset in force) or an
// offset ("+01:00", "Z"; the value then has no zone name). Throw ArgumentError for an
// unknown zone, nanos outside [0, 1e9), or a date outside years -999,999,999 to
// +999,999,999.
//   DateTimeAtInstant:   the instant utc_seconds, shown in the zone.
//   DateTimeAtWallClock: the wall-clock seconds read in the zone, with java.time's gap
//                        and overlap rules (02:30 in a spring-forward gap of one hour is
//                        03:30 at the later offset; in an overlap, the offset before the
//                        transition: the earlier of the two instants).
QUIVER_EXPORT DateTimeValue DateTimeAtInstant(int64_t utc_seconds, int32_t nanos, std::string_view zone);
QUIVER_EXPORT DateTimeValue DateTimeAtWallClock(int64_t local_seconds, int32_t nanos, std::string_view zone);

}  // namespace quiver
