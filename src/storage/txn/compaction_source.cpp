#include "storage/txn/compaction_source.h"

#include <algorithm>
#include <utility>

namespace quiver::storage {

ExternalKey OwnedKey(const ExternalKeyView& view) {
  if (const auto* i = std::get_if<int64_t>(&view)) return *i;
  if (const auto* s = std::get_if<std::string_view>(&view)) return std::string(*s);
  return std::monostate{};
}

Result<std::unique_ptr<CompactionSource>> CompactionSource::Open(const DeltaState& state, unsigned workers,
                                                                 SalvageLosses* salvage) {
  std::unique_ptr<CompactionSource> source(new CompactionSource(state));
  source->salvage_ = salvage;
  QUIVER_RETURN_IF_ERROR(source->MapNodes(std::max(1u, workers)));
  source->CollectDelta();
  return source;
}

// New node ids: live nodes in ascending old id (identity when none was deleted).
Status CompactionSource::MapNodes(unsigned workers) {
  const uint64_t bound = state_.node_bound;
  if (bound == state_.live_nodes) return Status::OK();
  new_id_.assign(bound, UINT64_MAX);
  const size_t ranges = node_ranges();
  std::vector<uint64_t> live(ranges);
  QUIVER_RETURN_IF_ERROR(ParallelTasks(ranges, workers, [&](size_t r) {
    for (uint64_t old = r * kNodeRange; old < std::min(bound, (r + 1) * kNodeRange); ++old)
      live[r] += view_.NodeExists(old);
    return Status::OK();
  }));
  std::vector<uint64_t> first(ranges);
  for (size_t r = 1; r < ranges; ++r) first[r] = first[r - 1] + live[r - 1];
  return ParallelTasks(ranges, workers, [&](size_t r) {
    uint64_t next = first[r];
    for (uint64_t old = r * kNodeRange; old < std::min(bound, (r + 1) * kNodeRange); ++old) {
      if (view_.NodeExists(old)) new_id_[old] = next++;
    }
    return Status::OK();
  });
}

void CompactionSource::CollectDelta() {
  delta_rels_.resize(state_.tokens->rel_types.size());
  for (const auto& f : base_.gen().manifest().files) rel_properties_ |= f.kind == FileKind::kEdgePropertyColumn;
  state_.rels.ForEach([&](uint64_t id, const std::shared_ptr<RelDelta>& r) {
    if (r->deleted) return;
    if (!r->base) delta_rels_[r->type].push_back(id);
    for (const auto& [key, value] : r->props) rel_properties_ |= !value.IsNull();
  });
  // ForEach visits ids in ascending order, which is creation order; sort anyway so the
  // order does not rest on the map's iteration order.
  for (auto& rels : delta_rels_) std::sort(rels.begin(), rels.end());
}

DictionaryData CompactionSource::Dictionary() const {
  const DeltaTokens& t = *state_.tokens;
  DictionaryData d;
  for (uint32_t i = 0; i < t.labels.size(); ++i) d.labels.emplace_back(view_.LabelName(i));
  for (uint32_t i = 0; i < t.rel_types.size(); ++i) d.rel_types.emplace_back(view_.RelTypeName(i));
  for (uint32_t i = 0; i < t.property_keys.size(); ++i) d.property_keys.emplace_back(view_.PropertyKeyName(i));
  return d;
}

bool CompactionSource::ReadNode(uint64_t old, Node* out) const {
  if (!view_.NodeExists(old)) return false;
  if (salvage_ != nullptr) {
    SalvageNode(old, out);
    return true;
  }
  out->id = NewId(old);
  out->labels.clear();
  view_.GetLabels(old, out->labels);
  out->properties.clear();
  view_.GetNodeProperties(old, out->properties);
  out->key = std::monostate{};
  if (key_kind() != ExternalIdKind::kNone && view_.IsBaseNode(old)) out->key = OwnedKey(base_.gen().NodeKey(old));
  return true;
}

}  // namespace quiver::storage
