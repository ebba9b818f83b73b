// Named checkpoints (quiver/checkpoint.h) over storage/checkpoints.h: the name list, the
// store's compaction (to fold the log into the generation a checkpoint keeps), and a
// derived generation with a new log history for a revert (storage/index_generation.h).

#include "quiver/checkpoint.h"

#include <algorithm>
#include <chrono>
#include <thread>

#include "common/file/env.h"
#include "ingest/compaction_build.h"
#include "main/input_errors.h"
#include "quiver/error.h"
#include "storage/checkpoints.h"
#include "storage/database_dir.h"
#include "storage/index_generation.h"
#include "storage/txn/log_segment.h"
#include "storage/txn/transactional_store.h"

namespace quiver {
namespace {

uint64_t GenerationBytes(Env* env, const std::string& db_path, uint64_t generation) {
  const std::string dir = JoinPath(db_path, storage::GenerationDirName(generation));
  auto names = env->ListDir(dir);
  if (!names.ok()) return 0;
  uint64_t bytes = 0;
  for (const std::string& name : *names) {
    if (auto size = env->FileSize(JoinPath(dir, name)); size.ok()) bytes += *size;
  }
  return bytes;
}

CheckpointInfo Describe(Env* env, const std::string& db_path, const storage::Checkpoint& c, uint64_t live) {
  return CheckpointInfo{c.name, c.generation, c.created_unix_seconds, GenerationBytes(env, db_path, c.generation),
                        c.generation == live};
}

// The database opened for writing (its LOCK taken) with nothing replayed beyond need.
std::unique_ptr<storage::DatabaseDir> OpenForWriting(Env* env, const std::string& db_path) {
  storage::DatabaseOptions options;
  return main::ValueOrThrow(storage::DatabaseDir::Open(env, db_path, options));
}

}  // namespace

CheckpointInfo CreateCheckpoint(const std::string& db_path, const std::string& name) {
  Env* env = Env::Default();
  main::ThrowInputOrStorageError(storage::CheckCheckpointName(name));
  storage::StoreOptions options;
  options.create_if_missing = false;
  options.auto_compact = false;
  options.compaction_builder = ingest::MakeSessionCompactionBuilder({});
  auto store = main::ValueOrThrow(storage::TransactionalStore::Open(env, db_path, options));
  std::vector<storage::Checkpoint> all = main::ValueOrThrow(storage::ReadCheckpoints(env, db_path));
  if (std::any_of(all.begin(), all.end(), [&](const storage::Checkpoint& c) { return c.name == name; })) {
    throw ArgumentError("InvalidInput", "a checkpoint named '" + name + "' exists already in " + db_path +
                                            " (drop it first to reuse the name)");
  }
  // Fold the log into a generation of its own, which the name then keeps: the log past
  // it is the later history, collected with the generations it belongs to.
  main::ThrowInputOrStorageError(store->Compact());
  storage::Checkpoint c;
  c.name = name;
  c.generation = store->Stats().generation;
  c.created_unix_seconds =
      std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
  all.push_back(c);
  // Written while the store holds the writer's lock: no other writer's collector can
  // delete the generation between the compaction and the name.
  main::ThrowInputOrStorageError(storage::WriteCheckpoints(env, db_path, all));
  return Describe(env, db_path, c, c.generation);
}

std::vector<CheckpointInfo> ListCheckpoints(const std::string& db_path) {
  Env* env = Env::Default();
  const uint64_t live = main::ValueOrThrow(storage::ReadCurrent(env, db_path));
  std::vector<CheckpointInfo> out;
  for (const storage::Checkpoint& c : main::ValueOrThrow(storage::ReadCheckpoints(env, db_path))) {
    out.push_back(Describe(env, db_path, c, live));
  }
  return out;
}

uint64_t DropCheckpoint(const std::string& db_path, const std::string& name) {
  Env* env = Env::Default();
  auto dir = OpenForWriting(env, db_path);
  const storage::Checkpoint dropped = main::ValueOrThrow(storage::FindCheckpoint(env, db_path, name));
  std::vector<storage::Checkpoint> all = main::ValueOrThrow(storage::ReadCheckpoints(env, db_path));
  std::erase_if(all, [&](const storage::Checkpoint& c) { return c.name == name; });
  main::ThrowInputOrStorageError(storage::WriteCheckpoints(env, db_path, all));
  const uint64_t before = GenerationBytes(env, db_path, dropped.generation);
  main::ThrowInputOrStorageError(dir->CollectGarbage());
  return before - std::min(before, GenerationBytes(env, db_path, dropped.generation));
}

uint64_t RevertToCheckpoint(const std::string& db_path, const std::string& name) {
  Env* env = Env::Default();
  auto dir = OpenForWriting(env, db_path);
  const storage::Checkpoint c = main::ValueOrThrow(storage::FindCheckpoint(env, db_path, name));
  auto base = main::ValueOrThrow(dir->PinGeneration(c.generation));
  auto live = main::ValueOrThrow(dir->Pin());
  // A new history: the log written since the checkpoint must never replay onto it.
  const uint64_t position =
      main::ValueOrThrow(storage::StartNewHistory(env, db_path, dir->database_id(), live->manifest().write_log_position,
                                            live->manifest().format_version));
  std::vector<storage::IndexDefinition> indexes;
  for (const storage::Generation::IndexFile& index : base->property_indexes()) {
    indexes.push_back(index.view.definition());
  }
  live.reset();
  const unsigned workers = std::max(1u, std::thread::hardware_concurrency());
  const storage::IndexedGeneration published =
      main::ValueOrThrow(storage::WriteIndexedGeneration(dir.get(), *base, indexes, workers, {}, /*memory_budget=*/0, position));
  storage::RemoveSegmentsBelow(env, db_path, position);
  return published.generation;
}

}  // namespace quiver
