#pragma once
// Cypher values on the Bolt wire: quiver::Value to PackStream and back, with the
// structures the Bolt specification defines for graph and temporal values — and a
// whole request message decoded (its tag and fields).
//
//   Node 'N' (0x4E)           id, labels, properties [, element_id]            (5.0+: 4 fields)
//   Relationship 'R' (0x52)   id, start id, end id, type, properties
//                             [, element_id, start element_id, end element_id]  (5.0+: 8)
//   UnboundRelationship 'r'   id, type, properties [, element_id]             (5.0+: 4)
//   Path 'P' (0x50)           nodes (unique), unbound relationships (unique), indices
//   Date 'D' (0x44)           days since the epoch
//   Time 'T' (0x54)           nanoseconds since midnight, UTC offset in seconds
//   LocalTime 't' (0x74)      nanoseconds since midnight
//   DateTime 'I' (0x49)       UTC seconds, nanoseconds, offset        (5.0+, or 4.4 "utc")
//   DateTimeZoneId 'i' (0x69) UTC seconds, nanoseconds, zone id       (5.0+, or 4.4 "utc")
//   legacy DateTime 'F' (0x46), DateTimeZoneId 'f' (0x66): wall-clock seconds instead
//   LocalDateTime 'd' (0x64)  wall-clock seconds, nanoseconds
//   Duration 'E' (0x45)       months, days, seconds, nanoseconds
//
// Element ids are the decimal id ("42"): the drivers treat them as opaque strings, and
// elementId() in Cypher gives the same text. A Path's indices follow the specification:
// for each step, the relationship's 1-based index into the list, negated when the step
// runs against the relationship's direction, then the node's 0-based index.
//
// A client may send every kind a parameter can hold — null, booleans, integers, floats,
// strings, lists, maps and the temporal structures; bytes, nodes, relationships, paths
// and points are refused (PackStreamError naming them: Cypher has no value for them here).
// Decoding is strict where a guess would be needed: a map key given twice is an error (as
// in Neo4j), and each version takes only its own DateTime encoding. A Duration's
// nanoseconds outside [0, 1e9) carry into its seconds, as Neo4j normalises them.

#include <cstdint>
#include <span>
#include <vector>

#include "quiver/value.h"
#include "server/bolt/bolt_version.h"
#include "server/bolt/packstream.h"

namespace quiver::server::bolt {

void EncodeValue(PackWriter& w, const Value& v, const BoltVersion& version);
// One value; PackStreamError for anything the list above refuses, a structure of the
// wrong size, a temporal value out of range or a zone the tz database does not know.
// `depth` is the value's nesting: a list, map or structure at depth kMaxDepth is refused,
// so 64 nested lists are the most a value may hold.
Value DecodeValue(PackReader& r, const BoltVersion& version, int depth = 0);

// A request message: a structure whose tag names it (HELLO 0x01, RUN 0x10, ...) and
// whose fields are values.
struct BoltMessage {
  uint8_t tag = 0;
  std::vector<Value> fields;
};
// The whole of one dechunked message; PackStreamError when it is not exactly one
// structure (bytes left over included). Any tag and field count (the session judges
// them); the fields are values at depth 0.
BoltMessage DecodeMessage(std::span<const uint8_t> bytes, const BoltVersion& version);

}  // namespace quiver::server::bolt
