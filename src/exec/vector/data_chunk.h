#pragma once
// DataChunk: what vectorized operators pass each other — up to ExecutionOptions::
// vector_size rows as one ValueVector per column. A fragment's columns are the slots its
// operators bind (FragmentColumns maps slot → column); a column exists in a chunk from
// the operator that binds it on, and is empty before.

#include <cstdint>
#include <vector>

#include "common/value/value_vector.h"
#include "planner/logical_plan.h"
#include "storage/graph.h"

namespace quiver::exec::vector {

// Which column of a fragment's chunks holds each slot (kNoColumn: not in the fragment).
class FragmentColumns {
 public:
  static constexpr uint32_t kNoColumn = UINT32_MAX;
  // What a column holds: node ids (a scan's or an expand's node) or relationship ids (an
  // expand's), never null; or any value (a projection's).
  enum class Holds : uint8_t { kValues, kNodes, kRelationships };
  uint32_t Add(planner::SlotId slot, Holds holds = Holds::kValues);
  bool IsNode(uint32_t column) const { return holds_[column] == Holds::kNodes; }
  bool IsRelationship(uint32_t column) const { return holds_[column] == Holds::kRelationships; }
  uint32_t Find(planner::SlotId slot) const {
    return slot < by_slot_.size() ? by_slot_[slot] : kNoColumn;
  }
  size_t size() const { return slots_.size(); }
  planner::SlotId SlotOf(uint32_t column) const { return slots_[column]; }

 private:
  std::vector<uint32_t> by_slot_;
  std::vector<planner::SlotId> slots_;
  std::vector<Holds> holds_;
};

// Row i of `v` as the row engine holds it: nodes and relationships as identities (a
// relationship Value carries its type name and endpoints, read from the graph).
Value BoxRow(const ValueVector& v, size_t i, const GraphReader& graph);

struct DataChunk {
  std::vector<ValueVector> columns;
  size_t size = 0;
  // How many rows each row stands for (a factorized expand's matches); empty: one each.
  std::vector<uint64_t> multiplicity;
  uint64_t Multiplicity(size_t i) const { return multiplicity.empty() ? 1 : multiplicity[i]; }

  // Keeps the rows whose flag is set, in every column that has rows.
  void Compact(const std::vector<uint8_t>& keep);
  // Row i of column c as the row engine holds it (nodes and relationships as identities).
  Value GetValue(uint32_t c, size_t i, const GraphReader& graph) const;
};

}  // namespace quiver::exec::vector
