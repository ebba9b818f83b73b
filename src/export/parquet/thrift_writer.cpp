#include "export/parquet/thrift_writer.h"

#include "common/assert.h"

namespace quiver::exporter::parquet {

void CompactWriter::EndStruct() {
  QUIVER_ASSERT(!last_id_.empty());
  out_->push_back(static_cast<char>(ThriftType::kStop));
  last_id_.pop_back();
}

void CompactWriter::FieldHeader(int16_t id, ThriftType type) {
  QUIVER_ASSERT(!last_id_.empty() && id > last_id_.back());
  int delta = id - last_id_.back();
  if (delta <= 15) {
    out_->push_back(static_cast<char>((delta << 4) | static_cast<int>(type)));
  } else {
    out_->push_back(static_cast<char>(type));
    Varint(ZigZag(id));
  }
  last_id_.back() = id;
}

void CompactWriter::Varint(uint64_t v) {
  while (v >= 0x80) {
    out_->push_back(static_cast<char>((v & 0x7f) | 0x80));
    v >>= 7;
  }
  out_->push_back(static_cast<char>(v));
}

void CompactWriter::FieldBool(int16_t id, bool v) {
  // The compact protocol carries a bool field's value in its header's type.
  FieldHeader(id, v ? ThriftType::kBoolTrue : ThriftType::kBoolFalse);
}

void CompactWriter::FieldI8(int16_t id, int8_t v) {
  FieldHeader(id, ThriftType::kByte);
  out_->push_back(static_cast<char>(v));
}

void CompactWriter::FieldI32(int16_t id, int32_t v) {
  FieldHeader(id, ThriftType::kI32);
  Varint(ZigZag(v));
}

void CompactWriter::FieldI64(int16_t id, int64_t v) {
  FieldHeader(id, ThriftType::kI64);
  Varint(ZigZag(v));
}

void CompactWriter::FieldBinary(int16_t id, std::string_view v) {
  FieldHeader(id, ThriftType::kBinary);
  ElementBinary(v);
}

void CompactWriter::ElementBinary(std::string_view v) {
  Varint(v.size());
  out_->append(v);
}

void CompactWriter::FieldStruct(int16_t id) {
  FieldHeader(id, ThriftType::kStruct);
  BeginStruct();
}

void CompactWriter::FieldEmptyStruct(int16_t id) {
  FieldStruct(id);
  EndStruct();
}

void CompactWriter::FieldList(int16_t id, ThriftType element, uint32_t count) {
  FieldHeader(id, ThriftType::kList);
  if (count < 15) {
    out_->push_back(static_cast<char>((count << 4) | static_cast<uint32_t>(element)));
  } else {
    out_->push_back(static_cast<char>(0xf0 | static_cast<uint32_t>(element)));
    Varint(count);
  }
}

}  // namespace quiver::exporter::parquet
