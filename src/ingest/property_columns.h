#pragma once
// Property columns during ingest. A parser fills a ColumnChunk for the rows of one batch
// (a CSV chunk's nodes, or its edges of one type); the session appends chunks, in input
// order, to a ColumnBuilder per (entity, key); commit writes each builder as a column
// file (docs/format/generation.md, "Property columns") in one streaming pass, permuting
// edge rows into forward-CSR order on the way.
//
// The bytes written equal what storage::BuildColumn + WriteColumn produce for the same
// values, so the ingest path and the in-memory GraphBuilder publish identical files.
// The column type comes from the header declarations (a key declared with one scalar
// type everywhere gets a typed column; arrays or conflicting declarations get Mixed).

#include <cstdint>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "ingest/column_chunk.h"
#include "ingest/worker_pool.h"
#include "storage/generation_writer.h"

namespace quiver::ingest {

// A whole column over an entity kind's rows, grown by appending chunks in row order.
class ColumnBuilder {
 public:
  ColumnBuilder(uint32_t key, ColumnType type) : key_(key), type_(type) {}

  uint32_t key() const { return key_; }
  ColumnType type() const { return type_; }
  uint64_t rows() const { return rows_; }
  uint64_t present_count() const { return present_count_; }
  // Bytes held, for the memory budget.
  uint64_t MemoryBytes() const;

  // Rows [rows(), first_row) are absent; the chunk's rows follow from first_row.
  // Chunks are appended in increasing first_row; the copies run on `pool`.
  struct Placed {
    uint64_t first_row;
    const ColumnChunk* chunk;
  };
  // Chunks must have the builder's type: AppendChunks (below) reconciles them first.
  void Append(std::span<const Placed> chunks, WorkerPool* pool);
  // To a type MergeColumnTypes chose (see ColumnChunk::ConvertTo).
  void ConvertTo(ColumnType type);
  // Every row from first_row on for `count` rows holds its row number plus `offset`
  // (Int64 columns; the generator's `id`). Stored as a formula until anything else is
  // appended.
  void AppendSequence(uint64_t first_row, uint64_t count, int64_t offset);
  // Pads with absent rows up to `rows`.
  void Finish(uint64_t rows);
  // Removes these rows (ascending), renumbering the ones after them.
  void EraseRows(std::span<const uint64_t> rows);

  // Writes the column file. rows_of_output, when given, maps each output row to the
  // builder row it takes its value from (edge columns: forward position -> input
  // order); its size is the file's row count.
  Status Write(storage::SectionFileWriter* w, std::span<const uint64_t> rows_of_output = {}) const;

 private:
  void Materialize();
  void PromoteToMixed();
  void Grow(uint64_t rows);
  uint64_t Slot(uint64_t row) const;
  bool Present(uint64_t row) const;
  Status WriteString(storage::SectionFileWriter* w, std::span<const uint64_t> perm, uint64_t n) const;
  Status WriteMixed(storage::SectionFileWriter* w, std::span<const uint64_t> perm, uint64_t n) const;

  uint32_t key_;
  ColumnType type_;
  uint64_t rows_ = 0;
  uint64_t present_count_ = 0;
  // The formula form: rows [seq_first_, seq_end_) hold row + seq_offset_, others absent.
  bool sequence_ = false;
  uint64_t seq_first_ = 0;
  uint64_t seq_end_ = 0;
  int64_t seq_offset_ = 0;
  std::vector<uint8_t> present_;
  std::vector<uint64_t> slots_;  // String: end offsets, absent rows repeat the previous end
  std::vector<uint8_t> tags_;
  std::string heap_;
};

// Appends chunks (each with its first row) to the builders of their keys, creating
// builders as needed and reconciling column types across builder and chunks first.
void AppendChunks(std::map<uint32_t, std::unique_ptr<ColumnBuilder>>* builders,
                  std::vector<std::pair<uint64_t, ColumnChunk*>> chunks, WorkerPool* pool);

}  // namespace quiver::ingest
