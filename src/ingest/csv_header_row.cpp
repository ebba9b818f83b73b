#include "ingest/csv_header_row.h"

#include <cstdlib>

#include "common/utf8.h"

namespace quiver::ingest {
namespace {

std::string At(const std::string& file, uint64_t line, uint32_t column) {
  return file + ':' + std::to_string(line) + ':' + std::to_string(column);
}

}  // namespace

Result<CsvHeaderRow> ReadCsvHeaderRow(Env* env, const std::string& path, const CsvDialect& dialect, FileKind kind) {
  QUIVER_ASSIGN_OR_RETURN(auto in, CsvInput::Open(env, path));
  std::string buf;
  const char quote = dialect.quote;
  for (size_t want = 1 << 16;; want *= 2) {
    QUIVER_ASSIGN_OR_RETURN(size_t n, in->Read(want, &buf));
    const size_t start = StartsWithBom(buf) ? 3 : 0;
    bool in_quotes = false;
    size_t end = std::string::npos;
    uint64_t lines = 0;
    for (size_t i = start; i < buf.size(); ++i) {
      if (buf[i] == quote) in_quotes = !in_quotes;
      if (buf[i] == '\n') {
        if (!in_quotes) {
          end = i;
          break;
        }
        ++lines;
      }
    }
    if (end == std::string::npos && n == want) continue;  // the header row goes on
    if (end == std::string::npos) end = buf.size();
    CsvHeaderRow out;
    out.bytes = end < buf.size() ? end + 1 : end;
    out.lines = lines + (end < buf.size() ? 1 : 0);
    std::string_view row(buf.data() + start, end - start);
    if (!row.empty() && row.back() == '\r') row.remove_suffix(1);
    if (row.empty()) return Status::InvalidArgument(At(path, 1, 1) + ": empty header row");
    std::vector<Field> fields;
    std::string scratch;
    uint32_t column = 1;
    std::string error = TokenizeRow(row, dialect, &fields, &scratch, &column);
    if (!error.empty()) return Status::InvalidArgument(At(path, 1, column) + ": header: " + error);
    for (const Field& f : fields) {
      if (size_t bad = FindInvalidUtf8(f.text); bad != std::string_view::npos) {
        uint32_t at = f.column + (f.quoted ? 0 : static_cast<uint32_t>(bad));
        return Status::InvalidArgument(At(path, 1 + f.line_offset, at) + ": header: not valid UTF-8 (" +
                                       DescribeInvalidUtf8Byte(f.text, bad) + ")");
      }
    }
    std::vector<std::string> names;
    std::vector<uint64_t> columns;
    for (const Field& f : fields) {
      names.emplace_back(f.text);
      columns.push_back(f.column);
    }
    auto header = ParseHeader(names, columns, kind);
    if (!header.ok()) {
      // Messages start "column C (...)": name the file and line too.
      std::string msg = header.status().message();
      uint64_t col = 1;
      if (msg.rfind("column ", 0) == 0) col = std::strtoull(msg.c_str() + 7, nullptr, 10);
      return Status::InvalidArgument(At(path, 1, static_cast<uint32_t>(col)) + ": header: " + msg);
    }
    out.header = std::move(header).value();
    out.fields = std::move(names);
    return out;
  }
}


}  // namespace quiver::ingest
