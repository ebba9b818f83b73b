// Database::Open(path): the public API over the transactional store
// (src/storage/txn/): the live generation ⊕ the delta, with the write log. A statement
// that writes runs in the store's one write transaction (BeginWrite waits for it); a
// statement that only reads runs on a snapshot, concurrently with everything else.

#include "common/file/env.h"
#include "ingest/compaction_build.h"
#include "main/source_database.h"
#include "main/store_source.h"
#include "quiver/database.h"
#include "quiver/error.h"
#include "storage/checkpoints.h"
#include "storage/txn/transactional_store.h"

namespace quiver {

namespace {

class PersistentDatabase final : public main::SourceDatabase {
 public:
  PersistentDatabase(std::unique_ptr<storage::TransactionalStore> store, uint64_t query_memory_limit,
                     exec::ExecutionOptions execution, main::DatabaseDescription description)
      : main::SourceDatabase(source_, /*one_statement_at_a_time=*/false, query_memory_limit, execution,
                             std::move(description)),
        store_(std::move(store)),
        source_(*store_) {}

 private:
  std::unique_ptr<storage::TransactionalStore> store_;
  main::StoreSource source_;  // the base keeps a reference; it is used only after construction
};

}  // namespace

std::unique_ptr<Database> Database::Open(const std::string& path, const DatabaseOptions& options) {
  storage::StoreOptions store_options;
  store_options.durability = options.durability;
  if (options.memory_budget) store_options.memory_budget = *options.memory_budget;
  store_options.read_only = options.read_only;
  store_options.create_if_missing = options.create_if_missing;
  store_options.verify_checksums_on_open = options.verify_checksums_on_open;
  store_options.index_build_progress = options.index_build_progress;
  if (!options.at_checkpoint.empty()) {
    if (!options.read_only) {
      throw ArgumentError("InvalidInput", "a checkpoint ('" + options.at_checkpoint + "') opens read-only");
    }
    auto checkpoint = storage::FindCheckpoint(Env::Default(), path, options.at_checkpoint);
    if (!checkpoint.ok()) throw ArgumentError("InvalidInput", checkpoint.status().message());
    store_options.at_generation = checkpoint->generation;
  }
  // Compaction builds through the ingest session, so it spills past the budget instead
  // of holding every relationship in memory (ingest/compaction_build.h).
  ingest::SessionOptions compaction;
  if (options.memory_budget) compaction.memory_budget = *options.memory_budget;
  store_options.compaction_builder = ingest::MakeSessionCompactionBuilder(compaction);
  auto store = storage::TransactionalStore::Open(Env::Default(), path, store_options);
  ThrowIfError(store.status());
  return std::make_unique<PersistentDatabase>(std::move(store).value(), main::DefaultQueryMemoryLimit(options),
                                              main::DefaultExecutionOptions(options),
                                              main::DatabaseDescription{options.name, options.read_only, path});
}

}  // namespace quiver
