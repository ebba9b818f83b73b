#pragma once
// ColumnChunk: the values of one property key for the rows of one batch, as a parser
// produces them (typed slots, presence bytes, a heap for strings and encoded values),
// and the rule that reconciles column types the way storage::BuildColumn chooses them.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "storage/format.h"
#include "storage/property_value.h"

namespace quiver::ingest {

using storage::ColumnType;

// The values of one key for `rows` consecutive rows. Slot meaning by type: Int64 the
// value, Double its bits, Bool 0/1, String the end offset of the row's bytes in heap
// (absent rows: the previous end), Mixed the value (bool/int/double) or the offset in
// heap of the encoded value (string/list/map).
struct ColumnChunk {
  uint32_t key = 0;
  ColumnType type = ColumnType::kInt64;
  std::vector<uint8_t> present;  // one byte per row: 1 present
  std::vector<uint64_t> slots;   // one per row
  std::vector<uint8_t> tags;     // Mixed: ValueTag per row (0 absent)
  std::string heap;

  uint64_t rows() const { return present.size(); }
  void Reserve(uint64_t rows);
  // Appends one row. AppendAbsent for a missing/empty field.
  void AppendAbsent();
  void AppendInt(int64_t v);
  void AppendDouble(double v);
  void AppendBool(bool v);
  void AppendString(std::string_view v);
  // Mixed columns: any value (lists included); null is absent.
  void AppendValue(const storage::PropertyValue& v);
  uint64_t present_count() const;
  // Re-encodes the chunk as a Mixed column (same values).
  void ToMixed();
  // Drops every row: the chunk keeps its row count with all rows absent, in `type`.
  void ResetAbsent(ColumnType type);
  // To a type MergeColumnTypes chose: a no-op, a retype when it holds no value, or Mixed.
  void ConvertTo(ColumnType type);
};

// The column type storage::BuildColumn would choose for the union of two value sets:
// a side without values takes no part; equal types stay; anything else is Mixed.
struct TypedValues {
  ColumnType type = ColumnType::kInt64;
  bool has_values = false;
};
TypedValues MergeColumnTypes(TypedValues a, TypedValues b);

// The 8-byte little-endian slot of a double.
uint64_t DoubleBits(double v);

}  // namespace quiver::ingest
