// The table of temporal functions the engine resolves by name.

#include <array>
#include <string>

#include "common/temporal/parts.h"
#include "common/temporal/temporal.h"

namespace quiver {

namespace {

using Args = std::span<const Value>;
const Value kAbsent;  // an immutable null: no shared mutable state

const Value& Arg(Args args, size_t i) {
  return i < args.size() ? args[i] : kAbsent;
}

template <TemporalKind K>
Value Construct(Args args, const TemporalClock& clock) {
  if (args.empty()) return CurrentTemporal(K, TemporalClockKind::kStatement, clock);
  return ConstructTemporal(K, args[0], clock);
}

template <TemporalKind K, TemporalClockKind C>
Value Current(Args args, const TemporalClock& clock) {
  if (args.empty()) return CurrentTemporal(K, C, clock);
  return CurrentTemporal(K, C, args[0], clock);
}

template <TemporalKind K>
Value Truncate(Args args, const TemporalClock& clock) {
  return TruncateTemporal(K, Arg(args, 0), Arg(args, 1), Arg(args, 2), clock);
}

template <DurationUnit U>
Value Between(Args args, const TemporalClock&) {
  return DurationBetween(U, Arg(args, 0), Arg(args, 1));
}

Value FromEpoch(Args args, const TemporalClock&) {
  return DateTimeFromEpoch(Arg(args, 0), Arg(args, 1));
}

Value FromEpochMillis(Args args, const TemporalClock&) {
  return DateTimeFromEpochMillis(Arg(args, 0));
}

Value DurationOf(Args args, const TemporalClock& clock) {
  return ConstructTemporal(TemporalKind::kDuration, Arg(args, 0), clock);
}

// timestamp(): the statement's time as milliseconds since the Unix epoch (UTC) — one
// value for the whole statement, as Neo4j's manual says of it, the same instant date()
// and datetime() read.
Value Timestamp(Args, const TemporalClock& clock) {
  return Value::Int(clock.statement.seconds * 1000 + clock.statement.nanos / 1'000'000);
}

// Names are lower case; lookups lower-case the query's name.
const std::array kFunctions = {
    TemporalFunction{"date", 0, 1, true, &Construct<TemporalKind::kDate>},
    TemporalFunction{"date.transaction", 0, 1, true,
                     &Current<TemporalKind::kDate, TemporalClockKind::kTransaction>},
    TemporalFunction{"date.statement", 0, 1, true,
                     &Current<TemporalKind::kDate, TemporalClockKind::kStatement>},
    TemporalFunction{"date.realtime", 0, 1, true,
                     &Current<TemporalKind::kDate, TemporalClockKind::kRealtime>},
    TemporalFunction{"date.truncate", 2, 3, true, &Truncate<TemporalKind::kDate>},
    TemporalFunction{"localtime", 0, 1, true, &Construct<TemporalKind::kLocalTime>},
    TemporalFunction{"localtime.transaction", 0, 1, true,
                     &Current<TemporalKind::kLocalTime, TemporalClockKind::kTransaction>},
    TemporalFunction{"localtime.statement", 0, 1, true,
                     &Current<TemporalKind::kLocalTime, TemporalClockKind::kStatement>},
    TemporalFunction{"localtime.realtime", 0, 1, true,
                     &Current<TemporalKind::kLocalTime, TemporalClockKind::kRealtime>},
    TemporalFunction{"localtime.truncate", 2, 3, true, &Truncate<TemporalKind::kLocalTime>},
    TemporalFunction{"time", 0, 1, true, &Construct<TemporalKind::kTime>},
    TemporalFunction{"time.transaction", 0, 1, true,
                     &Current<TemporalKind::kTime, TemporalClockKind::kTransaction>},
    TemporalFunction{"time.statement", 0, 1, true,
                     &Current<TemporalKind::kTime, TemporalClockKind::kStatement>},
    TemporalFunction{"time.realtime", 0, 1, true,
                     &Current<TemporalKind::kTime, TemporalClockKind::kRealtime>},
    TemporalFunction{"time.truncate", 2, 3, true, &Truncate<TemporalKind::kTime>},
    TemporalFunction{"localdatetime", 0, 1, true, &Construct<TemporalKind::kLocalDateTime>},
    TemporalFunction{"localdatetime.transaction", 0, 1, true,
                     &Current<TemporalKind::kLocalDateTime, TemporalClockKind::kTransaction>},
    TemporalFunction{"localdatetime.statement", 0, 1, true,
                     &Current<TemporalKind::kLocalDateTime, TemporalClockKind::kStatement>},
    TemporalFunction{"localdatetime.realtime", 0, 1, true,
                     &Current<TemporalKind::kLocalDateTime, TemporalClockKind::kRealtime>},
    TemporalFunction{"localdatetime.truncate", 2, 3, true, &Truncate<TemporalKind::kLocalDateTime>},
    TemporalFunction{"datetime", 0, 1, true, &Construct<TemporalKind::kDateTime>},
    TemporalFunction{"datetime.transaction", 0, 1, true,
                     &Current<TemporalKind::kDateTime, TemporalClockKind::kTransaction>},
    TemporalFunction{"datetime.statement", 0, 1, true,
                     &Current<TemporalKind::kDateTime, TemporalClockKind::kStatement>},
    TemporalFunction{"datetime.realtime", 0, 1, true,
                     &Current<TemporalKind::kDateTime, TemporalClockKind::kRealtime>},
    TemporalFunction{"datetime.truncate", 2, 3, true, &Truncate<TemporalKind::kDateTime>},
    TemporalFunction{"datetime.fromepoch", 2, 2, false, &FromEpoch},
    TemporalFunction{"datetime.fromepochmillis", 1, 1, false, &FromEpochMillis},
    TemporalFunction{"timestamp", 0, 0, true, &Timestamp},
    TemporalFunction{"duration", 1, 1, false, &DurationOf},
    TemporalFunction{"duration.between", 2, 2, false, &Between<DurationUnit::kAll>},
    TemporalFunction{"duration.inmonths", 2, 2, false, &Between<DurationUnit::kMonths>},
    TemporalFunction{"duration.indays", 2, 2, false, &Between<DurationUnit::kDays>},
    TemporalFunction{"duration.inseconds", 2, 2, false, &Between<DurationUnit::kSeconds>},
};

}  // namespace

const TemporalFunction* FindTemporalFunction(std::string_view qualified_name) {
  const std::string lower = temporal::Lower(qualified_name);
  for (const TemporalFunction& f : kFunctions) {
    if (f.name == lower) return &f;
  }
  return nullptr;
}

std::span<const TemporalFunction> TemporalFunctions() {
  return kFunctions;
}

}  // namespace quiver
