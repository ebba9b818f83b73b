#pragma once
// Conversions between quiver::Value (what GraphReader/GraphWriter speak) and the storage
// layer's PropertyValue (what generations and the write log encode).
//
// Storable: null, booleans, integers, floats, strings, the six temporal kinds (Date,
// LocalTime, Time, LocalDateTime, DateTime, Duration: every field kept exactly), and lists
// and maps of those (nested). Nodes, relationships and paths are InvalidArgument: Cypher
// cannot store them.

#include <cstddef>

#include "quiver/status.h"
#include "quiver/value.h"
#include "storage/property_value.h"
#include "storage/txn/memory_account.h"

namespace quiver::storage {

Result<PropertyValue> ToPropertyValue(const Value& value);
Value ToValue(const PropertyValue& value);

// OK when ToPropertyValue would succeed (no conversion is made).
Status CheckStorable(const Value& value);

// Heap bytes a stored value holds beyond its 16-byte Value (strings, list and map
// payloads, recursively): the memory accounting's estimate.
size_t ValueHeapBytes(const Value& value);

}  // namespace quiver::storage
