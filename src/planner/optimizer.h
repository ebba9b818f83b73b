#pragma once
// Rewrites of the logical plan that keep its results and make it cheaper. The binder
// already places each predicate right after the operator that binds its last variable;
// these rules go further where an operator can absorb work:
//
//  * Property lookup: `MATCH (n:Label {key: value})` — an equality on a property of the
//    node a NodeScan binds moves into the scan (checked before any row is made).
//  * Key seek: when the storage has a key index on one of those properties
//    (GraphReader::HasNodeKeyIndex, e.g. the external ids `quiver import` and
//    `quiver generate` store under `id`), the NodeScan becomes a NodeSeek: O(log N)
//    instead of a pass over every node. The seek still scans if the index declines.
//  * Index seek: an equality, IN list, range or STARTS WITH on a property that an ONLINE
//    property index of one of the scan's labels has as its first key turns the NodeScan
//    into a NodeIndexSeek (index_seek_rule.h; GraphReader::SeekNodes), the predicate
//    kept as a check.
//  * Label union: `MATCH (n:A|B)` (a Filter `n:A OR n:B` over an unlabelled NodeScan)
//    scans each label's nodes and merges them (LogicalNodeScan::any_labels) instead of
//    testing every node; the Filter stays.
//  * Top-k sort: ORDER BY under LIMIT (and SKIP) keeps only SKIP + LIMIT rows while it
//    sorts, in memory proportional to that, not to its input.
//  * Counts from the store: `MATCH (n:L) RETURN count(n)` and `MATCH ()-[r:T]->()
//    RETURN count(r)` read the generation's counts (GraphReader::CountNodes,
//    CountRelationships) instead of scanning: O(1) without a delta.
//  * Counting hops by degree: `MATCH (a)-[:T]->(b) RETURN a, count(b)` needs no row per
//    relationship: the Expand becomes the node's degree (GraphReader::Degree) and
//    count becomes a sum of degrees.
//  * Distinct ends: `MATCH (a)-[:T*1..3]->(c) RETURN count(DISTINCT c)` needs each end
//    node once, not one row per path (exponential in the depth on a skewed graph): the
//    VarLengthExpand searches breadth-first and emits each reachable node once per input
//    row, where only DISTINCT aggregates read it (the conditions are in optimizer.cpp).

#include "planner/binder.h"
#include "planner/logical_plan.h"
#include "storage/graph.h"

namespace quiver::planner {

// graph: the snapshot (or transaction) the plan will run on, asked which keys have an
// index; null plans no seeks.
void Optimize(LogicalPlan& plan, const Catalog& catalog, const GraphReader* graph = nullptr);

}  // namespace quiver::planner
