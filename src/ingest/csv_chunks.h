#pragma once
// Parsing one chunk of a node or relationship CSV file into the batches the
// construction session takes. Chunks are parsed in parallel; everything a chunk names
// that needs a global id (labels, relationship types) is kept as chunk-local names and
// interned afterwards in chunk order, so dictionary ids follow input order whatever the
// number of workers.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ingest/csv_header.h"
#include "ingest/csv_scan.h"
#include "ingest/edge_blocks.h"
#include "ingest/node_table.h"

namespace quiver::ingest {

inline constexpr uint32_t kNoKey = UINT32_MAX;

struct BadRow {
  uint64_t line = 0;
  uint32_t column = 0;
  std::string reason;
};

// Where each node of a chunk came from (line, and byte column of its id), stored as a
// formula while rows are one line each with the id at the same column.
class NodeLocations {
 public:
  void Add(uint64_t line, uint32_t id_column);
  uint64_t Line(uint64_t i) const { return lines_.empty() ? first_line_ + i : lines_[i]; }
  uint32_t Column(uint64_t i) const { return columns_.empty() ? column_ : columns_[i]; }

 private:
  uint64_t count_ = 0;
  uint64_t first_line_ = 0;
  uint32_t column_ = 0;
  std::vector<uint64_t> lines_;
  std::vector<uint32_t> columns_;
};

// How messages name a column: "field 'name'" for a property key, else its role ("the
// :START_ID field").
std::string ColumnName(const ColumnSpec& c);

struct FileColumns {
  const CsvHeader* header = nullptr;
  std::vector<uint32_t> keys;     // per column: property key id or kNoKey
  std::vector<ColumnType> types;  // per column with a key
  CsvDialect dialect;
  bool skip_bad_rows = false;
};

struct NodeFileSpec {
  FileColumns columns;
  std::vector<std::string> file_labels;  // --nodes=Label...
  std::optional<uint32_t> id_space;
  KeyType id_type = KeyType::kString;
  std::optional<uint32_t> key_property;
};

struct NodeChunk {
  NodeBatch batch;                       // label set members are local label ids
  std::vector<std::string> label_names;  // local label id -> name
  NodeLocations locations;
  std::vector<BadRow> bad;      // --skip-bad-rows
  std::optional<BadRow> error;  // otherwise: the first bad row; parsing stopped
  uint64_t rows = 0;
};

NodeChunk ParseNodeChunk(const NodeFileSpec& spec, std::string_view segment, const RowRange& range);

struct EdgeFileSpec {
  FileColumns columns;
  std::string file_type;  // --relationships=TYPE (empty: the :TYPE column)
  const IdMap* start_map = nullptr;
  const IdMap* end_map = nullptr;
};

struct EdgeChunk {
  std::vector<std::string> type_names;  // local type id -> name
  std::vector<EdgeBatch> batches;       // by local type id (EdgeBatch::type is local)
  std::vector<BadRow> bad;
  std::optional<BadRow> error;
  uint64_t rows = 0;
  uint64_t edges = 0;
};

EdgeChunk ParseEdgeChunk(const EdgeFileSpec& spec, std::string_view segment, const RowRange& range);

}  // namespace quiver::ingest
