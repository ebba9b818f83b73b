// Property-index seeks over base ⊕ delta (delta_view.h, "Property indexes"). The answer
// is exactly what a scan of the label with the seek's predicate would keep: the base
// file vouches only for the base nodes the delta did not touch; every other candidate
// — a touched base node, or one the overlay or the delta's records name — is checked
// against the merged view.

#include <algorithm>

#include "storage/index_key.h"
#include "storage/property_index.h"
#include "storage/property_seek.h"
#include "storage/txn/delta_view.h"
#include "storage/txn/index_overlay.h"

namespace quiver::storage {

bool DeltaView::IndexOnline(const IndexDefinition& index) const {
  if (!index.IsPropertyIndex()) return false;
  const PropertyIndexView* file = s_->base->gen().PropertyIndex(index.name);
  return file != nullptr && file->definition() == index;
}

bool DeltaView::SeekNodes(const IndexDefinition& index, const PropertySeek& seek, std::vector<NodeId>& out) const {
  if (!index.IsNodePropertyIndex() || !IndexOnline(index) || s_->node_bound > kOverlayNodeLimit || seek.leading.size() >= index.keys.size()) {
    return false;
  }
  const std::optional<std::vector<IndexKeyRange>> ranges = CompositeSeekRanges(seek);
  if (!ranges) return false;  // a value no index holds: the caller scans
  const LabelId label = index.token;
  // A range or prefix tests every node the delta touched; past a quarter of the label's
  // base nodes that costs more than the scan the caller falls back to (which reads the
  // columns in batches), so decline. An equality reads the overlay: never declined.
  const Generation& gen = s_->base->gen();
  const bool by_overlay = seek.kind == PropertySeek::Kind::kEquals || !seek.leading.empty();
  if (!by_overlay && label < gen.LabelCount() &&
      s_->nodes.size() * 4 > gen.LabelNodeCount(label) && s_->nodes.size() > 4096) {
    return false;
  }
  auto matches = [&](NodeId id) {
    return NodeExists(id) && HasLabel(id, label) &&
           SeekMatchesNode(seek, [&](size_t i) { return GetNodeProperty(id, index.keys[i]); });
  };
  const size_t first = out.size();
  std::vector<NodeId> base;
  s_->base->gen().PropertyIndex(index.name)->Seek(*ranges, base);
  for (NodeId id : base) {
    if (NodeRecord(id) == nullptr || matches(id)) out.push_back(id);
  }
  if (!s_->nodes.empty()) {
    if (by_overlay) {
      // The overlay holds (first key, value): the leading value of a composite seek, or
      // each value of an equality on the first key.
      const std::vector<Value> firsts = seek.leading.empty() ? seek.values : std::vector<Value>{seek.leading[0]};
      for (const Value& value : firsts) {
        ForEachOverlayCandidate(s_->index_entries, index.keys[0], value, [&](NodeId id) {
          if (matches(id)) out.push_back(id);
        });
      }
    } else {
      s_->nodes.ForEach([&](uint64_t id, const std::shared_ptr<NodeDelta>& d) {
        if (!d->deleted && matches(id)) out.push_back(id);
      });
    }
  }
  std::sort(out.begin() + static_cast<std::ptrdiff_t>(first), out.end());
  out.erase(std::unique(out.begin() + static_cast<std::ptrdiff_t>(first), out.end()), out.end());
  return true;
}

}  // namespace quiver::storage
