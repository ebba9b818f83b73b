#pragma once
// The tags of the structures Bolt gives Cypher values (bolt_values.h lists their fields).

#include <cstdint>

namespace quiver::server::bolt {

enum StructureTag : uint8_t {
  kNodeTag = 'N',
  kRelationshipTag = 'R',
  kUnboundRelationshipTag = 'r',
  kPathTag = 'P',
  kPoint2DTag = 'X',
  kPoint3DTag = 'Y',
  kDateTag = 'D',
  kTimeTag = 'T',
  kLocalTimeTag = 't',
  kLocalDateTimeTag = 'd',
  kDateTimeTag = 'I',              // UTC seconds (Bolt 5, 4.4 "utc")
  kDateTimeZoneIdTag = 'i',        // UTC seconds (Bolt 5, 4.4 "utc")
  kLegacyDateTimeTag = 'F',        // wall-clock seconds (Bolt 4)
  kLegacyDateTimeZoneIdTag = 'f',  // wall-clock seconds (Bolt 4)
  kDurationTag = 'E',
};

}  // namespace quiver::server::bolt
