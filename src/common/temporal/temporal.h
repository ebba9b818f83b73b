#pragma once
// The openCypher temporal library over quiver::Value: construction (date(), datetime(),
// duration(), ... from maps, strings and other temporals), the clock functions,
// accessors (d.year), arithmetic (+, -, *, /), duration.between and truncation.
//
// The semantics follow Neo4j 4/5 (java.time), which the TCK's expressions/temporal
// features were written against; docs/temporal.md lists every rule and the few places
// where Quiver is stricter. Errors are thrown as quiver::QuiverError subclasses:
//   TypeError(InvalidArgumentType)        an argument of the wrong kind (date(1))
//   ArgumentError(InvalidArgumentValue)   a bad string, field, unit or time zone
//   ArgumentError(NumberOutOfRange)       a result outside years -999,999,999..999,999,999
//   ArithmeticError(NumberOutOfRange)     an overflowing duration or temporal arithmetic
//   ArithmeticError(DivisionByZero)       duration / 0
//
// Integration (see docs/temporal.md): the engine resolves function names with
// FindTemporalFunction(), routes `+ - * /` with a temporal operand to TemporalAdd /
// TemporalSubtract / DurationMultiply / DurationDivide, and property access on a
// temporal value to TemporalProperty(). Comparison, equality, ordering, hashing and
// printing of temporal values are in quiver/value_ops.h already.

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "quiver/value.h"

namespace quiver {

enum class TemporalKind : uint8_t { kDate, kLocalTime, kTime, kLocalDateTime, kDateTime, kDuration };

// "date", "localtime", "time", "localdatetime", "datetime", "duration": the function names.
std::string_view TemporalKindName(TemporalKind kind);
// The temporal kind of a value kind; nullopt for non-temporal kinds.
std::optional<TemporalKind> TemporalKindOf(ValueKind kind);

// An instant: UTC seconds since 1970-01-01T00:00Z plus nanoseconds in [0, 1e9).
struct TemporalInstant {
  int64_t seconds = 0;
  int32_t nanos = 0;
};

// Where "now" comes from. openCypher fixes the transaction and statement times for the
// whole transaction / statement (every row of a query sees the same date()), while
// *.realtime() reads the clock at each call. The engine builds one TemporalClock per
// statement (keeping the transaction instant across the statements of a transaction)
// and passes it to every temporal function call; tests pass a fixed one.
struct TemporalClock {
  TemporalInstant transaction;
  TemporalInstant statement;
  // Read on every *.realtime() call; empty means the system clock.
  std::function<TemporalInstant()> realtime;
  // The session's default time zone (Neo4j: db.temporal.timezone): used by time(),
  // datetime() and the current-time functions when no timezone is given. "Z" = UTC.
  std::string default_time_zone = "Z";

  TemporalInstant RealTime() const;
  // All three instants fixed at `at` (tests, or a statement that reads the clock once).
  static TemporalClock Fixed(TemporalInstant at, std::string default_time_zone = "Z");
  // Statement and transaction time = the system clock now; realtime reads it per call.
  static TemporalClock SystemNow();
  static TemporalInstant SystemInstant();
};

enum class TemporalClockKind : uint8_t { kStatement, kTransaction, kRealtime };

// ---- construction -------------------------------------------------------------------

// date(x), localtime(x), time(x), localdatetime(x), datetime(x), duration(x) with one
// argument: a map of fields ({year: 1984, week: 10, dayOfWeek: 3}, {date: d, hour: 12},
// {timezone: 'Europe/Stockholm'} alone = now in that zone), an ISO-8601 string, or a
// temporal value to select from (date(datetime) = its date). null gives null.
Value ConstructTemporal(TemporalKind kind, const Value& arg, const TemporalClock& clock);
// The zero-argument form date(), datetime(), ... = the statement clock (not duration).
Value CurrentTemporal(TemporalKind kind, TemporalClockKind which, const TemporalClock& clock);
// date.transaction(tz), date.statement(tz), date.realtime(tz), ...: tz is a time zone
// string or a map with a timezone entry; null gives null.
Value CurrentTemporal(TemporalKind kind, TemporalClockKind which, const Value& timezone,
                      const TemporalClock& clock);
// Parses ISO-8601 text as the TCK writes it ('2015-W30-2', '214032.142Z', 'P2.5W', ...).
// Throws ArgumentError(InvalidArgumentValue) when the text does not parse.
Value ParseTemporal(TemporalKind kind, std::string_view text, const TemporalClock& clock);
// datetime.fromepoch(seconds, nanos) and datetime.fromepochmillis(millis): UTC DateTimes.
Value DateTimeFromEpoch(const Value& seconds, const Value& nanos);
Value DateTimeFromEpochMillis(const Value& millis);

// ---- accessors ----------------------------------------------------------------------

// d.year, t.timezone, dur.minutesOfHour, ...: nullopt when `v` is not a temporal value
// (the caller then does its ordinary property access); for a temporal value, the field
// (keys are case-insensitive, as in Neo4j) or ArgumentError(InvalidArgumentValue) when
// the kind has no such field.
std::optional<Value> TemporalProperty(const Value& v, std::string_view key);

// ---- arithmetic ---------------------------------------------------------------------

// a + b where either is a temporal value: temporal + duration, duration + temporal,
// duration + duration. null operands give null; other combinations throw
// TypeError(InvalidArgumentType).
Value TemporalAdd(const Value& a, const Value& b);
// a - b: temporal - duration, duration - duration.
Value TemporalSubtract(const Value& a, const Value& b);
// duration * number, number * duration.
Value DurationMultiply(const Value& a, const Value& b);
// duration / number.
Value DurationDivide(const Value& a, const Value& b);

enum class DurationUnit : uint8_t { kAll, kMonths, kDays, kSeconds };
// duration.between (kAll), duration.inMonths, duration.inDays, duration.inSeconds.
Value DurationBetween(DurationUnit unit, const Value& from, const Value& to);

// date.truncate(unit, value[, map]) and the same for the other kinds (not duration).
// `fields` may be null (absent) or a map of fields to set after truncating.
Value TruncateTemporal(TemporalKind kind, const Value& unit, const Value& value, const Value& fields,
                       const TemporalClock& clock);

// ---- the function table -------------------------------------------------------------

using TemporalFunctionImpl = Value (*)(std::span<const Value> args, const TemporalClock& clock);

struct TemporalFunction {
  std::string_view name;  // lower case, e.g. "date.truncate", "duration.inmonths"
  int min_args;
  int max_args;
  bool reads_clock;  // non-deterministic across statements: never constant-fold
  TemporalFunctionImpl impl;
};

// Looks a function up by its qualified name, case-insensitively ("date",
// "datetime.fromEpochMillis", "duration.inSeconds", "localtime.statement", ...);
// nullptr when it is not a temporal function. The engine checks the argument count
// against min_args/max_args (SyntaxError InvalidNumberOfArguments) and then calls impl.
const TemporalFunction* FindTemporalFunction(std::string_view qualified_name);
std::span<const TemporalFunction> TemporalFunctions();

}  // namespace quiver
