#pragma once
// VectorTopK: ORDER BY [... LIMIT k] (a Sort, with a known top k where the optimizer
// found one: optimizer.cpp "Top-k sort"; without one every row is kept) whose input is a
// vectorizable Fragment, run morsel by morsel on the statement's workers. Each worker keeps its k best rows in a heap — sort keys computed per chunk,
// a row boxed only when it enters the heap — and the heaps merge at the end. Ties keep
// the row engine's order: every row carries its position in a one-worker run (morsel,
// then rank within the morsel), the last sort key, so the answer is the same for any
// worker count, vector or morsel size.

#include "exec/physical_operator.h"

namespace quiver::exec::vector {

// The vectorized form of `sort` (a kSort), or null.
PhysicalOperatorPtr MakeVectorTopK(const planner::LogicalOperator& sort);

}  // namespace quiver::exec::vector
