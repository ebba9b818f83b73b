#include "storage/txn/rel_index_overlay.h"

#include <algorithm>

#include "storage/txn/delta_state.h"
#include "storage/txn/index_overlay.h"

namespace quiver::storage {

bool IsIndexedRelKey(const SchemaCatalog& catalog, RelTypeId type, PropertyKeyId key) {
  return std::any_of(catalog.indexes().begin(), catalog.indexes().end(), [&](const IndexDefinition& index) {
    return index.IsRelationshipPropertyIndex() && index.token == type &&
           std::find(index.keys.begin(), index.keys.end(), key) != index.keys.end();
  });
}

void AddRelOverlayEntries(const SchemaCatalog& catalog, IdSet& entries, RelTypeId type, RelId rel,
                          const std::vector<PropertyEntry>& props, const EditContext& ctx) {
  if (rel >= kOverlayNodeLimit) return;  // the seek declines past it
  for (const IndexDefinition& index : catalog.indexes()) {
    if (!index.IsRelationshipPropertyIndex() || index.token != type) continue;
    const Value* value = FindEntry(props, index.keys[0]);
    if (value == nullptr) continue;
    if (auto bucket = OverlayBucket(index.keys[0], *value))
      entries.Set((*bucket << kOverlayNodeBits) | rel, {}, ctx);
  }
}

}  // namespace quiver::storage
