#pragma once
// What Expand and VarLengthExpand share: resolving relationship types, and the
// relationship-isomorphism check (no relationship bound twice in one MATCH pattern).

#include <vector>

#include "exec/exec_context.h"
#include "planner/logical_plan.h"

namespace quiver::exec {

// Resolves the pattern's type names; returns false when none of them exists (nothing
// can match). An empty list means "any type".
inline bool ResolveRelTypes(ExecContext& ctx, const planner::RelPattern& rel, std::vector<RelTypeId>& out) {
  out.clear();
  for (const auto& name : rel.types) {
    if (auto t = ctx.RelType(name)) out.push_back(*t);
  }
  return rel.types.empty() || !out.empty();
}

// Is relationship `id` already bound in `row` by an earlier hop of the same pattern?
inline bool UsedEarlier(const planner::RelPattern& rel, const Value* row, RelId id) {
  for (planner::SlotId s : rel.distinct_from) {
    const Value& v = row[s];
    if (v.IsRelationship() && v.AsRelationship().id == id) return true;
  }
  for (planner::SlotId s : rel.distinct_from_lists) {
    const Value& v = row[s];
    if (!v.IsList()) continue;
    for (const auto& r : v.AsList()) {
      if (r.IsRelationship() && r.AsRelationship().id == id) return true;
    }
  }
  return false;
}

}  // namespace quiver::exec
