#pragma once
// ExecContext: what one query's execution needs besides its plan — the graph
// transaction, the parameters, the function context, the registered procedures — and
// the per-query caches (token ids by name, physical subplans of pattern expressions).

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>

#include "common/assert.h"
#include "common/temporal/temporal.h"
#include "exec/execution_options.h"
#include "exec/function/function.h"
#include "exec/interrupt.h"
#include "exec/physical_operator.h"
#include "exec/query_memory.h"
#include "quiver/database.h"
#include "quiver/result.h"
#include "storage/graph.h"

namespace quiver::exec {

class ExecProcedureContext;
class CountingGraph;
// A procedure as the engine calls it: with the public context, and the graph.
using ProcedureImplementation = std::function<void(ExecProcedureContext& context)>;
struct RegisteredProcedure {
  ProcedureSignature signature;
  ProcedureImplementation body;
};
using ProcedureTable = std::unordered_map<std::string, RegisteredProcedure>;

// ClientError/TransactionStartFailed: CALL { } IN TRANSACTIONS outside an auto-commit
// (implicit) transaction, as Neo4j refuses it.
[[noreturn]] void FailNotImplicitTransaction();

// CALL { } IN TRANSACTIONS: the batches' transactions, as the auto-commit caller that
// owns them ends and begins them (main/batch_writer.h).
struct BatchTransactions {
  // Commits what the statement wrote since the last batch (throws its failure) and
  // begins the next transaction.
  std::function<void()> commit;
  // Rolls the current batch back and begins the next transaction (ON ERROR CONTINUE,
  // BREAK).
  std::function<void()> rollback;
  // The current batch transaction's id (REPORT STATUS's transactionId).
  std::function<std::string()> id;
};

class ExecContext {
 public:
  // `writer` is null for a statement that does not write: it then runs on a read-only
  // snapshot (`graph`), which a store can hand out without taking its writer slot.
  // `operators`: how many physical operators the plan has (CountOperators), which
  // sizes the batches (BatchCapacity).
  ExecContext(const GraphReader& graph, GraphWriter* writer, const ValueMap& parameters,
              const ProcedureTable& procedures, size_t width, size_t operators = 1)
      : graph_(graph),
        writer_(writer),
        parameters_(parameters),
        procedures_(procedures),
        width_(width == 0 ? 1 : width),
        batch_capacity_(BatchCapacity(width_, operators)) {
    functions_.set_memory(&memory_);
  }

  const GraphReader& graph() const { return graph_; }
  // PROFILE: graph() is this CountingGraph (exec/counting_graph.h), whose db hits each
  // operator directs to itself while it runs; null when not profiling.
  void set_counting(CountingGraph* counting) { counting_ = counting; }
  CountingGraph* counting() const { return counting_; }
  GraphWriter& writer() {
    QUIVER_ASSERT_MSG(writer_ != nullptr, "a read-only statement reached an updating operator");
    return *writer_;
  }
  const ValueMap& parameters() const { return parameters_; }
  // What the statement's updating operators changed (the result's summary).
  UpdateCounters& counters() { return counters_; }
  // Cancellation and the deadline (exec/interrupt.h); none by default.
  void set_interrupt(const Interrupt* interrupt) { interrupt_ = interrupt; }
  const Interrupt* interrupt() const { return interrupt_; }
  // The sizes that shape execution (exec/execution_options.h).
  const ExecutionOptions& execution() const { return execution_; }
  void set_execution(const ExecutionOptions& options) { execution_ = options; }
  // Once per batch: throws QueryInterrupted when the statement must stop.
  void CheckInterrupt() const {
    if (interrupt_ != nullptr) interrupt_->Check();
  }
  // Once per step of a loop that may run long between batches: checks every
  // Interrupt::kCheckEvery steps.
  void Tick() {
    if (++ticks_ >= Interrupt::kCheckEvery) [[unlikely]] {
      ticks_ = 0;
      CheckInterrupt();
    }
  }
  // The statement's memory, against its limit (exec/query_memory.h); unlimited unless
  // set before the statement starts.
  QueryMemory& memory() { return memory_; }
  void set_memory_limit(uint64_t limit) { memory_.set_limit(limit); }
  // A buffer for rows an operator holds, charged to the statement.
  std::unique_ptr<RowBuffer> NewRowBuffer() { return std::make_unique<RowBuffer>(width_, &memory_); }

