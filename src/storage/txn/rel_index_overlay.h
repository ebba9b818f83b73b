#pragma once
// The delta's half of a relationship property index: the node overlay's scheme
// (index_overlay.h) over relationship ids, in DeltaState::rel_index_entries. A member is
// (hash of the first key and its value, relationship id): written when a relationship
// of an indexed type is created with, or given, a value an index of its type holds, and
// for the delta's relationships of a type when an index of it is created. Members are
// candidates, rechecked by the seek against the merged view, so a stale one (the value
// changed again, the relationship deleted) costs a check, never a wrong row. A deleted
// or re-valued base relationship needs no member: the seek rechecks every base entry the
// delta holds a record for.

#include <cstdint>
#include <vector>

#include "storage/graph.h"
#include "storage/schema_catalog.h"
#include "storage/txn/radix_map.h"

namespace quiver::storage {

// Whether some relationship property index of `type` has `key` among its keys.
bool IsIndexedRelKey(const SchemaCatalog& catalog, RelTypeId type, PropertyKeyId key);

// Adds the relationship's members: the value of each first key of an index of `type`
// among `props` (the relationship's properties now, ascending by key).
void AddRelOverlayEntries(const SchemaCatalog& catalog, IdSet& entries, RelTypeId type, RelId rel,
                          const std::vector<PropertyEntry>& props, const EditContext& ctx);

}  // namespace quiver::storage
