#pragma once
// Named checkpoints (docs/design.md, "Named checkpoints"): a name that keeps a generation
// — and so the graph as it was — from the garbage collector, to be opened read-only or
// reverted to later. Kept in <db>/CHECKPOINTS, a small text file with a checksum line,
// replaced atomically:
//
//   000000000042 1733390000 before-import
//   checksum 9f3c0a1b2c3d4e5f
//
// one line per checkpoint (generation, creation time in Unix seconds, name), then the
// XXH3-64 of the lines before it. A damaged file is Corruption, and the garbage
// collector then deletes no generation at all rather than one a lost name still keeps.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "common/file/env.h"

namespace quiver::storage {

inline constexpr std::string_view kCheckpointsFileName = "CHECKPOINTS";

struct Checkpoint {
  std::string name;
  uint64_t generation = 0;
  int64_t created_unix_seconds = 0;
};

// InvalidArgument unless 1 to 64 characters of letters, digits, '.', '_' and '-' (a name
// is written on a line and given on command lines).
Status CheckCheckpointName(std::string_view name);

// The checkpoints of the database at db_path, in creation order; none without the file.
Result<std::vector<Checkpoint>> ReadCheckpoints(Env* env, const std::string& db_path);
// Replaces the file (written, fsynced, renamed, directory fsynced); removes it when empty.
Status WriteCheckpoints(Env* env, const std::string& db_path, const std::vector<Checkpoint>& checkpoints);

// The checkpoint called `name`, or NotFound naming it and listing the names there are.
Result<Checkpoint> FindCheckpoint(Env* env, const std::string& db_path, std::string_view name);

}  // namespace quiver::storage
