#include "ingest/column_chunk.h"

#include <cstring>

#include "common/assert.h"

namespace quiver::ingest {

using storage::ValueTag;

uint64_t DoubleBits(double v) {
  uint64_t b;
  std::memcpy(&b, &v, 8);
  return b;
}

void ColumnChunk::Reserve(uint64_t rows) {
  present.reserve(rows);
  slots.reserve(rows);
  if (type == ColumnType::kMixed) tags.reserve(rows);
}

void ColumnChunk::AppendAbsent() {
  present.push_back(0);
  slots.push_back(type == ColumnType::kString ? heap.size() : 0);
  if (type == ColumnType::kMixed) tags.push_back(0);
}

void ColumnChunk::AppendInt(int64_t v) {
  present.push_back(1);
  slots.push_back(static_cast<uint64_t>(v));
  if (type == ColumnType::kMixed) tags.push_back(static_cast<uint8_t>(ValueTag::kInt64));
}

void ColumnChunk::AppendDouble(double v) {
  present.push_back(1);
  slots.push_back(DoubleBits(v));
  if (type == ColumnType::kMixed) tags.push_back(static_cast<uint8_t>(ValueTag::kDouble));
}

void ColumnChunk::AppendBool(bool v) {
  present.push_back(1);
  slots.push_back(v ? 1 : 0);
  if (type == ColumnType::kMixed) tags.push_back(static_cast<uint8_t>(ValueTag::kBool));
}

void ColumnChunk::AppendString(std::string_view v) {
  present.push_back(1);
  if (type == ColumnType::kMixed) {
    slots.push_back(heap.size());
    tags.push_back(static_cast<uint8_t>(ValueTag::kString));
    storage::EncodeValue(storage::PropertyValue(v), &heap);
    return;
  }
  heap.append(v);
  slots.push_back(heap.size());
}

void ColumnChunk::AppendValue(const storage::PropertyValue& v) {
  QUIVER_ASSERT(type == ColumnType::kMixed);
  if (v.is_null()) return AppendAbsent();
  if (v.is_bool()) return AppendBool(v.as_bool());
  if (v.is_int()) return AppendInt(v.as_int());
  if (v.is_double()) return AppendDouble(v.as_double());
  present.push_back(1);
  slots.push_back(heap.size());
  tags.push_back(static_cast<uint8_t>(v.tag()));
  storage::EncodeValue(v, &heap);
}

uint64_t ColumnChunk::present_count() const {
  uint64_t n = 0;
  for (uint8_t b : present) n += b;
  return n;
}

void ColumnChunk::ToMixed() {
  if (type == ColumnType::kMixed) return;
  const ColumnType from = type;
  std::string old_heap = std::move(heap);
  heap.clear();
  tags.assign(rows(), 0);
  uint64_t prev_end = 0;
  for (uint64_t i = 0; i < rows(); ++i) {
    const uint64_t s = slots[i];
    if (!present[i]) {
      slots[i] = 0;
      if (from == ColumnType::kString) prev_end = s;
      continue;
    }
    switch (from) {
      case ColumnType::kInt64:
        tags[i] = static_cast<uint8_t>(ValueTag::kInt64);
        break;
      case ColumnType::kDouble:
        tags[i] = static_cast<uint8_t>(ValueTag::kDouble);
        break;
      case ColumnType::kBool:
        tags[i] = static_cast<uint8_t>(ValueTag::kBool);
        break;
      case ColumnType::kString:
        tags[i] = static_cast<uint8_t>(ValueTag::kString);
        slots[i] = heap.size();
        storage::EncodeValue(
            storage::PropertyValue(std::string_view(old_heap).substr(prev_end, s - prev_end)), &heap);
        prev_end = s;
        break;
      case ColumnType::kMixed:
        break;
    }
  }
  type = ColumnType::kMixed;
}

void ColumnChunk::ResetAbsent(ColumnType t) {
  type = t;
  std::fill(present.begin(), present.end(), 0);
  std::fill(slots.begin(), slots.end(), 0);
  heap.clear();
  if (t == ColumnType::kMixed) {
    tags.assign(rows(), 0);
  } else {
    tags.clear();
  }
}

TypedValues MergeColumnTypes(TypedValues a, TypedValues b) {
  if (!a.has_values) return b.has_values ? b : TypedValues{a.type, false};
  if (!b.has_values || a.type == b.type) return a;
  return {ColumnType::kMixed, true};
}

void ColumnChunk::ConvertTo(ColumnType t) {
  if (t == type) return;
  if (present_count() == 0) return ResetAbsent(t);
  QUIVER_ASSERT(t == ColumnType::kMixed);
  ToMixed();
}

}  // namespace quiver::ingest
