#pragma once
// What an export directory holds for an import (`quiver import --from DIR`,
// quiver::ImportExported): its export.json read back as the import's file groups, the
// array delimiter the files use, and the schema file.

#include <string>
#include <vector>

#include "ingest/csv_import.h"

namespace quiver::main {

struct ExportedGraph {
  std::vector<ingest::InputGroup> groups;  // nodes first
  char array_delimiter = ';';
  std::string schema_path;  // DIR/schema.cypher
  // DIR/schema_after_import.cypher (CreateSchemaAfterImport), or empty.
  std::string schema_after_import_path;
};

// InvalidArgument for a directory without export.json (not an export, or an unfinished
// one), a damaged manifest, or an export of a format import does not read (jsonl,
// cypher: "run graph.cypher with quiver shell").
Result<ExportedGraph> ReadExportedGraph(const std::string& dir);

}  // namespace quiver::main
