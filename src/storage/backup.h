#pragma once
// Online backup and restore of a database directory (docs/design.md, "Online backup"):
// the immutable files of the live generation and the write log past it, copied while
// writers go on, into a directory that is itself a database (it opens, `quiver check`
// passes) holding every transaction acknowledged as durable before the backup began.
//
// How a consistent copy is had without stopping the writer:
//  * The generation is pinned (its PIN lock), so no compaction deletes it meanwhile; its
//    files never change, so they are hard-linked into the backup where the file system
//    allows (no bytes copied), else copied.
//  * The log segments from the generation's position on are opened before any is read:
//    a compaction that removes them after that cannot take their bytes away.
//  * Every segment but the last is sealed and never written again: linked or copied
//    whole. The last is being appended to: its bytes are copied as they are, then the
//    copy is scanned with recovery's rules and everything after its last valid record
//    is zeroed — a record the writer was writing while it was read is dropped, as a
//    crash's torn tail would be. A durable commit acknowledged before the backup began
//    had its record written and synced before the copy read it, so it is in the valid
//    prefix. (An async commit acknowledged but not yet flushed may be missing, as after
//    a crash.)
//  * The backup is checked (storage/checker.h: every checksum, every structural rule,
//    the log replayed) before it is reported good.
//
// Incremental: into a directory that holds an earlier backup of the same database, only
// what changed is transferred — nothing of a generation it has already, the sealed
// segments it has already, and of the last segment only the bytes past its end.

#include <cstdint>
#include <functional>
#include <string>

#include "common/file/env.h"

namespace quiver::storage {

// Present in a backup directory while a backup into it runs: a backup that did not
// finish (a crash, an error) is not one. Restore refuses it; the next backup into it
// starts over.
inline constexpr std::string_view kBackupMarkerFileName = "BACKUP_IN_PROGRESS";

using CopyProgress = std::function<void(uint64_t bytes_done, uint64_t bytes_total)>;

struct BackupResult {
  uint64_t generation = 0;         // the generation backed up
  uint64_t log_end_position = 0;   // the log position the backup holds commits up to
  uint64_t last_sequence = 0;      // the last commit it holds
  uint64_t files_linked = 0;       // hard links: no bytes copied
  uint64_t files_copied = 0;
  uint64_t bytes_copied = 0;
  uint64_t files_kept = 0;         // already in the backup (incremental)
  bool incremental = false;        // the destination held a backup of this database
};

// Backs up the database at db_path into dest (created if missing; else it must hold a
// backup of the same database, which is brought up to date). Runs next to a writer in
// this or another process; takes dest's LOCK, never db_path's. InvalidArgument for a
// dest that is something else, Corruption naming the file for damage found in the copy.
Result<BackupResult> BackupDatabase(Env* env, const std::string& db_path, const std::string& dest,
                                    const CopyProgress& progress = {});

struct RestoreResult {
  uint64_t generation = 0;
  uint64_t files_linked = 0;
  uint64_t files_copied = 0;
  uint64_t bytes_copied = 0;
};

// Makes db_path (which must not exist, or be an empty directory) a database equal to the
// backup: checked first, then copied into a temporary sibling directory that is renamed
// into place, so a crash leaves either no database or the whole one. Generation files
// are linked where possible (immutable in both), log segments always copied (the
// restored database's writer appends to them).
Result<RestoreResult> RestoreDatabase(Env* env, const std::string& backup, const std::string& db_path,
                                      const CopyProgress& progress = {});

}  // namespace quiver::storage
