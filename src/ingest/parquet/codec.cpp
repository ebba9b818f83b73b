#include "ingest/parquet/codec.h"

#include <lz4.h>
#include <snappy-c.h>
#include <zlib.h>
#include <zstd.h>

#include <string>

namespace quiver::ingest::parquet {

struct Decompressor::ZstdContext {
  ZSTD_DCtx* ctx = ZSTD_createDCtx();
  ~ZstdContext() { ZSTD_freeDCtx(ctx); }
};

Decompressor::Decompressor() : zstd_(std::make_unique<ZstdContext>()) {}
Decompressor::~Decompressor() = default;

namespace {

Status SizeMismatch(Codec codec, size_t got, size_t want) {
  return Status::Corruption(CodecName(codec) + " data decompressed to " + std::to_string(got) +
                            " bytes, the page header says " + std::to_string(want));
}

uint32_t BigEndian32(const uint8_t* p) {
  return (uint32_t{p[0]} << 24) | (uint32_t{p[1]} << 16) | (uint32_t{p[2]} << 8) | uint32_t{p[3]};
}

}  // namespace

Status Decompressor::Decompress(Codec codec, const uint8_t* src, size_t src_size, uint8_t* dst,
                                size_t dst_size) {
  switch (codec) {
    case Codec::kUncompressed:
      if (src_size != dst_size) return SizeMismatch(codec, src_size, dst_size);
      std::copy(src, src + src_size, dst);
      return Status::OK();
    case Codec::kSnappy: {
      size_t n = 0;
      if (snappy_uncompressed_length(reinterpret_cast<const char*>(src), src_size, &n) != SNAPPY_OK) {
        return Status::Corruption("SNAPPY data is damaged (no valid length)");
      }
      if (n != dst_size) return SizeMismatch(codec, n, dst_size);
      if (snappy_uncompress(reinterpret_cast<const char*>(src), src_size, reinterpret_cast<char*>(dst), &n) !=
          SNAPPY_OK) {
        return Status::Corruption("SNAPPY data is damaged");
      }
      return Status::OK();
    }
    case Codec::kGzip:
      return Gzip(src, src_size, dst, dst_size);
    case Codec::kZstd: {
      size_t n = ZSTD_decompressDCtx(zstd_->ctx, dst, dst_size, src, src_size);
      if (ZSTD_isError(n)) return Status::Corruption(std::string("ZSTD data is damaged: ") + ZSTD_getErrorName(n));
      if (n != dst_size) return SizeMismatch(codec, n, dst_size);
      return Status::OK();
    }
    case Codec::kLz4Raw: {
      if (src_size > INT32_MAX || dst_size > INT32_MAX) return Status::Corruption("LZ4_RAW page too large");
      int n = LZ4_decompress_safe(reinterpret_cast<const char*>(src), reinterpret_cast<char*>(dst),
                                  static_cast<int>(src_size), static_cast<int>(dst_size));
      if (n < 0) return Status::Corruption("LZ4_RAW data is damaged");
      if (static_cast<size_t>(n) != dst_size) return SizeMismatch(codec, n, dst_size);
      return Status::OK();
    }
    case Codec::kLz4:
      return Lz4Hadoop(src, src_size, dst, dst_size);
    case Codec::kLzo:
    case Codec::kBrotli:
      break;
  }
  return Status::NotSupported("compression codec " + CodecName(codec) + " is not supported");
}

Status Decompressor::Gzip(const uint8_t* src, size_t src_size, uint8_t* dst, size_t dst_size) {
  z_stream z{};
  // 15 + 32: a zlib or gzip header, detected; writers differ.
  if (inflateInit2(&z, 15 + 32) != Z_OK) return Status::Corruption("GZIP: cannot start inflate");
  z.next_in = const_cast<Bytef*>(src);
  z.avail_in = static_cast<uInt>(src_size);
  z.next_out = dst;
  z.avail_out = static_cast<uInt>(dst_size);
  int rc = Z_OK;
  // Several concatenated gzip members are one stream to a gzip reader.
  while ((rc = inflate(&z, Z_FINISH)) == Z_STREAM_END && z.avail_in > 0 && z.avail_out > 0) {
    if (inflateReset(&z) != Z_OK) break;
  }
  size_t produced = dst_size - z.avail_out;
  inflateEnd(&z);
  if (rc != Z_STREAM_END && !(rc == Z_BUF_ERROR && produced == dst_size && z.avail_in == 0)) {
    return Status::Corruption("GZIP data is damaged");
  }
  if (produced != dst_size) return SizeMismatch(Codec::kGzip, produced, dst_size);
  return Status::OK();
}

// Hadoop's LZ4 framing: blocks of (uncompressed size, compressed size) big-endian then an
// LZ4 block. Some writers labelled LZ4 put a bare LZ4 block instead; that is tried when
// the framing does not fit.
Status Decompressor::Lz4Hadoop(const uint8_t* src, size_t src_size, uint8_t* dst, size_t dst_size) {
  size_t in = 0, out = 0;
  bool framed = src_size >= 8;
  while (framed && in < src_size) {
    if (src_size - in < 8) { framed = false; break; }
    uint32_t raw = BigEndian32(src + in), packed = BigEndian32(src + in + 4);
    in += 8;
    if (packed > src_size - in || raw > dst_size - out || packed > INT32_MAX) { framed = false; break; }
    int n = LZ4_decompress_safe(reinterpret_cast<const char*>(src + in), reinterpret_cast<char*>(dst + out),
                                static_cast<int>(packed), static_cast<int>(raw));
    if (n < 0 || static_cast<uint32_t>(n) != raw) { framed = false; break; }
    in += packed;
    out += raw;
  }
  if (framed && out == dst_size) return Status::OK();
  return Decompress(Codec::kLz4Raw, src, src_size, dst, dst_size);
}

}  // namespace quiver::ingest::parquet
