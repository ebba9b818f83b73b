#pragma once
// Bulk import as a function: what `quiver import` does — neo4j-admin style CSV files
// read through a construction session into a new generation, in parallel and within a
// memory budget — for programs and the language bindings (docs/api.md, "Bulk import").
//
//   quiver::ImportSource people{quiver::ImportSource::Kind::kNodes, {"Person"}, {"people.csv"}};
//   quiver::ImportSource knows{quiver::ImportSource::Kind::kRelationships, {"KNOWS"}, {"knows.csv"}};
//   quiver::ImportSummary s = quiver::ImportCsv("/data/graph", {people, knows});
//
// The header rows use neo4j-admin's format (`id:ID`, `:LABEL`, `:START_ID`, `:END_ID`,
// `:TYPE`, `name:string`, `age:int`, ...; docs/ingest.md). The database must not be open
// elsewhere, and must hold no graph unless `replace` or `incremental`. Nothing is published unless every
// row was read (or skipped, with skip_bad_rows): a failure leaves the database as it was.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "quiver/export.h"

namespace quiver {

struct ImportSource {
  enum class Kind : uint8_t { kNodes, kRelationships };
  Kind kind = Kind::kNodes;
  // Labels every node of the files gets (besides a :LABEL column), or the relationship
  // type (unless a :TYPE column says otherwise; at most one).
  std::vector<std::string> names;
  // The first file's first row is the header; further files hold data rows only.
  std::vector<std::string> files;
};

struct ImportOptions {
  char delimiter = ',';
  char quote = '"';
  char array_delimiter = ';';
  bool integer_ids = false;  // ID columns without {id-type:...} hold integers
  // Leave out bad rows (malformed, wrong type, unknown endpoint, duplicate id, a
  // constraint of schema_path violated) instead
  // of failing; they are counted, and listed in report_path when it is set.
  bool skip_bad_rows = false;
  std::string report_path;
  bool replace = false;  // a database that holds a graph gets this one instead (its schema is kept)
  // Add the files' nodes and relationships to the graph the database holds (its write
  // log included), in a new generation; relationships may end at its nodes by the keys
  // they were imported with, and a key it holds is a duplicate id (docs/ingest.md,
  // "Incremental import"). Into an empty database: a plain import. Excludes replace.
  bool incremental = false;
  // A file of CREATE INDEX / CREATE CONSTRAINT statements the database starts with
  // (`quiver import --schema`): checked before any data is read, its constraints
  // enforced on every row (a violating row is a bad row), its indexes built. Empty: none.
  std::string schema_path;
  uint32_t threads = 0;  // 0: the resource policy's (the cores, bounded by the input)
  std::optional<uint64_t> memory_budget;  // default: the resource policy's
  bool progress = false;  // progress lines on stderr
};

struct ImportSummary {
  uint64_t nodes = 0;
  uint64_t relationships = 0;
  uint64_t bad_rows = 0;
  uint64_t generation = 0;  // the generation published
  double seconds = 0;
};

// Throws ArgumentError (InvalidInput) naming file:line:column for bad input, a
// database that holds a graph (without replace or incremental), or replace with
// incremental; StorageError for the database's own failures.
QUIVER_EXPORT ImportSummary ImportCsv(const std::string& db_path, const std::vector<ImportSource>& sources,
                                      const ImportOptions& options = {});

}  // namespace quiver
