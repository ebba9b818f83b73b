#pragma once
// What the Parquet writer writes (docs/ingest.md, "Parquet export files"): a column's type
// and shape, and ColumnBuffer, one row group's values of one column as the exporter fills
// them row by row. Values are kept in their PLAIN layout (little-endian fixed width; text
// as bytes and end offsets) and the levels one byte each, so that encoding a page is
// mostly a copy.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace quiver::exporter::parquet {

enum class ColumnType : uint8_t {
  kInt64,               // INT64, logical INT(64, signed), converted INT_64
  kDouble,              // DOUBLE
  kBoolean,             // BOOLEAN
  kString,              // BYTE_ARRAY, logical STRING, converted UTF8
  kDate,                // INT32, logical DATE, converted DATE (days since 1970-01-01)
  kLocalTimeNanos,      // INT64, logical TIME(NANOS, isAdjustedToUTC=false)
  kLocalDateTimeNanos,  // INT64, logical TIMESTAMP(NANOS, isAdjustedToUTC=false)
};
std::string_view ColumnTypeName(ColumnType type);

struct ColumnSpec {
  std::string name;
  ColumnType type = ColumnType::kInt64;
  // A LIST in the specification's 3-level form (optional group (LIST) { repeated group
  // list { required element } }): a row is a list (maybe empty) or null; elements are
  // never null.
  bool list = false;
  // REQUIRED instead of OPTIONAL: no row is null, and no definition levels are written
  // (ids, edge endpoints).
  bool required = false;
};

// The levels of a column of this shape: definition 0..max_def, repetition 0..max_rep.
inline int MaxDefinitionLevel(const ColumnSpec& spec) { return (spec.required ? 0 : 1) + (spec.list ? 1 : 0); }
inline int MaxRepetitionLevel(const ColumnSpec& spec) { return spec.list ? 1 : 0; }

// Not thread-safe: one thread fills one buffer. Appending a value of another type than the
// column's, a null to a required column, or a list to a flat one is a bug (QUIVER_ASSERT).
class ColumnBuffer {
 public:
  explicit ColumnBuffer(const ColumnSpec& spec);

  void AppendNull();  // a row without a value (a null list for a list column)
  void AppendInt(int64_t v);
  void AppendDouble(double v);
  void AppendBool(bool v);
  void AppendString(std::string_view v);  // UTF-8; not checked here
  void AppendDate(int32_t days);
  void AppendNanos(int64_t v);  // kLocalTimeNanos, kLocalDateTimeNanos
  // A list column's row: BeginList, the elements' Append*, EndList. No elements is the
  // empty list, distinct from AppendNull.
  void BeginList();
  void EndList();

  uint64_t rows() const { return rows_; }
  uint64_t MemoryBytes() const;
  // Drops the values, keeping the memory, for the next row group.
  void Clear();
  // Appends the rows of `other`, a buffer of the same column (small pieces of a row group
  // filled on several threads, gathered before it is encoded).
  void Append(const ColumnBuffer& other);

  // For the encoder.
  ColumnType type() const { return type_; }
  int max_def() const { return max_def_; }
  int max_rep() const { return max_rep_; }
  // One per level (a row of a flat column; a null, an empty list or an element of a list
  // column); empty when max_def / max_rep is 0.
  const std::vector<uint8_t>& def() const { return def_; }
  const std::vector<uint8_t>& rep() const { return rep_; }
  // The defined values: fixed-width ones (8 bytes, 4 for kDate, 1 for kBoolean) back to
  // back in `fixed`; text in `bytes`, value i ending at ends[i].
  const std::vector<uint8_t>& fixed() const { return fixed_; }
  const std::string& bytes() const { return bytes_; }
  const std::vector<uint64_t>& ends() const { return ends_; }
  uint64_t values() const;
  uint64_t levels() const { return levels_; }

 private:
  void Value(ColumnType type);  // the levels of one value, and the row count outside a list
  template <typename T>
  void Fixed(T v);

  ColumnType type_;
  int max_def_, max_rep_;
  bool in_list_ = false;
  uint64_t list_elements_ = 0;
  uint64_t rows_ = 0;
  uint64_t levels_ = 0;
  std::vector<uint8_t> def_, rep_;
  std::vector<uint8_t> fixed_;
  std::string bytes_;
  std::vector<uint64_t> ends_;
};

}  // namespace quiver::exporter::parquet
