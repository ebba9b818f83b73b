// `quiver import DB --nodes[=Label[:Label...]] FILE... --relationships[=TYPE] FILE...`:
// neo4j-admin style CSV (or Parquet) into a database, through a construction session. Nothing is
// published unless every row was read (or skipped, with --skip-bad-rows).
#include <unistd.h>

#include <iostream>
#include <memory>

#include "commands.h"
#include "common/metrics/phase_recorder.h"
#include "main/export_manifest.h"
#include "main/import_run.h"
#include "main/import_schema.h"
#include "ingest/progress_reporter.h"
#include "ingest/run_options.h"

namespace quiver::cli {
namespace {

struct ImportCliOptions {
  std::string delimiter = ",";
  std::string quote = "\"";
  std::string array_delimiter = ";";
  std::string id_type = "string";
  bool skip_bad_rows = false;
  std::string report_file = "import.report";
  bool replace = false;
  bool incremental = false;
  std::string schema;
  std::string from;  // an export directory (quiver export)
  uint64_t segment_bytes = 0;
  uint64_t chunk_bytes = 0;
  ingest::RunOptions run;
};

std::string Split(const std::string& s, char sep, std::vector<std::string>* out) {
  size_t at = 0;
  while (at <= s.size()) {
    size_t next = s.find(sep, at);
    if (next == std::string::npos) next = s.size();
    if (next == at) return "empty name in '" + s + "'";
    out->push_back(s.substr(at, next - at));
    at = next + 1;
  }
  return {};
}

// The arguments CLI11 left over, in order: DB, then --nodes/--relationships groups.
std::string ParseInputs(const std::vector<std::string>& args, std::string* db,
                        std::vector<ingest::InputGroup>* groups) {
  ingest::InputGroup* current = nullptr;
  for (const std::string& a : args) {
    if (a.rfind("--", 0) == 0) {
      const size_t eq = a.find('=');
      const std::string flag = a.substr(0, eq);
      if (flag != "--nodes" && flag != "--relationships") return "unknown option '" + a + "'";
      ingest::InputGroup g;
      g.kind = flag == "--nodes" ? ingest::FileKind::kNodes : ingest::FileKind::kRelationships;
      if (eq != std::string::npos) {
        std::string value = a.substr(eq + 1);
        // neo4j-admin 5: --nodes=Label=file1,file2
        const size_t files_at = value.find('=');
        if (files_at != std::string::npos) {
          std::string error = Split(value.substr(files_at + 1), ',', &g.files);
          if (!error.empty()) return error;
          value.resize(files_at);
        }
        std::string error = Split(value, ':', &g.names);
        if (!error.empty()) return error;
      }
      groups->push_back(std::move(g));
      current = &groups->back();
      if (!current->files.empty()) current = nullptr;  // the =files form takes no more
      continue;
    }
    if (current == nullptr) {
      if (!db->empty() || !groups->empty()) return "unexpected argument '" + a + "'";
      *db = a;
      continue;
    }
    // One source per FILE; FILE1,FILE2 is one source whose first file holds the header.
    ingest::InputGroup g;
    g.kind = current->kind;
    g.names = current->names;
    std::string error = Split(a, ',', &g.files);
    if (!error.empty()) return error;
    if (current->files.empty()) {
      current->files = g.files;
    } else {
      groups->push_back(std::move(g));
      current = &groups->back();
    }
  }
  if (db->empty()) return "missing DB";
  for (const auto& g : *groups) {
    if (g.files.empty()) return "--nodes and --relationships need at least one FILE";
  }
  return {};
}

bool OneChar(const std::string& flag, const std::string& value, char* out, std::string* error) {
  if (value == "\\t" || value == "TAB" || value == "tab") {
    *out = '\t';
    return true;
  }
  // ASCII: a byte of a multi-byte UTF-8 character would cut characters in two.
  if (value.size() != 1 || value == "\n" || value == "\r" || static_cast<unsigned char>(value[0]) >= 0x80) {
    *error = flag + " must be one ASCII character (or TAB), not '" + value + "'";
    return false;
  }
  *out = value[0];
  return true;
}

int Fail(const std::string& what) {
  std::cerr << "quiver import: " << what << "\n";
  return kExitFailure;
}

int RunImport(const ImportCliOptions& o, const std::vector<std::string>& extras) {
  std::string db_path;
  std::vector<ingest::InputGroup> groups;
  std::string error = ParseInputs(extras, &db_path, &groups);
  ingest::ImportOptions io;
  if (error.empty()) {
    if (OneChar("--delimiter", o.delimiter, &io.dialect.delimiter, &error) &&
        OneChar("--quote", o.quote, &io.dialect.quote, &error) &&
        OneChar("--array-delimiter", o.array_delimiter, &io.dialect.array_delimiter, &error)) {
      if (io.dialect.delimiter == io.dialect.quote) error = "--delimiter and --quote must differ";
    }
  }
  if (error.empty()) {
    if (o.id_type == "string") {
      io.default_id_type = ingest::KeyType::kString;
    } else if (o.id_type == "integer" || o.id_type == "int") {
      io.default_id_type = ingest::KeyType::kInteger;
    } else {
      error = "--id-type must be string or integer";
    }
  }
  std::string schema_path = o.schema;
  std::string after_import;  // an export's schema_after_import.cypher
  if (error.empty() && !o.from.empty()) {
    if (!groups.empty() || !o.schema.empty()) {
      error = "--from reads the files and the schema an export lists; give no --nodes, --relationships or --schema";
    } else {
      auto exported = main::ReadExportedGraph(o.from);
      if (!exported.ok()) return Fail(exported.status().message());
      groups = std::move(exported->groups);
      io.dialect = ingest::CsvDialect{};
      io.dialect.array_delimiter = exported->array_delimiter;
      schema_path = exported->schema_path;
      after_import = exported->schema_after_import_path;
    }
  }
  if (error.empty() && groups.empty()) error = "nothing to import: give --nodes and/or --relationships files";
  if (error.empty() && o.replace && o.incremental) error = "--incremental and --replace exclude each other";
  if (!error.empty()) {
    std::cerr << "quiver import: " << error << "\nRun 'quiver import --help' for usage.\n";
    return kExitUsage;
  }
  io.skip_bad_rows = o.skip_bad_rows;
  io.report_path = o.report_file;
  io.segment_bytes = o.segment_bytes;
  io.chunk_bytes = o.chunk_bytes;

  // About 16 bytes a relationship row: enough to size --threads auto.
  const uint64_t estimated_edges = ingest::InputBytes(groups, ingest::FileKind::kRelationships) / 16;
  auto resources = ingest::ResolveResources(o.run, estimated_edges);
  if (!resources.ok()) {
    std::cerr << "quiver import: " << resources.status().message() << "\n";
    return kExitUsage;
  }
  std::unique_ptr<ingest::ProgressReporter> progress;
  if (!o.run.quiet) {
    const bool tty = ::isatty(STDERR_FILENO) != 0;
    progress =
        std::make_unique<ingest::ProgressReporter>(stderr, tty, std::chrono::milliseconds(tty ? 200 : 5000));
  }
  PhaseCollector phases;
  const ProcessSnapshot start = ProcessSnapshot::Take();
  main::ImportRun run;
  run.replace = o.replace;
  run.incremental = o.incremental;
  run.schema_path = schema_path;
  run.resources = *resources;
  run.progress = progress.get();
  run.phases = &phases;
  auto imported = main::ImportIntoDatabase(db_path, groups, io, run);
  if (!imported.ok()) {
    // Bad input is named by file:line:column alone; anything else by its status.
    const Status& s = imported.status();
    return Fail(s.code() == StatusCode::kInvalidArgument ? s.message() : s.ToString());
  }
  if (!after_import.empty()) {
    if (Status s = main::CreateSchemaAfterImport(db_path, after_import); !s.ok()) return Fail(s.message());
  }
  const ingest::ImportStats& stats = imported->stats;
  const ingest::CommitResult* result = &imported->commit;
  progress.reset();
  if (stats.bad_rows > 0) {
    std::cout << "skipped " << stats.bad_rows << " bad rows; see " << o.report_file << "\n";
  }
  if (o.incremental) {
    std::cout << "added " << result->nodes - imported->existing_nodes << " nodes and "
              << result->edges - imported->existing_relationships << " relationships to "
              << imported->existing_nodes << " nodes and " << imported->existing_relationships
              << " relationships ("
              << (imported->appended ? "appended as relationship segments"
                                     : "relationships rebuilt: " + imported->why_rebuilt)
              << ")\n";
  }
  for (const std::string& index : imported->indexes_built) std::cout << "built index " << index << "\n";
  std::cout << "published generation " << result->generation << " of " << db_path << "\n";
  ingest::Summary summary;
  summary.nodes = result->nodes;
  summary.edges = result->edges;
  summary.input_bytes = stats.input_bytes;
  summary.published_bytes = result->published_bytes;
  summary.scratch_bytes = result->scratch_bytes_written;
  summary.spilled = result->spilled;
  summary.memory_floor = result->memory_floor_bytes;
  summary.workers = resources->workers;
  summary.memory_budget = resources->memory_budget;
  return ReportIngestRun("import", summary, start, phases, o.run);
}

}  // namespace

void RegisterImportCommand(CLI::App& app, CommandHandler& handler) {
  auto o = std::make_shared<ImportCliOptions>();
  auto* cmd = app.add_subcommand("import", "Import CSV or Parquet files (neo4j-admin header format) into a database.");
  cmd->allow_extras();
  cmd->add_option("--delimiter", o->delimiter, "Field delimiter, one character or TAB (default ,)");
  cmd->add_option("--quote", o->quote, "Quote character (default \")");
  cmd->add_option("--array-delimiter", o->array_delimiter,
                  "Separator of array elements and labels (default ;)");
  cmd->add_option("--id-type", o->id_type,
                  "string or integer: the type of ID columns without {id-type:...} (default string)");
  cmd->add_flag(
      "--skip-bad-rows", o->skip_bad_rows,
      "Leave out bad rows (malformed, wrong type, unknown endpoint, duplicate id, a constraint violated) "
      "instead of stopping; they are counted and listed in the report file");
  cmd->add_option("--report-file", o->report_file,
                  "Where --skip-bad-rows lists skipped rows (default import.report)");
  cmd->add_flag("--replace", o->replace,
                "Replace the graph of a database that already holds one (its indexes and constraints are kept)");
  cmd->add_flag("--incremental", o->incremental,
                "Add the files' nodes and relationships to the graph the database holds (its write log included) "
                "in a new generation; relationships may end at its nodes by their ids; an id it holds is a "
                "duplicate id. The database's relationship files are kept and the files' relationships appended "
                "as segments (the cost is the files' and the nodes'), unless the write log holds commits or a "
                "type has 8 segments: then every relationship is rebuilt. 'quiver compact' folds segments "
                "(docs/ingest.md, \"Incremental import\")");
  cmd->add_option("--schema", o->schema,
                  "A file of CREATE INDEX / CREATE CONSTRAINT statements (;-separated) the database starts with: "
                  "checked before any data is read; the constraints are enforced on every row, the indexes "
                  "built before the import ends");
  cmd->add_option("--from", o->from,
                  "Import what 'quiver export --format csv' wrote into this directory: its export.json names the "
                  "files, the array delimiter and the schema (no --nodes, --relationships or --schema then)");
  cmd->add_option("--segment-bytes", o->segment_bytes,
                  "Input read at a time (tuning; default from the budget)");
  cmd->add_option("--chunk-bytes", o->chunk_bytes,
                  "Input per parallel parse task (tuning; default: what a segment holds / (4 x workers), at least 64 KiB)");
  AddIngestRunOptions(cmd, &o->run);
  cmd->footer(
      "Usage: quiver import DB [OPTIONS] --nodes[=Label[:Label...]] FILE... --relationships[=TYPE] "
      "FILE...\n"
      "       quiver import DB --from EXPORT_DIR   (what 'quiver export' wrote)\n\n"
      "  DB                      the database directory (created if missing; first argument)\n"
      "  --nodes[=Labels] FILE...  node files; every node gets the labels (plus any :LABEL column)\n"
      "  --relationships[=TYPE] FILE...  relationship files; TYPE unless a :TYPE column says otherwise\n"
      "  --nodes=Labels=F1,F2    neo4j-admin form; F1,F2 is one source whose header is F1's first row\n"
      "Each FILE is one source with its own header row. Files ending in .gz are decompressed.\n"
      "Files ending in .parquet are Parquet: their column names are the header fields, and a property\n"
      "  column without a :type takes the Parquet column's type (docs/ingest.md, \"Parquet\"); a CSV\n"
      "  header file before Parquet files (header.csv,part.parquet) names their columns instead.\n"
      "Header fields: id:ID, id:ID(Space), id:ID{id-type:int}, :LABEL, :START_ID(Space), :END_ID(Space),\n"
      "  :TYPE, :IGNORE, name, name:string, age:int, score:float, ok:boolean, tags:string[] (also long,\n"
      "  short, byte, double, char; date, localtime, time, localdatetime, datetime, duration as ISO-8601 text).\n"
      "  Errors name file:line:column (Parquet: file, row group, row, column);\n"
      "  nothing is published on failure.\n"
      "A row that violates a --schema constraint (NOT NULL, IS :: TYPE, UNIQUE, NODE KEY) is a bad row\n"
      "  naming the constraint; UNIQUE and NODE KEY keep the first row of a key in input order.\n"
      "--incremental: the files' ID, :START_ID and :END_ID columns name one ID space, in which the\n"
      "  database's node ids live too (integer ids need --id-type integer again); the database's\n"
      "  constraints hold for the new rows against its nodes as well.");
  cmd->callback([&handler, o, cmd] {
    std::vector<std::string> extras = cmd->remaining();
    handler = [o, extras] { return RunImport(*o, extras); };
  });
}

}  // namespace quiver::cli
