#pragma once
// Conversions between quiver::Value (what GraphReader/GraphWriter speak) and the storage
// layer's PropertyValue (what generations and the write log encode).
//
// Storable: null, booleans, integers, floats, strings, and lists and maps of those
// (nested). Temporal values are NotSupported for now: neither the generation format nor
// the log has an encoding for them yet (a clear error, never a silent conversion to a
// string). Nodes, relationships and paths are InvalidArgument: Cypher cannot store them.

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
