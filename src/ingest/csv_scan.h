#pragma once
// Reading CSV in parallel (docs/ingest.md, "Parallel CSV"):
//
//  * CsvInput reads a file (plain, or gzip when the name ends in .gz) sequentially into
//    segment buffers;
//  * SplitRows cuts a segment into chunks at row boundaries, in parallel and correctly
//    with quoted newlines: each chunk counts its quote characters and notes its first
//    and last newline under both guesses of the quote parity at its start; a pass over
//    the chunks (O(chunks)) then knows the true parity of every chunk and so its first
//    row boundary. A newline is a row end exactly when the number of quote characters
//    since the segment start is even; the tokenizer uses the same rule, so chunking
//    never changes how a row is read;
//  * RowCursor walks the rows of a chunk and TokenizeRow splits one into fields.

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "common/file/env.h"
#include "ingest/worker_pool.h"

namespace quiver::ingest {

struct CsvDialect {
  char delimiter = ',';
  char quote = '"';
  char array_delimiter = ';';
};

class CsvInput {
 public:
  virtual ~CsvInput() = default;
  // A file named *.gz is decompressed on the fly (zlib).
  static Result<std::unique_ptr<CsvInput>> Open(Env* env, const std::string& path);
  // Appends up to n bytes to *out; 0 at the end of the file. A plain file is read in
  // pieces on the pool's workers when one is given (the page-cache copy is a real share
  // of an import's time); gzip decompresses on the calling thread.
  virtual Result<size_t> Read(size_t n, std::string* out, WorkerPool* pool = nullptr) = 0;
  // Bytes taken from the file so far (compressed bytes for gzip).
  virtual uint64_t file_bytes_read() const = 0;
  virtual uint64_t file_size() const = 0;
};

// Rows [begin, end) of a segment (end is just past a row's newline, or the segment end)
// and the 1-based line the first row starts on.
struct RowRange {
  uint64_t begin = 0, end = 0;
  uint64_t line = 0;
  bool has_quotes = false;  // false: no quote character in the range (fast path)
};

struct SplitResult {
  std::vector<RowRange> chunks;  // in order; possibly empty ranges
  uint64_t consumed = 0;         // bytes of whole rows: the rest starts the next segment
  uint64_t newlines = 0;         // newline bytes in [0, consumed)
};

// Splits data (which starts at a row boundary, on line first_line) into about
// chunk_bytes-sized chunks of whole rows. Without at_eof, a final row that has no
// newline yet is left unconsumed.
SplitResult SplitRows(std::string_view data, bool at_eof, uint64_t first_line, const CsvDialect& dialect,
                      uint64_t chunk_bytes, WorkerPool* pool);

// Walks the rows of a RowRange.
class RowCursor {
 public:
  RowCursor(std::string_view segment, const RowRange& range, char quote)
      : data_(segment),
        at_(range.begin),
        end_(range.end),
        line_(range.line),
        quote_(quote),
        quotes_(range.has_quotes) {}
  // The next row without its line terminator (\n or \r\n); false at the end.
  bool Next(std::string_view* row, uint64_t* line);

 private:
  std::string_view data_;
  uint64_t at_, end_, line_;
  char quote_;
  bool quotes_;
};

struct Field {
  std::string_view text;     // unquoted text (may point into the field scratch)
  uint32_t column = 0;       // 1-based byte column where the field starts, on its line
  uint32_t line_offset = 0;  // lines after the row's first line (quoted newlines)
  bool quoted = false;
};

// Splits a row into fields. Quoted fields lose their quotes and "" becomes ". Returns
// an error message (empty when fine) naming the problem; *bad_column gets its column.
// scratch holds unescaped text; fields point into row or scratch.
std::string TokenizeRow(std::string_view row, const CsvDialect& dialect, std::vector<Field>* fields,
                        std::string* scratch, uint32_t* bad_column);

}  // namespace quiver::ingest
