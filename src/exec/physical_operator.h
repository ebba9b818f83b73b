#pragma once
// Physical operators: the executable form of the logical plan. Each pulls batches of
// rows from its input (children[0]) and fills a batch of its own.
//
// Contract: Open() prepares a run (again: subplans of OPTIONAL MATCH, MERGE and pattern
// expressions run once per outer row, with that row as `argument`). Next() is given an
// empty `out` (of the plan's row width); it appends at least one row and returns true,
// or returns false when the operator is exhausted (and keeps returning false).

#include <memory>
#include <string>
#include <vector>

#include "exec/row_batch.h"
#include "planner/logical_plan.h"

namespace quiver::exec {

class ExecContext;

class PhysicalOperator {
 public:
  explicit PhysicalOperator(const planner::LogicalOperator& logical) : logical_(logical) {}
  virtual ~PhysicalOperator() = default;
  PhysicalOperator(const PhysicalOperator&) = delete;
  PhysicalOperator& operator=(const PhysicalOperator&) = delete;

  virtual void Open(ExecContext& ctx, const Value* argument);
  virtual bool Next(ExecContext& ctx, RowBatch& out) = 0;

  const planner::LogicalOperator& logical() const { return logical_; }
  std::vector<std::unique_ptr<PhysicalOperator>> children;
  // PROFILE: rows this operator produced, over every run.
  uint64_t rows_produced = 0;

 protected:
  PhysicalOperator& input() { return *children[0]; }

 private:
  const planner::LogicalOperator& logical_;
};

// An operator that turns each input row into zero or more output rows, resumably:
// BeginRow() starts on an input row, NextRow() fills one output row (which starts as a
// copy of the input row) until it returns false.
class StreamOperator : public PhysicalOperator {
 public:
  using PhysicalOperator::PhysicalOperator;
  void Open(ExecContext& ctx, const Value* argument) override;
  bool Next(ExecContext& ctx, RowBatch& out) override;

 protected:
  virtual void BeginRow(ExecContext& ctx, Value* row) = 0;
  virtual bool NextRow(ExecContext& ctx, Value* row, Value* out) = 0;

 private:
  std::unique_ptr<RowBatch> in_;
  size_t in_pos_ = 0;
  Value* current_ = nullptr;
  bool input_done_ = false;
};

// An operator that needs its whole input before producing anything (sorts, the
// updating clauses). Process() turns the buffered input into the output rows.
class EagerOperator : public PhysicalOperator {
 public:
  using PhysicalOperator::PhysicalOperator;
  void Open(ExecContext& ctx, const Value* argument) override;
  bool Next(ExecContext& ctx, RowBatch& out) override;

 protected:
  // `rows` holds the input; leave the output there (in place, or rebuilt).
  virtual void Process(ExecContext& ctx, RowBuffer& rows) = 0;

 private:
  std::unique_ptr<RowBuffer> rows_;
  bool processed_ = false;
  size_t emit_pos_ = 0;
};

using PhysicalOperatorPtr = std::unique_ptr<PhysicalOperator>;

// Builds the physical operator tree for a logical (sub)plan.
PhysicalOperatorPtr BuildPhysicalPlan(const planner::LogicalOperator& logical);

}  // namespace quiver::exec
