// Database::Open(path): the public API over the transactional store
// (src/storage/txn/): the live generation ⊕ the delta, with the write log. A statement
// that writes runs in the store's one write transaction (BeginWrite waits for it); a
// statement that only reads runs on a snapshot, concurrently with everything else.

#include <shared_mutex>

#include "common/file/env.h"
#include "exec/database/query_engine.h"
#include "ingest/compaction_build.h"
#include "quiver/database.h"
#include "storage/txn/transactional_store.h"

namespace quiver {

namespace {

class StoreSource final : public exec::GraphSource {
 public:
  explicit StoreSource(storage::TransactionalStore& store) : store_(store) {}
  std::unique_ptr<GraphWriter> BeginWrite() override {
    auto writer = store_.BeginWrite();
    ThrowIfError(writer.status());
    return std::move(writer).value();
  }
  std::unique_ptr<GraphReader> BeginRead() override { return store_.BeginRead(); }

 private:
  storage::TransactionalStore& store_;
};

class PersistentDatabase;

class PersistentConnection final : public Connection {
 public:
  explicit PersistentConnection(PersistentDatabase& db) : db_(db) {}
  QueryResult Query(std::string_view text, const ValueMap& parameters) override;

 private:
  PersistentDatabase& db_;
};

class PersistentDatabase final : public Database {
 public:
  explicit PersistentDatabase(std::unique_ptr<storage::TransactionalStore> store)
      : store_(std::move(store)), source_(*store_) {}

  std::unique_ptr<Connection> Connect() override { return std::make_unique<PersistentConnection>(*this); }

  void RegisterProcedure(ProcedureSignature signature, ProcedureFunction function) override {
    std::unique_lock lock(procedures_mutex_);
    std::string name = signature.name;
    procedures_[name] = exec::RegisteredProcedure{std::move(signature), std::move(function)};
  }

  QueryResult Run(std::string_view text, const ValueMap& parameters) {
    std::shared_lock lock(procedures_mutex_);  // the store serializes writers itself
    return exec::ExecuteQuery(source_, procedures_, text, parameters);
  }

 private:
  std::unique_ptr<storage::TransactionalStore> store_;
  StoreSource source_;
  std::shared_mutex procedures_mutex_;  // guards procedures_
  exec::ProcedureTable procedures_;
};

QueryResult PersistentConnection::Query(std::string_view text, const ValueMap& parameters) {
  return db_.Run(text, parameters);
}

}  // namespace

std::unique_ptr<Database> Database::Open(const std::string& path, const DatabaseOptions& options) {
  storage::StoreOptions store_options;
  store_options.durability = options.durability;
  if (options.memory_budget) store_options.memory_budget = *options.memory_budget;
  store_options.read_only = options.read_only;
  store_options.create_if_missing = options.create_if_missing;
  store_options.verify_checksums_on_open = options.verify_checksums_on_open;
  // Compaction builds through the ingest session, so it spills past the budget instead
  // of holding every relationship in memory (ingest/compaction_build.h).
  ingest::SessionOptions compaction;
  if (options.memory_budget) compaction.memory_budget = *options.memory_budget;
  store_options.compaction_builder = ingest::MakeSessionCompactionBuilder(compaction);
  auto store = storage::TransactionalStore::Open(Env::Default(), path, store_options);
  ThrowIfError(store.status());
  return std::make_unique<PersistentDatabase>(std::move(store).value());
}

}  // namespace quiver
