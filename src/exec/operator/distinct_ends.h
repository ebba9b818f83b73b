#pragma once
// DistinctEnds: the end nodes of a variable-length pattern from one input row, each
// once — what VarExpand emits under the optimizer's "distinct ends" rewrite, and what
// DistinctEndCount (distinct_end_count.cpp) counts without emitting. The row's start
// node, its relationship types and its property values are read as VarExpand reads
// them (a null start has no ends; `[*0..2 {w: null}]` only the zero-length path's).

#include <optional>
#include <vector>

#include "exec/exec_context.h"
#include "exec/path/reachable_search.h"
#include "planner/logical_match.h"

namespace quiver::exec {

class DistinctEnds {
 public:
  explicit DistinctEnds(const planner::LogicalVarExpand& op) : op_(op) {}

  // The ends of `row`'s paths into `ends` (replaced). With `target` (the bound end of
  // an expand `into` it), whether it is one: `ends` is then {target} or empty, and the
  // search stops where it finds it.
  void Find(ExecContext& ctx, Value* row, std::vector<NodeId>& ends, std::optional<NodeId> target = std::nullopt);

 private:
  void FindAll(ExecContext& ctx, Value* row, std::vector<NodeId>& ends, std::optional<NodeId> target);
  bool PropertiesMatch(RelId rel) const;

  const planner::LogicalVarExpand& op_;
  std::vector<RelTypeId> types_;
  std::vector<PropertyKeyId> property_keys_;
  std::vector<Value> property_values_;  // this row's
  std::optional<ReachableSearch> search_;  // and its visited bitmap, kept between rows
  ExecContext* ctx_ = nullptr;              // the statement search_ was made for
};

}  // namespace quiver::exec
