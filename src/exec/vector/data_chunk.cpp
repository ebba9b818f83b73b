#include "exec/vector/data_chunk.h"

#include "exec/entity_ref.h"

namespace quiver::exec::vector {

uint32_t FragmentColumns::Add(planner::SlotId slot, Holds holds) {
  if (slot >= by_slot_.size()) by_slot_.resize(slot + 1, kNoColumn);
  if (by_slot_[slot] == kNoColumn) {
    by_slot_[slot] = static_cast<uint32_t>(slots_.size());
    slots_.push_back(slot);
    holds_.push_back(holds);
  }
  return by_slot_[slot];
}

void DataChunk::Compact(const std::vector<uint8_t>& keep) {
  const size_t kept = CountSet(keep);
  if (kept == size) return;
  for (auto& column : columns) {
    if (column.size() == size) column.Compact(keep);
  }
  if (!multiplicity.empty()) {
    size_t out = 0;
    for (size_t i = 0; i < keep.size(); ++i) {
      if (keep[i]) multiplicity[out++] = multiplicity[i];
    }
    multiplicity.resize(out);
  }
  size = kept;
}

Value BoxRow(const ValueVector& v, size_t i, const GraphReader& graph) {
  if (v.kind == VectorKind::kRelationship) {
    return v.IsValid(i) ? RelRef(graph.GetRelationship(v.ids[i]), graph) : Value();
  }
  return v.Get(i);
}

Value DataChunk::GetValue(uint32_t c, size_t i, const GraphReader& graph) const {
  return BoxRow(columns[c], i, graph);
}

}  // namespace quiver::exec::vector
