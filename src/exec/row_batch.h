#pragma once
// RowBatch: the unit operators pass to each other — up to `capacity` rows of `width`
// Values each, stored flat (row i is values_[i * width, (i + 1) * width)). A batch is
// reused: Clear() releases the values but keeps the memory.
//
// A batch's memory is sized to the rows it has held, not to its capacity: it starts
// with none and doubles (from kFirstBatchRows) as rows are appended, up to the capacity.
// Allocated whole, the two batches of a one-hop key seek (1,024 rows of 5 slots, 80 KiB
// each) put 160 KiB on top of the heap for every execution; glibc's malloc gave it
// back to the kernel (trimmed the heap) when the statement ended and the next one
// faulted it in afresh: about 390 µs per execution in a fresh process, for a query
// whose work takes 3 (docs/benchmarks.md, "Per-query overhead"). So appending a row may
// move the rows: a Value* from Row() or an append is valid until the next append.
//
// RowBuffer: an unbounded list of rows of one width, for operators that must see all of
// their input before producing (sort, aggregation inputs, the eager updating clauses).

#include <cstddef>
#include <vector>

#include "exec/query_memory.h"
#include "quiver/value.h"

namespace quiver::exec {

inline constexpr size_t kBatchRows = 1024;
// The rows a batch allocates at its first append (then twice as many at each growth).
inline constexpr size_t kFirstBatchRows = 16;
// A batch holds at most this many values (256 KiB): a statement with hundreds of clauses
// has rows hundreds of slots wide, and 1024 of those per operator would not fit.
inline constexpr size_t kBatchValues = 16 * 1024;

inline size_t BatchCapacity(size_t width) {
  if (width == 0) return kBatchRows;
  size_t rows = kBatchValues / width;
  return rows < 1 ? 1 : (rows > kBatchRows ? kBatchRows : rows);
}

// The batches of one query, one or two per operator, hold at most about this many
// values (64 MiB) between them: a plan of a thousand operators that do not stream (each
// holds a batch) gets batches of fewer rows, instead of 256 KiB per operator.
inline constexpr size_t kQueryBatchValues = 4 * 1024 * 1024;

// Rows per batch for a plan of `operators` physical operators.
inline size_t BatchCapacity(size_t width, size_t operators) {
  size_t rows = BatchCapacity(width);
  size_t per_operator = kQueryBatchValues / ((width == 0 ? 1 : width) * (operators == 0 ? 1 : operators));
  return per_operator < 1 ? 1 : (per_operator < rows ? per_operator : rows);
}

class RowBatch {
 public:
  explicit RowBatch(size_t width) : RowBatch(width, BatchCapacity(width)) {}
  // Allocates nothing until the first append.
  RowBatch(size_t width, size_t capacity) : width_(width), capacity_(capacity) {}

  size_t width() const { return width_; }
  size_t size() const { return size_; }
  size_t capacity() const { return capacity_; }
  // Rows the batch has memory for now (<= capacity).
  size_t allocated_rows() const { return allocated_rows_; }
  bool empty() const { return size_ == 0; }
  bool full() const { return size_ >= capacity_; }

  Value* Row(size_t i) { return values_.data() + i * width_; }
  const Value* Row(size_t i) const { return values_.data() + i * width_; }

  // A new row of nulls at the end. May move the rows (see above).
  Value* AppendRow() {
    if (size_ == allocated_rows_) [[unlikely]]
      Grow();
    return Row(size_++);
  }
  // `row` must not be a row of this batch (the append may move them).
  Value* AppendCopy(const Value* row) {
    Value* dst = AppendRow();
    for (size_t i = 0; i < width_; ++i) dst[i] = row[i];
    return dst;
  }
  // Drops the last row.
  void PopRow() {
    --size_;
    Value* row = Row(size_);
    for (size_t i = 0; i < width_; ++i) row[i] = Value();
  }
  // Keeps the rows whose flag is set, in order.
  void Compact(const std::vector<bool>& keep);
  void Clear();

 private:
  // Room for more rows: twice as many (kFirstBatchRows at first), at most the capacity.
  void Grow();

  size_t width_;
  size_t capacity_;
  size_t size_ = 0;
  size_t allocated_rows_ = 0;
  std::vector<Value> values_;  // allocated_rows_ * width_ values; those past size_ are null
};

class RowBuffer {
 public:
  // `memory`: the query whose limit the rows count against (none: not charged).
  explicit RowBuffer(size_t width, QueryMemory* memory = nullptr)
      : width_(width),
        chunk_shift_(ChunkShift(width)),
        charge_(memory) {}

  size_t width() const { return width_; }
  size_t size() const { return rows_; }
  bool empty() const { return rows_ == 0; }
  Value* Row(size_t i) { return chunks_[i >> chunk_shift_].data() + (i & ChunkMask()) * width_; }
  const Value* Row(size_t i) const { return chunks_[i >> chunk_shift_].data() + (i & ChunkMask()) * width_; }
  // Copies `row` in, charging its slots and the payloads only `row` referred to.
  Value* AppendCopy(const Value* row);
  void AppendBatch(const RowBatch& batch) {
    for (size_t i = 0; i < batch.size(); ++i) AppendCopy(batch.Row(i));
  }
  // Drops every row and gives their memory (and its charge) back.
  void Clear();

 private:
  // Rows live in chunks of a fixed row count (a power of two, about kChunkValues values),
  // so a buffer of millions of rows never copies itself to grow — each step of a growing
  // vector would move everything held, in one step too long to cancel — while a small
  // one costs only what it holds: the first chunk grows as a vector until full.
  static constexpr size_t kChunkValues = 64 * 1024;
  static unsigned ChunkShift(size_t width);
  size_t ChunkMask() const { return (size_t{1} << chunk_shift_) - 1; }

  size_t width_;
  unsigned chunk_shift_;
  size_t rows_ = 0;
  std::vector<std::vector<Value>> chunks_;
  MemoryCharge charge_;
};

}  // namespace quiver::exec