  const ProcedureTable& procedures() const { return procedures_; }
  FunctionContext& functions() { return functions_; }
  // The statement's clock: date() and friends see one instant for the whole statement.
  const TemporalClock& clock() const { return clock_; }
  // A worker's context reads the statement's instant.
  void set_clock(const TemporalClock& clock) { clock_ = clock; }
  // Slots per row.
  size_t width() const { return width_; }
  // Rows per batch; operators make their batches with NewBatch().
  size_t batch_capacity() const { return batch_capacity_; }
  std::unique_ptr<RowBatch> NewBatch() const { return std::make_unique<RowBatch>(width_, batch_capacity_); }

  // Token ids by name; nullopt while the graph has never seen the name. Found ids are
  // cached by the address of the plan's string (tokens never change id).
  std::optional<PropertyKeyId> PropertyKey(const std::string& name);
  // For names computed at run time (n[key]): not cached.
  std::optional<PropertyKeyId> PropertyKeyByValue(std::string_view name) {
    return graph_.FindPropertyKey(name);
  }
  std::optional<LabelId> Label(const std::string& name);
  std::optional<RelTypeId> RelType(const std::string& name);

  // The physical plan of a pattern expression's subplan, built on first use, with a
  // batch to pull its rows into (kept: a pattern predicate runs once per row, and a
  // batch is too big to allocate that often). `single_row` asks for a one-row batch:
  // an existence test needs one row, and a small batch makes the subplan stop early.
  struct SubplanRun {
    PhysicalOperator& plan;
    RowBatch& batch;
  };
  SubplanRun Subplan(const planner::LogicalOperator& logical, bool single_row);

  // CALL { } IN TRANSACTIONS: commits what the statement wrote so far and goes on in a
  // new transaction (the writer and graph() stay the same objects). Set by the caller
  // that owns an auto-commit transaction; elsewhere a batch cannot commit, and this
  // throws ClientError/TransactionStartFailed (FailNotImplicitTransaction). A statement
  // that does not write has nothing to commit.
  void set_batch_transactions(BatchTransactions batches) { batches_ = std::move(batches); }
  void CommitBatch();
  // Drops what the statement wrote since the last batch and goes on in a new
  // transaction; nothing for a statement that does not write.
  void RollbackBatch();
  // The current batch's transaction id; empty for a statement that does not write
  // (its batches are no transactions of their own).
  std::string BatchTransactionId() const;

 private:
  const GraphReader& graph_;
  CountingGraph* counting_ = nullptr;
  GraphWriter* writer_;
  const ValueMap& parameters_;
  const ProcedureTable& procedures_;
  size_t width_;
  size_t batch_capacity_;
  QueryMemory memory_;
  FunctionContext functions_;
  UpdateCounters counters_;
  const Interrupt* interrupt_ = nullptr;
  ExecutionOptions execution_;
  uint32_t ticks_ = 0;
  TemporalClock clock_ = TemporalClock::SystemNow();
  std::unordered_map<const std::string*, uint32_t> property_keys_;
  std::unordered_map<const std::string*, uint32_t> labels_;
  std::unordered_map<const std::string*, uint32_t> rel_types_;
  struct CachedSubplan {
    PhysicalOperatorPtr plan;
    std::unique_ptr<RowBatch> batch;
  };
  std::unordered_map<const planner::LogicalOperator*, CachedSubplan> subplans_;
  BatchTransactions batches_;
};

}  // namespace quiver::exec
