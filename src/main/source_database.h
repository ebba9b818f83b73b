#pragma once
// SourceDatabase: the public Database over any GraphSource — the one place that owns
// the registered procedures and hands out connections. What differs between the
// in-memory and the on-disk database is only the source (and so whether a reading
// statement gets a snapshot) and whether statements must run one at a time.

#include <memory>
#include <mutex>
#include <string>

#include "algo/graph_catalog.h"
#include "exec/exec_context.h"
#include "exec/procedure_context.h"
#include "main/graph_source.h"
#include "main/transaction_registry.h"
#include "quiver/database.h"

namespace quiver::main {

// The per-statement memory limit for `options`: its query_memory_limit when set, else
// kDefaultQueryMemoryPercent of the memory budget (the option's, else the resource
// policy's).
uint64_t DefaultQueryMemoryLimit(const DatabaseOptions& options);
// How statements run for `options`: its worker count when set, else the resource
// policy's cores; its vector and morsel sizes when set.
exec::ExecutionOptions DefaultExecutionOptions(const DatabaseOptions& options);

// What SHOW DATABASES and db.info() say of a database.
struct DatabaseDescription {
  std::string name = "neo4j";  // DatabaseOptions::name
  bool read_only = false;
  std::string location;  // the directory; ":memory:" for an in-memory database
};

class SourceDatabase : public Database {
 public:
  // one_statement_at_a_time: for sources that have no snapshots and one transaction
  // (MemoryGraph); otherwise statements run concurrently and the source serializes
  // writers itself.
  // `query_memory_limit`: what a statement's operators may hold (0: no limit), unless
  // its connection sets another (DefaultQueryMemoryLimit).
  // Registers the engine's own procedures (the gds.* algorithms, algo/procedures/).
  // Registers the introspection procedures (db.labels(), dbms.components(), ... and
  // those SHOW runs: main/schema_procedures.cpp, main/dbms_procedures.cpp).
  SourceDatabase(GraphSource& source, bool one_statement_at_a_time, uint64_t query_memory_limit,
                 exec::ExecutionOptions execution = {}, DatabaseDescription description = {});

  uint64_t query_memory_limit() const { return query_memory_limit_; }
  const exec::ExecutionOptions& execution() const { return execution_; }

  std::unique_ptr<Connection> Connect() override;
  void Refresh() override { source_.Refresh(); }
  void RegisterProcedure(ProcedureSignature signature, ProcedureFunction function) override;
  void RegisterProcedure(ProcedureSignature signature, ProcedureBody body) override;
  // For the engine's own procedures, which read the graph (exec/procedure_context.h).
  void RegisterProcedure(ProcedureSignature signature, exec::ProcedureImplementation body);

  GraphSource& source() { return source_; }
  const DatabaseDescription& description() const { return description_; }
  // The open transactions of every connection (SHOW TRANSACTIONS).
  TransactionRegistry& transactions() { return *transactions_; }
  // Held by a statement (or an explicit transaction) for its whole life when statements
  // must run one at a time; empty otherwise.
  std::unique_lock<std::mutex> SerializeStatement();
  // The procedures as registered now. Copy-on-write: a statement keeps the table it
  // started with, however long its result streams, while others register more.
  std::shared_ptr<const exec::ProcedureTable> procedures() const;

 private:
  GraphSource& source_;
  const bool serialize_;
  const uint64_t query_memory_limit_;
  const exec::ExecutionOptions execution_;
  const DatabaseDescription description_;
  // Shared with the procedures that list and terminate transactions.
  std::shared_ptr<TransactionRegistry> transactions_ = std::make_shared<TransactionRegistry>();
  std::mutex statement_mutex_;
  mutable std::mutex procedures_mutex_;  // guards the pointer, not the table
  std::shared_ptr<const exec::ProcedureTable> procedures_ = std::make_shared<exec::ProcedureTable>();
  // The named graph projections (gds.graph.project), for the database's life.
  std::shared_ptr<algo::GraphCatalog> graphs_ = std::make_shared<algo::GraphCatalog>();
};

}  // namespace quiver::main
