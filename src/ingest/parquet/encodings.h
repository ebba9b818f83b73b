#pragma once
// Page value and level decoders: the RLE/bit-packed hybrid (levels, dictionary indices,
// RLE booleans), the deprecated BIT_PACKED levels, PLAIN and BYTE_STREAM_SPLIT. Each
// decodes exactly the values asked for or returns a Corruption saying what is wrong;
// no read goes past the bytes given.

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "ingest/parquet/metadata.h"
#include "ingest/parquet/values.h"
#include "quiver/status.h"

namespace quiver::ingest::parquet {

// The RLE/bit-packed hybrid (Encodings.md, "RLE"), without a length prefix.
class RleDecoder {
 public:
  RleDecoder(const uint8_t* data, size_t size, int bit_width) : data_(data), size_(size), bit_width_(bit_width) {}
  // Appends `count` values to out.
  Status Decode(size_t count, std::vector<uint32_t>* out);

 private:
  Status NextRun();
  const uint8_t* data_;
  size_t size_;
  size_t pos_ = 0;
  int bit_width_;
  uint64_t rle_left_ = 0;
  uint32_t rle_value_ = 0;
  uint64_t packed_left_ = 0;  // values left in the current bit-packed run
  uint64_t packed_bit_ = 0;   // bit position of the next packed value (from pos_ of the run)
  size_t packed_start_ = 0;
};

// An unsigned LEB128 varint at data[*pos] (the RLE run headers, the delta encodings'
// headers); `what` names the encoding in the error.
Status ReadVarint(const uint8_t* data, size_t size, size_t* pos, uint64_t* out, std::string_view what);

// Bits needed for values up to max_value (0 for 0).
int BitWidth(uint64_t max_value);
// LSB-first unpacking of `count` values of `bit_width` bits from bit offset `bit` of data;
// the caller checked that data holds them.
uint64_t UnpackBits(const uint8_t* data, size_t size, uint64_t bit, int bit_width);

// Levels of one page, `count` of them at max_level (Encodings.md: RLE or BIT_PACKED).
Status DecodeLevels(Encoding encoding, const uint8_t* data, size_t size, int max_level, size_t count,
                    std::vector<uint32_t>* out);

// PLAIN values; *consumed is the bytes read. type_length: FIXED_LEN_BYTE_ARRAY's width.
Status DecodePlain(PhysicalType type, int32_t type_length, const uint8_t* data, size_t size, size_t count,
                   ValueBuffer* out, size_t* consumed);
// BYTE_STREAM_SPLIT of the fixed-width types.
Status DecodeByteStreamSplit(PhysicalType type, int32_t type_length, const uint8_t* data, size_t size,
                             size_t count, ValueBuffer* out);
// BOOLEAN in RLE (data page v2): a 4-byte length, then the hybrid at bit width 1.
Status DecodeRleBooleans(const uint8_t* data, size_t size, size_t count, ValueBuffer* out);

}  // namespace quiver::ingest::parquet
