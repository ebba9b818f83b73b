#pragma once
// What a property value is to a typed column (a CSV header's `name:type`, a Parquet
// column's type): one of ten scalar kinds, a list of one of them, an empty list (which
// any list column holds), or something no typed column holds — a map, a list of lists or
// of mixed kinds. The export groups entities into files whose columns each take one
// shape (export_layout.h).

#include <cstdint>
#include <string_view>

#include "ingest/csv_header.h"
#include "quiver/value.h"

namespace quiver::exporter {

// The scalar kinds a typed column holds: the import's column types (a header's `name:type`),
// so what the export writes is what the import reads.
using ScalarKind = ingest::ValueType;
inline constexpr int kScalarKinds = 10;

// A shape as one small integer: scalar kinds 0..9, lists of them 10..19, then the two
// special shapes. Bits of a uint32_t mask by that number.
struct Shape {
  uint8_t code = 0;

  static constexpr uint8_t kEmptyList = 2 * kScalarKinds;
  static constexpr uint8_t kUntyped = kEmptyList + 1;

  static Shape Scalar(ScalarKind k) { return {static_cast<uint8_t>(k)}; }
  static Shape ListOf(ScalarKind k) { return {static_cast<uint8_t>(kScalarKinds + static_cast<int>(k))}; }
  bool is_list() const { return code >= kScalarKinds && code < kEmptyList; }
  bool is_empty_list() const { return code == kEmptyList; }
  bool typed() const { return code < kUntyped; }
  // The scalar kind, or the element kind of a list (not for the special shapes).
  ScalarKind kind() const { return static_cast<ScalarKind>(code % kScalarKinds); }
  uint32_t bit() const { return uint32_t{1} << code; }
  friend bool operator==(Shape a, Shape b) { return a.code == b.code; }
};

// The shape of a non-null property value.
Shape ShapeOf(const Value& v);

// The neo4j-admin header type of a column of this kind: "long", "double", "boolean",
// "string", "date", … (neo4j-admin's names for 64-bit integers and floats, which the
// import reads as its int and float).
std::string_view ScalarTypeName(ScalarKind kind);
// "a map", "a list of lists or of mixed types": what an untyped value is, for messages.
std::string_view UntypedDescription(const Value& v);

}  // namespace quiver::exporter
