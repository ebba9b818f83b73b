#pragma once
// LOAD CSV's file side: which file a URL names, inside the import directory only
// (Neo4j's server.directories.import), and a reader that streams its records — a
// segment of the file at a time, never the whole file — through the ingest layer's CSV
// tokenizer (ingest/csv_scan.h: RFC 4180 quoting, quoted line breaks, gzip for *.gz).

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "ingest/csv_scan.h"

namespace quiver::exec {

// The file `url` names: `file:///path` (or `file:/path`), the path taken under
// `import_directory` (an absolute, canonical directory), `%XX` escapes decoded. Throws
// ArgumentError/ExternalResourceFailed for another scheme (http, https, ftp: not
// supported), a malformed URL, or a path that leads outside the directory (`..`, a
// symbolic link), and when the directory is not set.
std::string ResolveCsvUrl(std::string_view url, const std::string& import_directory);

// The records of one CSV file, in order.
class CsvRecordReader {
 public:
  // `url` names the file in error messages. Throws ArgumentError/ExternalResourceFailed
  // when it cannot be opened.
  CsvRecordReader(const std::string& path, std::string url, char delimiter);
  ~CsvRecordReader();

  // The next record's fields (valid until the next call), and the 1-based line it
  // starts on; false at the end. Blank lines are skipped. Throws
  // ArgumentError/ExternalResourceFailed naming the URL, line and column of a malformed
  // record (an unterminated quote, text after a closing quote) or of bytes that are not
  // UTF-8.
  bool Next(std::vector<ingest::Field>& fields, uint64_t& line);

 private:
  bool NextRow(std::string_view& row, uint64_t& line);
  bool Refill();
  [[noreturn]] void Fail(uint64_t line, uint64_t column, const std::string& what) const;

  std::string url_;
  ingest::CsvDialect dialect_;
  std::unique_ptr<ingest::CsvInput> input_;
  std::unique_ptr<ingest::WorkerPool> pool_;  // one worker: SplitRows runs on this thread
  std::string buffer_;                        // unread bytes of the file, from a row start
  uint64_t buffer_line_ = 1;                  // the line buffer_ starts on
  uint64_t split_consumed_ = 0;               // bytes of buffer_ the current chunks cover
  uint64_t split_newlines_ = 0;
  std::vector<ingest::RowRange> chunks_;
  size_t next_chunk_ = 0;
  std::unique_ptr<ingest::RowCursor> cursor_;
  bool eof_ = false;
  bool first_ = true;  // a UTF-8 byte order mark at the start is dropped
  std::string scratch_;
};

}  // namespace quiver::exec
