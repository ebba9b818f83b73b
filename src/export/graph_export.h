#pragma once
// `quiver export`: one snapshot of a graph written into a directory as neo4j-admin CSV
// files (csv_export.cpp), JSON lines (jsonl_export.cpp), a Cypher script
// (cypher_export.cpp) or Parquet files (parquet_export.cpp), with a manifest,
// export.json, written last: a directory without it is an unfinished export.
// docs/ingest.md, "Export", is the user's description.

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "common/file/env.h"
#include "export/export_format.h"
#include "storage/graph.h"

namespace quiver::exporter {

inline constexpr std::string_view kManifestName = "export.json";
inline constexpr std::string_view kSchemaFileName = "schema.cypher";
inline constexpr std::string_view kSchemaAfterImportFileName = "schema_after_import.cypher";

struct ExportOptions {
  ExportFormat format = ExportFormat::kCsv;
  uint32_t workers = 1;
  uint64_t morsel_nodes = 0;  // nodes per parallel task; 0: from the graph and the workers
  // The statements that make the graph's schema again (main/schema_statements.h):
  // written to schema.cypher, or at the end of the Cypher script; and those `quiver
  // import --schema` does not take yet (relationship UNIQUE and KEY constraints), which
  // an import of the export creates after the data (schema_after_import.cypher).
  std::vector<std::string> schema;
  std::vector<std::string> schema_after_import;
  // Where the snapshot came from, recorded in the manifest.
  std::string source;
  uint64_t generation = 0;
  uint64_t sequence = 0;
  // Parquet: "zstd", "snappy", "gzip" or "none".
  std::string codec = "zstd";
  // Told the entities written so far, out of the total, from the calling thread.
  std::function<void(uint64_t done, uint64_t total)> progress;
};

struct ExportedFile {
  std::string name;           // in the directory
  // "nodes", "relationships", "graph" (jsonl, cypher), "schema" or "schema-after-import"
  std::string kind;
  std::vector<std::string> labels;  // nodes files
  std::string type;                 // relationships files
  uint64_t rows = 0;
  uint64_t bytes = 0;
};

struct ExportResult {
  uint64_t nodes = 0;
  uint64_t relationships = 0;
  char array_delimiter = ';';
  std::vector<ExportedFile> files;
};

// Writes `graph` into `dir`, which must not exist or be empty; created if missing. On
// failure what it wrote is removed. A value the format cannot hold is InvalidArgument
// naming the entity and key.
Result<ExportResult> ExportGraph(Env* env, const GraphReader& graph, const std::string& dir,
                                 const ExportOptions& options);

}  // namespace quiver::exporter
