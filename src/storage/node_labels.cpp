#include "storage/node_labels.h"

#include <algorithm>
#include <map>
#include <string>

namespace quiver::storage {

uint32_t LabelSetIdWidth(size_t set_count) {
  if (set_count <= (1u << 8)) return 1;
  if (set_count <= (1u << 16)) return 2;
  return 4;
}

uint32_t LabelData::SetIdWidth() const {
  return LabelSetIdWidth(sets.size());
}

LabelData BuildLabelData(uint32_t label_count, std::span<const std::vector<uint32_t>> node_labels) {
  LabelData d;
  d.label_counts.assign(label_count, 0);
  std::vector<std::vector<uint32_t>> normalized(node_labels.size());
  std::map<std::vector<uint32_t>, uint32_t> set_ids{{{}, 0}};  // ordered: lexicographic set ids
  for (size_t i = 0; i < node_labels.size(); ++i) {
    auto& s = normalized[i];
    s = node_labels[i];
    std::sort(s.begin(), s.end());
    s.erase(std::unique(s.begin(), s.end()), s.end());
    for (uint32_t l : s) ++d.label_counts[l];
    set_ids.emplace(s, 0);
  }
  uint32_t next = 0;
  for (auto& [set, id] : set_ids) {
    id = next++;
    d.sets.push_back(set);
  }
  d.node_set.reserve(normalized.size());
  for (const auto& s : normalized) d.node_set.push_back(set_ids.at(s));
  return d;
}

Status WriteNodeLabels(SectionFileWriter* w, const LabelData& d) {
  return WriteNodeLabels(
      w, d.sets,
      [&](const std::function<void(uint32_t)>& emit) {
        for (uint32_t set : d.node_set) emit(set);
      },
      d.label_counts);
}

Status WriteNodeLabels(SectionFileWriter* w, std::span<const std::vector<uint32_t>> sets,
                       const NodeSetSource& node_sets, std::span<const uint64_t> label_counts) {
  std::vector<uint32_t> offsets{0}, members;
  for (const auto& s : sets) {
    members.insert(members.end(), s.begin(), s.end());
    offsets.push_back(static_cast<uint32_t>(members.size()));
  }
  QUIVER_RETURN_IF_ERROR(w->BeginSection(SectionType::kLabelSetOffsets, 4));
  QUIVER_RETURN_IF_ERROR(w->AppendArray(std::span<const uint32_t>(offsets)));
  QUIVER_RETURN_IF_ERROR(w->EndSection());
  QUIVER_RETURN_IF_ERROR(w->BeginSection(SectionType::kLabelSetMembers, 4));
  QUIVER_RETURN_IF_ERROR(w->AppendArray(std::span<const uint32_t>(members)));
  QUIVER_RETURN_IF_ERROR(w->EndSection());
  const uint32_t width = LabelSetIdWidth(sets.size());
  QUIVER_RETURN_IF_ERROR(w->BeginSection(SectionType::kNodeLabelSet, width));
  std::string chunk;
  Status status;
  node_sets([&](uint32_t set) {
    chunk.append(reinterpret_cast<const char*>(&set), width);  // little-endian: the low bytes
    if (chunk.size() >= (1u << 20) && status.ok()) {
      status = w->Append(chunk);
      chunk.clear();
    }
  });
  QUIVER_RETURN_IF_ERROR(status);
  QUIVER_RETURN_IF_ERROR(w->Append(chunk));
  QUIVER_RETURN_IF_ERROR(w->EndSection());
  QUIVER_RETURN_IF_ERROR(w->BeginSection(SectionType::kLabelNodeCounts, 8));
  QUIVER_RETURN_IF_ERROR(w->AppendArray(label_counts));
  return w->EndSection();
}

Result<NodeLabelsView> NodeLabelsView::Open(const SectionFile& f, uint64_t node_count, uint32_t label_count,
                                            uint32_t label_set_count) {
  NodeLabelsView v;
  QUIVER_ASSIGN_OR_RETURN(SectionView so, f.Get(SectionType::kLabelSetOffsets, 4, uint64_t{label_set_count} + 1));
  QUIVER_ASSIGN_OR_RETURN(SectionView m, f.Get(SectionType::kLabelSetMembers, 4));
  QUIVER_ASSIGN_OR_RETURN(SectionView ns, f.GetUInts(SectionType::kNodeLabelSet, node_count));
  QUIVER_ASSIGN_OR_RETURN(SectionView c, f.Get(SectionType::kLabelNodeCounts, 8, label_count));
  if (ns.width > 4) return CorruptionAt(f.name(), ns.offset, "label set ids wider than 4 bytes");
  v.set_offsets_ = so.uints();
  v.members_ = m.uints();
  v.node_set_ = ns.uints();
  v.counts_ = c.uints();
  v.set_offsets_at_ = so.offset;
  v.members_at_ = m.offset;
  v.node_set_at_ = ns.offset;
  v.counts_at_ = c.offset;
  v.label_count_ = label_count;
  return v;
}

UIntArray NodeLabelsView::LabelsOf(uint64_t node) const {
  if (node >= node_set_.size()) return {};
  const uint64_t set = node_set_[node];
  if (set + 1 >= set_offsets_.size()) return {};
  return members_.Slice(set_offsets_[set], set_offsets_[set + 1]);
}

bool NodeLabelsView::HasLabel(uint64_t node, uint32_t label) const {
  const UIntArray labels = LabelsOf(node);
  for (uint64_t i = 0; i < labels.size(); ++i) {
    if (labels[i] == label) return true;
    if (labels[i] > label) break;
  }
  return false;
}

Status NodeLabelsView::Verify(const SectionFile& f) const {
  const std::string& n = f.name();
  const uint64_t sets = set_count();
  if (set_offsets_[0] != 0) return CorruptionAt(n, set_offsets_at_, "first label set offset is not 0");
  for (uint64_t s = 0; s < sets; ++s) {
    const uint64_t b = set_offsets_[s], e = set_offsets_[s + 1];
    if (e < b || e > members_.size()) return CorruptionAt(n, set_offsets_at_ + 4 * (s + 1), "label set offset out of order");
    if (s == 0 && e != 0) return CorruptionAt(n, set_offsets_at_ + 4, "label set 0 is not the empty set");
    for (uint64_t i = b; i < e; ++i) {
      if (members_[i] >= label_count_) return CorruptionAt(n, members_at_ + 4 * i, "label id out of range");
      if (i > b && members_[i] <= members_[i - 1]) return CorruptionAt(n, members_at_ + 4 * i, "label set not ascending");
    }
    if (s > 0) {
      const UIntArray prev = members_.Slice(set_offsets_[s - 1], b), cur = members_.Slice(b, e);
      bool less = false, decided = false;
      for (uint64_t i = 0; i < std::min(prev.size(), cur.size()) && !decided; ++i) {
        if (prev[i] != cur[i]) less = prev[i] < cur[i], decided = true;
      }
      if (!decided) less = prev.size() < cur.size();
      if (!less) return CorruptionAt(n, set_offsets_at_ + 4 * s, "label sets not in strictly ascending order");
    }
  }
  if (set_offsets_[sets] != members_.size()) {
    return CorruptionAt(n, set_offsets_at_ + 4 * sets, "last label set offset is not the member count");
  }
  std::vector<uint64_t> counts(label_count_, 0);
  for (uint64_t v = 0; v < node_set_.size(); ++v) {
    const uint64_t s = node_set_[v];
    if (s >= sets) return CorruptionAt(n, node_set_at_ + node_set_.width() * v, "node label set id out of range");
    members_.Slice(set_offsets_[s], set_offsets_[s + 1]).ForEach([&](uint64_t l) { ++counts[l]; });
  }
  for (uint32_t l = 0; l < label_count_; ++l) {
    if (counts[l] != counts_[l]) {
      return CorruptionAt(n, counts_at_ + 8 * uint64_t{l}, "label node count " + std::to_string(counts_[l]) +
                                                             ", counted " + std::to_string(counts[l]));
    }
  }
  return Status::OK();
}

}  // namespace quiver::storage
