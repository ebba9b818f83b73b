#pragma once
// StatementRun: one execution of a PreparedPlan on a graph — the physical plan, its
// execution context and the rows it has produced so far. It is the ResultStream of a
// streaming result (a read-only statement on a snapshot it owns) and the engine of an
// eager one (Drain), which is how statements that write run: to the end, before the
// caller commits.
//
// EXPLAIN runs nothing and yields no rows: its summary has the plan. PROFILE runs the
// statement, yields its rows, and its summary has the plan with the rows each operator
// produced and the time it took (as Neo4j's result summary).

#include <chrono>
#include <functional>
#include <memory>
#include <vector>

#include "exec/exec_context.h"
#include "exec/physical_operator.h"
#include "main/prepared_plan.h"
#include "quiver/result.h"

namespace quiver::main {

// What bounds one execution: its interrupt (cancellation, deadline; may be null) and
// its memory limit (exec::QueryMemory::kUnlimited: none).
struct RunControl {
  std::shared_ptr<const exec::Interrupt> interrupt;
  uint64_t memory_limit = exec::QueryMemory::kUnlimited;
  exec::ExecutionOptions execution;
  // CALL { } IN TRANSACTIONS: ends a batch and begins the next transaction
  // (ExecContext::CommitBatch, RollbackBatch); empty outside an auto-commit transaction.
  exec::BatchTransactions batches;
  // The statement's transaction, as SHOW TRANSACTIONS numbers it.
  uint64_t transaction_id = 0;
};

class StatementRun final : public ResultStream {
 public:
  // Reads `graph` and writes through `writer` (null for a read-only statement). When
  // `snapshot` is given, `graph` is it and the run owns it. `started`: when the caller
  // began the statement (the summary's elapsed time counts from there).
  StatementRun(std::shared_ptr<const PreparedPlan> plan, ValueMap parameters,
               std::shared_ptr<const exec::ProcedureTable> procedures,
               const GraphReader& graph, GraphWriter* writer, std::unique_ptr<GraphReader> snapshot,
               std::chrono::steady_clock::time_point started, RunControl control);
  ~StatementRun() override;

  bool Fetch(std::vector<std::vector<Value>>& rows) override;
  QuerySummary Summary() const override { return summary_; }
  void Close() override;

  // Runs to the end, collecting every row (the eager path).
  std::vector<std::vector<Value>> Drain();
  const std::vector<std::string>& columns() const;

 private:
  void Finish();
  // PROFILE: the plan with what each operator measured, into the summary.
  void SetProfile();

  std::shared_ptr<const PreparedPlan> plan_;
  ValueMap parameters_;  // owned: the context refers to them while rows stream
  std::shared_ptr<const exec::ProcedureTable> procedures_;
  std::shared_ptr<const exec::Interrupt> interrupt_;  // may be null
  std::unique_ptr<GraphReader> snapshot_;
  const GraphReader& graph_;
  // PROFILE: graph_ with its reads counted per operator (exec/counting_graph.h).
  std::unique_ptr<exec::CountingGraph> counting_;
  std::unique_ptr<exec::ExecContext> ctx_;
  exec::PhysicalOperatorPtr root_;
  std::unique_ptr<exec::RowBatch> batch_;
  std::chrono::steady_clock::time_point started_;
  QuerySummary summary_;
  bool done_ = false;
};

}  // namespace quiver::main
