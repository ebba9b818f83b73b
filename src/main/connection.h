#pragma once
// The Connection and PreparedStatement of a SourceDatabase: a statement's whole life —
// its plan (compiled once, re-planned when it no longer fits), the transaction it runs
// in (its own, or the connection's explicit one), its result (streaming when it only
// reads on a snapshot of its own, else run to the end before its transaction commits).

#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "exec/interrupt.h"

#include "main/prepared_plan.h"
#include "main/source_database.h"
#include "main/statement_run.h"
#include "main/transaction_registry.h"

namespace quiver::main {

class SourcePreparedStatement final : public PreparedStatement {
 public:
  // `database`: the name of the database it runs on, which a `USE name` in the text
  // must give (DatabaseNotFound otherwise).
  SourcePreparedStatement(std::string text, std::string database)
      : text_(std::move(text)), database_(std::move(database)) {}

  const std::string& text() const override { return text_; }
  // As first planned. Until the statement has a plan (prepared without the parameters
  // it needs), it has no columns and counts as writing.
  const std::vector<std::string>& columns() const override;
  const std::vector<ColumnType>& column_types() const override;
  bool read_only() const override;

  // The plan for these parameters on this graph: the one it has when it fits, else a
  // new one (kept for the next execution).
  std::shared_ptr<const PreparedPlan> PlanFor(const ValueMap& parameters, const GraphReader& graph,
                                              const exec::ProcedureTable& procedures);
  // The current plan, or null.
  std::shared_ptr<const PreparedPlan> plan() const;

 private:
  const std::string text_;
  const std::string database_;
  mutable std::mutex mu_;  // guards the plans: two connections may execute one statement
  std::shared_ptr<const PreparedPlan> plan_;       // the one to try first
  std::shared_ptr<const PreparedPlan> described_;  // the first: what columns() describes
};

class SourceConnection final : public Connection {
 public:
  explicit SourceConnection(SourceDatabase& db) : db_(db) {}
  ~SourceConnection() override;

  QueryResult Query(std::string_view text, const ValueMap& parameters) override;
  std::unique_ptr<PreparedStatement> Prepare(std::string_view text, const ValueMap& parameters) override;
  QueryResult Execute(PreparedStatement& statement, const ValueMap& parameters) override;

  void Begin(TransactionMode mode) override;
  void Commit() override;
  void Rollback() override;
  bool InTransaction() const override { return transaction_.has_value(); }
  void Cancel() override;
  void SetQueryTimeout(std::chrono::milliseconds timeout) override { timeout_ = timeout; }
  void SetQueryMemoryLimit(uint64_t bytes) override { memory_limit_ = bytes; }
  uint64_t query_memory_limit() const override { return memory_limit_.value_or(db_.query_memory_limit()); }
  void SetUser(std::string_view user) override { user_ = std::string(user); }

 private:
  struct Transaction {
    TransactionMode mode = TransactionMode::kReadWrite;
    std::unique_lock<std::mutex> serial;     // one statement at a time (in-memory)
    std::unique_ptr<GraphWriter> writer;     // read-write; read-only without snapshots
    std::unique_ptr<GraphReader> snapshot;   // read-only
    std::optional<std::string> failure;      // set once a statement failed: rolled back
    std::shared_ptr<TransactionRecord> record;  // SHOW TRANSACTIONS' view of it
    const GraphReader& graph() const { return writer ? *writer : *snapshot; }
  };

  QueryResult Run(SourcePreparedStatement& statement, const ValueMap& parameters);
  QueryResult RunAutoCommit(SourcePreparedStatement& statement, const ValueMap& parameters);
  QueryResult RunInTransaction(SourcePreparedStatement& statement, const ValueMap& parameters);
  // A statement in the transaction failed: roll it back now (freeing the writer for
  // others) and remember why.
  void FailTransaction(const std::string& why);

  // A new statement's bounds: an interrupt with this connection's timeout, registered
  // for Cancel() and listed by SHOW TRANSACTIONS (an auto-commit statement as its own
  // transaction, else as the current statement of `transaction`), and the memory limit.
  RunControl StartControl(std::chrono::steady_clock::time_point started, std::string_view query,
                          TransactionRecord* transaction = nullptr);
  // ClientError/Terminated, rolling the transaction back, once TERMINATE TRANSACTION
  // stopped it.
  void ThrowIfTerminated();

  SourceDatabase& db_;
  std::optional<Transaction> transaction_;
  std::chrono::milliseconds timeout_{0};
  std::optional<uint64_t> memory_limit_;  // unset: the database's
  std::string user_;                      // SetUser's, for SHOW TRANSACTIONS
  std::mutex running_mutex_;  // Cancel() comes from other threads
  std::vector<std::weak_ptr<exec::Interrupt>> running_;
};

}  // namespace quiver::main
