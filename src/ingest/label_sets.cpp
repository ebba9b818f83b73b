#include "ingest/label_sets.h"

#include <algorithm>
#include <functional>

#include "common/assert.h"
#include "storage/node_labels.h"

namespace quiver::ingest {

using storage::SectionType;

LabelSets::LabelSets() {
  sets_.push_back({});
  ids_.emplace(std::vector<uint32_t>{}, 0);
}

uint32_t LabelSets::Intern(std::vector<uint32_t> labels) {
  std::sort(labels.begin(), labels.end());
  labels.erase(std::unique(labels.begin(), labels.end()), labels.end());
  auto [it, inserted] = ids_.emplace(labels, static_cast<uint32_t>(sets_.size()));
  if (inserted) sets_.push_back(std::move(labels));
  return it->second;
}

void LabelSets::AppendUniform(uint64_t count, uint32_t set) {
  if (count == 0) return;
  if (!segments_.empty() && segments_.back().per_node.empty() && segments_.back().uniform == set) {
    segments_.back().count += count;
  } else {
    segments_.push_back({nodes_, count, set, {}});
  }
  nodes_ += count;
}

void LabelSets::AppendPerNode(std::vector<uint32_t> sets) {
  if (sets.empty()) return;
  const uint64_t n = sets.size();
  // A :LABEL column usually repeats one set row after row (every row "Person", or files
  // sorted by label): kept as uniform runs, such a batch costs nothing per node.
  uint64_t runs = 1;
  for (uint64_t i = 1; i < n; ++i) runs += sets[i] != sets[i - 1] ? 1 : 0;
  if (runs * sizeof(Segment) <= n * sizeof(uint32_t) / 2) {
    for (uint64_t i = 0, j; i < n; i = j) {
      for (j = i + 1; j < n && sets[j] == sets[i]; ++j) {
      }
      AppendUniform(j - i, sets[i]);
    }
    return;
  }
  segments_.push_back({nodes_, n, 0, std::move(sets)});
  nodes_ += n;
}

template <typename F>
void LabelSets::ForEachNode(F&& f) const {
  for (const Segment& s : segments_) {
    for (uint64_t i = 0; i < s.count; ++i) f(s.first + i, s.per_node.empty() ? s.uniform : s.per_node[i]);
  }
}

void LabelSets::Erase(std::span<const uint64_t> drop) {
  if (drop.empty()) return;
  std::vector<Segment> old = std::move(segments_);
  segments_.clear();
  nodes_ = 0;
  size_t d = 0;
  for (const Segment& s : old) {
    std::vector<uint32_t> kept;
    for (uint64_t i = 0; i < s.count; ++i) {
      const uint64_t node = s.first + i;
      if (d < drop.size() && drop[d] == node) {
        ++d;
        continue;
      }
      kept.push_back(s.per_node.empty() ? s.uniform : s.per_node[i]);
    }
    if (s.per_node.empty()) {
      AppendUniform(kept.size(), s.uniform);
    } else {
      AppendPerNode(std::move(kept));
    }
  }
}

uint64_t LabelSets::MemoryBytes() const {
  uint64_t bytes = segments_.capacity() * sizeof(Segment);
  for (const Segment& s : segments_) bytes += s.per_node.capacity() * 4;
  return bytes;
}

Status LabelSets::Write(storage::GenerationWriter* writer, uint32_t label_count) const {
  // Number sets lexicographically, as BuildLabelData does: the empty set sorts first.
  // Sets that no node carries are dropped (BuildLabelData only sees used sets).
  std::vector<uint64_t> uses(sets_.size(), 0);
  ForEachNode([&](uint64_t, uint32_t set) { ++uses[set]; });
  std::vector<uint32_t> order;
  for (uint32_t id = 0; id < sets_.size(); ++id) {
    if (id == 0 || uses[id] > 0) order.push_back(id);
  }
  std::sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) { return sets_[a] < sets_[b]; });
  std::vector<uint32_t> final_id(sets_.size(), 0);
  for (uint32_t i = 0; i < order.size(); ++i) final_id[order[i]] = i;
  std::vector<uint64_t> label_counts(label_count, 0);
  for (uint32_t id = 0; id < sets_.size(); ++id) {
    for (uint32_t l : sets_[id]) {
      QUIVER_ASSERT(l < label_count);
      label_counts[l] += uses[id];
    }
  }
  std::vector<std::vector<uint32_t>> sets;
  sets.reserve(order.size());
  for (uint32_t id : order) sets.push_back(sets_[id]);
  QUIVER_ASSIGN_OR_RETURN(
      auto w, writer->NewFile(std::string(storage::kLabelsFileName), storage::FileKind::kNodeLabels, 0, 0));
  QUIVER_RETURN_IF_ERROR(storage::WriteNodeLabels(
      w.get(), sets,
      [&](const std::function<void(uint32_t)>& emit) {
        ForEachNode([&](uint64_t, uint32_t set) { emit(final_id[set]); });
      },
      label_counts));
  QUIVER_ASSIGN_OR_RETURN(storage::FileInfo info, w->Finish());
  writer->AddFile(std::move(info));
  writer->SetLabelCounts(std::move(label_counts), static_cast<uint32_t>(order.size()));
  return Status::OK();
}

}  // namespace quiver::ingest
