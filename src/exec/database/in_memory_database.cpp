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
    return exec::ExecuteQuery([this] { return graph_.BeginTransaction(); }, procedures_, text, parameters);
  }

 private:
  std::mutex mutex_;  // guards graph_ and procedures_
  MemoryGraph graph_;
  exec::ProcedureTable procedures_;
};

QueryResult InMemoryConnection::Query(std::string_view text, const ValueMap& parameters) {
  return db_.Run(text, parameters);
}

}  // namespace

std::unique_ptr<Database> Database::OpenInMemory(const DatabaseOptions& options) {
  return std::make_unique<InMemoryDatabase>();
}

std::unique_ptr<Database> Database::Open(const std::string& path, const DatabaseOptions& options) {
  throw StorageError(
      "NotSupported",
      "persistent databases arrive with the transactional store; use Database::OpenInMemory() for "
      "now (path: " +
          path + ")");
}

}  // namespace quiver
