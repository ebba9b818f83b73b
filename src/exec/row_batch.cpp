#include "exec/row_batch.h"

#include <utility>

#include "common/assert.h"

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

}  // namespace quiver::exec
