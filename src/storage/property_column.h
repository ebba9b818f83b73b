#pragma once
// Property columns (docs/format/generation.md, "Property columns"): one per (entity kind,
// key), dense over the rows with a presence bitmap; typed when every value shares a
// scalar type, tagged ("mixed") otherwise, strings/lists/maps/temporals in a heap (a
// column of temporals is a mixed column: no typed temporal column exists).

#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "storage/property_value.h"
#include "storage/section_file.h"

namespace quiver::storage {

struct ColumnData {
  ColumnType type = ColumnType::kInt64;
  uint64_t rows = 0;
  std::vector<uint64_t> presence;        // bitmap words
  std::vector<uint64_t> values;          // Int64 / Double bits / Mixed slots, one per row
  std::vector<uint64_t> bool_bits;       // Bool
  std::vector<uint64_t> string_offsets;  // String: rows + 1
  std::string heap;                      // String bytes or encoded Mixed values
  std::vector<uint8_t> tags;             // Mixed: one per row
};

// The narrowest column type holding every non-null value: Int64/Double/Bool/String when
// they all have that tag, else Mixed (also for lists, maps and temporals).
ColumnType ChooseColumnType(std::span<const std::pair<uint64_t, const PropertyValue*>> values);

// values: (row, value) with strictly ascending rows < rows; null values are skipped
// (a null property is an absent one).
ColumnData BuildColumn(uint64_t rows, std::span<const std::pair<uint64_t, const PropertyValue*>> values);
Status WriteColumn(SectionFileWriter* w, const ColumnData& column);

std::string NodeColumnFileName(uint32_t key);
std::string EdgeColumnFileName(uint32_t type, uint32_t key, uint32_t segment = 0);
inline uint64_t EdgeColumnSubject(uint32_t type, uint32_t key) { return (uint64_t{type} << 32) | key; }

class PropertyColumn {
 public:
  // The column type comes from the file header's subtype.
  static Result<PropertyColumn> Open(const SectionFile& f, uint64_t rows);

  ColumnType type() const { return type_; }
  uint64_t rows() const { return rows_; }
  bool IsPresent(uint64_t row) const { return row < rows_ && Bit(presence_, row); }
  // Typed reads for a present row of a column of that type (0 / empty otherwise).
  int64_t Int64At(uint64_t row) const { return static_cast<int64_t>(SlotAt(row)); }
  double DoubleAt(uint64_t row) const;
  bool BoolAt(uint64_t row) const { return row < rows_ && type_ == ColumnType::kBool && Bit(bool_bits_, row); }
  std::string_view StringAt(uint64_t row) const;
  // Int64 and Double columns: for each of `rows`, present[i] and (where present) the
  // value's 64 bits — a Double's bit pattern — in slots[i]. One call per batch, with the
  // reads of rows a few ahead prefetched: a gather of random rows is bound by memory
  // latency, and overlapping the misses is most of its speed.
  void GatherSlots(std::span<const uint64_t> rows, uint64_t* slots, uint8_t* present) const;
  // Double columns: GatherSlots with the values as doubles.
  void GatherDoubles(std::span<const uint64_t> rows, double* values, uint8_t* present) const;
  // String columns: for each of `rows`, present[i] and (where present) a view of its bytes
  // in the mapped heap, checked like StringAt. Ascending rows verify their offsets and
  // heap bytes once per batch; others prefetch a few rows ahead, as GatherSlots does.
  void GatherStrings(std::span<const uint64_t> rows, std::string_view* strings, uint8_t* present) const;
  // Any row as a PropertyValue: null when absent or out of range; Corruption when an
  // encoded value cannot be decoded.
  Result<PropertyValue> Get(uint64_t row) const;

  // Bitmap tail bits zero, absent rows zeroed, offsets monotone, tags valid, every heap
  // value decodable.
  Status Verify(const SectionFile& f) const;

 private:
  // GatherSlots for ascending rows (`consecutive`: each the one after the last); false
  // (nothing written that matters) where the arrays do not cover them, for the general
  // path to handle.
  template <typename Slot>
  bool GatherAscending(std::span<const uint64_t> rows, bool consecutive, Slot* slots, uint8_t* present) const;
  template <typename Slot>
  void GatherSlotsAs(std::span<const uint64_t> rows, Slot* slots, uint8_t* present) const;
  bool GatherStringsAscending(std::span<const uint64_t> rows, std::string_view* strings, uint8_t* present) const;
  // The presence bitmap's words for rows [first, last], verified once (Slice); false where
  // the column or the bitmap does not cover them.
  bool PresenceWords(uint64_t first, uint64_t last, UIntArray& words) const;
  static bool Bit(const UIntArray& words, uint64_t i) { return (words[i / 64] >> (i % 64)) & 1; }
  uint64_t SlotAt(uint64_t row) const { return row < values_.size() ? values_[row] : 0; }

  ColumnType type_ = ColumnType::kInt64;
  uint64_t rows_ = 0;
  UIntArray presence_, values_, bool_bits_, string_offsets_, tags_;
  ByteView heap_;
  SectionView presence_s_, values_s_, bool_bits_s_, string_offsets_s_, tags_s_, heap_s_;
};

}  // namespace quiver::storage
