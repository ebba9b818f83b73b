#pragma once
// Export as functions: what `quiver export` does (docs/ingest.md, "Export"), and the
// import of what it wrote, for programs and the language bindings.
//
//   quiver::ExportSummary e = quiver::ExportDatabase("/data/graph", "/exports/graph");
//   quiver::ImportSummary i = quiver::ImportExported("/data/graph-copy", "/exports/graph");
//
// An export reads one snapshot — the latest commit when it starts, or a named
// checkpoint — while other transactions, in this process or another, go on writing. The
// CSV files are neo4j-admin import files with typed headers; importing them (with the
// schema.cypher written beside them) gives the same graph: the same nodes, labels,
// properties and relationships, and the same indexes and constraints.

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "quiver/export.h"
#include "quiver/import.h"

namespace quiver {

struct ExportOptions {
  // "csv" (neo4j-admin import CSVs), "parquet" (the same files as Parquet), "jsonl"
  // (JSON lines, APOC's shape), "cypher" (a script of CREATE statements, for small graphs).
  std::string format = "csv";
  std::string codec = "zstd";  // Parquet: "zstd", "snappy", "gzip" or "none"
  std::string at_checkpoint;  // a named checkpoint's graph instead of the latest commit
  uint32_t threads = 0;       // 0: the resource policy's (the cores)
  // Told how far the export is: (done, total) in units of work, from the calling thread.
  std::function<void(uint64_t done, uint64_t total)> progress;
};

struct ExportSummary {
  uint64_t nodes = 0;
  uint64_t relationships = 0;
  uint64_t generation = 0;  // of the snapshot
  uint64_t sequence = 0;    // its last commit
  uint64_t bytes = 0;       // written, in every file
  std::vector<std::string> files;  // in the directory, export.json last
  double seconds = 0;
};

// The directory must not exist or be empty. Throws ArgumentError (InvalidInput) for a
// bad format, an occupied directory, an unknown checkpoint, or a value the format cannot
// hold (naming the node or relationship and the key); StorageError for the database's
// own failures. A failed export removes what it wrote.
QUIVER_EXPORT ExportSummary ExportDatabase(const std::string& db_path, const std::string& directory,
                                           const ExportOptions& options = {});

// Imports a CSV or Parquet export directory (its export.json names the files, the array delimiter
// and the schema) into db_path, as ImportCsv does; options' delimiter, quote,
// array_delimiter and schema_path are the export's.
QUIVER_EXPORT ImportSummary ImportExported(const std::string& db_path, const std::string& directory,
                                           const ImportOptions& options = {});

}  // namespace quiver
