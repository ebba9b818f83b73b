#pragma once
// The temporal structures of bolt_values.h (Date 'D' ... Duration 'E'), both ways.
// Internal to bolt_values.cpp, which handles every other kind and dispatches here.

#include <cstdint>
#include <optional>

#include "quiver/value.h"
#include "server/bolt/bolt_version.h"
#include "server/bolt/packstream.h"

namespace quiver::server::bolt {

// v.IsTemporal(). A DateTime takes the version's encoding: 'I'/'i' (UTC seconds) or the
// legacy 'F'/'f' (wall-clock seconds); 'i' and 'f' when the value has a zone name.
void EncodeTemporal(PackWriter& w, const Value& v, const BoltVersion& version);

// The fields of a structure whose header (`tag`, `fields`) has just been read, when the
// tag is a temporal one; nullopt, with nothing read, for any other tag. PackStreamError
// for a wrong field count, a field that is not an integer (or, for a zone id, a string),
// a value out of range, an unknown zone, or the DateTime encoding of the other versions.
std::optional<Value> DecodeTemporal(PackReader& r, uint8_t tag, uint8_t fields, const BoltVersion& version);

}  // namespace quiver::server::bolt
