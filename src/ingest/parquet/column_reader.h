#pragma once
// Reads one column chunk of one row group: its pages in order (dictionary, data v1 and
// v2, index pages skipped), each checked against its CRC when it has one, decompressed,
// its levels and values decoded. The result is the chunk's defined values and, from the
// levels, where each row's value or list lies.

#include <cstddef>
#include <cstdint>
#include <vector>

#include "ingest/parquet/codec.h"
#include "ingest/parquet/metadata.h"
#include "ingest/parquet/schema.h"
#include "ingest/parquet/values.h"
#include "quiver/status.h"

namespace quiver::ingest::parquet {

enum class RowState : uint8_t { kNull = 0, kPresent = 1, kNullElement = 2 };

struct DecodedColumn {
  ValueBuffer values;
  uint64_t rows = 0;
  // Empty when every row holds exactly value `row` (a flat column without nulls, the
  // common case, kept cheap). Otherwise one state per row, and begin: rows + 1 offsets
  // into values (a flat row's value is values[begin[row]] when present).
  std::vector<RowState> state;
  std::vector<uint64_t> begin;

  RowState StateOf(uint64_t row) const { return state.empty() ? RowState::kPresent : state[row]; }
  uint64_t ValueIndex(uint64_t row) const { return begin.empty() ? row : begin[row]; }
  uint64_t ValueEnd(uint64_t row) const { return begin.empty() ? row + 1 : begin[row + 1]; }
};

// Where a failure happened: the page's number (0-based, in chunk order), set as pages are read.
struct ChunkPosition {
  int page = -1;
};

// chunk: the chunk's bytes (from its first page to its total_compressed_size). Errors
// carry the reason only; *position says which page.
Result<DecodedColumn> ReadColumnChunk(const ColumnDescriptor& column, const ColumnMetaData& meta,
                                      uint64_t num_rows, const uint8_t* chunk, size_t size,
                                      Decompressor* decompressor, ChunkPosition* position);

}  // namespace quiver::ingest::parquet
