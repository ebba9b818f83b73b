#pragma once
// The optimizer's property-index rule (optimizer.h, "Index seek"): a NodeScan(n:L …)
// whose node is tested by an equality, IN list, range or STARTS WITH on a property that
// an ONLINE index of L has as its first key becomes a NodeIndexSeek
// (logical_match.h). The predicate itself stays where it was (absorbed into the scan,
// or in the Filter above), so the rows never depend on the index.

#include <string>
#include <vector>

#include "planner/logical_match.h"
#include "storage/graph.h"

namespace quiver::planner {

// `scan` is a kNodeScan; `predicate` is the Filter's above it, or null. Replaces `scan`
// by a NodeIndexSeek and appends the index's name to `index_names` when an index
// answers; else leaves it.
void SeekByIndex(LogicalOperatorPtr& scan, const BoundExpr* predicate, const GraphReader& graph,
                 std::vector<std::string>& index_names);

}  // namespace quiver::planner
