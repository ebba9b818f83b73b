#include "exec/physical_operator.h"

#include "exec/exec_context.h"

namespace quiver::exec {

void PhysicalOperator::Open(ExecContext& ctx, const Value* argument) {
  for (auto& child : children) child->Open(ctx, argument);
}

void StreamOperator::Open(ExecContext& ctx, const Value* argument) {
  PhysicalOperator::Open(ctx, argument);
  if (!in_) in_ = std::make_unique<RowBatch>(ctx.width());
  in_->Clear();
  in_pos_ = 0;
  current_ = nullptr;
  input_done_ = false;
}

bool StreamOperator::Next(ExecContext& ctx, RowBatch& out) {
  size_t before = out.size();
  while (!out.full()) {
    if (current_ == nullptr) {
      if (in_pos_ >= in_->size()) {
        if (input_done_) break;
        in_->Clear();
        in_pos_ = 0;
        if (!input().Next(ctx, *in_)) {
          input_done_ = true;
          break;
        }
      }
      current_ = in_->Row(in_pos_++);
      BeginRow(ctx, current_);
    }
    Value* dst = out.AppendCopy(current_);
    if (!NextRow(ctx, current_, dst)) {
      out.PopRow();
      current_ = nullptr;
    }
  }
  rows_produced += out.size() - before;
  return out.size() > before;
}

void EagerOperator::Open(ExecContext& ctx, const Value* argument) {
  PhysicalOperator::Open(ctx, argument);
  if (!rows_) rows_ = std::make_unique<RowBuffer>(ctx.width());
  rows_->Clear();
  processed_ = false;
  emit_pos_ = 0;
}

bool EagerOperator::Next(ExecContext& ctx, RowBatch& out) {
  if (!processed_) {
    RowBatch batch(ctx.width());
    while (input().Next(ctx, batch)) {
      rows_->AppendBatch(batch);
      batch.Clear();
    }
    Process(ctx, *rows_);
    processed_ = true;
  }
  size_t before = out.size();
  while (!out.full() && emit_pos_ < rows_->size()) out.AppendCopy(rows_->Row(emit_pos_++));
  if (emit_pos_ >= rows_->size()) {
    // Everything is out: release the rows now rather than at the next Open.
    rows_->Clear();
    emit_pos_ = 0;
  }
  rows_produced += out.size() - before;
  return out.size() > before;
}

}  // namespace quiver::exec
