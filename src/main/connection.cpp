#include "main/connection.h"

#include <chrono>

#include "main/batch_writer.h"
#include "main/statement_run.h"

namespace quiver::main {

namespace {

using Clock = std::chrono::steady_clock;

const std::vector<std::string> kNoColumns;
const std::vector<ColumnType> kNoTypes;
constexpr const char* kTerminated = "the transaction was terminated by TERMINATE TRANSACTION";

bool Writes(const PreparedPlan& plan) { return !plan.read_only() && plan.mode != StatementMode::kExplain; }

const std::vector<ColumnType>& TypesOf(const PreparedPlan& plan) { return plan.column_types; }

struct Eager {
  std::vector<std::string> columns;
  std::vector<std::vector<Value>> rows;
  QuerySummary summary;
};

// Runs a statement to its end (the caller commits, then sets the elapsed time again).
Eager RunEagerly(const std::shared_ptr<const PreparedPlan>& plan, const ValueMap& parameters,
                 std::shared_ptr<const exec::ProcedureTable> procedures, const GraphReader& graph,
                 GraphWriter* writer, Clock::time_point started, RunControl control) {
  StatementRun run(plan, parameters, std::move(procedures), graph, writer, nullptr, started, std::move(control));
  Eager out;
  out.rows = run.Drain();
  out.columns = run.columns();
  out.summary = run.Summary();
  return out;
}

QueryResult ToResult(Eager eager, const PreparedPlan& plan) {
  return QueryResult(std::move(eager.columns), std::move(eager.rows), TypesOf(plan), eager.summary);
}

}  // namespace

// ---- SourcePreparedStatement ----

const std::vector<std::string>& SourcePreparedStatement::columns() const {
  std::lock_guard lock(mu_);
  if (!described_) return kNoColumns;
  return described_->columns;
}

const std::vector<ColumnType>& SourcePreparedStatement::column_types() const {
  std::lock_guard lock(mu_);
  return described_ ? TypesOf(*described_) : kNoTypes;
}

bool SourcePreparedStatement::read_only() const {
  std::lock_guard lock(mu_);
  return plan_ != nullptr && !Writes(*plan_);
}

std::shared_ptr<const PreparedPlan> SourcePreparedStatement::plan() const {
  std::lock_guard lock(mu_);
  return plan_;
}

std::shared_ptr<const PreparedPlan> SourcePreparedStatement::PlanFor(const ValueMap& parameters,
                                                                     const GraphReader& graph,
                                                                     const exec::ProcedureTable& procedures) {
  std::shared_ptr<const PreparedPlan> current = plan();
  if (current && current->Fits(parameters, graph)) {
    CheckParameterText(parameters);
    return current;
  }
  auto fresh = CompilePlan(text_, parameters, procedures, &graph);
  CheckUseDatabase(*fresh, database_);
  std::lock_guard lock(mu_);
  plan_ = fresh;
  if (!described_) described_ = fresh;
  return fresh;
}

// ---- SourceConnection ----

SourceConnection::~SourceConnection() {
  if (!transaction_) return;
  try {
    if (transaction_->writer) transaction_->writer->Rollback();
  } catch (...) {
    // Nothing to report to: the connection is going away, and a rollback leaves no trace.
  }
}

QueryResult SourceConnection::Query(std::string_view text, const ValueMap& parameters) {
  SourcePreparedStatement statement{std::string(text), db_.description().name};
  return Run(statement, parameters);
}

std::unique_ptr<PreparedStatement> SourceConnection::Prepare(std::string_view text, const ValueMap& parameters) {
  auto statement = std::make_unique<SourcePreparedStatement>(std::string(text), db_.description().name);
  const auto procedures = db_.procedures();
  auto plan_with = [&](const GraphReader& graph) {
    try {
      (void)statement->PlanFor(parameters, graph, *procedures);
    } catch (const ParameterMissing&) {
      // Planned at the first Execute, with its values. Every other error (syntax,
      // semantics) is reported now.
    }
  };
  if (transaction_ && !transaction_->failure) {
    plan_with(transaction_->graph());
  } else {
    auto serial = db_.SerializeStatement();
    if (auto snapshot = db_.source().BeginRead()) {
      plan_with(*snapshot);
    } else {
      auto writer = db_.source().BeginWrite();
      try {
        plan_with(*writer);
      } catch (...) {
        writer->Rollback();
        throw;
      }
      writer->Rollback();
    }
  }
  return statement;
}

QueryResult SourceConnection::Execute(PreparedStatement& statement, const ValueMap& parameters) {
  auto* ours = dynamic_cast<SourcePreparedStatement*>(&statement);
  if (ours == nullptr) {
    throw ClientError("ForeignStatement", "the prepared statement was not made by this database");
  }
  return Run(*ours, parameters);
}

QueryResult SourceConnection::Run(SourcePreparedStatement& statement, const ValueMap& parameters) {
  return transaction_ ? RunInTransaction(statement, parameters) : RunAutoCommit(statement, parameters);
}

QueryResult SourceConnection::RunAutoCommit(SourcePreparedStatement& statement, const ValueMap& parameters) {
  const Clock::time_point started = Clock::now();
  RunControl control = StartControl(started, statement.text());
  const auto procedures = db_.procedures();
  auto serial = db_.SerializeStatement();
  GraphSource& source = db_.source();

  // A statement known to write goes straight to the writer; any other starts on a
  // snapshot (when the source has them), which is where it stays if it only reads.
  std::unique_ptr<GraphReader> snapshot;
  const auto known = statement.plan();
  if (!known || !Writes(*known)) snapshot = source.BeginRead();
  std::shared_ptr<const PreparedPlan> plan;
  if (snapshot) {
    plan = statement.PlanFor(parameters, *snapshot, *procedures);
    if (!Writes(*plan)) {
      const GraphReader& graph = *snapshot;
      auto run = std::make_unique<StatementRun>(plan, parameters, procedures, graph, nullptr, std::move(snapshot),
                                                started, std::move(control));
      std::vector<std::string> columns = run->columns();
      return QueryResult(std::move(columns), TypesOf(*plan), std::move(run));
    }
    snapshot.reset();
  }

  std::unique_ptr<GraphWriter> writer = source.BeginWrite(control.interrupt.get());
  try {
    plan = statement.PlanFor(parameters, *writer, *procedures);
    if (plan->plan.in_transactions && Writes(*plan)) {
      // CALL { } IN TRANSACTIONS: the statement commits batches as it goes.
      auto batches = std::make_unique<BatchWriter>(source, std::move(writer), control.interrupt.get());
      control.commit_batch = [batch_writer = batches.get()] { batch_writer->CommitBatch(); };
      writer = std::move(batches);
    }
    Eager result =
        RunEagerly(plan, parameters, procedures, *writer, Writes(*plan) ? writer.get() : nullptr, started,
                   std::move(control));
    // The writer is spent once Commit returns, whatever it returns: nothing is left to
    // roll back (a failed commit left no trace), so it must not reach the handler.
    std::unique_ptr<GraphWriter> finishing = std::move(writer);
    if (Writes(*plan)) {
      ThrowIfError(finishing->Commit());
    } else {
      finishing->Rollback();
    }
    result.summary.elapsed = Clock::now() - started;
    return ToResult(std::move(result), *plan);
  } catch (...) {
    if (writer) writer->Rollback();
    throw;
  }
}

QueryResult SourceConnection::RunInTransaction(SourcePreparedStatement& statement, const ValueMap& parameters) {
  Transaction& tx = *transaction_;
  ThrowIfTerminated();
  if (tx.failure) {
    throw ClientError("TransactionFailed",
                      "the transaction was rolled back when a statement failed (" + *tx.failure +
                          "); call Rollback() to end it");
  }
  const Clock::time_point started = Clock::now();
  RunControl control = StartControl(started, statement.text(), tx.record.get());
  try {
    const auto procedures = db_.procedures();
    const auto plan = statement.PlanFor(parameters, tx.graph(), *procedures);
    if (plan->plan.in_transactions && plan->mode != StatementMode::kExplain) exec::FailNotImplicitTransaction();
    if (Writes(*plan) && tx.mode == TransactionMode::kReadOnly) {
      throw ClientError("ReadOnlyTransaction", "a read-only transaction cannot run a statement that writes");
    }
    return ToResult(
        RunEagerly(plan, parameters, procedures, tx.graph(), Writes(*plan) ? tx.writer.get() : nullptr, started,
                   std::move(control)),
        *plan);
  } catch (const std::exception& e) {
    FailTransaction(e.what());
    throw;
  }
}

RunControl SourceConnection::StartControl(Clock::time_point started, std::string_view query,
                                          TransactionRecord* transaction) {
  std::shared_ptr<exec::Interrupt> interrupt;
  if (transaction != nullptr) {
    interrupt = std::make_shared<exec::Interrupt>();
    transaction->SetStatement(std::string(query), interrupt);
  } else {
    // The statement is its own transaction: its record lives as long as its interrupt.
    auto record = db_.transactions().Start(user_, /*explicit_transaction=*/false);
    record->SetStatement(std::string(query), {});
    interrupt = std::shared_ptr<exec::Interrupt>(record, &record->interrupt());
  }
  if (timeout_.count() > 0) interrupt->SetDeadline(started + timeout_, timeout_);
  {
    std::lock_guard lock(running_mutex_);
    std::erase_if(running_, [](const std::weak_ptr<exec::Interrupt>& w) { return w.expired(); });
    running_.push_back(interrupt);
  }
  return RunControl{std::move(interrupt), memory_limit_.value_or(db_.query_memory_limit()), db_.execution(), {}};
}

void SourceConnection::Cancel() {
  std::lock_guard lock(running_mutex_);
  for (const auto& weak : running_) {
    if (auto interrupt = weak.lock()) interrupt->Cancel();
  }
}

void SourceConnection::ThrowIfTerminated() {
  if (!transaction_ || !transaction_->record->terminated() || transaction_->failure) return;
  FailTransaction(kTerminated);
  throw QueryInterrupted("Terminated", std::string(kTerminated) + "; call Rollback() to end it");
}

void SourceConnection::FailTransaction(const std::string& why) {
  Transaction& tx = *transaction_;
  if (tx.writer) tx.writer->Rollback();
  tx.writer.reset();
  tx.snapshot.reset();
  if (tx.serial.owns_lock()) tx.serial.unlock();
  tx.failure = why;
}

void SourceConnection::Begin(TransactionMode mode) {
  if (transaction_) throw ClientError("TransactionActive", "a transaction is already open on this connection");
  Transaction tx;
  tx.mode = mode;
  tx.record = db_.transactions().Start(user_, /*explicit_transaction=*/true);
  tx.serial = db_.SerializeStatement();
  if (mode == TransactionMode::kReadOnly) tx.snapshot = db_.source().BeginRead();
  if (!tx.snapshot) {
    // Waiting for the writer is cancellable and bounded by the connection's timeout.
    const RunControl control = StartControl(Clock::now(), "", tx.record.get());
    tx.writer = db_.source().BeginWrite(control.interrupt.get());  // read-write, or no snapshots
  }
  transaction_ = std::move(tx);
}

void SourceConnection::Commit() {
  if (!transaction_) throw ClientError("NoTransaction", "Commit without an open transaction");
  if (transaction_->record->terminated() && !transaction_->failure) FailTransaction(kTerminated);
  Transaction tx = std::move(*transaction_);
  transaction_.reset();
  if (tx.failure) {
    throw ClientError("TransactionFailed",
                      "the transaction was rolled back when a statement failed (" + *tx.failure + ")");
  }
  if (!tx.writer) return;  // a snapshot: nothing to commit
  if (tx.mode == TransactionMode::kReadOnly) {
    tx.writer->Rollback();
    return;
  }
  ThrowIfError(tx.writer->Commit());
}

void SourceConnection::Rollback() {
  if (!transaction_) throw ClientError("NoTransaction", "Rollback without an open transaction");
  Transaction tx = std::move(*transaction_);
  transaction_.reset();
  if (tx.writer) tx.writer->Rollback();
}

}  // namespace quiver::main
