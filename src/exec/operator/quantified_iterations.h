#pragma once
// What VarExpand adds for a quantified path pattern (planner::QuantifiedSpec): which
// hop of the iteration each step of the search takes, the condition each completed
// iteration must meet, and the group variables' lists of a match.
//
// The search may run against the written direction (RelPattern::reverse_list, when the
// planner starts at the pattern's right end): then step d takes the iteration's hops
// from the last, each turned around, and an iteration's nodes and relationships are
// mapped back to their written positions before its condition is tested.

#include <cstddef>
#include <span>
#include <vector>

#include "exec/exec_context.h"
#include "planner/logical_specs.h"
#include "storage/graph.h"

namespace quiver::exec {

class QuantifiedIterations {
 public:
  QuantifiedIterations(const planner::QuantifiedSpec& spec, bool reversed);

  // Resolves each hop's types; false when some hop can match no relationship (then no
  // iteration can complete).
  bool ResolveTypes(ExecContext& ctx);
  size_t hops() const { return spec_.hops.size(); }
  // The direction and types of the search's step `depth` (0 for the first relationship).
  Direction DirectionAt(size_t depth) const;
  const std::vector<RelTypeId>& TypesAt(size_t depth) const;

  // Whether one iteration — `nodes` (hops() + 1) and `rels` (hops()) in the search's
  // order — meets the pattern's condition; its variables are set in `row` to test it.
  bool Holds(ExecContext& ctx, Value* row, std::span<const NodeId> nodes, std::span<const Adjacent> rels);
  // The group variables of a match: `nodes` and `rels` of the whole path, in the
  // search's order, as one list per variable in written order.
  void BindGroups(ExecContext& ctx, Value* row, std::span<const NodeId> nodes, std::span<const Adjacent> rels) const;

 private:
  size_t WrittenHop(size_t depth) const;

  const planner::QuantifiedSpec& spec_;
  bool reversed_;
  std::vector<std::vector<RelTypeId>> types_;  // per written hop
};

}  // namespace quiver::exec
