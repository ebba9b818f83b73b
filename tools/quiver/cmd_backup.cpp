// `quiver backup DB DEST` and `quiver restore BACKUP DB` (docs/ingest.md, "Backup and
// restore"), over the public API (quiver/backup.h): an online, checked, incremental
// copy of a database that may be open and written meanwhile, and a new database made
// from one.
#include <iostream>
#include <memory>

#include "commands.h"
#include "guarded.h"
#include "progress_line.h"
#include "quiver/backup.h"
#include "quiver/byte_size.h"
#include "quiver/error.h"

namespace quiver::cli {
namespace {

struct CopyFlags {
  std::string from, to;
  bool quiet = false;
};

BackupOptions WithProgress(const CopyFlags& flags, const char* label) {
  BackupOptions options;
  if (!flags.quiet) {
    options.progress = ProgressLineOnStderr(label, [](uint64_t done, uint64_t total) {
      return FormatBytes(done) + "/" + FormatBytes(total);
    });
  }
  return options;
}

}  // namespace

void RegisterBackupCommands(CLI::App& app, CommandHandler& handler) {
  auto backup_flags = std::make_shared<CopyFlags>();
  CLI::App* backup = app.add_subcommand(
      "backup",
      "Back up a database while it runs: its live generation (hard-linked where the file system allows) and the "
      "write log past it, into DEST; the backup holds every commit acknowledged before it began, is checked "
      "before it is reported, and opens as a database. Into a DEST that holds an earlier backup of the same "
      "database, only what changed is copied.");
  backup->add_option("db", backup_flags->from, "The database directory (may be open and written by another process)")
      ->required();
  backup->add_option("dest", backup_flags->to, "The backup directory: new, empty, or an earlier backup of DB")
      ->required();
  backup->add_flag("--quiet", backup_flags->quiet, "No progress line");
  backup->callback([&handler, backup_flags] {
    handler = [backup_flags] {
      return Guarded("backup", [&] {
        const BackupSummary s =
            BackupDatabase(backup_flags->from, backup_flags->to, WithProgress(*backup_flags, "backing up"));
        std::cout << (s.incremental ? "updated backup " : "backup ") << backup_flags->to << ": generation "
                  << s.generation << " and " << s.last_sequence << " commits after it; " << s.files_linked
                  << " files linked, " << s.files_copied << " copied (" << FormatBytes(s.bytes_copied) << "), "
                  << s.files_kept << " kept; checked; " << s.seconds << " s\n";
      });
    };
  });

  auto restore_flags = std::make_shared<CopyFlags>();
  CLI::App* restore = app.add_subcommand(
      "restore",
      "Make a new database DB from a backup (checked first). DB must not exist or be an empty directory; a crash "
      "leaves either no database there or the whole one.");
  restore->add_option("backup", restore_flags->from, "A backup directory made by 'quiver backup'")->required();
  restore->add_option("db", restore_flags->to, "The database to create")->required();
  restore->add_flag("--quiet", restore_flags->quiet, "No progress line");
  restore->callback([&handler, restore_flags] {
    handler = [restore_flags] {
      return Guarded("restore", [&] {
        const RestoreSummary s =
            RestoreDatabase(restore_flags->from, restore_flags->to, WithProgress(*restore_flags, "restoring"));
        std::cout << "restored " << restore_flags->to << " from " << restore_flags->from << ": generation "
                  << s.generation << "; " << s.files_linked << " files linked, " << s.files_copied << " copied ("
                  << FormatBytes(s.bytes_copied) << "); " << s.seconds << " s\n";
      });
    };
  });
}

}  // namespace quiver::cli
