#pragma once
// The optimizer's relationship property-index rule (optimizer.h, "Index seek"): a hop
// `(a)-[r:T]->(b)` with neither end bound — an Expand of exactly one type from a
// NodeScan of its start that tests no property — under Filters whose conjuncts test r's
// properties with an equality, IN list, range or STARTS WITH (none reading a or b) on
// the keys of an ONLINE relationship index of T becomes a Directed (or, for `-[r:T]-`,
// Undirected) RelationshipIndexSeek (logical_index_seek.h). The Filters stay, so the
// rows never depend on the index; the scan's labels become a Filter above the seek (and
// a labelled scan is replaced only for an equality or IN). The node rule
// (index_seek_rule.h) has run on the scan first; a scan it made a seek is left alone.

#include <string>
#include <vector>

#include "planner/logical_match.h"
#include "storage/graph.h"

namespace quiver::planner {

// `filter` is a Filter. Looks through the Filters from it down: over an Expand as above,
// replaces the Expand and its scan by a seek when an index answers; over a seek this rule
// made from the Filters below, takes the test of an index these Filters answer better
// (more leading equalities, then equality before IN before a range or prefix; a range
// gets both its bounds). Appends the chosen index's name to `index_names`.
void SeekRelationshipsByIndex(LogicalOperator& filter, const GraphReader& graph,
                              std::vector<std::string>& index_names);

}  // namespace quiver::planner
