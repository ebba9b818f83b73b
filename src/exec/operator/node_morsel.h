#pragma once
// One morsel of a node scan, shared by the row engine's NodeScan (node_scan.cpp) and the
// vectorized fragments (exec/vector/fragment.cpp): the live node ids in [begin, end),
// ascending, that carry labels[0] (any node without labels) — or, for a label union
// `(n:A|B)`, any of `any_labels` (each label's ids, merged). The other labels are the
// caller's to check.

#include <span>
#include <vector>

#include "storage/graph.h"

namespace quiver::exec {

void ScanMorsel(const GraphReader& graph, NodeId begin, NodeId end, std::span<const LabelId> labels,
                std::span<const LabelId> any_labels, std::vector<NodeId>& out);

}  // namespace quiver::exec
