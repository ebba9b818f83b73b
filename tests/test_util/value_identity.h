#pragma once
// Whether two Values are the same value bit for bit: what a round trip through an
// encoding must preserve. Stricter than Cypher's equality (quiver/value_ops.h): 1 and 1.0
// differ, NaN is identical to the same NaN, -0.0 is not 0.0, a DateTime's zone name and
// offset count as well as its instant, and a node compares by all it holds, not its id.

#include <algorithm>
#include <cstdint>
#include <tuple>

#include "quiver/value.h"

namespace quiver::testing {

bool IdenticalValues(const Value& a, const Value& b);

inline bool IdenticalMaps(const ValueMap& a, const ValueMap& b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](const auto& x, const auto& y) {
    return x.first == y.first && IdenticalValues(x.second, y.second);
  });
}

inline bool IdenticalNodes(const NodeValue& a, const NodeValue& b) {
  return a.id == b.id && a.labels == b.labels && IdenticalMaps(a.properties, b.properties);
}

inline bool IdenticalRelationships(const RelationshipValue& a, const RelationshipValue& b) {
  return std::tie(a.id, a.type, a.start_id, a.end_id) == std::tie(b.id, b.type, b.start_id, b.end_id) &&
         IdenticalMaps(a.properties, b.properties);
}

inline bool IdenticalPaths(const PathValue& a, const PathValue& b) {
  return std::equal(a.nodes.begin(), a.nodes.end(), b.nodes.begin(), b.nodes.end(), IdenticalNodes) &&
         std::equal(a.relationships.begin(), a.relationships.end(), b.relationships.begin(),
                    b.relationships.end(), IdenticalRelationships);
}

// The temporal payloads on the heap, field by field (Date and LocalTime are inline).
inline bool IdenticalTemporals(const Value& a, const Value& b) {
  switch (a.kind()) {
    case ValueKind::kTime: {
      const TimeValue &x = a.AsTime(), &y = b.AsTime();
      return std::tie(x.nanos, x.offset_seconds) == std::tie(y.nanos, y.offset_seconds);
    }
    case ValueKind::kLocalDateTime: {
      const LocalDateTimeValue &x = a.AsLocalDateTime(), &y = b.AsLocalDateTime();
      return std::tie(x.seconds, x.nanos) == std::tie(y.seconds, y.nanos);
    }
    case ValueKind::kDateTime: {
      const DateTimeValue &x = a.AsDateTime(), &y = b.AsDateTime();
      return std::tie(x.seconds, x.nanos, x.offset_seconds, x.zone) ==
             std::tie(y.seconds, y.nanos, y.offset_seconds, y.zone);
    }
    case ValueKind::kDuration: {
      const DurationValue &x = a.AsDuration(), &y = b.AsDuration();
      return std::tie(x.months, x.days, x.seconds, x.nanos) == std::tie(y.months, y.days, y.seconds, y.nanos);
    }
    default:
      return false;  // Date or LocalTime whose bits differ
  }
}

inline bool IdenticalValues(const Value& a, const Value& b) {
  // The inline kinds (null, booleans, integers, floats, Date, LocalTime) are their kind
  // and one 64-bit word: the same bits, a float's NaN payload and sign included.
  if (a.SharesPayloadWith(b)) return true;
  if (a.kind() != b.kind()) return false;
  if (a.IsTemporal()) return IdenticalTemporals(a, b);
  switch (a.kind()) {
    case ValueKind::kString:
      return a.AsString() == b.AsString();
    case ValueKind::kList:
      return std::equal(a.AsList().begin(), a.AsList().end(), b.AsList().begin(), b.AsList().end(),
                        IdenticalValues);
    case ValueKind::kMap:
      return IdenticalMaps(a.AsMap(), b.AsMap());
    case ValueKind::kNode:
      return IdenticalNodes(a.AsNode(), b.AsNode());
    case ValueKind::kRelationship:
      return IdenticalRelationships(a.AsRelationship(), b.AsRelationship());
    case ValueKind::kPath:
      return IdenticalPaths(a.AsPath(), b.AsPath());
    default:
      return false;  // an inline kind whose bits differ
  }
}

}  // namespace quiver::testing
