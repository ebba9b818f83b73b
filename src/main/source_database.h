#pragma once
// SourceDatabase: the public Database over any GraphSource — the one place that owns
// the registered procedures and hands out connections. What differs between the
// in-memory and the on-disk database is only the source (and so whether a reading
// statement gets a snapshot) and whether statements must run one at a time.

#include <memory>
#include <mutex>

#include "exec/exec_context.h"
#include "main/graph_source.h"
#include "quiver/database.h"

namespace quiver::main {

class SourceDatabase : public Database {
 public:
  // one_statement_at_a_time: for sources that have no snapshots and one transaction
  // (MemoryGraph); otherwise statements run concurrently and the source serializes
  // writers itself.
  SourceDatabase(GraphSource& source, bool one_statement_at_a_time)
      : source_(source), serialize_(one_statement_at_a_time) {}

  std::unique_ptr<Connection> Connect() override;
  void RegisterProcedure(ProcedureSignature signature, ProcedureFunction function) override;

  GraphSource& source() { return source_; }
  // Held by a statement (or an explicit transaction) for its whole life when statements
  // must run one at a time; empty otherwise.
  std::unique_lock<std::mutex> SerializeStatement();
  // The procedures as registered now. Copy-on-write: a statement keeps the table it
  // started with, however long its result streams, while others register more.
  std::shared_ptr<const exec::ProcedureTable> procedures() const;

 private:
  GraphSource& source_;
  const bool serialize_;
  std::mutex statement_mutex_;
  mutable std::mutex procedures_mutex_;  // guards the pointer, not the table
  std::shared_ptr<const exec::ProcedureTable> procedures_ = std::make_shared<exec::ProcedureTable>();
};

}  // namespace quiver::main
