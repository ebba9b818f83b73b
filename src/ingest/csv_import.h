#pragma once
// CSV import into a construction session (`quiver import`): node file groups, then
// relationship file groups, each read in segments of whole rows, each segment cut into
// chunks parsed in parallel and handed to the session in input order. A group of
// `.parquet` files is read the same way a window of row groups at a time, each row group
// a chunk (ingest/parquet/parquet_rows.h); its bad rows are named "file: row group G,
// row R, column 'C'".
//
// Bad input (malformed row, wrong type, unknown endpoint, duplicate id, bad header, a
// row that violates a constraint of ImportOptions::schema)
// stops the import with an InvalidArgument "file:line:column: reason"; with
// skip_bad_rows such rows are left out, counted, and listed in the report file
// ("file:line:column: reason", in input order). Either way nothing is published until
// the caller commits the session, so a failed import leaves the database untouched.

#include <cstdint>
#include <string>
#include <vector>

#include "ingest/construction_session.h"
#include "ingest/csv_header.h"
#include "ingest/csv_scan.h"
#include "ingest/graph_feed.h"
#include "ingest/import_constraints.h"

namespace quiver::ingest {

// One --nodes or --relationships occurrence: labels (nodes) or the type (relationships,
// at most one), and its files. The first file's first row is the header; further files
// of the group hold data rows only (neo4j-admin's "header.csv,part1.csv,...").
struct InputGroup {
  FileKind kind = FileKind::kNodes;
  std::vector<std::string> names;
  std::vector<std::string> files;
};

struct ImportOptions {
  // Where the CSV files and the report are read and written; null: Env::Default().
  Env* env = nullptr;
  CsvDialect dialect;
  KeyType default_id_type = KeyType::kString;  // for ID columns without {id-type:...}
  bool skip_bad_rows = false;
  std::string report_path;     // written when skip_bad_rows (empty: not written)
  uint64_t segment_bytes = 0;  // bytes read at a time; 0: from the memory budget
  uint64_t chunk_bytes = 0;    // bytes per parallel parse task; 0: a quarter of a worker's share of each segment
  // Constraints every row must satisfy (--schema); a violating row is a bad row whose
  // reason names the constraint. Null: none.
  const ImportSchema* schema = nullptr;
  // An incremental import (docs/ingest.md, "Incremental import"): the database's live
  // graph, fed before the files' nodes (tokens and keys first, its keys in the one ID
  // space the files name) and before their relationships, so the files' relationships
  // may end at its nodes and a key it holds is a duplicate id. Null: none.
  GraphFeed* existing = nullptr;
};

struct ImportStats {
  uint64_t nodes = 0;
  uint64_t edges = 0;
  uint64_t bad_rows = 0;
  uint64_t input_bytes = 0;  // bytes taken from the input files
};

// Adds every node and relationship of the groups to the session (FinishNodes
// included). The caller commits, or aborts on error.
Result<ImportStats> ImportCsv(const std::vector<InputGroup>& groups, const ImportOptions& options,
                              ConstructionSession* session);

// Total size of the files of the groups of one kind (for progress and --threads auto).
uint64_t InputBytes(const std::vector<InputGroup>& groups, FileKind kind);

}  // namespace quiver::ingest
