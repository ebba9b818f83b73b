#pragma once
// FileWriter: one Parquet file written row group by row group (docs/ingest.md, "Parquet
// export files"). Create writes the leading magic; Append writes an encoded row group's
// column chunks at once (memory: the row group in hand); Finish writes the footer
// (FileMetaData in Thrift compact), its length and the magic, and fsyncs. A file without
// Finish is not a Parquet file: readers refuse it for its missing footer.
//
// Errors name the file: "parquet: FILE: reason". Not thread-safe: one thread appends, in
// the order the row groups are to be read.

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "common/file/env.h"
#include "export/parquet/column_buffer.h"
#include "export/parquet/metadata_writer.h"
#include "export/parquet/row_group.h"
#include "quiver/status.h"

namespace quiver::exporter::parquet {

class FileWriter {
 public:
  // Creates (or truncates) path. InvalidArgument for no columns, an empty or repeated
  // column name, or a compression level the codec does not have; the Env's IOError,
  // with the path, when the file cannot be created.
  static Result<std::unique_ptr<FileWriter>> Create(Env* env, const std::string& path, std::vector<ColumnSpec> columns,
                                                    WriterOptions options);
  ~FileWriter();
  FileWriter(const FileWriter&) = delete;
  FileWriter& operator=(const FileWriter&) = delete;

  // InvalidArgument when the group was encoded for other columns. A group of zero rows
  // adds nothing (a file of zero rows has no row groups).
  Status Append(EncodedRowGroup group);
  // Encodes and appends on the calling thread.
  Status Append(std::span<const ColumnBuffer> buffers);
  Status Finish();

  uint64_t rows() const { return rows_; }
  uint64_t bytes_written() const;
  const std::vector<ColumnSpec>& columns() const { return columns_; }
  const WriterOptions& options() const { return options_; }
  const std::string& path() const { return path_; }

 private:
  FileWriter() = default;
  Status Located(const Status& s) const;

  std::string path_;
  std::vector<ColumnSpec> columns_;
  WriterOptions options_;
  std::unique_ptr<WritableFile> file_;
  std::vector<RowGroupRecord> row_groups_;
  uint64_t rows_ = 0;
  bool finished_ = false;
};

}  // namespace quiver::exporter::parquet
