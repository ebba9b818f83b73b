// Relationship property-index seeks over base ⊕ delta (delta_view.h), as SeekNodes
// (delta_index_seek.cpp) answers for nodes: the base file vouches only for the base
// relationships the delta holds no record of; every other candidate — a touched base
// relationship, or one the overlay or the delta's records name — is checked against the
// merged view, so the answer is exactly a scan's.

#include <algorithm>

#include "storage/index_key.h"
#include "storage/property_index.h"
#include "storage/property_seek.h"
#include "storage/txn/delta_view.h"
#include "storage/txn/index_overlay.h"

namespace quiver::storage {

bool DeltaView::SeekRelationships(const IndexDefinition& index, const PropertySeek& seek,
                                  std::vector<RelId>& out) const {
  if (!index.IsRelationshipPropertyIndex() || !IndexOnline(index) || s_->rel_bound > kOverlayNodeLimit ||
      seek.leading.size() >= index.keys.size()) {
    return false;
  }
  const std::optional<std::vector<IndexKeyRange>> ranges = CompositeSeekRanges(seek);
  if (!ranges) return false;  // a value no index holds: the caller scans
  const RelTypeId type = index.token;
  const BaseGraph& base = *s_->base;
  // A range or prefix tests every relationship the delta touched: declined past a
  // quarter of the type's base relationships, as SeekNodes does for a label.
  const bool by_overlay = seek.kind == PropertySeek::Kind::kEquals || !seek.leading.empty();
  if (!by_overlay && s_->rels.size() * 4 > base.gen().RelTypeEdgeCount(type) && s_->rels.size() > 4096) {
    return false;
  }
  auto matches = [&](RelId id) {
    const RelDelta* r = RelRecord(id);
    const bool of_type = r != nullptr ? !r->deleted && r->type == type : RelationshipExists(id);
    return of_type &&
           SeekMatchesNode(seek, [&](size_t i) { return GetRelationshipProperty(id, index.keys[i]); });
  };
  const size_t first = out.size();
  std::vector<uint64_t> positions;
  base.gen().PropertyIndex(index.name)->Seek(*ranges, positions);
  for (uint64_t position : positions) {
    const RelId id = base.RelIdOf(type, position);
    if (RelRecord(id) == nullptr || matches(id)) out.push_back(id);
  }
  if (!s_->rels.empty()) {
    if (by_overlay) {
      const std::vector<Value> firsts =
          seek.leading.empty() ? seek.values : std::vector<Value>{seek.leading[0]};
      for (const Value& value : firsts) {
        ForEachOverlayCandidate(s_->rel_index_entries, index.keys[0], value, [&](RelId id) {
          if (matches(id)) out.push_back(id);
        });
      }
    } else {
      s_->rels.ForEach([&](uint64_t id, const std::shared_ptr<RelDelta>& r) {
        if (!r->deleted && r->type == type && matches(id)) out.push_back(id);
      });
    }
  }
  std::sort(out.begin() + static_cast<std::ptrdiff_t>(first), out.end());
  out.erase(std::unique(out.begin() + static_cast<std::ptrdiff_t>(first), out.end()), out.end());
  return true;
}

}  // namespace quiver::storage
