#pragma once
// A writer of Apache Thrift's compact protocol, for a Parquet file's footer (FileMetaData)
// and page headers: the mirror of ingest's CompactReader (ingest/parquet/thrift_compact.h),
// limited to the types those structures use. Field ids are given in increasing order
// within a struct (as parquet.thrift numbers them), so every header is a one-byte delta
// except after a gap of more than 15.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "ingest/parquet/thrift_compact.h"

namespace quiver::exporter::parquet {

using ingest::parquet::ThriftType;

class CompactWriter {
 public:
  explicit CompactWriter(std::string* out) : out_(out) {}

  // A struct is BeginStruct, its fields, EndStruct (the stop byte). The outermost struct
  // (FileMetaData, PageHeader) is begun like any other.
  void BeginStruct() { last_id_.push_back(0); }
  void EndStruct();

  void FieldBool(int16_t id, bool v);
  void FieldI8(int16_t id, int8_t v);
  void FieldI32(int16_t id, int32_t v);
  void FieldI64(int16_t id, int64_t v);
  void FieldBinary(int16_t id, std::string_view v);
  // A struct field: the header, then BeginStruct; the caller writes its fields and EndStruct.
  void FieldStruct(int16_t id);
  // A field holding an empty struct (a union member without fields: StringType, DateType).
  void FieldEmptyStruct(int16_t id);
  // A list field's header; the caller then writes `count` elements with the Element*
  // calls (structs: BeginStruct ... EndStruct each).
  void FieldList(int16_t id, ThriftType element, uint32_t count);
  void ElementI32(int32_t v) { Varint(ZigZag(v)); }
  void ElementBinary(std::string_view v);

 private:
  void FieldHeader(int16_t id, ThriftType type);
  void Varint(uint64_t v);
  static uint64_t ZigZag(int64_t v) { return (static_cast<uint64_t>(v) << 1) ^ static_cast<uint64_t>(v >> 63); }

  std::string* out_;
  std::vector<int16_t> last_id_;  // per open struct: the compact protocol's deltas are per struct
};

}  // namespace quiver::exporter::parquet
