// `quiver export DB DIR` (docs/ingest.md, "Export"), over the public API
// (quiver/data_export.h): one snapshot of a database, which may be open and written
// meanwhile, as neo4j-admin CSVs, Parquet, JSON lines or a Cypher script.
#include <iostream>
#include <memory>

#include "commands.h"
#include "guarded.h"
#include "progress_line.h"
#include "quiver/byte_size.h"
#include "quiver/data_export.h"
#include "quiver/error.h"

namespace quiver::cli {
namespace {

struct ExportFlags {
  std::string db, dir, format = "csv", codec = "zstd", at;
  uint32_t threads = 0;
  bool quiet = false;
};

}  // namespace

void RegisterExportCommand(CLI::App& app, CommandHandler& handler) {
  auto flags = std::make_shared<ExportFlags>();
  CLI::App* cmd = app.add_subcommand(
      "export",
      "Write one snapshot of a database (the latest commit, or a named checkpoint) into DIR while other processes "
      "go on writing: --format csv gives neo4j-admin import CSVs with typed headers and a schema.cypher, which "
      "'quiver import NEWDB --from DIR' reads back into the same graph; parquet the same files as Parquet (read "
      "back the same way); jsonl gives JSON lines in APOC's shape; "
      "cypher a script of CREATE statements for 'quiver shell' (small graphs). DIR/export.json, written last, "
      "lists the files.");
  cmd->add_option("db", flags->db, "The database directory (may be open and written by another process)")->required();
  cmd->add_option("dir", flags->dir, "The export directory: new or empty")->required();
  cmd->add_option("--format", flags->format, "csv (default), parquet, jsonl or cypher");
  cmd->add_option("--codec", flags->codec, "Parquet compression: zstd (default), snappy, gzip or none");
  cmd->add_option("--at", flags->at, "Export this named checkpoint (quiver checkpoints) instead of the latest commit");
  cmd->add_option("--threads", flags->threads, "Workers (default: the cores)");
  cmd->add_flag("--quiet", flags->quiet, "No progress line");
  cmd->callback([&handler, flags] {
    handler = [flags] {
      return Guarded("export", [&] {
        ExportOptions options;
        options.format = flags->format;
        options.codec = flags->codec;
        options.at_checkpoint = flags->at;
        options.threads = flags->threads;
        if (!flags->quiet) {
          options.progress = ProgressLineOnStderr("exporting", [](uint64_t done, uint64_t total) {
            return std::to_string(done) + "/" + std::to_string(total) + " parts";
          });
        }
        const ExportSummary s = ExportDatabase(flags->db, flags->dir, options);
        std::cout << "exported " << flags->db << " (generation " << s.generation << ", commit " << s.sequence
                  << ") into " << flags->dir << ": " << s.nodes << " nodes, " << s.relationships
                  << " relationships, " << s.files.size() << " files, " << FormatBytes(s.bytes) << "; " << s.seconds
                  << " s\n";
      });
    };
  });
}

}  // namespace quiver::cli
