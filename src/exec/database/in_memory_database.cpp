// Database::OpenInMemory(): the public API over MemoryGraph. Queries are serialized by
// one mutex (MemoryGraph has one transaction at a time); each runs in its own
// transaction (auto-commit).

#include <mutex>

#include "exec/database/query_engine.h"
#include "quiver/database.h"
#include "storage/memory_graph.h"

namespace quiver {

namespace {

class InMemoryDatabase;

class InMemoryConnection final : public Connection {
 public:
  explicit InMemoryConnection(InMemoryDatabase& db) : db_(db) {}
  QueryResult Query(std::string_view text, const ValueMap& parameters) override;

 private:
  InMemoryDatabase& db_;
};

class InMemoryDatabase final : public Database {
 public:
  std::unique_ptr<Connection> Connect() override { return std::make_unique<InMemoryConnection>(*this); }

  void RegisterProcedure(ProcedureSignature signature, ProcedureFunction function) override {
    std::lock_guard lock(mutex_);
    std::string name = signature.name;
    procedures_[name] = exec::RegisteredProcedure{std::move(signature), std::move(function)};
  }

  QueryResult Run(std::string_view text, const ValueMap& parameters) {
    std::lock_guard lock(mutex_);
    return exec::ExecuteQuery(source_, procedures_, text, parameters);
  }

 private:
  // MemoryGraph has no snapshots: every statement runs in a (write) transaction.
  struct Source final : exec::GraphSource {
    explicit Source(MemoryGraph& g) : graph(g) {}
    std::unique_ptr<GraphWriter> BeginWrite() override { return graph.BeginTransaction(); }
    MemoryGraph& graph;
  };

  std::mutex mutex_;  // guards graph_ and procedures_
  MemoryGraph graph_;
  Source source_{graph_};
  exec::ProcedureTable procedures_;
};

QueryResult InMemoryConnection::Query(std::string_view text, const ValueMap& parameters) {
  return db_.Run(text, parameters);
}

}  // namespace

std::unique_ptr<Database> Database::OpenInMemory(const DatabaseOptions& options) {
  return std::make_unique<InMemoryDatabase>();
}

}  // namespace quiver
