#pragma once
// The byte-level encodings of a data page that the writer uses: the RLE/bit-packed hybrid
// for levels (Encodings.md, "RLE"), PLAIN booleans (bit-packed), and page compression for
// the codecs the writer offers. The mirrors of ingest's decoders (ingest/parquet/encodings.h,
// codec.h), which the tests read them back with.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "quiver/status.h"

namespace quiver::exporter::parquet {

enum class Codec : uint8_t { kUncompressed, kSnappy, kZstd, kGzip };
std::string_view CodecName(Codec codec);

// Appends the hybrid encoding of values[0, count) at `bit_width` bits (1..8 for levels,
// 1..32 for dictionary indices), without a length prefix: a run of 8 or more equal
// values is an RLE run, the rest bit-packed groups of 8 (the last group padded with
// zeros, which readers drop by the value count).
void AppendRleHybrid(const uint8_t* values, size_t count, int bit_width, std::string* out);
void AppendRleHybrid(const uint32_t* values, size_t count, int bit_width, std::string* out);

// Appends `count` booleans (bytes 0/1) PLAIN: one bit each, LSB first.
void AppendPackedBooleans(const uint8_t* values, size_t count, std::string* out);

// One per encoding thread: keeps a zstd context between pages.
class Compressor {
 public:
  // level 0: the codec's default here (zstd 1, gzip 6); snappy has no levels.
  // InvalidArgument for a level the codec does not have.
  static Result<std::unique_ptr<Compressor>> Create(Codec codec, int level);
  ~Compressor();
  Compressor(const Compressor&) = delete;
  Compressor& operator=(const Compressor&) = delete;

  // Replaces *out with the compressed bytes of src (not called for kUncompressed).
  Status Compress(std::string_view src, std::string* out);

 private:
  Compressor(Codec codec, int level);
  Codec codec_;
  int level_;
  struct ZstdContext;
  std::unique_ptr<ZstdContext> zstd_;
};

}  // namespace quiver::exporter::parquet
