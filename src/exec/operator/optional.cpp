// Optional (OPTIONAL MATCH): per input row, the rows of the pattern's subplan run with
// that row as its argument; a row the subplan does not extend comes out once with the
// pattern's new variables null.

#include "exec/exec_context.h"
#include "exec/operator/operators.h"

namespace quiver::exec {

namespace {

class OptionalOp final : public PhysicalOperator {
 public:
  using PhysicalOperator::PhysicalOperator;

  void Open(ExecContext& ctx, const Value* argument) override {
    input().Open(ctx, argument);  // the subplan is opened per input row
    if (!sub_) sub_ = ctx.NewBatch();
    input_rows_.Reset();
    sub_->Clear();
    sub_pos_ = 0;
    current_ = nullptr;
  }

  bool Produce(ExecContext& ctx, RowBatch& out) override {
    PhysicalOperator& subplan = *children[1];
    while (!out.full()) {
      if (current_ != nullptr) {
        if (sub_pos_ < sub_->size()) {
          out.AppendCopy(sub_->Row(sub_pos_++));
          matched_ = true;
          continue;
        }
        sub_->Clear();
        sub_pos_ = 0;
        if (subplan.Next(ctx, *sub_)) continue;
        if (!matched_) {
          Value* row = out.AppendCopy(current_);
          for (auto slot : logical().As<planner::LogicalOptional>().null_slots) row[slot] = Value();
        }
        current_ = nullptr;
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

 private:
  InputRows input_rows_;
  std::unique_ptr<RowBatch> sub_;
  size_t sub_pos_ = 0;
  const Value* current_ = nullptr;
  bool matched_ = false;
};

}  // namespace

PhysicalOperatorPtr MakeOptional(const LogicalOperator& op) {
  return std::make_unique<OptionalOp>(op);
}

}  // namespace quiver::exec
