#include "exec/csv/csv_source.h"

#include <filesystem>
#include <system_error>

#include "common/file/env.h"
#include "common/utf8.h"
#include "ingest/worker_pool.h"
#include "quiver/error.h"

namespace quiver::exec {

namespace {

namespace fs = std::filesystem;

// Bytes read from the file at a time: a record longer than this grows the buffer.
constexpr size_t kSegmentBytes = 1 << 20;

[[noreturn]] void FailResource(const std::string& message) {
  throw ArgumentError("ExternalResourceFailed", message, ErrorPhase::kRuntime);
}

int HexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

std::string DecodePercent(std::string_view text, std::string_view url) {
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '%') {
      out.push_back(text[i]);
      continue;
    }
    int hi = i + 2 < text.size() ? HexDigit(text[i + 1]) : -1;
    int lo = i + 2 < text.size() ? HexDigit(text[i + 2]) : -1;
    if (hi < 0 || lo < 0) FailResource("Invalid URL '" + std::string(url) + "': a '%' must start an escape %XX");
    out.push_back(static_cast<char>(hi * 16 + lo));
    i += 2;
  }
  return out;
}

bool StartsWithNoCase(std::string_view text, std::string_view prefix) {
  if (text.size() < prefix.size()) return false;
  for (size_t i = 0; i < prefix.size(); ++i) {
    char c = text[i];
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    if (c != prefix[i]) return false;
  }
  return true;
}

// Whether `path` is `dir` or lies under it (both canonical).
bool Inside(const fs::path& path, const fs::path& dir) {
  auto p = path.begin();
  for (auto d = dir.begin(); d != dir.end(); ++d, ++p) {
    if (d->empty()) continue;  // a trailing separator
    if (p == path.end() || *p != *d) return false;
  }
  return true;
}

}  // namespace

std::string ResolveCsvUrl(std::string_view url, const std::string& import_directory) {
  std::string quoted(1, '\'');
  quoted.append(url).push_back('\'');
  for (std::string_view scheme : {"http:", "https:", "ftp:", "s3:", "gs:", "azb:"}) {
    if (StartsWithNoCase(url, scheme)) {
      FailResource("LOAD CSV from " + quoted + ": " + std::string(scheme.substr(0, scheme.size() - 1)) +
                   " URLs are not supported; only file:/// URLs of files in the import directory are");
    }
  }
  if (!StartsWithNoCase(url, "file:")) {
    FailResource("LOAD CSV from " + quoted + ": expected a file:/// URL (a file in the import directory)");
  }
  std::string_view rest = url.substr(5);
  if (rest.starts_with("//")) {
    rest.remove_prefix(2);
    // file://host/path: only the local host, written as nothing or `localhost`.
    if (StartsWithNoCase(rest, "localhost/")) rest.remove_prefix(9);
    if (!rest.starts_with("/")) FailResource("LOAD CSV from " + quoted + ": only local files (file:///path) can be read");
  }
  if (rest.find('?') != std::string_view::npos || rest.find('#') != std::string_view::npos) {
    FailResource("LOAD CSV from " + quoted + ": a file URL takes no query or fragment");
  }
  const std::string relative = DecodePercent(rest, url);
  if (relative.find('\0') != std::string::npos) FailResource("LOAD CSV from " + quoted + ": the path holds a NUL byte");
  if (import_directory.empty()) {
    FailResource("LOAD CSV from " + quoted + ": the database has no import directory");
  }
  // The path is taken under the import directory, as Neo4j does with its import
  // setting: `file:///data/x.csv` is `<import>/data/x.csv`. Canonical forms resolve
  // `..` and symbolic links, so what lies outside cannot be reached through either.
  std::error_code ec;
  const fs::path dir = fs::weakly_canonical(fs::path(import_directory), ec);
  if (ec) FailResource("LOAD CSV: the import directory " + import_directory + " cannot be read: " + ec.message());
  const fs::path file = fs::weakly_canonical(dir / fs::path(relative).relative_path(), ec);
  if (ec) FailResource("Couldn't load the external resource at: " + std::string(url) + " (" + ec.message() + ")");
  if (!Inside(file, dir)) {
    FailResource("Couldn't load the external resource at: " + std::string(url) +
                 " (the path leads outside the import directory " + dir.string() + ")");
  }
  return file.string();
}

