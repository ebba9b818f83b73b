#pragma once
// The operators that compute over rows without touching the graph's structure:
// filters, projections, aggregation, DISTINCT, ORDER BY / SKIP / LIMIT, UNWIND, CALL,
// UNION and the root.

#include <string>
#include <vector>

#include "planner/logical_operator.h"
#include "planner/logical_specs.h"

namespace quiver::planner {

// Keeps the rows where `predicate` is true.
class LogicalFilter final : public LogicalOperator {
 public:
  static constexpr OpKind kKind = OpKind::kFilter;
  LogicalFilter() : LogicalOperator(kKind) {}

  BoundExprPtr predicate;

  void ForEachExpression(const std::function<void(BoundExprPtr&)>& visit) override { visit(predicate); }
};

// Wraps `input` in a Filter on `predicate`.
inline LogicalOperatorPtr MakeFilter(LogicalOperatorPtr input, BoundExprPtr predicate) {
  auto op = MakeOp<LogicalFilter>(std::move(input));
  op->predicate = std::move(predicate);
  return op;
}

// Evaluates exprs[i] into slots[i], in order (a later one may read an earlier one's).
class LogicalProject final : public LogicalOperator {
 public:
  static constexpr OpKind kKind = OpKind::kProject;
  LogicalProject() : LogicalOperator(kKind) {}

  std::vector<BoundExprPtr> exprs;
  std::vector<SlotId> slots;

  void ForEachExpression(const std::function<void(BoundExprPtr&)>& visit) override { VisitAll(exprs, visit); }
};

// Groups the rows by `keys` (into key_slots) and computes `aggregates` per group; no
// keys: one group, even over no rows.
class LogicalAggregate final : public LogicalOperator {
 public:
  static constexpr OpKind kKind = OpKind::kAggregate;
  LogicalAggregate() : LogicalOperator(kKind) {}

  std::vector<BoundExprPtr> keys;
  std::vector<SlotId> key_slots;
  std::vector<AggregateSpec> aggregates;
  // Set by the optimizer (DistinctEnds): no keys, one aggregate, count(DISTINCT c) of the
  // end node of the VarExpand (with distinct ends) below — the size of the union of the
  // input rows' ends, counted without a row per end (exec/operator/distinct_end_count.cpp).
  bool count_of_ends = false;

  void ForEachExpression(const std::function<void(BoundExprPtr&)>& visit) override { VisitAll(keys, visit); }
};

// Keeps the first row of each distinct tuple of `slots`.
class LogicalDistinct final : public LogicalOperator {
 public:
  static constexpr OpKind kKind = OpKind::kDistinct;
  LogicalDistinct() : LogicalOperator(kKind) {}

  std::vector<SlotId> slots;
};

// Sorts by `keys` (descending[i] for each). `limit`: how many leading rows anyone reads
// (SKIP + LIMIT above it), when known: the sort then keeps only that many (top-k)
// instead of every row. Null: all.
class LogicalSort final : public LogicalOperator {
 public:
  static constexpr OpKind kKind = OpKind::kSort;
  LogicalSort() : LogicalOperator(kKind) {}

  std::vector<BoundExprPtr> keys;
  std::vector<bool> descending;
  BoundExprPtr limit;

  void ForEachExpression(const std::function<void(BoundExprPtr&)>& visit) override { VisitAll(keys, visit); }
};

// Drops the first `count` rows (a constant or parameter).
class LogicalSkip final : public LogicalOperator {
 public:
  static constexpr OpKind kKind = OpKind::kSkip;
  LogicalSkip() : LogicalOperator(kKind) {}

  BoundExprPtr count;

  void ForEachExpression(const std::function<void(BoundExprPtr&)>& visit) override { visit(count); }
};

// Keeps the first `count` rows (a constant or parameter).
class LogicalLimit final : public LogicalOperator {
 public:
  static constexpr OpKind kKind = OpKind::kLimit;
  LogicalLimit() : LogicalOperator(kKind) {}

  BoundExprPtr count;

  void ForEachExpression(const std::function<void(BoundExprPtr&)>& visit) override { visit(count); }
};

// Per input row, each element of `list` into `slot` (a null list: no rows; a non-list
// value: one row of it).
class LogicalUnwind final : public LogicalOperator {
 public:
  static constexpr OpKind kKind = OpKind::kUnwind;
  LogicalUnwind() : LogicalOperator(kKind) {}

  BoundExprPtr list;
  SlotId slot = kNoSlot;

  void ForEachExpression(const std::function<void(BoundExprPtr&)>& visit) override { visit(list); }
};

// A procedure call per input row, its yielded fields into slots.
class LogicalCall final : public LogicalOperator {
 public:
  static constexpr OpKind kKind = OpKind::kCall;
  LogicalCall() : LogicalOperator(kKind) {}

  ProcedureCallSpec call;
};

// Materializes all of its input before producing a row, so the reads below see none of
// the writes above.
class LogicalEager final : public LogicalOperator {
 public:
  static constexpr OpKind kKind = OpKind::kEager;
  LogicalEager() : LogicalOperator(kKind) {}
};

// The rows of every child in turn (each branch projected onto the same slots);
// `distinct` for UNION, not UNION ALL.
class LogicalUnion final : public LogicalOperator {
 public:
  static constexpr OpKind kKind = OpKind::kUnion;
  LogicalUnion() : LogicalOperator(kKind) {}

  bool distinct = false;
};

// The root: `slots` are the result columns, named `columns`, with what the binder knows
// of each column's values (kAny where UNION branches differ).
class LogicalProduceResults final : public LogicalOperator {
 public:
  static constexpr OpKind kKind = OpKind::kProduceResults;
  LogicalProduceResults() : LogicalOperator(kKind) {}

  std::vector<std::string> columns;
  std::vector<SlotId> slots;
  std::vector<StaticType> column_types;
};

}  // namespace quiver::planner
