#pragma once
// The order-preserving byte encoding of a property index's keys (docs/format/generation.md,
// "PropertyIndex", and docs/design.md, "Indexes and constraints"): memcmp order of the
// encoded bytes is Cypher's orderability within a type class, and a leading class byte
// separates the classes, so every seek an index answers is one or a few byte ranges
// [lower, upper) of its sorted entries.
//
// Only booleans, numbers and strings are indexable (IsIndexable); a node whose value on
// the index's first key is anything else (null, a list, a map, a temporal) has no entry.
// Integers and floats are one class compared as numbers, exactly: 1 and 1.0 encode to the
// same bytes (Cypher: 1 = 1.0), 2^53 + 1 and 2^53 + 1.0 (= 2^53) do not.
//
// Both value models encode through the same primitives, so the generation's columns
// (PropertyValue) and seeks and the delta (quiver::Value) agree byte for byte.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "quiver/value.h"
#include "storage/graph.h"
#include "storage/property_value.h"

namespace quiver::storage {

// Class bytes, in Cypher's ascending orderability (STRING < BOOLEAN < NUMBER). The
// absent marker stands for a composite index's later key that a node lacks (or holds
// unindexable): it sorts after every value, so a seek on the first keys stays complete.
inline constexpr char kIndexKeyString = 0x10;
inline constexpr char kIndexKeyBool = 0x20;
inline constexpr char kIndexKeyNumber = 0x30;
inline constexpr char kIndexKeyAbsent = static_cast<char>(0xF0);

bool IsIndexable(const Value& v);
bool IsIndexable(const PropertyValue& v);

// Append one element's encoding. Require IsIndexable(v).
void AppendIndexKey(const Value& v, std::string& out);
void AppendIndexKey(const PropertyValue& v, std::string& out);

// Decodes the element at key[*pos] and advances *pos past it; nullopt when the bytes are
// not an element's encoding. The absent marker decodes as null. A number decodes as an
// Integer when it is integral and within int64 range (so 1.0 decodes as 1), else a Float.
std::optional<Value> DecodeIndexKey(std::string_view key, size_t* pos);

// A half-open byte range of encoded keys: lower <= key < upper.
struct IndexKeyRange {
  std::string lower, upper;
  bool operator==(const IndexKeyRange&) const = default;
};

// The ranges of keys whose first element satisfies `seek` (graph.h, PropertySeek), sorted
// and disjoint; empty when nothing can match (a null, a NaN equality, bounds of two
// classes, a non-string prefix). nullopt when the index cannot answer: a value of an
// unindexable type (a list, a map, a temporal), which a node may hold without an entry,
// or a range without bounds. The caller then scans.
std::optional<std::vector<IndexKeyRange>> IndexSeekRanges(const PropertySeek& seek);
// The same for a composite index: keys whose first elements equal seek.leading and whose
// next element satisfies `seek` — each range above behind the leading values' bytes
// (every element is self-delimiting, so the order holds). Empty when a leading value
// equals nothing (null, NaN); nullopt when one is unindexable.
std::optional<std::vector<IndexKeyRange>> CompositeSeekRanges(const PropertySeek& seek);

}  // namespace quiver::storage
