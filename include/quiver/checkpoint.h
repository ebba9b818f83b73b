#pragma once
// Named checkpoints as functions: what `quiver checkpoint`, `quiver checkpoints` and
// `quiver revert` do (docs/ingest.md, "Named checkpoints"), for programs and bindings.
//
//   quiver::CreateCheckpoint("/data/graph", "before-load");   // fold the log, keep the generation
//   ... a bad load ...
//   quiver::RevertToCheckpoint("/data/graph", "before-load");  // the graph as it was
//
// A checkpoint names the generation the database had once its write log was folded in
// (a compaction), and keeps it from the garbage collector: it can be opened read-only
// (DatabaseOptions::at_checkpoint, `quiver query --at NAME`) or reverted to, until it is
// dropped. Each of these takes the database's writer lock: the database must not be
// open for writing elsewhere (StorageError/Busy otherwise).

#include <cstdint>
#include <string>
#include <vector>

#include "quiver/export.h"

namespace quiver {

struct CheckpointInfo {
  std::string name;
  uint64_t generation = 0;
  int64_t created_unix_seconds = 0;
  // The bytes of the generation's files. Files a later generation shares with it (hard
  // links of a derived index generation) are counted in both.
  uint64_t bytes = 0;
  bool live = false;  // it is the database's current generation
};

// ArgumentError (InvalidInput) for a name that is not 1–64 letters, digits, '.', '_',
// '-', or one that exists already.
QUIVER_EXPORT CheckpointInfo CreateCheckpoint(const std::string& db_path, const std::string& name);
QUIVER_EXPORT std::vector<CheckpointInfo> ListCheckpoints(const std::string& db_path);
// Forgets the name; the generation is deleted unless it is live or another name keeps
// it. Returns the bytes that freed. ArgumentError (InvalidInput) for an unknown name.
QUIVER_EXPORT uint64_t DropCheckpoint(const std::string& db_path, const std::string& name);
// Publishes a new generation equal to the checkpoint's (its files hard-linked) with a new
// write-log history: everything committed since the checkpoint is gone from the
// database (a checkpoint taken before the revert keeps it). Returns the new generation.
QUIVER_EXPORT uint64_t RevertToCheckpoint(const std::string& db_path, const std::string& name);

}  // namespace quiver
