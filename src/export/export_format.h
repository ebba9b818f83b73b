#pragma once
// The formats `quiver export` writes (docs/ingest.md, "Export").

#include <string_view>

#include "quiver/status.h"

namespace quiver::exporter {

enum class ExportFormat : uint8_t {
  kCsv,        // neo4j-admin import CSVs with typed headers: `quiver import` reads them back
  kParquet,    // the same columns as Parquet files
  kJsonLines,  // one JSON object per node and relationship (APOC's export shape)
  kCypher,     // a script of CREATE statements, for small graphs
};

// "csv", "parquet", "jsonl", "cypher"; InvalidArgument naming the choices otherwise.
Result<ExportFormat> ParseExportFormat(std::string_view name);
std::string_view ExportFormatName(ExportFormat format);

}  // namespace quiver::exporter
