#pragma once
// Encoding one row group: every column's buffer cut into data pages (v1: RLE levels, PLAIN
// values or, for text, dictionary indices after a dictionary page) of about
// WriterOptions::page_bytes of values each, always at a row boundary, each page
// compressed and checksummed. EncodeRowGroup is a pure function of its inputs,
// so an exporter encodes several row groups on several threads and hands them to one
// FileWriter in order (file_writer.h).

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "export/parquet/column_buffer.h"
#include "export/parquet/metadata_writer.h"
#include "export/parquet/page_encoding.h"
#include "quiver/status.h"

namespace quiver::exporter::parquet {

struct WriterOptions {
  Codec codec = Codec::kZstd;
  int compression_level = 0;  // 0: the codec's default here (zstd 1, gzip 6)
  // Uncompressed value bytes per data page (about: a page ends at the first row boundary
  // past it), so that a large row group is not one giant page.
  uint64_t page_bytes = uint64_t{1} << 20;
  // Text columns are dictionary-encoded per chunk while their distinct values take at
  // most this many bytes (PLAIN) and are at most half the values; otherwise PLAIN. 0: never.
  uint64_t dictionary_bytes = uint64_t{1} << 20;
};

struct EncodedChunk {
  std::string bytes;  // the pages, headers included, as they go into the file
  ChunkRecord record;  // offset 0: FileWriter::Append places it
};

struct EncodedRowGroup {
  std::vector<ColumnSpec> columns;  // what it was encoded for (checked by FileWriter::Append)
  Codec codec = Codec::kUncompressed;
  uint64_t rows = 0;
  std::vector<EncodedChunk> chunks;  // one per column

  uint64_t bytes() const;
};

// InvalidArgument when buffers do not match columns (count, type, shape) or differ in
// rows, or for a compression level the codec does not have.
Result<EncodedRowGroup> EncodeRowGroup(std::span<const ColumnSpec> columns, std::span<const ColumnBuffer> buffers,
                                       const WriterOptions& options);

}  // namespace quiver::exporter::parquet
