// `mpirun -np P quiver-mpi import DIR --nodes FILE... --relationships FILE...`: CSV or
// Parquet files in the format of `quiver import` (neo4j-admin headers), built as a
// partitioned database. Every rank reads its share of every file (a CSV byte range,
// Parquet file's 1/P of the rows: input_share.h) and sends rows to their owners (csv_shuffle.h);
// each partition is then built by the ordinary CSV import.
#include <iostream>
#include <memory>

#include "build_flags.h"
#include "commands.h"
#include "csv_shuffle.h"

namespace quiver::mpi {
namespace {

struct ImportOptions {
  std::vector<std::string> nodes;
  std::vector<std::string> relationships;
  BuildFlags build;
};

int RunImport(const ImportOptions& o, const Comm& comm) {
  auto options = MakeBuildOptions(o.build, comm, 0);
  if (!options.ok()) {
    if (comm.rank() == 0) std::cerr << "quiver-mpi import: " << options.status().message() << "\n";
    return kExitUsage;
  }
  CsvShuffle shuffle(comm, PartitionPath(options->dir, static_cast<uint32_t>(comm.rank())) + ".import",
                     options->shuffle_budget);
  BuildSteps steps;
  steps.shuffle = [&](ingest::WorkerPool*) { return shuffle.Run(o.nodes, o.relationships); };
  steps.feed = [&](ingest::ConstructionSession* session, PartitionEntry* entry) {
    return shuffle.Feed(session, entry);
  };
  steps.rounds = [&] { return shuffle.rounds(); };
  steps.bytes_sent = [&] { return shuffle.bytes_sent(); };
  steps.input_bytes = [&] { return shuffle.input_bytes(); };
  return RunBuild(comm, *options, steps);
}

}  // namespace

void RegisterImportCommand(CLI::App& app, CommandHandler& handler) {
  auto o = std::make_shared<ImportOptions>();
  auto* cmd =
      app.add_subcommand("import", "Import CSV or Parquet files (quiver import's format) as a partitioned database: "
                                   "each rank reads a byte range of every CSV file and 1/P of every Parquet "
                                   "file's rows.");
  AddBuildFlags(cmd, &o->build);
  cmd->add_option("--nodes", o->nodes, "A node file (header in its first row); repeatable")->required();
  cmd->add_option("--relationships", o->relationships,
                  "A relationship file (header in its first row); repeatable");
  cmd->footer(
      "Ids must be integers in the default ID space: the id is the global vertex id. Files are cut at "
      "newlines, so\n"
      "no quoted field may span lines; gzip files are refused.");
  cmd->callback([&handler, o] { handler = [o](const Comm& comm) { return RunImport(*o, comm); }; });
}

}  // namespace quiver::mpi
