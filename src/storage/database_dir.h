#pragma once
// DatabaseDir: a database directory (docs/format/generation.md, "Directory layout"):
// DBID, the writer's LOCK, CURRENT, and the gen-N directories. It creates databases,
// pins the current generation for readers, and publishes new generations atomically:
//
//   writer files fsynced -> MANIFEST fsynced -> gen dir fsynced
//     -> CURRENT.tmp fsynced, renamed over CURRENT -> db dir fsynced -> old generations GC'd
//
// A crash at any step leaves CURRENT naming either the old or the new complete
// generation. One writer per database (flock on LOCK, across processes and within
// one); any number of readers, which never take LOCK and so never block.
//
// Threads: Pin() and CurrentGeneration() may run on any number of threads at once (they
// touch no mutable state here); the writer methods run on one thread at a time. A
// Generation is immutable and safe to share between threads.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "common/file/env.h"
#include "storage/format.h"
#include "storage/generation.h"
#include "storage/generation_writer.h"

namespace quiver::storage {

inline constexpr std::string_view kCurrentFileName = "CURRENT";
inline constexpr std::string_view kLockFileName = "LOCK";
inline constexpr std::string_view kDatabaseIdFileName = "DBID";
inline constexpr std::string_view kPinFileName = "PIN";

struct DatabaseOptions {
  // Create the directory, DBID and an empty generation 1 when there is no CURRENT.
  bool create_if_missing = false;
  // A reader: takes no LOCK, cannot publish.
  bool read_only = false;
  // The id to give a database being created (tests and reproducible builds); random otherwise.
  std::optional<DatabaseId> database_id;
  // Applied to every Pin().
  OpenOptions open;
};

// The database's scratch directory: the construction session's runs (ingest), an index
// build's past its budget (index_entry_sorter.h). Never part of a generation.
inline constexpr std::string_view kScratchDirName = "scratch";

class DatabaseDir {
 public:
  static Result<std::unique_ptr<DatabaseDir>> Open(Env* env, const std::string& path, const DatabaseOptions& options);

  const std::string& path() const { return path_; }
  const DatabaseId& database_id() const { return database_id_; }
  bool read_only() const { return lock_ == nullptr; }
  Env* env() const { return env_; }

  // The generation CURRENT names, pinned while the returned handle (or a copy) lives.
  Result<std::shared_ptr<const Generation>> Pin() const;
  Result<uint64_t> CurrentGeneration() const;
  // Generation `generation`, live or not (a named checkpoint's), pinned likewise;
  // NotFound when it has been collected.
  Result<std::shared_ptr<const Generation>> PinGeneration(uint64_t generation) const;

  // ---- writer only
  // A writer for the next generation, in a fresh gen-N directory.
  Result<std::unique_ptr<GenerationWriter>> BeginGeneration(uint64_t node_count,
                                                            GenerationWriter::Options options = {});
  // Finishes the writer's MANIFEST, makes its generation CURRENT, then deletes every
  // older generation no reader pins. Returns the published generation number.
  Result<uint64_t> Publish(GenerationWriter* writer, uint64_t write_log_position);
  // Makes an already finished generation (its MANIFEST written, e.g. by a writer's
  // Finish, and kept by a named checkpoint meanwhile) CURRENT, then collects garbage as
  // Publish does: the second step of a publish that another commit point (a partitioned
  // database's manifest) decided. NotFound when the generation has no MANIFEST.
  Status MakeCurrent(uint64_t generation);
  // Deletes non-current generations that nobody pins, and leftover temporaries.
  Status CollectGarbage();

 private:
  DatabaseDir(Env* env, std::string path) : env_(env), path_(std::move(path)) {}
  Status Create(const DatabaseOptions& options);

  Env* env_;
  std::string path_;
  DatabaseId database_id_{};
  OpenOptions open_options_;
  std::unique_ptr<FileLock> lock_;  // held by the writer
};

// Helpers shared with `quiver check` and `quiver info`.
Result<uint64_t> ReadCurrent(Env* env, const std::string& db_path);
Result<DatabaseId> ReadDatabaseId(Env* env, const std::string& db_path);
std::string DatabaseIdToString(const DatabaseId& id);

}  // namespace quiver::storage
