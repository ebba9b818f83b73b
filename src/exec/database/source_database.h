#pragma once
// SourceDatabase: the public Database over any exec::GraphSource — the one place that
// owns the registered procedures and hands statements to the query engine. What differs
// between the in-memory and the on-disk database is only the source (and so whether a
// reading statement gets a snapshot) and whether statements must run one at a time.

#include <memory>
#include <mutex>
#include <shared_mutex>
#include <string>

#include "exec/database/query_engine.h"
#include "quiver/database.h"

namespace quiver::exec {

class SourceDatabase : public Database {
 public:
  // one_statement_at_a_time: for sources that have no snapshots and one transaction
  // (MemoryGraph); otherwise statements run concurrently and the source serializes
  // writers itself.
  SourceDatabase(GraphSource& source, bool one_statement_at_a_time)
      : source_(source), serialize_(one_statement_at_a_time) {}

  std::unique_ptr<Connection> Connect() override;
  void RegisterProcedure(ProcedureSignature signature, ProcedureFunction function) override;
  QueryResult Run(std::string_view text, const ValueMap& parameters);

 private:
  GraphSource& source_;
  const bool serialize_;
  std::mutex statement_mutex_;          // held by every statement when serialize_
  std::shared_mutex procedures_mutex_;  // guards procedures_
  ProcedureTable procedures_;
};

}  // namespace quiver::exec
