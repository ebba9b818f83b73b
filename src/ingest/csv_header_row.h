#pragma once
// The header row of a CSV file of `quiver import`: read (as many bytes as its quoted
// newlines need), tokenized, checked as UTF-8 and parsed (csv_header.h). Errors name
// "file:line:column: header: ...".

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "common/file/env.h"
#include "ingest/csv_header.h"
#include "ingest/csv_scan.h"

namespace quiver::ingest {

inline bool StartsWithBom(std::string_view s) { return s.size() >= 3 && s.substr(0, 3) == "\xEF\xBB\xBF"; }

struct CsvHeaderRow {
  CsvHeader header;
  std::vector<std::string> fields;  // the row's fields as written
  uint64_t bytes = 0;  // of the row and its newline, a UTF-8 BOM included
  uint64_t lines = 0;  // newlines in the row, its own included
};

Result<CsvHeaderRow> ReadCsvHeaderRow(Env* env, const std::string& path, const CsvDialect& dialect, FileKind kind);

}  // namespace quiver::ingest
