#pragma once
// A rank's share of one import file, read as blocks of CSV rows for the shuffle
// (csv_shuffle.h; docs/scale-out.md, "Construction"):
//
//   CSV:     the byte range [r·size/P, (r+1)·size/P), from the first row that starts in
//            it (the header, the file's first line, read by every rank);
//   Parquet: the rows [r·rows/P, (r+1)·rows/P) — the row groups they fall in, a group
//            crossing a boundary decoded by both ranks, each keeping its rows —
//            each row written as a CSV row under a
//            header of the file's column names, a column whose type the Parquet schema
//            gives (a name without `:type`) given that type (`age:long`, `tags:string[]`,
//            `born:date`), so the spooled rows import as the Parquet file would.
//
// What the CSV rows need, from either: rows without a line break inside a field, integer
// ids in the one default ID space (the global vertex id is the id); for CSV plain (not
// gzip) files; for Parquet list elements without the array delimiter. Each is a named
// error.

#include <cstdint>
#include <memory>
#include <string>

#include "ingest/csv_header.h"
#include "ingest/csv_scan.h"

namespace quiver::mpi {

class InputShare {
 public:
  struct Header {
    ingest::CsvHeader parsed;
    std::string id_field;  // the header text of a node file's ID column
    std::string text;      // the header row with its newline (what a spool file starts with)
  };

  // The reader of this rank's share of `path` (Parquet by its ".parquet" name).
  static Result<std::unique_ptr<InputShare>> Open(const std::string& path, ingest::FileKind kind,
                                                  const ingest::CsvDialect& dialect, uint32_t rank,
                                                  uint32_t ranks);
  virtual ~InputShare() = default;

  const Header& header() const { return header_; }
  // Whether rows are left in this rank's share.
  virtual bool done() const = 0;
  // The next whole rows, each ending in '\n', about `bytes` of them (at least one row).
  virtual Status Next(uint64_t bytes, std::string* block) = 0;

 protected:
  Header header_;
};

}  // namespace quiver::mpi
