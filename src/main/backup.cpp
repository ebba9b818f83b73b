// The public backup API (quiver/backup.h) over storage/backup.h.

#include "quiver/backup.h"

#include <chrono>

#include "main/input_errors.h"
#include "quiver/error.h"
#include "storage/backup.h"

namespace quiver {
namespace {

using Clock = std::chrono::steady_clock;

double SecondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// A path as given, without trailing slashes: "db/" and "db" are one directory, and the
// restore's staging sibling is "db.restoring", not "db/.restoring".
std::string Trimmed(std::string path) {
  while (path.size() > 1 && path.back() == '/') path.pop_back();
  return path;
}

}  // namespace

BackupSummary BackupDatabase(const std::string& db_path, const std::string& destination,
                             const BackupOptions& options) {
  const Clock::time_point start = Clock::now();
  const storage::BackupResult r = main::ValueOrThrow(
      storage::BackupDatabase(Env::Default(), Trimmed(db_path), Trimmed(destination), options.progress));
  BackupSummary s;
  s.generation = r.generation;
  s.last_sequence = r.last_sequence;
  s.files_linked = r.files_linked;
  s.files_copied = r.files_copied;
  s.files_kept = r.files_kept;
  s.bytes_copied = r.bytes_copied;
  s.incremental = r.incremental;
  s.seconds = SecondsSince(start);
  return s;
}

RestoreSummary RestoreDatabase(const std::string& backup, const std::string& db_path, const BackupOptions& options) {
  const Clock::time_point start = Clock::now();
  const storage::RestoreResult r =
      main::ValueOrThrow(storage::RestoreDatabase(Env::Default(), Trimmed(backup), Trimmed(db_path), options.progress));
  RestoreSummary s;
  s.generation = r.generation;
  s.files_linked = r.files_linked;
  s.files_copied = r.files_copied;
  s.bytes_copied = r.bytes_copied;
  s.seconds = SecondsSince(start);
  return s;
}

}  // namespace quiver
