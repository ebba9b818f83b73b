#include "export/export_format.h"

#include <string>

namespace quiver::exporter {

Result<ExportFormat> ParseExportFormat(std::string_view name) {
  for (ExportFormat f : {ExportFormat::kCsv, ExportFormat::kParquet, ExportFormat::kJsonLines, ExportFormat::kCypher}) {
    if (name == ExportFormatName(f)) return f;
  }
  return Status::InvalidArgument("unknown export format '" + std::string(name) +
                                 "' (choose csv, parquet, jsonl or cypher)");
}

std::string_view ExportFormatName(ExportFormat format) {
  switch (format) {
    case ExportFormat::kCsv: return "csv";
    case ExportFormat::kParquet: return "parquet";
    case ExportFormat::kJsonLines: return "jsonl";
    case ExportFormat::kCypher: return "cypher";
  }
  return "csv";
}

}  // namespace quiver::exporter
