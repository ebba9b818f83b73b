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

#define QUIVER_TEMPORAL_KIND(prefix, K)                                                              \
  TemporalFunction{prefix, 0, 1, true, &Construct<K>},                                                \
      TemporalFunction{prefix ".transaction", 0, 1, true, &Current<K, TemporalClockKind::kTransaction>}, \
      TemporalFunction{prefix ".statement", 0, 1, true, &Current<K, TemporalClockKind::kStatement>},     \
      TemporalFunction{prefix ".realtime", 0, 1, true, &Current<K, TemporalClockKind::kRealtime>},       \
      TemporalFunction{prefix ".truncate", 2, 3, true, &Truncate<K>}

// Names are lower case; lookups lower-case the query's name.
const std::array kFunctions = {
    QUIVER_TEMPORAL_KIND("date", TemporalKind::kDate),
    QUIVER_TEMPORAL_KIND("localtime", TemporalKind::kLocalTime),
    QUIVER_TEMPORAL_KIND("time", TemporalKind::kTime),
    QUIVER_TEMPORAL_KIND("localdatetime", TemporalKind::kLocalDateTime),
    QUIVER_TEMPORAL_KIND("datetime", TemporalKind::kDateTime),
    TemporalFunction{"datetime.fromepoch", 2, 2, false, &FromEpoch},
    TemporalFunction{"datetime.fromepochmillis", 1, 1, false, &FromEpochMillis},
    TemporalFunction{"duration", 1, 1, false, &DurationOf},
    TemporalFunction{"duration.between", 2, 2, false, &Between<DurationUnit::kAll>},
    TemporalFunction{"duration.inmonths", 2, 2, false, &Between<DurationUnit::kMonths>},
    TemporalFunction{"duration.indays", 2, 2, false, &Between<DurationUnit::kDays>},
    TemporalFunction{"duration.inseconds", 2, 2, false, &Between<DurationUnit::kSeconds>},
};

#undef QUIVER_TEMPORAL_KIND

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
