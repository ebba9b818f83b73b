#pragma once
// The Thrift structures the writer emits (parquet.thrift): a data page's PageHeader and
// the footer's FileMetaData with its schema, row groups, column chunks, statistics and
// column orders. Field numbers are the specification's, as ingest/parquet/metadata.h
// reads them.

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "export/parquet/column_buffer.h"
#include "export/parquet/page_encoding.h"

namespace quiver::exporter::parquet {

// A column chunk's Statistics: min/max as PLAIN bytes (min_value/max_value, meaningful
// with the TYPE_ORDER column order the footer declares), absent where not computed.
struct ChunkStatistics {
  int64_t null_count = 0;
  std::optional<std::string> min, max;
};

// What the footer says of one column chunk.
struct ChunkRecord {
  int64_t offset = 0;  // of its first page, from the start of the file
  int64_t compressed_size = 0;    // page headers included
  int64_t uncompressed_size = 0;  // page headers included
  int64_t num_values = 0;         // levels: values, nulls and empty lists
  int64_t dictionary_size = 0;    // bytes of its dictionary page, header included (0: none), first in the chunk
  std::optional<ChunkStatistics> stats;
};

struct RowGroupRecord {
  int64_t rows = 0;
  Codec codec = Codec::kUncompressed;
  std::vector<ChunkRecord> chunks;  // one per column, in schema order
};

// A DATA_PAGE (v1) header: PLAIN or RLE_DICTIONARY values, RLE levels, a CRC-32 of the
// page's stored bytes.
void AppendDataPageHeader(int32_t uncompressed_size, int32_t compressed_size, uint32_t crc, int32_t num_values,
                          bool dictionary_indices, std::string* out);
// A DICTIONARY_PAGE header: num_values PLAIN values.
void AppendDictionaryPageHeader(int32_t uncompressed_size, int32_t compressed_size, uint32_t crc, int32_t num_values,
                                std::string* out);

// The footer's FileMetaData (without its length and magic).
std::string SerializeFileMetaData(std::span<const ColumnSpec> columns, std::span<const RowGroupRecord> row_groups,
                                  const std::string& created_by);

}  // namespace quiver::exporter::parquet
