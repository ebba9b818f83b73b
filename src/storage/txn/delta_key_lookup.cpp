// Key lookups over base ⊕ delta. The base answers from its external-id index (only for
// a property that mirrors the ids, Generation::ExternalIdsMirror); the delta adds the
// nodes whose value of that key it set — created nodes, and base nodes whose key was
// changed — and every candidate is checked against the merged view, so a base node the
// delta deleted, relabelled or re-keyed is reported exactly as a scan would.

#include <algorithm>
#include <cmath>

#include "quiver/value_ops.h"
#include "storage/txn/delta_view.h"

namespace quiver::storage {

namespace {

// The base node whose (integer or string) key equals `value` by openCypher equality, if any.
std::optional<uint64_t> BaseCandidate(const Generation& g, const Value& value) {
  const bool int_keys = g.ExternalIds() == ExternalIdKind::kInt64 || g.ExternalIds() == ExternalIdKind::kDense;
  if (value.IsInt()) {
    return int_keys ? g.FindNode(value.AsInt()) : std::nullopt;
  }
  if (value.IsFloat()) {
    // An integer equals a float only when the float is that integer exactly
    // (CompareIntFloat): one candidate at most.
    const double d = value.AsFloat();
    constexpr double kTwo63 = 9223372036854775808.0;
    if (int_keys && std::isfinite(d) && d == std::trunc(d) && d >= -kTwo63 && d < kTwo63) {
      return g.FindNode(static_cast<int64_t>(d));
    }
    return std::nullopt;
  }
  if (value.IsString()) {
    return g.ExternalIds() == ExternalIdKind::kString ? g.FindNode(value.AsString()) : std::nullopt;
  }
  // Base values of a mirrored key are integers or strings: nothing else equals them.
  return std::nullopt;
}

}  // namespace

bool DeltaView::HasNodeKeyIndex(PropertyKeyId key) const {
  const Generation& g = s_->base->gen();
  return key < g.PropertyKeyCount() && g.ExternalIdsMirror(key);
}

bool DeltaView::FindNodesByKey(std::optional<LabelId> label, PropertyKeyId key, const Value& value,
                               std::vector<NodeId>& out) const {
  if (!HasNodeKeyIndex(key)) return false;
  if (value.IsNull()) return true;  // `= null` is never true
  const std::optional<uint64_t> base = BaseCandidate(s_->base->gen(), value);
  const size_t first = out.size();
  auto matches = [&](NodeId id) {
    return NodeExists(id) && (!label || HasLabel(id, *label)) &&
           Equals(GetNodeProperty(id, key), value) == Ternary::kTrue;
  };
  // A base node whose key the delta overrides is the delta loop's to judge.
  if (base) {
    const NodeDelta* d = NodeRecord(*base);
    if ((d == nullptr || FindEntry(d->props, key) == nullptr) && matches(*base)) out.push_back(*base);
  }
  s_->nodes.ForEach([&](uint64_t id, const std::shared_ptr<NodeDelta>& d) {
    if (FindEntry(d->props, key) != nullptr && matches(id)) out.push_back(id);
  });
  std::sort(out.begin() + static_cast<std::ptrdiff_t>(first), out.end());
  return true;
}

}  // namespace quiver::storage
