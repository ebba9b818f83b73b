#include "exec/operator/subplan_per_row.h"

#include "exec/exec_context.h"

namespace quiver::exec {

void SubplanPerRow::Open(ExecContext& ctx, const Value* argument) {
  input().Open(ctx, argument);  // the subplan is opened per input row
  if (!sub_) sub_ = ctx.NewBatch();
  input_rows_.Reset();
  sub_->Clear();
  sub_pos_ = 0;
  current_ = nullptr;
}

bool SubplanPerRow::Produce(ExecContext& ctx, RowBatch& out) {
  PhysicalOperator& subplan = *children[1];
  while (!out.full()) {
    if (current_ != nullptr) {
      if (sub_pos_ < sub_->size()) {
        Matched(current_, sub_->Row(sub_pos_++), out);
        matched_ = true;
        continue;
      }
      sub_->Clear();
      sub_pos_ = 0;
      if (subplan.Next(ctx, *sub_)) continue;
      const Value* finished = current_;
      current_ = nullptr;
      Finished(ctx, finished, matched_, out);
      continue;
    }
    current_ = input_rows_.Next(ctx, input());
    if (current_ == nullptr) break;
    matched_ = false;
    subplan.Open(ctx, current_);
  }
  rows_produced += out.size();
  return !out.empty();
}

}  // namespace quiver::exec
