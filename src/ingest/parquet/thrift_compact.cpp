#include "ingest/parquet/thrift_compact.h"

#include <cstring>
#include <string>

namespace quiver::ingest::parquet {

Status CompactReader::Error(std::string_view what) const {
  return Status::Corruption("thrift: " + std::string(what) + " at byte " + std::to_string(pos_));
}

Status CompactReader::ReadByte(uint8_t* out) {
  if (pos_ >= size_) return Error("unexpected end of data");
  *out = data_[pos_++];
  return Status::OK();
}

Status CompactReader::ReadVarint(uint64_t* out) {
  uint64_t v = 0;
  for (int shift = 0; shift < 70; shift += 7) {
    uint8_t b = 0;
    QUIVER_RETURN_IF_ERROR(ReadByte(&b));
    if (shift == 63 && (b & 0x7e) != 0) return Error("varint overflows 64 bits");
    v |= uint64_t{b & 0x7fu} << shift;
    if ((b & 0x80) == 0) {
      *out = v;
      return Status::OK();
    }
  }
  return Error("varint longer than 10 bytes");
}

Status CompactReader::ReadZigZag(int64_t* out) {
  uint64_t v = 0;
  QUIVER_RETURN_IF_ERROR(ReadVarint(&v));
  *out = static_cast<int64_t>(v >> 1) ^ -static_cast<int64_t>(v & 1);
  return Status::OK();
}

Status CompactReader::ReadFieldHeader(int16_t* last_id, int16_t* id, ThriftType* type) {
  uint8_t b = 0;
  QUIVER_RETURN_IF_ERROR(ReadByte(&b));
  uint8_t t = b & 0x0f;
  if (t > static_cast<uint8_t>(ThriftType::kStruct)) return Error("unknown field type " + std::to_string(t));
  *type = static_cast<ThriftType>(t);
  if (*type == ThriftType::kStop) return Status::OK();
  uint8_t delta = b >> 4;
  if (delta != 0) {
    *id = static_cast<int16_t>(*last_id + delta);
  } else {
    int64_t v = 0;
    QUIVER_RETURN_IF_ERROR(ReadZigZag(&v));
    if (v < INT16_MIN || v > INT16_MAX) return Error("field id out of range");
    *id = static_cast<int16_t>(v);
  }
  *last_id = *id;
  return Status::OK();
}

Status CompactReader::Expect(ThriftType got, bool ok) const {
  if (ok) return Status::OK();
  return Error("unexpected field type " + std::to_string(static_cast<int>(got)));
}

Status CompactReader::ReadBool(ThriftType type, bool* out) {
  if (type == ThriftType::kBoolTrue || type == ThriftType::kBoolFalse) {
    *out = type == ThriftType::kBoolTrue;
    return Status::OK();
  }
  QUIVER_RETURN_IF_ERROR(Expect(type, type == ThriftType::kByte));
  uint8_t b = 0;
  QUIVER_RETURN_IF_ERROR(ReadByte(&b));
  *out = b == 1;  // writers put 1 (true) and 2 or 0 (false) in lists
  return Status::OK();
}

Status CompactReader::ReadI64(ThriftType type, int64_t* out) {
  if (type == ThriftType::kByte) {
    uint8_t b = 0;
    QUIVER_RETURN_IF_ERROR(ReadByte(&b));
    *out = static_cast<int8_t>(b);
    return Status::OK();
  }
  QUIVER_RETURN_IF_ERROR(
      Expect(type, type == ThriftType::kI16 || type == ThriftType::kI32 || type == ThriftType::kI64));
  return ReadZigZag(out);
}

Status CompactReader::ReadI32(ThriftType type, int32_t* out) {
  QUIVER_RETURN_IF_ERROR(Expect(type, type != ThriftType::kI64));
  int64_t v = 0;
  QUIVER_RETURN_IF_ERROR(ReadI64(type, &v));
  if (v < INT32_MIN || v > INT32_MAX) return Error("i32 out of range");
  *out = static_cast<int32_t>(v);
  return Status::OK();
}

Status CompactReader::ReadBinary(ThriftType type, std::string* out) {
  QUIVER_RETURN_IF_ERROR(Expect(type, type == ThriftType::kBinary));
  uint64_t n = 0;
  QUIVER_RETURN_IF_ERROR(ReadVarint(&n));
  if (n > size_ - pos_) return Error("string of " + std::to_string(n) + " bytes past the end");
  out->assign(reinterpret_cast<const char*>(data_ + pos_), n);
  pos_ += n;
  return Status::OK();
}

Status CompactReader::ReadListHeader(ThriftType type, ThriftType* element, uint32_t* count) {
  QUIVER_RETURN_IF_ERROR(Expect(type, type == ThriftType::kList || type == ThriftType::kSet));
  uint8_t b = 0;
  QUIVER_RETURN_IF_ERROR(ReadByte(&b));
  uint64_t n = b >> 4;
  if (n == 15) QUIVER_RETURN_IF_ERROR(ReadVarint(&n));
  uint8_t t = b & 0x0f;
  if (t > static_cast<uint8_t>(ThriftType::kStruct)) return Error("unknown list element type");
  // Every element takes a byte at least (a bool in a list is a byte), so a count beyond
  // the bytes left is damage, found before anything is allocated for it.
  if (n > size_ - pos_) return Error("list of " + std::to_string(n) + " elements past the end");
  *element = static_cast<ThriftType>(t == 2 ? 1 : t);  // some writers mark bool lists with 2
  *count = static_cast<uint32_t>(n);
  return Status::OK();
}

Status CompactReader::Skip(ThriftType type) {
  switch (type) {
    case ThriftType::kBoolTrue:
    case ThriftType::kBoolFalse:
      return Status::OK();
    case ThriftType::kByte: {
      uint8_t b = 0;
      return ReadByte(&b);
    }
    case ThriftType::kI16:
    case ThriftType::kI32:
    case ThriftType::kI64: {
      uint64_t v = 0;
      return ReadVarint(&v);
    }
    case ThriftType::kDouble:
      if (size_ - pos_ < 8) return Error("unexpected end of data");
      pos_ += 8;
      return Status::OK();
    case ThriftType::kBinary: {
      uint64_t n = 0;
      QUIVER_RETURN_IF_ERROR(ReadVarint(&n));
      if (n > size_ - pos_) return Error("string past the end");
      pos_ += n;
      return Status::OK();
    }
    case ThriftType::kList:
    case ThriftType::kSet: {
      ThriftType element = ThriftType::kStop;
      uint32_t count = 0;
      QUIVER_RETURN_IF_ERROR(ReadListHeader(type, &element, &count));
      if (++depth_ > kMaxDepth) return Error("structures nested too deep");
      for (uint32_t i = 0; i < count; ++i) {
        // A bool element is a byte of its own.
        QUIVER_RETURN_IF_ERROR(Skip(element == ThriftType::kBoolTrue ? ThriftType::kByte : element));
      }
      --depth_;
      return Status::OK();
    }
    case ThriftType::kMap: {
      uint64_t n = 0;
      QUIVER_RETURN_IF_ERROR(ReadVarint(&n));
      if (n == 0) return Status::OK();
      if (n > size_ - pos_) return Error("map past the end");
      uint8_t kv = 0;
      QUIVER_RETURN_IF_ERROR(ReadByte(&kv));
      auto key = static_cast<ThriftType>(kv >> 4);
      auto value = static_cast<ThriftType>(kv & 0x0f);
      if ((kv >> 4) > 12 || (kv & 0x0f) > 12) return Error("unknown map element type");
      if (++depth_ > kMaxDepth) return Error("structures nested too deep");
      for (uint64_t i = 0; i < n; ++i) {
        QUIVER_RETURN_IF_ERROR(Skip(key == ThriftType::kBoolTrue ? ThriftType::kByte : key));
        QUIVER_RETURN_IF_ERROR(Skip(value == ThriftType::kBoolTrue ? ThriftType::kByte : value));
      }
      --depth_;
      return Status::OK();
    }
    case ThriftType::kStruct:
      return ReadStruct([&](int16_t, ThriftType t) { return Skip(t); });
    case ThriftType::kStop:
      break;
  }
  return Error("cannot skip a value of type " + std::to_string(static_cast<int>(type)));
}

}  // namespace quiver::ingest::parquet
