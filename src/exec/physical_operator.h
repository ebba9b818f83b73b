#pragma once
// Physical operators: the executable form of the logical plan. Each pulls batches of
// rows from its input (children[0]) and fills a batch of its own.
//
// Contract: Open() prepares a run (again: subplans of OPTIONAL MATCH, MERGE and pattern
// expressions run once per outer row, with that row as `argument`). Next() is given an
// empty `out` (of the plan's row width); it appends at least one row and returns true,
// or returns false when the operator is exhausted (and keeps returning false).
//
// Row-at-a-time operators (scans, expands, UNWIND, CALL, filters, projections) are
// StreamOperators instead, and a maximal chain of them runs as one physical operator,
// a pipeline (operator/pipeline.cpp): a chain of thousands of clauses or hops then
// costs no recursion and one row of memory, not a frame and a batch per operator.

#include <memory>
#include <string>
#include <vector>

#include "exec/execution_options.h"
#include "exec/row_batch.h"
#include "planner/logical_plan.h"

namespace quiver::exec {

class ExecContext;

class PhysicalOperator;
using PhysicalOperatorPtr = std::unique_ptr<PhysicalOperator>;

// PROFILE: one logical operator and the rows it produced.
struct ProfiledOperator {
  const planner::LogicalOperator* logical = nullptr;
  uint64_t rows = 0;
  std::string note = {};  // how it ran, where that is worth saying ("vectorized, 2 workers")
  uint64_t db_hits = 0;   // its reads of the graph (exec/counting_graph.h)
};

class PhysicalOperator {
 public:
  explicit PhysicalOperator(const planner::LogicalOperator& logical) : logical_(logical) {}
  // Iterative, like the logical plan's: a chain of non-streaming operators (one per
  // clause of `WITH DISTINCT ...` repeated) is as deep as the statement is long.
  virtual ~PhysicalOperator();
  PhysicalOperator(const PhysicalOperator&) = delete;
  PhysicalOperator& operator=(const PhysicalOperator&) = delete;

  virtual void Open(ExecContext& ctx, const Value* argument);
  // Pulls rows by the contract above. Operators nest their inputs' Next() calls, so it
  // checks the stack first (common/stack_guard.h).
  bool Next(ExecContext& ctx, RowBatch& out);

  const planner::LogicalOperator& logical() const { return logical_; }
  // The logical operators this one runs, with their rows so far, top first: itself,
  // or every stage of a pipeline.
  virtual void Profile(std::vector<ProfiledOperator>& out) const;
  std::vector<PhysicalOperatorPtr> children;
  // PROFILE: rows this operator produced, over every run.
  uint64_t rows_produced = 0;
  // PROFILE: wall time spent in this operator's Next, over every run, its inputs'
  // (children's) Next included — PROFILE subtracts theirs. Two clock reads per batch.
  uint64_t time_ns = 0;
  // PROFILE: its reads of the graph, over every run, its inputs' excluded (each counts
  // its own: exec/counting_graph.h).
  uint64_t db_hits = 0;

 protected:
  virtual bool Produce(ExecContext& ctx, RowBatch& out) = 0;
  PhysicalOperator& input() { return *children[0]; }

 private:
  const planner::LogicalOperator& logical_;
};

// An operator whose output is one batch made at once per Open (a count the store keeps,
// a schema command): Produce calls ProduceOnce the first time after each Open, then
// reports the end.
class OneShotOperator : public PhysicalOperator {
 public:
  using PhysicalOperator::PhysicalOperator;
  void Open(ExecContext& ctx, const Value* argument) override {
    PhysicalOperator::Open(ctx, argument);
    done_ = false;
  }

 protected:
  bool Produce(ExecContext& ctx, RowBatch& out) final {
    if (done_) return false;
    done_ = true;
    return ProduceOnce(ctx, out);
  }
  // Whether it put rows into `out`.
  virtual bool ProduceOnce(ExecContext& ctx, RowBatch& out) = 0;

 private:
  bool done_ = false;
};

// A row-at-a-time operator: for each input row, BeginRow(), then NextRow() until it
// returns false; each NextRow() that returns true has written this operator's output
// slots into the row, in place. It reads only slots bound before it (a slot's meaning
// never changes, logical_plan.h) and never one it or a later operator writes, so the
// operators of a chain can all work on one row: a pipeline runs the chain depth-first
// over that row and copies it out when the last operator has produced it.
class StreamOperator {
 public:
  explicit StreamOperator(const planner::LogicalOperator& logical) : logical_(logical) {}
  virtual ~StreamOperator() = default;
  StreamOperator(const StreamOperator&) = delete;
  StreamOperator& operator=(const StreamOperator&) = delete;

  virtual void BeginRow(ExecContext& ctx, Value* row) = 0;
  virtual bool NextRow(ExecContext& ctx, Value* row) = 0;
  // At most one output per input row (filters, projections): a pipeline made only of
  // these runs them in place over its input's batches, one operator at a time.
  virtual bool AtMostOneRow() const { return false; }

  const planner::LogicalOperator& logical() const { return logical_; }
  // PROFILE: rows this operator produced, over every run, and its reads of the graph.
  uint64_t rows_produced = 0;
  uint64_t db_hits = 0;

 private:
  const planner::LogicalOperator& logical_;
};
using StreamOperatorPtr = std::unique_ptr<StreamOperator>;

// An operator that needs its whole input before producing anything (sorts, the
// updating clauses). Process() turns the buffered input into the output rows.
// An operator's input read a row at a time, a batch behind: for operators that work on
// their input row by row (a pipeline's first stage, OPTIONAL MATCH's outer rows).
class InputRows {
 public:
  // Forgets what was read (at Open: the input starts over).
  void Reset() {
    if (batch_) batch_->Clear();
    pos_ = 0;
    done_ = false;
  }
  // The next row of `input`, or null once it has no more.
  Value* Next(ExecContext& ctx, PhysicalOperator& input);

 private:
  std::unique_ptr<RowBatch> batch_;
  size_t pos_ = 0;
  bool done_ = false;
};

class EagerOperator : public PhysicalOperator {
 public:
  using PhysicalOperator::PhysicalOperator;
  void Open(ExecContext& ctx, const Value* argument) override;

 protected:
  bool Produce(ExecContext& ctx, RowBatch& out) override;
  // `rows` holds the input; leave the output there (in place, or rebuilt).
  virtual void Process(ExecContext& ctx, RowBuffer& rows) = 0;

 private:
  std::unique_ptr<RowBuffer> rows_;
  bool processed_ = false;
  size_t emit_pos_ = 0;
};

// Builds the physical operator tree for a logical (sub)plan. Raises
// SyntaxError/QueryTooComplex when operators that do not stream nest deeper than
// kMaxOperatorDepth (plan_builder.cpp).
// `options.vectorize`: fragments the vectorized engine can run (exec/vector/) become its
// operators.
PhysicalOperatorPtr BuildPhysicalPlan(const planner::LogicalOperator& logical, const ExecutionOptions& options = {});

// The physical operators of a plan (a pipeline counts once): what sizes its batches.
size_t CountOperators(const PhysicalOperator& root);

}  // namespace quiver::exec
