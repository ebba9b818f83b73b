#pragma once
// What a held Value costs, for the query memory accounting (query_memory.h): its 16-byte
// slot plus its payload when the payload has at most two owners — the row it was copied
// from and the copy being charged (a batch is cleared next, so the copy will be the one
// that keeps it) — and inside a charged list or map, each element's payload when the
// container is its only owner. Strings count by their length, lists and maps by their
// elements, nodes and relationships by their fixed part, labels and properties. The
// figures approximate what the allocator hands out (block headers, std::string and
// std::vector headers); being within a small factor is what matters: the limit stops
// runaway queries, it is not an allocator.

#include <cstddef>
#include <cstdint>

#include "quiver/value.h"

namespace quiver::exec {

// A value a holder keeps, charged just before or after the holder copies it from a row.
uint64_t HeldBytes(const Value& v);

// A row of `width` values.
inline uint64_t HeldRowBytes(const Value* row, size_t width) {
  uint64_t bytes = 0;
  for (size_t i = 0; i < width; ++i) bytes += HeldBytes(row[i]);
  return bytes;
}

// A hash table's per-entry overhead beyond its key and value: the node (next pointer,
// cached hash, the allocator's header) and its bucket.
inline constexpr uint64_t kHashEntryBytes = 48;

}  // namespace quiver::exec
