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
    if (!in_) {
      in_ = ctx.NewBatch();
      sub_ = ctx.NewBatch();
    }
    in_->Clear();
    sub_->Clear();
    in_pos_ = sub_pos_ = 0;
    current_ = nullptr;
    input_done_ = false;
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
          for (auto slot : logical().null_slots) row[slot] = Value();
        }
        current_ = nullptr;
        continue;
      }
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
      matched_ = false;
      subplan.Open(ctx, current_);
    }
    rows_produced += out.size();
    return !out.empty();
  }

 private:
  std::unique_ptr<RowBatch> in_;
  std::unique_ptr<RowBatch> sub_;
  size_t in_pos_ = 0;
  size_t sub_pos_ = 0;
  const Value* current_ = nullptr;
  bool matched_ = false;
  bool input_done_ = false;
};

}  // namespace

PhysicalOperatorPtr MakeOptional(const LogicalOperator& op) {
  return std::make_unique<OptionalOp>(op);
}

}  // namespace quiver::exec
