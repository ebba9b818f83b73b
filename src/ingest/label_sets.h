#pragma once
// Node labels during ingest: the distinct label sets seen so far and, per run of nodes,
// which set they carry. Batches whose nodes share one set (a `--nodes=Person` file
// without a :LABEL column, the generator's `V`, a :LABEL column that repeats one value)
// cost nothing per node; only batches whose per-row labels change often store a set id
// per node.
//
// The labels file (docs/format/generation.md, "NodeLabels") is written in one streaming
// pass with the same bytes storage::BuildLabelData + WriteNodeLabels produce: set 0 is
// the empty set, sets are numbered in lexicographic order of their member lists.

#include <cstdint>
#include <map>
#include <span>
#include <vector>

#include "storage/generation_writer.h"

namespace quiver::ingest {

class LabelSets {
 public:
  LabelSets();
  // The id of a set of label ids (any order, duplicates allowed); ids are assigned in
  // order of first appearance, 0 being the empty set.
  uint32_t Intern(std::vector<uint32_t> labels);

  // Appends nodes in order: `count` nodes with one set, or one set id per node.
  void AppendUniform(uint64_t count, uint32_t set);
  void AppendPerNode(std::vector<uint32_t> sets);
  uint64_t node_count() const { return nodes_; }

  // Drops the nodes whose bit is set in `drop` (sorted node ids), renumbering the rest.
  void Erase(std::span<const uint64_t> sorted_nodes);

  uint64_t MemoryBytes() const;

  // Writes labels.qv (set counts for the MANIFEST included). label_count = dictionary size.
  Status Write(storage::GenerationWriter* writer, uint32_t label_count) const;

 private:
  struct Segment {
    uint64_t first = 0;
    uint64_t count = 0;
    uint32_t uniform = 0;  // when per_node is empty
    std::vector<uint32_t> per_node;
  };
  template <typename F>
  void ForEachNode(F&& f) const;  // f(node, set id) in node order

  std::vector<std::vector<uint32_t>> sets_;  // by first-appearance id
  std::map<std::vector<uint32_t>, uint32_t> ids_;
  std::vector<Segment> segments_;
  uint64_t nodes_ = 0;
};

}  // namespace quiver::ingest
