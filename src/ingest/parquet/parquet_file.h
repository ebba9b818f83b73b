#pragma once
// ParquetFile: one Parquet file opened for reading — the magic at both ends checked, the
// footer's FileMetaData parsed, the top-level columns described — and its row groups
// read column by column. Reading is const and thread-safe: row groups are read in
// parallel, each caller with its own Decompressor.
//
// Every failure names where it happened, as `parquet: FILE: row group G, column 'C',
// page P: reason` (or `parquet: FILE: footer: reason`): Corruption for damage (wrong
// magic, truncated footer, a page past its chunk, a checksum or decoding failure),
// NotSupported for what this reader does not read (a type, encoding or codec).

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "common/file/env.h"
#include "ingest/parquet/codec.h"
#include "ingest/parquet/column_reader.h"
#include "ingest/parquet/metadata.h"
#include "ingest/parquet/schema.h"
#include "quiver/status.h"

namespace quiver::ingest::parquet {

class ParquetFile {
 public:
  static Result<std::unique_ptr<ParquetFile>> Open(Env* env, const std::string& path);

  const std::string& path() const { return path_; }
  const FileMetaData& metadata() const { return meta_; }
  const std::vector<ColumnDescriptor>& columns() const { return columns_; }
  size_t row_group_count() const { return meta_.row_groups.size(); }
  uint64_t row_group_rows(size_t g) const { return static_cast<uint64_t>(meta_.row_groups[g].num_rows); }
  uint64_t rows() const;
  // Compressed bytes of row group g's column chunks (progress), and uncompressed (memory).
  uint64_t row_group_bytes(size_t g) const;
  uint64_t row_group_raw_bytes(size_t g) const;

  // Reads the columns `which` (indexes into columns()) of row group g.
  Result<std::vector<DecodedColumn>> ReadRowGroup(size_t g, const std::vector<int>& which,
                                                  Decompressor* decompressor) const;

  // "parquet: FILE: row group G, column 'C'[, page P]: " + status's message, same code.
  Status Located(const Status& s, size_t g, int column, int page = -1) const;

 private:
  ParquetFile() = default;
  std::string path_;
  std::unique_ptr<RandomAccessFile> file_;
  FileMetaData meta_;
  std::vector<ColumnDescriptor> columns_;
};

}  // namespace quiver::ingest::parquet
