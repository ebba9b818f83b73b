#include "storage/txn/index_overlay.h"

#include <algorithm>
#include <string>

#include "storage/index_key.h"

namespace quiver::storage {

namespace {

uint64_t Fnv1a64(std::string_view bytes, uint64_t h = 1469598103934665603ull) {
  for (unsigned char c : bytes) {
    h ^= c;
    h *= 1099511628211ull;
  }
  return h;
}

}  // namespace

std::optional<uint64_t> OverlayBucket(PropertyKeyId key, const Value& value) {
  if (!IsIndexable(value)) return std::nullopt;
  std::string bytes(reinterpret_cast<const char*>(&key), sizeof key);
  AppendIndexKey(value, bytes);  // 1 and 1.0 encode alike, so they share a bucket
  return Fnv1a64(bytes) >> kOverlayNodeBits;
}

bool IsIndexedKey(const SchemaCatalog& catalog, PropertyKeyId key) {
  for (const IndexDefinition& index : catalog.indexes()) {
    if (index.IsNodePropertyIndex() && index.keys[0] == key) {
      return true;
    }
  }
  return false;
}

bool IsLaterIndexKey(const SchemaCatalog& catalog, PropertyKeyId key) {
  for (const IndexDefinition& index : catalog.indexes()) {
    if (index.IsNodePropertyIndex() && std::find(index.keys.begin() + 1, index.keys.end(), key) != index.keys.end()) {
      return true;
    }
  }
  return false;
}

void AddOverlayEntry(const SchemaCatalog& catalog, IdSet& entries, PropertyKeyId key, const Value& value,
                     NodeId node, const EditContext& ctx) {
  if (node >= kOverlayNodeLimit || !IsIndexedKey(catalog, key)) return;
  if (auto bucket = OverlayBucket(key, value)) entries.Set((*bucket << kOverlayNodeBits) | node, {}, ctx);
}

}  // namespace quiver::storage
