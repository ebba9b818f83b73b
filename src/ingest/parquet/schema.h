#pragma once
// The columns a Parquet file offers for import: each top-level field that is a primitive
// (required, optional, or repeated: a list) or a LIST group, in the 3-level form of the
// specification (LogicalTypes.md, "Lists") or the legacy 2-level one. Structs, maps and
// nested lists are listed too, with the reason they cannot be read, so a caller can name
// them or skip them.
//
// A column's cell kind is its logical type resolved against its physical type: what a
// value becomes in Quiver (docs/ingest.md, "Parquet", has the table).

#include <cstdint>
#include <string>
#include <vector>

#include "ingest/parquet/metadata.h"
#include "quiver/status.h"

namespace quiver::ingest::parquet {

enum class CellKind : uint8_t {
  kBool,
  kInt,           // any signed integer
  kUnsigned,      // UINT(8/16/32/64): a UINT64 above INT64_MAX is an error naming the value
  kDouble,        // FLOAT, DOUBLE
  kDecimal,       // DECIMAL -> the nearest double of unscaled / 10^scale
  kString,        // STRING/UTF8, ENUM, JSON, and BYTE_ARRAY without annotation
  kUuid,          // UUID (FIXED_LEN_BYTE_ARRAY(16)) -> its canonical text
  kDate,          // DATE
  kTime,          // TIME: zoned (offset 0) when adjusted to UTC, else LocalTime
  kTimestamp,     // TIMESTAMP: DateTime in UTC when adjusted to UTC, else LocalDateTime
  kInt96,         // legacy INT96 timestamps -> LocalDateTime
};
std::string_view CellKindName(CellKind k);

struct ColumnDescriptor {
  std::string name;   // the top-level field's name
  int leaf = -1;      // index of its leaf among the row groups' column chunks
  PhysicalType physical = PhysicalType::kBoolean;
  int32_t type_length = 0;
  CellKind kind = CellKind::kString;
  TimeUnit unit = TimeUnit::kMillis;
  bool utc = false;
  int32_t scale = 0;
  bool is_list = false;
  // Levels: max_def/max_rep of the leaf; for a list, the definition level at which the
  // list exists (empty) and at which an element slot exists (null or not).
  int max_def = 0, max_rep = 0;
  int list_def = 0, element_def = 0;
  std::string type_text;       // the Parquet type as messages name it, e.g. "INT64 (TIMESTAMP(MICROS,UTC))"
  std::string unsupported;     // non-empty: why this column cannot be read
};

// The top-level columns, in schema order. Corruption for a schema tree that does not
// add up (children past the end, no leaves for the row groups' chunks).
Result<std::vector<ColumnDescriptor>> DescribeColumns(const FileMetaData& meta);

}  // namespace quiver::ingest::parquet
