#pragma once
// A whole CSV import into a database directory — read the schema file, open the
// database, refuse a graph already there unless `replace`, begin a construction session,
// read the groups, commit, build the schema's indexes — shared by `quiver import` and the
// public quiver::ImportCsv (include/quiver/import.h). Nothing is published unless every
// row was read (or skipped, with skip_bad_rows). It lives above ingest because the
// schema is Cypher (main/import_schema.h).

#include <string>
#include <vector>

#include "common/metrics/phase_recorder.h"
#include "ingest/csv_import.h"
#include "ingest/run_options.h"

namespace quiver::main {

struct ImportRun {
  bool replace = false;  // a database that holds a graph gets a new one; else an error
  // Add to the graph the database holds (docs/ingest.md, "Incremental import"): its live
  // graph (generation and write log) and the files' rows go through one construction
  // session into a new generation. Excludes replace.
  bool incremental = false;
  // With incremental: when the live graph is the generation alone, keep its
  // relationship files and append the batch's as segments (LiveGraph::Feed) instead of
  // rebuilding every relationship. Tests turn it off to compare the two.
  bool append_segments = true;
  // CREATE INDEX / CREATE CONSTRAINT statements the new database starts with (and its
  // import enforces); empty: none. With replace, the replaced database's schema is kept
  // and these are added to it.
  std::string schema_path;
  ingest::Resources resources;
  uint64_t spill_edges = 0;  // SessionOptions::spill_edges (tests force the spilling build with it)
  ingest::Progress* progress = nullptr;  // optional
  PhaseCollector* phases = nullptr;      // optional
};

struct ImportOutcome {
  ingest::ImportStats stats;
  bool appended = false;  // an incremental import appended segments (no rebuild)
  std::string why_rebuilt;  // an incremental import that rebuilt: why
  ingest::CommitResult commit;  // its generation: the last published (with the indexes built)
  std::vector<std::string> indexes_built;
  // An incremental import: what the database held before (commit.nodes, .edges: after).
  uint64_t existing_nodes = 0;
  uint64_t existing_relationships = 0;
};

// InvalidArgument "file:line:column: reason" for bad input, "FILE:LINE: message" for a
// bad schema statement (before any data is read), InvalidArgument for a database that
// holds a graph (without replace or incremental) or replace with incremental, the storage
// error otherwise.
Result<ImportOutcome> ImportIntoDatabase(const std::string& db_path, const std::vector<ingest::InputGroup>& groups,
                                         const ingest::ImportOptions& options, const ImportRun& run);

}  // namespace quiver::main
