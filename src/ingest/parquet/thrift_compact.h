#pragma once
// A bounds-checked reader of Apache Thrift's compact protocol, the encoding of a Parquet
// file's footer (FileMetaData) and of every page header. Only what those structures use
// is read; everything else is skipped by type, so fields added by newer writers pass.
// Every read checks the bytes left, and nesting is limited, so a damaged footer is a
// Corruption status ("thrift: ... at byte N"), never a read past the buffer.

#include <cstddef>
#include <cstdint>
#include <string>

#include "quiver/status.h"

namespace quiver::ingest::parquet {

// The compact protocol's type codes (a field header's low nibble, a list's element type).
enum class ThriftType : uint8_t {
  kStop = 0,
  kBoolTrue = 1,
  kBoolFalse = 2,
  kByte = 3,
  kI16 = 4,
  kI32 = 5,
  kI64 = 6,
  kDouble = 7,
  kBinary = 8,
  kList = 9,
  kSet = 10,
  kMap = 11,
  kStruct = 12,
};

class CompactReader {
 public:
  CompactReader(const uint8_t* data, size_t size) : data_(data), size_(size) {}

  size_t position() const { return pos_; }

  // Reads the fields of one struct: on_field(id, type) is called for each and must read
  // the value (one of the Read* below) or Skip(type). Nested structs recurse through
  // this, each with its own last-field-id (the compact protocol's deltas are per struct).
  template <typename OnField>
  Status ReadStruct(OnField&& on_field) {
    if (++depth_ > kMaxDepth) return Error("structures nested too deep");
    int16_t last_id = 0;
    for (;;) {
      int16_t id = 0;
      ThriftType type = ThriftType::kStop;
      QUIVER_RETURN_IF_ERROR(ReadFieldHeader(&last_id, &id, &type));
      if (type == ThriftType::kStop) break;
      QUIVER_RETURN_IF_ERROR(on_field(id, type));
    }
    --depth_;
    return Status::OK();
  }

  // Values. A bool field carries its value in its type (kBoolTrue/kBoolFalse); inside a
  // list it is a byte, which ReadBool also accepts (pass kByte).
  Status ReadBool(ThriftType type, bool* out);
  Status ReadI32(ThriftType type, int32_t* out);  // byte, i16 or i32
  Status ReadI64(ThriftType type, int64_t* out);  // any integer type
  Status ReadBinary(ThriftType type, std::string* out);
  // A list (or set) header: element type and count. The count is checked against the
  // bytes left (every element takes at least one byte, except bools in none of ours).
  Status ReadListHeader(ThriftType type, ThriftType* element, uint32_t* count);
  Status Skip(ThriftType type);

  Status Error(std::string_view what) const;

 private:
  static constexpr int kMaxDepth = 32;
  Status ReadFieldHeader(int16_t* last_id, int16_t* id, ThriftType* type);
  Status ReadVarint(uint64_t* out);
  Status ReadZigZag(int64_t* out);
  Status ReadByte(uint8_t* out);
  Status Expect(ThriftType got, bool ok) const;

  const uint8_t* data_;
  size_t size_;
  size_t pos_ = 0;
  int depth_ = 0;
};

}  // namespace quiver::ingest::parquet