CsvRecordReader::CsvRecordReader(const std::string& path, std::string url, char delimiter)
    : url_(std::move(url)), pool_(std::make_unique<ingest::WorkerPool>(1)) {
  dialect_.delimiter = delimiter;
  std::error_code ec;
  if (fs::is_directory(path, ec)) FailResource("Couldn't load the external resource at: " + url_ + " (a directory)");
  auto input = ingest::CsvInput::Open(Env::Default(), path);
  if (!input.ok()) {
    FailResource("Couldn't load the external resource at: " + url_ + " (" + input.status().message() + ")");
  }
  input_ = std::move(input).value();
}

CsvRecordReader::~CsvRecordReader() = default;

void CsvRecordReader::Fail(uint64_t line, uint64_t column, const std::string& what) const {
  FailResource("LOAD CSV: " + url_ + ", line " + std::to_string(line) + ", column " + std::to_string(column) + ": " +
               what);
}

// Drops the rows read, reads more of the file, and splits the unread bytes into rows
// (a row cut by the segment's end waits for the next read). False at the end.
bool CsvRecordReader::Refill() {
  buffer_.erase(0, split_consumed_);
  buffer_line_ += split_newlines_;
  split_consumed_ = split_newlines_ = 0;
  chunks_.clear();
  next_chunk_ = 0;
  cursor_.reset();
  for (;;) {
    if (eof_ && buffer_.empty()) return false;
    if (!eof_) {
      auto got = input_->Read(kSegmentBytes, &buffer_);
      if (!got.ok()) FailResource("LOAD CSV: reading " + url_ + " failed: " + got.status().message());
      if (*got == 0) eof_ = true;
      if (first_ && buffer_.size() >= 3) {
        if (buffer_.compare(0, 3, "\xEF\xBB\xBF") == 0) buffer_.erase(0, 3);
        first_ = false;
      }
    }
    ingest::SplitResult split = ingest::SplitRows(buffer_, eof_, buffer_line_, dialect_,
                                                  /*chunk_bytes=*/UINT64_MAX / 2, pool_.get());
    if (split.consumed == 0 && !eof_) continue;  // no whole row yet: read more
    split_consumed_ = eof_ ? buffer_.size() : split.consumed;
    split_newlines_ = split.newlines;
    chunks_ = std::move(split.chunks);
    if (eof_ && chunks_.empty()) {
      buffer_.clear();
      return false;
    }
    return true;
  }
}

bool CsvRecordReader::NextRow(std::string_view& row, uint64_t& line) {
  for (;;) {
    if (cursor_ && cursor_->Next(&row, &line)) return true;
    if (next_chunk_ < chunks_.size()) {
      cursor_ = std::make_unique<ingest::RowCursor>(buffer_, chunks_[next_chunk_++], dialect_.quote);
      continue;
    }
    if (!Refill()) return false;
  }
}

bool CsvRecordReader::Next(std::vector<ingest::Field>& fields, uint64_t& line) {
  std::string_view row;
  if (!NextRow(row, line)) return false;
  uint32_t bad_column = 0;
  std::string error = ingest::TokenizeRow(row, dialect_, &fields, &scratch_, &bad_column);
  if (!error.empty()) Fail(line, bad_column, error);
  for (const auto& field : fields) {
    size_t bad = FindInvalidUtf8(field.text);
    if (bad != std::string_view::npos) {
      Fail(line + field.line_offset, field.column, "not UTF-8: " + DescribeInvalidUtf8Byte(field.text, bad));
    }
  }
  return true;
}

}  // namespace quiver::exec
