#include "exec/row_batch.h"

#include <algorithm>
#include <bit>
#include <utility>

#include "common/assert.h"
#include "exec/value_bytes.h"

namespace quiver::exec {

void RowBatch::Grow() {
  QUIVER_ASSERT_MSG(allocated_rows_ < capacity_, "a row appended to a full batch");
  size_t rows = allocated_rows_ == 0 ? kFirstBatchRows : allocated_rows_ * 2;
  if (rows > capacity_) rows = capacity_;
  values_.resize(rows * width_);
  allocated_rows_ = rows;
}

void RowBatch::Compact(const std::vector<bool>& keep) {
  size_t out = 0;
  for (size_t i = 0; i < size_; ++i) {
    if (!keep[i]) continue;
    if (out != i) {
      Value* dst = Row(out);
      Value* src = Row(i);
      for (size_t c = 0; c < width_; ++c) dst[c] = std::move(src[c]);
    }
    ++out;
  }
  for (size_t i = out * width_; i < size_ * width_; ++i) values_[i] = Value();
  size_ = out;
}

void RowBatch::Clear() {
  for (size_t i = 0; i < size_ * width_; ++i) values_[i] = Value();
  size_ = 0;
}

unsigned RowBuffer::ChunkShift(size_t width) {
  const size_t rows = width == 0 ? kChunkValues : std::max<size_t>(1, kChunkValues / width);
  return static_cast<unsigned>(std::bit_width(std::bit_floor(rows)) - 1);
}

Value* RowBuffer::AppendCopy(const Value* row) {
  charge_.Add(width_ == 0 ? 0 : HeldRowBytes(row, width_));
  const size_t offset = rows_ & ChunkMask();
  if (offset == 0) {
    chunks_.emplace_back();
    // The first chunk grows as it fills; later ones start whole (there is more to come).
    if (chunks_.size() > 1) chunks_.back().reserve((ChunkMask() + 1) * width_);
  }
  std::vector<Value>& chunk = chunks_.back();
  chunk.insert(chunk.end(), row, row + width_);
  ++rows_;
  return chunk.data() + offset * width_;
}

void RowBuffer::Clear() {
  chunks_.clear();
  rows_ = 0;
  charge_.Reset();
}

}  // namespace quiver::exec
