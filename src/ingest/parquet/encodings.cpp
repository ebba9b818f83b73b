#include "ingest/parquet/encodings.h"

#include <cstring>
#include <string>

namespace quiver::ingest::parquet {

ValueStorage StorageOf(PhysicalType type) {
  switch (type) {
    case PhysicalType::kFloat:
    case PhysicalType::kDouble:
      return ValueStorage::kDoubles;
    case PhysicalType::kByteArray:
    case PhysicalType::kFixedLenByteArray:
    case PhysicalType::kInt96:
      return ValueStorage::kBytes;
    default:
      return ValueStorage::kInts;
  }
}

void ValueBuffer::AppendFrom(const ValueBuffer& dict, uint32_t i) {
  switch (storage) {
    case ValueStorage::kInts: ints.push_back(dict.ints[i]); break;
    case ValueStorage::kDoubles: doubles.push_back(dict.doubles[i]); break;
    case ValueStorage::kBytes: AppendBytes(dict.bytes_at(i)); break;
  }
}

int BitWidth(uint64_t max_value) {
  int w = 0;
  while (max_value != 0) {
    ++w;
    max_value >>= 1;
  }
  return w;
}

uint64_t UnpackBits(const uint8_t* data, size_t size, uint64_t bit, int bit_width) {
  if (bit_width == 0) return 0;
  size_t byte = bit / 8;
  unsigned shift = bit % 8;
  uint64_t word = 0;
  if (byte + 8 <= size) {
    std::memcpy(&word, data + byte, 8);
  } else {
    for (size_t i = 0; byte + i < size && i < 8; ++i) word |= uint64_t{data[byte + i]} << (8 * i);
  }
  uint64_t v = word >> shift;
  // Up to 57 bits fit in the 64-bit word at any shift; wider values (delta miniblocks go
  // to 64) take the high bits from a ninth byte.
  if (shift != 0 && bit_width + shift > 64 && byte + 8 < size) v |= uint64_t{data[byte + 8]} << (64 - shift);
  return bit_width == 64 ? v : v & ((uint64_t{1} << bit_width) - 1);
}

Status ReadVarint(const uint8_t* data, size_t size, size_t* pos, uint64_t* out, std::string_view what) {
  uint64_t v = 0;
  for (int shift = 0;; shift += 7) {
    if (*pos >= size) return Status::Corruption(std::string(what) + " varint past the end of the data");
    if (shift > 63) return Status::Corruption(std::string(what) + " varint too long");
    uint8_t b = data[(*pos)++];
    v |= uint64_t{b & 0x7fu} << shift;
    if ((b & 0x80) == 0) break;
  }
  *out = v;
  return Status::OK();
}

Status RleDecoder::NextRun() {
  uint64_t header = 0;
  QUIVER_RETURN_IF_ERROR(ReadVarint(data_, size_, &pos_, &header, "RLE run header"));
  if ((header & 1) == 0) {
    rle_left_ = header >> 1;
    if (rle_left_ == 0) return Status::Corruption("empty RLE run");
    size_t width = (bit_width_ + 7) / 8;
    if (size_ - pos_ < width) return Status::Corruption("RLE run value past the end of the data");
    uint32_t v = 0;
    for (size_t i = 0; i < width; ++i) v |= uint32_t{data_[pos_ + i]} << (8 * i);
    pos_ += width;
    rle_value_ = v;
    return Status::OK();
  }
  uint64_t groups = header >> 1;
  if (groups == 0) return Status::Corruption("empty bit-packed run");
  if (groups > (size_ - pos_ + 1)) return Status::Corruption("bit-packed run past the end of the data");
  uint64_t bytes = groups * bit_width_;  // 8 values of bit_width bits a group
  // The last run may be cut short by writers that drop its padding: the values it holds
  // are the bits that are there.
  uint64_t avail = std::min<uint64_t>(bytes, size_ - pos_);
  packed_left_ = bit_width_ == 0 ? groups * 8 : std::min<uint64_t>(groups * 8, avail * 8 / bit_width_);
  if (packed_left_ == 0) return Status::Corruption("bit-packed run past the end of the data");
  packed_start_ = pos_;
  packed_bit_ = 0;
  pos_ += avail;
  return Status::OK();
}

Status RleDecoder::Decode(size_t count, std::vector<uint32_t>* out) {
  if (bit_width_ < 0 || bit_width_ > 32) {
    return Status::Corruption("RLE bit width " + std::to_string(bit_width_) + " is over 32");
  }
  out->reserve(out->size() + count);
  while (count > 0) {
    if (rle_left_ == 0 && packed_left_ == 0) QUIVER_RETURN_IF_ERROR(NextRun());
    if (rle_left_ > 0) {
      uint64_t n = std::min<uint64_t>(rle_left_, count);
      out->insert(out->end(), n, rle_value_);
      rle_left_ -= n;
      count -= n;
      continue;
    }
    uint64_t n = std::min<uint64_t>(packed_left_, count);
    const uint8_t* run = data_ + packed_start_;
    size_t run_size = pos_ - packed_start_;
    for (uint64_t i = 0; i < n; ++i) {
      out->push_back(static_cast<uint32_t>(UnpackBits(run, run_size, packed_bit_, bit_width_)));
      packed_bit_ += bit_width_;
    }
    packed_left_ -= n;
    count -= n;
  }
  return Status::OK();
}

Status DecodeLevels(Encoding encoding, const uint8_t* data, size_t size, int max_level, size_t count,
                    std::vector<uint32_t>* out) {
  int width = BitWidth(max_level);
  size_t start = out->size();
  if (encoding == Encoding::kRle) {
    QUIVER_RETURN_IF_ERROR(RleDecoder(data, size, width).Decode(count, out));
  } else if (encoding == Encoding::kBitPacked) {
    // The deprecated BIT_PACKED: values packed from the most significant bit.
    if ((count * width + 7) / 8 > size) return Status::Corruption("BIT_PACKED levels past the end of the data");
    for (size_t i = 0; i < count; ++i) {
      uint32_t v = 0;
      for (int b = 0; b < width; ++b) {
        uint64_t bit = i * width + b;
        v = (v << 1) | ((data[bit / 8] >> (7 - bit % 8)) & 1);
      }
      out->push_back(v);
    }
  } else {
    return Status::NotSupported("level encoding " + EncodingName(encoding) + " is not supported");
  }
  for (size_t i = start; i < out->size(); ++i) {
    if ((*out)[i] > static_cast<uint32_t>(max_level)) {
      return Status::Corruption("level " + std::to_string((*out)[i]) + " above the column's maximum " +
                                std::to_string(max_level));
    }
  }
  return Status::OK();
}

namespace {

Status Short(std::string_view what) {
  return Status::Corruption(std::string(what) + " values past the end of the page");
}

size_t FixedWidth(PhysicalType type, int32_t type_length) {
  switch (type) {
    case PhysicalType::kInt32:
    case PhysicalType::kFloat:
      return 4;
    case PhysicalType::kInt64:
    case PhysicalType::kDouble:
      return 8;
    case PhysicalType::kInt96:
      return 12;
    case PhysicalType::kFixedLenByteArray:
      return type_length > 0 ? static_cast<size_t>(type_length) : 0;
    default:
      return 0;
  }
}

// Appends one fixed-width little-endian value from `bytes`.
void AppendFixed(PhysicalType type, const uint8_t* bytes, size_t width, ValueBuffer* out) {
  switch (type) {
    case PhysicalType::kInt32: {
      int32_t v;
      std::memcpy(&v, bytes, 4);
      out->ints.push_back(v);
      break;
    }
    case PhysicalType::kInt64: {
      int64_t v;
      std::memcpy(&v, bytes, 8);
      out->ints.push_back(v);
      break;
    }
    case PhysicalType::kFloat: {
      float v;
      std::memcpy(&v, bytes, 4);
      out->doubles.push_back(v);
      break;
    }
    case PhysicalType::kDouble: {
      double v;
      std::memcpy(&v, bytes, 8);
      out->doubles.push_back(v);
      break;
    }
    default:
      out->AppendBytes(std::string_view(reinterpret_cast<const char*>(bytes), width));
      break;
  }
}

}  // namespace

Status DecodePlain(PhysicalType type, int32_t type_length, const uint8_t* data, size_t size, size_t count,
                   ValueBuffer* out, size_t* consumed) {
  if (type == PhysicalType::kBoolean) {
    if ((count + 7) / 8 > size) return Short("BOOLEAN");
    out->ints.reserve(out->ints.size() + count);
    for (size_t i = 0; i < count; ++i) out->ints.push_back((data[i / 8] >> (i % 8)) & 1);
    *consumed = (count + 7) / 8;
    return Status::OK();
  }
  if (type == PhysicalType::kByteArray) {
    size_t pos = 0;
    out->ends.reserve(out->ends.size() + count);
    for (size_t i = 0; i < count; ++i) {
      if (size - pos < 4) return Short("BYTE_ARRAY");
      uint32_t n;
      std::memcpy(&n, data + pos, 4);
      pos += 4;
      if (n > size - pos) return Short("BYTE_ARRAY");
      out->AppendBytes(std::string_view(reinterpret_cast<const char*>(data + pos), n));
      pos += n;
    }
    *consumed = pos;
    return Status::OK();
  }
  size_t width = FixedWidth(type, type_length);
  if (width == 0) return Status::Corruption("fixed-length byte array of width " + std::to_string(type_length));
  if (count > size / width) return Short(PhysicalTypeName(type));
  *consumed = count * width;
  if (count == 0) return Status::OK();  // (memcpy of nothing from a null page is still undefined)
  if (type == PhysicalType::kInt64) {
    // The hot path of integer ids: one copy.
    size_t at = out->ints.size();
    out->ints.resize(at + count);
    std::memcpy(out->ints.data() + at, data, count * 8);
  } else if (type == PhysicalType::kDouble) {
    size_t at = out->doubles.size();
    out->doubles.resize(at + count);
    std::memcpy(out->doubles.data() + at, data, count * 8);
  } else {
    for (size_t i = 0; i < count; ++i) AppendFixed(type, data + i * width, width, out);
  }
  return Status::OK();
}

Status DecodeByteStreamSplit(PhysicalType type, int32_t type_length, const uint8_t* data, size_t size,
                             size_t count, ValueBuffer* out) {
  size_t width = FixedWidth(type, type_length);
  if (width == 0 || type == PhysicalType::kInt96) {
    return Status::NotSupported("BYTE_STREAM_SPLIT of " + PhysicalTypeName(type) + " is not supported");
  }
  if (count > size / width) return Short("BYTE_STREAM_SPLIT");
  std::vector<uint8_t> value(width);
  for (size_t i = 0; i < count; ++i) {
    for (size_t k = 0; k < width; ++k) value[k] = data[k * count + i];
    AppendFixed(type, value.data(), width, out);
  }
  return Status::OK();
}

Status DecodeRleBooleans(const uint8_t* data, size_t size, size_t count, ValueBuffer* out) {
  if (size < 4) return Short("RLE BOOLEAN");
  uint32_t n;
  std::memcpy(&n, data, 4);
  if (n > size - 4) return Short("RLE BOOLEAN");
  std::vector<uint32_t> bits;
  QUIVER_RETURN_IF_ERROR(RleDecoder(data + 4, n, 1).Decode(count, &bits));
  out->ints.insert(out->ints.end(), bits.begin(), bits.end());
  return Status::OK();
}

}  // namespace quiver::ingest::parquet
