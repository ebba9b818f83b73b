#pragma once
// What the updating operators share: validating property values, creating the nodes
// and relationships of a CREATE/MERGE pattern, applying SET/REMOVE items.

#include <vector>

#include "exec/exec_context.h"
#include "planner/logical_plan.h"

namespace quiver::exec {

// Raises TypeError/InvalidPropertyType unless `v` can be stored as a property: a
// boolean, number, string or temporal, or a list of those (no nulls, maps, entities).
void CheckPropertyValue(const Value& v);

// Creates the pattern's nodes and relationships for one row, writing them into their
// slots. For MERGE, a null property value is a SemanticError (MergeReadOwnWrites): the
// created entity could never be matched again.
void CreatePattern(const std::vector<planner::CreateNodeSpec>& nodes,
                   const std::vector<planner::CreateRelSpec>& rels, Value* row, ExecContext& ctx, bool merge);

void ApplySetItems(const std::vector<planner::SetSpec>& items, Value* row, ExecContext& ctx);

}  // namespace quiver::exec
