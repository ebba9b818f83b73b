#pragma once
// The delta's half of a property index (docs/design.md, "Indexes and constraints": an
// index is a file of the generation plus an overlay in the delta). The generation's
// PropertyIndex file knows the base nodes' values as of the generation; the overlay
// names the nodes whose indexed value or labels the delta changed, so an equality seek
// finds them without reading every delta record.
//
// It is a set in DeltaState (`index_entries`): one member per (property key, value,
// node) the delta wrote for a key some node index has first, made of a 20-bit hash of
// the key and the value's index-key bytes above the 44-bit node id. A member is a
// candidate, not an answer — a later write may have changed the value again, deleted the
// node or removed its label, and hashes collide — so the seek checks each against the
// merged view. Ids past 2^44 do not fit: a store that reaches them answers seeks by
// scanning (DeltaView::SeekNodes declines).

#include <cstdint>
#include <optional>

#include "storage/graph.h"
#include "storage/schema_catalog.h"
#include "storage/txn/radix_map.h"

namespace quiver::storage {

inline constexpr int kOverlayNodeBits = 44;
inline constexpr uint64_t kOverlayNodeLimit = uint64_t{1} << kOverlayNodeBits;

// The bucket (the member's high bits) of `value` under `key`; nullopt for a value no
// index holds (null, lists, maps, temporals).
std::optional<uint64_t> OverlayBucket(PropertyKeyId key, const Value& value);

// Whether some node property index of `catalog` has `key` as its first key.
bool IsIndexedKey(const SchemaCatalog& catalog, PropertyKeyId key);
// Whether some node property index has `key` after its first: a composite index's later
// key, a change of which must put the node's first-key value in the overlay (a seek with
// a leading value reads the base file's range of the new tuple, which lacks the node).
bool IsLaterIndexKey(const SchemaCatalog& catalog, PropertyKeyId key);

// Adds node's (key, value) to `entries` when the catalog indexes key and the value is
// indexable.
void AddOverlayEntry(const SchemaCatalog& catalog, IdSet& entries, PropertyKeyId key, const Value& value,
                     NodeId node, const EditContext& ctx);

// f(node) for every candidate the overlay holds for (key, value).
template <typename F>
void ForEachOverlayCandidate(const IdSet& entries, PropertyKeyId key, const Value& value, F&& f) {
  const std::optional<uint64_t> bucket = OverlayBucket(key, value);
  if (!bucket) return;
  const uint64_t lo = *bucket << kOverlayNodeBits;
  entries.ForEachInRange(lo, lo + kOverlayNodeLimit, [&](uint64_t member, const SetMember&) {
    f(static_cast<NodeId>(member & (kOverlayNodeLimit - 1)));
  });
}

}  // namespace quiver::storage
