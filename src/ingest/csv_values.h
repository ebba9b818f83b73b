#pragma once
// Typed CSV values. A row is first parsed into Cells (so a bad field rejects the whole
// row before anything of it is stored), then the cells are appended to the chunk's
// columns. Numbers and booleans may carry surrounding spaces; strings are kept as they
// are. An empty field is an absent property; a quoted empty field "" is an empty
// string, or in an array column an empty list. Arrays split on the array delimiter into
// a list value.

#include <cstdint>
#include <string>
#include <string_view>

#include "ingest/csv_header.h"
#include "ingest/csv_scan.h"
#include "ingest/property_columns.h"

namespace quiver::ingest {

// 'text' quoted for an error message: at most 64 bytes, line breaks shown as \n and \r.
std::string Shown(std::string_view text);

bool ParseInt64(std::string_view text, int64_t* out);
bool ParseDouble(std::string_view text, double* out);
bool ParseBool(std::string_view text, bool* out);

struct Cell {
  enum class Kind : uint8_t { kAbsent, kInt, kFloat, kBool, kString, kList } kind = Kind::kAbsent;
  int64_t i = 0;
  double f = 0;
  bool b = false;
  std::string_view s;
  storage::PropertyValue list;
};

// The column type a property column of this spec produces.
ColumnType ChunkTypeOf(const ColumnSpec& spec);

// Parses a field per spec. Returns an error message ("'abc' is not an integer"), empty
// when fine.
std::string ParseCell(const ColumnSpec& spec, const Field& field, const CsvDialect& dialect, Cell* cell);

// Appends a parsed cell as the next row of chunk (of ChunkTypeOf(spec)).
void AppendCell(const Cell& cell, ColumnChunk* chunk);

}  // namespace quiver::ingest
