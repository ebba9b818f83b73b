#include "ingest/parquet/delta.h"

#include <string>

#include "ingest/parquet/encodings.h"

namespace quiver::ingest::parquet {

Status DeltaBinaryPackedDecoder::ReadVarint(uint64_t* out) {
  return parquet::ReadVarint(data_, size_, &pos_, out, "DELTA_BINARY_PACKED");
}

Status DeltaBinaryPackedDecoder::Init() {
  uint64_t first = 0;
  QUIVER_RETURN_IF_ERROR(ReadVarint(&block_size_));
  QUIVER_RETURN_IF_ERROR(ReadVarint(&miniblocks_));
  QUIVER_RETURN_IF_ERROR(ReadVarint(&total_));
  QUIVER_RETURN_IF_ERROR(ReadVarint(&first));
  if (block_size_ == 0 || block_size_ % 128 != 0 || miniblocks_ == 0 || block_size_ % miniblocks_ != 0 ||
      (block_size_ / miniblocks_) % 32 != 0 || block_size_ > (1u << 20)) {
    return Status::Corruption("DELTA_BINARY_PACKED block of " + std::to_string(block_size_) + " values in " +
                              std::to_string(miniblocks_) + " miniblocks is not valid");
  }
  per_miniblock_ = block_size_ / miniblocks_;
  last_ = static_cast<int64_t>(first >> 1) ^ -static_cast<int64_t>(first & 1);
  return Status::OK();
}

Status DeltaBinaryPackedDecoder::StartBlock() {
  uint64_t zz = 0;
  QUIVER_RETURN_IF_ERROR(ReadVarint(&zz));
  min_delta_ = static_cast<int64_t>(zz >> 1) ^ -static_cast<int64_t>(zz & 1);
  if (size_ - pos_ < miniblocks_) return Status::Corruption("DELTA_BINARY_PACKED bit widths past the end of the data");
  widths_.assign(data_ + pos_, data_ + pos_ + miniblocks_);
  pos_ += miniblocks_;
  for (uint8_t w : widths_) {
    if (w > 64) return Status::Corruption("DELTA_BINARY_PACKED bit width " + std::to_string(w) + " is over 64");
  }
  miniblock_ = 0;
  return StartMiniblock();
}

Status DeltaBinaryPackedDecoder::StartMiniblock() {
  uint64_t bytes = per_miniblock_ * widths_[miniblock_] / 8;
  miniblock_start_ = pos_;
  // The last miniblock with values may be cut short by a writer that does not pad; what
  // is there is read and a value past it is damage.
  pos_ += std::min<uint64_t>(bytes, size_ - pos_);
  miniblock_left_ = per_miniblock_;
  miniblock_index_ = 0;
  return Status::OK();
}

Status DeltaBinaryPackedDecoder::Decode(size_t count, std::vector<int64_t>* out) {
  if (count > total_ - returned_) return Status::Corruption("DELTA_BINARY_PACKED holds fewer values than the page");
  out->reserve(out->size() + count);
  while (count > 0) {
    if (returned_ == 0) {
      out->push_back(last_);
      ++returned_;
      --count;
      continue;
    }
    if (miniblock_left_ == 0) {
      if (widths_.empty() || miniblock_ + 1 >= miniblocks_) {
        QUIVER_RETURN_IF_ERROR(StartBlock());
      } else {
        ++miniblock_;
        QUIVER_RETURN_IF_ERROR(StartMiniblock());
      }
    }
    int width = widths_[miniblock_];
    uint64_t bit = miniblock_index_ * width;
    size_t have = pos_ - miniblock_start_;
    if ((bit + width + 7) / 8 > have) return Status::Corruption("DELTA_BINARY_PACKED miniblock past the end of the data");
    uint64_t delta = UnpackBits(data_ + miniblock_start_, have, bit, width);
    last_ = static_cast<int64_t>(static_cast<uint64_t>(last_) + static_cast<uint64_t>(min_delta_) + delta);
    out->push_back(last_);
    ++miniblock_index_;
    --miniblock_left_;
    ++returned_;
    --count;
  }
  return Status::OK();
}

Status DecodeDeltaBinaryPacked(const uint8_t* data, size_t size, size_t count, ValueBuffer* out) {
  DeltaBinaryPackedDecoder d(data, size);
  QUIVER_RETURN_IF_ERROR(d.Init());
  return d.Decode(count, &out->ints);
}

namespace {

// The delta-packed lengths at the start of data; *end is where the stream after them begins.
Status DecodeLengths(const uint8_t* data, size_t size, size_t count, std::vector<int64_t>* lengths, size_t* end) {
  DeltaBinaryPackedDecoder d(data, size);
  QUIVER_RETURN_IF_ERROR(d.Init());
  if (d.total_values() != count) {
    return Status::Corruption("delta-encoded lengths: " + std::to_string(d.total_values()) + " for " +
                              std::to_string(count) + " values");
  }
  QUIVER_RETURN_IF_ERROR(d.Decode(count, lengths));
  *end = d.position();
  return Status::OK();
}

}  // namespace

Status DecodeDeltaLengthByteArray(const uint8_t* data, size_t size, size_t count, ValueBuffer* out,
                                  size_t* consumed) {
  std::vector<int64_t> lengths;
  size_t pos = 0;
  QUIVER_RETURN_IF_ERROR(DecodeLengths(data, size, count, &lengths, &pos));
  for (int64_t n : lengths) {
    if (n < 0 || static_cast<uint64_t>(n) > size - pos) {
      return Status::Corruption("DELTA_LENGTH_BYTE_ARRAY value past the end of the page");
    }
    out->AppendBytes(std::string_view(reinterpret_cast<const char*>(data + pos), n));
    pos += n;
  }
  *consumed = pos;
  return Status::OK();
}

Status DecodeDeltaByteArray(const uint8_t* data, size_t size, size_t count, ValueBuffer* out) {
  std::vector<int64_t> prefixes;
  size_t pos = 0;
  QUIVER_RETURN_IF_ERROR(DecodeLengths(data, size, count, &prefixes, &pos));
  ValueBuffer suffixes;
  suffixes.storage = ValueStorage::kBytes;
  size_t used = 0;
  QUIVER_RETURN_IF_ERROR(DecodeDeltaLengthByteArray(data + pos, size - pos, count, &suffixes, &used));
  std::string previous;
  for (size_t i = 0; i < count; ++i) {
    if (prefixes[i] < 0 || static_cast<uint64_t>(prefixes[i]) > previous.size()) {
      return Status::Corruption("DELTA_BYTE_ARRAY prefix of " + std::to_string(prefixes[i]) +
                                " bytes is longer than the previous value");
    }
    previous.resize(prefixes[i]);
    previous.append(suffixes.bytes_at(i));
    out->AppendBytes(previous);
  }
  return Status::OK();
}

}  // namespace quiver::ingest::parquet
