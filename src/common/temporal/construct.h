#pragma once
// Internal: construction from maps and selection from other temporal values, shared by
// the constructor functions and by truncation (which rebuilds from a map).

#include "common/temporal/temporal.h"
#include "quiver/value.h"

namespace quiver::temporal {

// date({...}), time({...}), ...: see docs/temporal.md for the field groups and rules.
Value BuildFromMap(TemporalKind kind, const ValueMap& map, const TemporalClock& clock);
// date(other), localtime(other), ...: the part of `from` that `kind` holds.
Value SelectTemporal(TemporalKind kind, const Value& from, const TemporalClock& clock);
// duration({days: 14, hours: 16}): numbers, fractions cascade down.
Value DurationFromMap(const ValueMap& map);

}  // namespace quiver::temporal
