#pragma once
// Node label sets (docs/format/generation.md, "NodeLabels"): each node points at one of
// the generation's distinct label sets, so many labels per node cost one small integer.

#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "storage/section_file.h"

namespace quiver::storage {

inline constexpr std::string_view kLabelsFileName = "labels.qv";

// Bytes per node of a set id: 1, 2 or 4.
uint32_t LabelSetIdWidth(size_t set_count);

struct LabelData {
  std::vector<std::vector<uint32_t>> sets;  // set 0 empty; sorted; members ascending
  std::vector<uint32_t> node_set;           // per node
  std::vector<uint64_t> label_counts;       // per label id
  uint32_t SetIdWidth() const;              // 1, 2 or 4 bytes
};

// From each node's labels (any order, duplicates allowed).
LabelData BuildLabelData(uint32_t label_count, std::span<const std::vector<uint32_t>> node_labels);
Status WriteNodeLabels(SectionFileWriter* w, const LabelData& data);
// The same file from its parts, for writers that never hold a per-node vector: `sets`
// (set 0 empty, sorted, members ascending); `node_sets(emit)` calls emit(set id) once per
// node, in node order; the node count of every label.
using NodeSetSource = std::function<void(const std::function<void(uint32_t)>& emit)>;
Status WriteNodeLabels(SectionFileWriter* w, std::span<const std::vector<uint32_t>> sets,
                       const NodeSetSource& node_sets, std::span<const uint64_t> label_counts);

class NodeLabelsView {
 public:
  static Result<NodeLabelsView> Open(const SectionFile& f, uint64_t node_count, uint32_t label_count,
                                     uint32_t label_set_count);
  // The labels of node, ascending (empty for an out-of-range node or corrupt set id).
  UIntArray LabelsOf(uint64_t node) const;
  bool HasLabel(uint64_t node, uint32_t label) const;
  uint64_t LabelNodeCount(uint32_t label) const { return label < counts_.size() ? counts_[label] : 0; }
  uint32_t set_count() const { return static_cast<uint32_t>(set_offsets_.size() - 1); }
  // Sets well-formed, node set ids in range, counts match.
  Status Verify(const SectionFile& f) const;

 private:
  UIntArray set_offsets_, members_, node_set_, counts_;
  uint64_t set_offsets_at_ = 0, members_at_ = 0, node_set_at_ = 0, counts_at_ = 0;
  uint32_t label_count_ = 0;
};

}  // namespace quiver::storage
