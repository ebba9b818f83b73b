#pragma once
// Page decompression for the codecs Parquet writers use: SNAPPY, GZIP, ZSTD, LZ4_RAW and
// the deprecated Hadoop-framed LZ4, through Debian's libsnappy, zlib, libzstd and liblz4.
// A page states its uncompressed size; output of any other size is damage.

#include <cstddef>
#include <cstdint>
#include <memory>

#include "ingest/parquet/metadata.h"
#include "quiver/status.h"

namespace quiver::ingest::parquet {

// One per reading thread: it keeps a zstd context between pages.
class Decompressor {
 public:
  Decompressor();
  ~Decompressor();
  Decompressor(const Decompressor&) = delete;
  Decompressor& operator=(const Decompressor&) = delete;

  // Decompresses src into exactly dst_size bytes at dst. NotSupported for LZO and
  // BROTLI, Corruption for bad data or a size other than dst_size.
  Status Decompress(Codec codec, const uint8_t* src, size_t src_size, uint8_t* dst, size_t dst_size);

 private:
  Status Gzip(const uint8_t* src, size_t src_size, uint8_t* dst, size_t dst_size);
  Status Lz4Hadoop(const uint8_t* src, size_t src_size, uint8_t* dst, size_t dst_size);
  struct ZstdContext;
  std::unique_ptr<ZstdContext> zstd_;
};

}  // namespace quiver::ingest::parquet
