// quiver::ImportCsv (include/quiver/import.h): the public face of the CSV import that
// `quiver import` runs (main/import_run.h).

#include "quiver/import.h"

#include <unistd.h>

#include <chrono>
#include <memory>

#include "main/import_run.h"
#include "ingest/progress_reporter.h"
#include "quiver/error.h"

namespace quiver {

ImportSummary ImportCsv(const std::string& db_path, const std::vector<ImportSource>& sources,
                        const ImportOptions& options) {
  const auto started = std::chrono::steady_clock::now();
  std::vector<ingest::InputGroup> groups;
  for (const ImportSource& s : sources) {
    ingest::InputGroup g;
    g.kind = s.kind == ImportSource::Kind::kNodes ? ingest::FileKind::kNodes : ingest::FileKind::kRelationships;
    g.names = s.names;
    g.files = s.files;
    if (g.files.empty()) throw ArgumentError("InvalidInput", "an import source names no file");
    groups.push_back(std::move(g));
  }
  if (groups.empty()) throw ArgumentError("InvalidInput", "nothing to import: no node or relationship files");
  ingest::ImportOptions io;
  io.dialect.delimiter = options.delimiter;
  io.dialect.quote = options.quote;
  io.dialect.array_delimiter = options.array_delimiter;
  if (io.dialect.delimiter == io.dialect.quote) throw ArgumentError("InvalidInput", "the delimiter and the quote must differ");
  io.default_id_type = options.integer_ids ? ingest::KeyType::kInteger : ingest::KeyType::kString;
  io.skip_bad_rows = options.skip_bad_rows;
  io.report_path = options.report_path;

  ingest::RunOptions run_options;
  run_options.threads = options.threads == 0 ? "auto" : std::to_string(options.threads);
  if (options.memory_budget) run_options.memory_budget = std::to_string(*options.memory_budget);
  const uint64_t estimated_edges = ingest::InputBytes(groups, ingest::FileKind::kRelationships) / 16;
  auto resources = ingest::ResolveResources(run_options, estimated_edges);
  if (!resources.ok()) throw ArgumentError("InvalidInput", resources.status().message());
  std::unique_ptr<ingest::ProgressReporter> progress;
  if (options.progress) {
    const bool tty = ::isatty(STDERR_FILENO) != 0;
    progress = std::make_unique<ingest::ProgressReporter>(stderr, tty, std::chrono::milliseconds(tty ? 200 : 5000));
  }
  main::ImportRun run;
  run.replace = options.replace;
  run.incremental = options.incremental;
  run.schema_path = options.schema_path;
  run.resources = *resources;
  run.progress = progress.get();
  auto outcome = main::ImportIntoDatabase(db_path, groups, io, run);
  if (!outcome.ok()) {
    const Status& s = outcome.status();
    if (s.code() == StatusCode::kInvalidArgument) throw ArgumentError("InvalidInput", s.message());
    ThrowIfError(s);
  }
  ImportSummary summary;
  summary.nodes = outcome->commit.nodes;
  summary.relationships = outcome->commit.edges;
  summary.bad_rows = outcome->stats.bad_rows;
  summary.generation = outcome->commit.generation;
  summary.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return summary;
}

}  // namespace quiver
