#pragma once
// The delta encodings (Encodings.md): DELTA_BINARY_PACKED for INT32/INT64, and for byte
// arrays DELTA_LENGTH_BYTE_ARRAY (delta-packed lengths, then the bytes) and
// DELTA_BYTE_ARRAY (delta-packed prefix lengths shared with the previous value, then the
// suffixes as DELTA_LENGTH_BYTE_ARRAY). Arithmetic wraps, as the writers' does.

#include <cstddef>
#include <cstdint>
#include <vector>

#include "ingest/parquet/values.h"
#include "quiver/status.h"

namespace quiver::ingest::parquet {

class DeltaBinaryPackedDecoder {
 public:
  DeltaBinaryPackedDecoder(const uint8_t* data, size_t size) : data_(data), size_(size) {}
  // Reads the header; total_values() is then known.
  Status Init();
  uint64_t total_values() const { return total_; }
  // Appends the next `count` values (count <= values left).
  Status Decode(size_t count, std::vector<int64_t>* out);
  // Bytes consumed so far (after the last value decoded: the end of its miniblock).
  size_t position() const { return pos_; }

 private:
  Status ReadVarint(uint64_t* out);
  Status StartBlock();
  Status StartMiniblock();
  const uint8_t* data_;
  size_t size_;
  size_t pos_ = 0;
  uint64_t block_size_ = 0, miniblocks_ = 0, per_miniblock_ = 0, total_ = 0, returned_ = 0;
  int64_t last_ = 0, min_delta_ = 0;
  std::vector<uint8_t> widths_;
  size_t miniblock_ = 0;            // index in the block of the current miniblock
  uint64_t miniblock_left_ = 0;     // values left in it
  size_t miniblock_start_ = 0;      // its first byte
  uint64_t miniblock_index_ = 0;    // next value's index in it
};

Status DecodeDeltaBinaryPacked(const uint8_t* data, size_t size, size_t count, ValueBuffer* out);
Status DecodeDeltaLengthByteArray(const uint8_t* data, size_t size, size_t count, ValueBuffer* out,
                                  size_t* consumed);
Status DecodeDeltaByteArray(const uint8_t* data, size_t size, size_t count, ValueBuffer* out);

}  // namespace quiver::ingest::parquet
