#pragma once
// VectorAggregate: an Aggregate whose input is a vectorizable Fragment, run morsel by
// morsel on the statement's workers. Each worker aggregates into its own table; the
// tables are merged once, at the end (Aggregator::Merge), and the groups come out as
// rows of the row engine for whatever is above (sort, limit, projection).
//
// Three ways to hold the groups, chosen per plan:
//  * one group (no keys);
//  * dense by node: every key reads one node column (`b.id`, `a.x % 10`, `b`) and every
//    aggregate is a count — a count per node id in a flat array, the keys computed
//    once per node at the end (rows of one node share their keys), so a row costs an
//    increment, not a hash lookup;
//  * a hash table of the boxed key tuples (the row engine's KeyTuple equivalence).
// Results do not depend on the worker count: counts, min, max and integer sums are
// exact in any order; aggregates whose result depends on the order they see rows in
// (collect, float sums, percentiles, stDev) run the fragment on one worker, in the
// order the row engine would.

#include "exec/physical_operator.h"

namespace quiver::exec::vector {

// The vectorized form of `aggregate` (a kAggregate), or null when its input is no
// Fragment or an aggregate's arguments read something the fragment does not bind.
PhysicalOperatorPtr MakeVectorAggregate(const planner::LogicalOperator& aggregate);

}  // namespace quiver::exec::vector
