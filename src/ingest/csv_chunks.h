#pragma once
// Parsing one chunk of a node or relationship CSV file into the batches the
// construction session takes. Chunks are parsed in parallel; everything a chunk names
// that needs a global id (labels, relationship types) is kept as chunk-local names and
// interned afterwards in chunk order, so dictionary ids follow input order whatever the
// number of workers.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "ingest/csv_header.h"
#include "ingest/csv_scan.h"
#include "ingest/edge_blocks.h"
#include "ingest/import_constraints.h"
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
  RowConstraints constraints;  // of the schema (--schema): checked on every good row
};

// A row a constraint rejected: its message names the entity by its position among all
// accepted rows, which only the caller knows (chunks are parsed in parallel), so it is
// written there (the reason of bad[bad_index], or of error when bad_index is kInError).
struct PendingViolation {
  static constexpr size_t kInError = SIZE_MAX;
  uint64_t row = 0;  // its index among the chunk's rows read
  RowViolation violation;
  size_t bad_index = kInError;
};

// Records a bad row at `line` (CSV: the file's line; Parquet: the source's row) and
// 1-based `column`; returns false when parsing must stop (strict mode). Shared by the
// CSV and Parquet row sources.
template <typename Chunk>
bool RejectRow(Chunk* c, const FileColumns& f, uint64_t line, uint32_t column, std::string reason) {
  BadRow b{line, column, std::move(reason)};
  if (f.skip_bad_rows) {
    c->bad.push_back(std::move(b));
    return true;
  }
  c->error = std::move(b);
  return false;
}

// Rejects a row a constraint refused (row: its index among the chunk's rows read); its
// reason is written by the caller (PendingViolation).
template <typename Chunk>
bool RejectViolation(Chunk* c, const FileColumns& f, uint64_t row, RowViolation v, uint64_t line, uint32_t column) {
  c->violations.push_back({row, std::move(v), f.skip_bad_rows ? c->bad.size() : PendingViolation::kInError});
  return RejectRow(c, f, line, column, "");
}

struct NodeChunk {
  NodeBatch batch;                       // label set members are local label ids
  std::vector<std::string> label_names;  // local label id -> name
  NodeLocations locations;
  std::vector<BadRow> bad;      // --skip-bad-rows
  std::optional<BadRow> error;  // otherwise: the first bad row; parsing stopped
  uint64_t rows = 0;
  std::vector<PendingViolation> violations;
  std::vector<RowKey> keys;  // UNIQUE / NODE KEY keys of the accepted rows, in row order
};

NodeChunk ParseNodeChunk(const NodeFileSpec& spec, std::string_view segment, const RowRange& range);

struct EdgeFileSpec {
  FileColumns columns;
  std::string file_type;  // --relationships=TYPE (empty: the :TYPE column)
  const IdMap* start_map = nullptr;
  const IdMap* end_map = nullptr;
  RowConstraints constraints;
};

struct EdgeChunk {
  std::vector<std::string> type_names;  // local type id -> name
  std::vector<EdgeBatch> batches;       // by local type id (EdgeBatch::type is local)
  std::vector<BadRow> bad;
  std::optional<BadRow> error;
  uint64_t rows = 0;
  uint64_t edges = 0;
  std::vector<PendingViolation> violations;
};

EdgeChunk ParseEdgeChunk(const EdgeFileSpec& spec, std::string_view segment, const RowRange& range);

// What every source's chunks (CSV text, Parquet row groups) build the same way.

// An empty property column per key of the file, in column order.
std::vector<ColumnChunk> EmptyPropertyColumns(const FileColumns& f);
// An empty node batch: its property columns and ID space.
NodeBatch EmptyNodeBatch(const NodeFileSpec& spec);
// The :LABEL column's index, or -1.
int LabelColumn(const CsvHeader& h);
// Appends a row's cells (one per header column; those without a key are skipped).
struct Cell;
void AppendCells(const FileColumns& f, const std::vector<Cell>& cells, std::vector<ColumnChunk>* properties);

// A node chunk's labels: chunk-local ids by first appearance (the file's labels first),
// and each node's set as an index into the batch's label_sets.
class ChunkLabels {
 public:
  ChunkLabels(const NodeFileSpec& spec, bool has_label_column, NodeChunk* chunk);
  uint32_t Id(std::string_view name);
  // Adds the ids of the labels in text, split on delimiter (empty names skipped).
  void Split(std::string_view text, char delimiter, std::vector<uint32_t>* labels);
  // The labels of the file (a fresh copy to add a row's labels to).
  const std::vector<uint32_t>& file_set() const { return file_set_; }
  // Sorts and dedups *labels and records the node's set.
  void AddNode(std::vector<uint32_t>* labels);

 private:
  NodeChunk* chunk_;
  std::map<std::string, uint32_t, std::less<>> ids_;
  std::map<std::vector<uint32_t>, uint32_t> sets_;
  std::vector<uint32_t> file_set_;
};

// An edge chunk's relationship types: chunk-local ids by first appearance, each with
// its batch; the last one asked for is answered without a lookup.
class ChunkTypes {
 public:
  ChunkTypes(const FileColumns& f, EdgeChunk* chunk) : f_(f), chunk_(chunk) {}
  uint32_t Id(std::string_view name);
  uint32_t last() const { return last_id_; }

 private:
  const FileColumns& f_;
  EdgeChunk* chunk_;
  std::map<std::string, uint32_t, std::less<>> ids_;
  std::string last_;
  uint32_t last_id_ = UINT32_MAX;
};

}  // namespace quiver::ingest
