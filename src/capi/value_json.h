#pragma once
// Values as JSON, both ways: quiver_get_json() renders any result value (composites,
// graph elements, temporals) so that a binding gets everything through one accessor,
// and quiver_bind_json() reads a parameter (a list, a map, any scalar) from JSON text.

#include <string>
#include <string_view>

#include "quiver/value.h"

namespace quiver::capi {

// null, true, 1, 1.5 (NaN and infinities as null), "text", [..], {..} (keys sorted),
// temporals as their ISO-8601 string, nodes {"id","labels","properties"},
// relationships {"id","type","start","end","properties"}, paths {"nodes","relationships"}.
void AppendJson(std::string& out, const Value& value);
std::string ToJson(const Value& value);

// A temporal value's ISO-8601 text ("1984-10-11", "PT1H"); the value must be temporal.
std::string IsoText(const Value& value);

// Parses JSON text into a Value: arrays become lists, objects maps, integral numbers
// INTEGER (an integer outside int64 is an error), other numbers FLOAT. Throws
// std::invalid_argument with the parser's message on bad input.
Value FromJson(std::string_view json);

}  // namespace quiver::capi
