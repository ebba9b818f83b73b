#include "export/parquet/page_encoding.h"

#include <snappy-c.h>
#include <zlib.h>
#include <zstd.h>

#include <algorithm>

#include "common/assert.h"

namespace quiver::exporter::parquet {

std::string_view CodecName(Codec codec) {
  switch (codec) {
    case Codec::kUncompressed: return "UNCOMPRESSED";
    case Codec::kSnappy: return "SNAPPY";
    case Codec::kZstd: return "ZSTD";
    case Codec::kGzip: return "GZIP";
  }
  return "?";
}

namespace {

void AppendVarint(uint64_t v, std::string* out) {
  while (v >= 0x80) {
    out->push_back(static_cast<char>((v & 0x7f) | 0x80));
    v >>= 7;
  }
  out->push_back(static_cast<char>(v));
}

// Whether values[i, i + 8) exist and are all equal: where an RLE run pays.
template <typename T>
bool LongRunAt(const T* values, size_t i, size_t count) {
  if (count - i < 8) return false;
  for (size_t k = 1; k < 8; ++k) {
    if (values[i + k] != values[i]) return false;
  }
  return true;
}

template <typename T>
void RleHybrid(const T* values, size_t count, int bit_width, std::string* out) {
  QUIVER_ASSERT(bit_width >= 1 && bit_width <= static_cast<int>(8 * sizeof(T)));
  size_t i = 0;
  while (i < count) {
    if (LongRunAt(values, i, count)) {
      size_t end = i + 8;
      while (end < count && values[end] == values[i]) ++end;
      AppendVarint(static_cast<uint64_t>(end - i) << 1, out);
      for (int b = 0; b < (bit_width + 7) / 8; ++b) {  // the value in ceil(bit_width / 8) bytes
        out->push_back(static_cast<char>((static_cast<uint64_t>(values[i]) >> (8 * b)) & 0xff));
      }
      i = end;
      continue;
    }
    // Groups of 8 until a long run starts (63 groups at most: a one-byte header).
    size_t groups = 0;
    size_t start = i;
    do {
      i += 8;
      ++groups;
    } while (i < count && groups < 63 && !LongRunAt(values, i, count));
    AppendVarint((groups << 1) | 1, out);
    uint64_t acc = 0;
    int bits = 0;
    for (size_t k = start; k < start + groups * 8; ++k) {
      acc |= static_cast<uint64_t>(k < count ? values[k] : 0) << bits;
      bits += bit_width;
      while (bits >= 8) {
        out->push_back(static_cast<char>(acc & 0xff));
        acc >>= 8;
        bits -= 8;
      }
    }
    i = std::min(i, count);
  }
}

}  // namespace

void AppendRleHybrid(const uint8_t* values, size_t count, int bit_width, std::string* out) {
  RleHybrid(values, count, bit_width, out);
}

void AppendRleHybrid(const uint32_t* values, size_t count, int bit_width, std::string* out) {
  RleHybrid(values, count, bit_width, out);
}

void AppendPackedBooleans(const uint8_t* values, size_t count, std::string* out) {
  size_t at = out->size();
  out->resize(at + (count + 7) / 8, '\0');
  char* dst = out->data() + at;
  for (size_t k = 0; k < count; ++k) dst[k / 8] = static_cast<char>(dst[k / 8] | (values[k] << (k % 8)));
}

struct Compressor::ZstdContext {
  ZSTD_CCtx* ctx = ZSTD_createCCtx();
  ~ZstdContext() { ZSTD_freeCCtx(ctx); }
};

Compressor::Compressor(Codec codec, int level) : codec_(codec), level_(level) {
  if (codec == Codec::kZstd) zstd_ = std::make_unique<ZstdContext>();
}
Compressor::~Compressor() = default;

Result<std::unique_ptr<Compressor>> Compressor::Create(Codec codec, int level) {
  switch (codec) {
    case Codec::kUncompressed:
    case Codec::kSnappy:
      if (level != 0) {
        return Status::InvalidArgument("parquet: " + std::string(CodecName(codec)) + " has no compression levels (got " +
                                       std::to_string(level) + ")");
      }
      break;
    case Codec::kZstd:
      if (level == 0) level = 1;  // zstd's own default is 3; 1 keeps compression off an export's critical path
      if (level < ZSTD_minCLevel() || level > ZSTD_maxCLevel()) {
        return Status::InvalidArgument("parquet: ZSTD compression level " + std::to_string(level) + " is out of range (" +
                                       std::to_string(ZSTD_minCLevel()) + ".." + std::to_string(ZSTD_maxCLevel()) + ")");
      }
      break;
    case Codec::kGzip:
      if (level == 0) level = Z_DEFAULT_COMPRESSION;
      if (level != Z_DEFAULT_COMPRESSION && (level < 1 || level > 9)) {
        return Status::InvalidArgument("parquet: GZIP compression level " + std::to_string(level) +
                                       " is out of range (1..9)");
      }
      break;
  }
  return std::unique_ptr<Compressor>(new Compressor(codec, level));
}

Status Compressor::Compress(std::string_view src, std::string* out) {
  switch (codec_) {
    case Codec::kUncompressed:
      out->assign(src);
      return Status::OK();
    case Codec::kSnappy: {
      size_t n = snappy_max_compressed_length(src.size());
      out->resize(n);
      if (snappy_compress(src.data(), src.size(), out->data(), &n) != SNAPPY_OK) {
        return Status::IOError("parquet: SNAPPY compression failed");
      }
      out->resize(n);
      return Status::OK();
    }
    case Codec::kZstd: {
      out->resize(ZSTD_compressBound(src.size()));
      size_t n = ZSTD_compressCCtx(zstd_->ctx, out->data(), out->size(), src.data(), src.size(), level_);
      if (ZSTD_isError(n)) return Status::IOError(std::string("parquet: ZSTD compression failed: ") + ZSTD_getErrorName(n));
      out->resize(n);
      return Status::OK();
    }
    case Codec::kGzip: {
      z_stream z{};
      // 15 + 16: a gzip header, as the specification's GZIP codec is (RFC 1952).
      if (deflateInit2(&z, level_, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
        return Status::IOError("parquet: GZIP compression could not start");
      }
      out->resize(deflateBound(&z, src.size()));
      z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(src.data()));
      z.avail_in = static_cast<uInt>(src.size());
      z.next_out = reinterpret_cast<Bytef*>(out->data());
      z.avail_out = static_cast<uInt>(out->size());
      int rc = deflate(&z, Z_FINISH);
      size_t n = out->size() - z.avail_out;
      deflateEnd(&z);
      if (rc != Z_STREAM_END) return Status::IOError("parquet: GZIP compression failed");
      out->resize(n);
      return Status::OK();
    }
  }
  return Status::OK();
}

}  // namespace quiver::exporter::parquet
