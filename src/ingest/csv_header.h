#pragma once
// CSV headers in the neo4j-admin import format (docs/ingest.md, "CSV format"):
//
//   id:ID  name  age:int  score:float  ok:boolean  tags:string[]  :LABEL  :IGNORE
//   :START_ID(Person)  :END_ID(Movie)  :TYPE  since:long
//
// A field is `name:type`; without a type it is a string property. Data types: int,
// long, short, byte (all 64-bit integers here), float, double, boolean, string, char,
// each with an optional [] for arrays. ID columns may name an ID space, ID(Person), and
// carry options in braces: {id-type:int|string} chooses integer or string ids for the
// column (default: --id-type). The name of an ID column, if any, also stores the id as a
// property. Temporal and point types are refused (not yet supported).

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ingest/id_map.h"
#include "quiver/status.h"

namespace quiver::ingest {

enum class ColumnRole : uint8_t { kProperty, kId, kLabel, kStartId, kEndId, kType, kIgnore };
// The temporal types are neo4j-admin's: ISO-8601 text, as Cypher's date('…') and
// friends read it (common/temporal), a time or datetime without an offset or zone taken
// as UTC (Neo4j's default db.temporal.timezone).
enum class ValueType : uint8_t {
  kInt,
  kFloat,
  kBool,
  kString,
  kDate,
  kLocalTime,
  kTime,
  kLocalDateTime,
  kDateTime,
  kDuration,
};

struct ColumnSpec {
  ColumnRole role = ColumnRole::kProperty;
  std::string name;  // property key (kProperty, and kId when non-empty)
  ValueType type = ValueType::kString;
  bool array = false;
  std::string id_space;            // kId, kStartId, kEndId ("" = the global space)
  std::optional<KeyType> id_type;  // kId: from {id-type:...}
  uint64_t byte_column = 0;        // 1-based column of the field in the header line, for messages
};

enum class FileKind : uint8_t { kNodes, kRelationships };

struct CsvHeader {
  std::vector<ColumnSpec> columns;
  // Indexes into columns (-1 when absent).
  int id = -1, start = -1, end = -1, type = -1;
};

// fields: the header row's fields and their 1-based byte columns. Errors name the
// column as "column C (text)"; the caller prefixes file and line.
Result<CsvHeader> ParseHeader(const std::vector<std::string>& fields,
                              const std::vector<uint64_t>& byte_columns, FileKind kind);

std::string_view ValueTypeName(ValueType t);

}  // namespace quiver::ingest
