#pragma once
// Online backup and restore as functions: what `quiver backup` and `quiver restore` do
// (docs/ingest.md, "Backup and restore"), for programs and the language bindings.
//
//   quiver::BackupSummary b = quiver::BackupDatabase("/data/graph", "/backups/graph");
//   quiver::RestoreDatabase("/backups/graph", "/data/graph-restored");
//
// A backup runs while the database is open and written, in this process or another: it
// holds every transaction acknowledged as durable before it began, opens as a database,
// and passes `quiver check` (it is checked before it is reported). Backing up into a
// directory that holds an earlier backup of the same database transfers only what
// changed since. Restore makes a new database equal to a backup.

#include <cstdint>
#include <functional>
#include <string>

#include "quiver/export.h"

namespace quiver {

struct BackupOptions {
  // Called as bytes are copied or linked: (done, total), from the calling thread.
  std::function<void(uint64_t done, uint64_t total)> progress;
};

struct BackupSummary {
  uint64_t generation = 0;        // the generation the backup holds
  uint64_t last_sequence = 0;     // the last commit it holds (commits since the generation)
  uint64_t files_linked = 0;      // hard-linked: no bytes copied
  uint64_t files_copied = 0;
  uint64_t files_kept = 0;        // already in the backup (incremental)
  uint64_t bytes_copied = 0;
  bool incremental = false;       // the destination held an earlier backup of this database
  double seconds = 0;
};

// Throws ArgumentError (InvalidInput) for a destination that is something else than an
// empty directory or a backup of this database; StorageError for damage (naming the
// file) or a file system failure.
QUIVER_EXPORT BackupSummary BackupDatabase(const std::string& db_path, const std::string& destination,
                                           const BackupOptions& options = {});

struct RestoreSummary {
  uint64_t generation = 0;
  uint64_t files_linked = 0;
  uint64_t files_copied = 0;
  uint64_t bytes_copied = 0;
  double seconds = 0;
};

// db_path must not exist or be an empty directory. Throws ArgumentError (InvalidInput)
// for an unfinished backup or an occupied db_path, StorageError for a damaged backup.
QUIVER_EXPORT RestoreSummary RestoreDatabase(const std::string& backup, const std::string& db_path,
                                             const BackupOptions& options = {});

}  // namespace quiver
