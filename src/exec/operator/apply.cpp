// Apply (CALL { } subqueries): per input row, the subquery's subplan runs to its end
// with that row as its argument — the row's writes done before the next row's subquery
// starts, so it sees them (the rows' order). A returning subquery's rows come out as
// the input row with the RETURN's slots copied in (OPTIONAL CALL: the row once with
// them null when there are none); a unit subquery's input row comes out once.
//
// IN TRANSACTIONS: after every `batch_size` input rows, ExecContext::CommitBatch()
// commits what the statement has written and goes on in a new transaction; a failing
// row then rolls back only the batch it is in.

#include "exec/exec_context.h"
#include "exec/expression/evaluator.h"
#include "exec/operator/operators.h"
#include "quiver/error.h"

namespace quiver::exec {

namespace {

using planner::LogicalApply;

class ApplyOp final : public PhysicalOperator {
 public:
  using PhysicalOperator::PhysicalOperator;

  void Open(ExecContext& ctx, const Value* argument) override {
    input().Open(ctx, argument);  // the subplan is opened per input row
    if (!sub_) sub_ = ctx.NewBatch();
    input_rows_.Reset();
    sub_->Clear();
    sub_pos_ = 0;
    current_ = nullptr;
    rows_in_batch_ = 0;
    const auto& apply = logical().As<LogicalApply>();
    batch_rows_ = apply.in_transactions ? BatchRows(apply, ctx) : 0;
  }

  bool Produce(ExecContext& ctx, RowBatch& out) override {
    const auto& apply = logical().As<LogicalApply>();
    PhysicalOperator& subplan = *children[1];
    while (!out.full()) {
      if (current_ != nullptr) {
        if (sub_pos_ < sub_->size()) {
          const Value* sub_row = sub_->Row(sub_pos_++);
          Value* row = out.AppendCopy(current_);
          for (auto slot : apply.result_slots) row[slot] = sub_row[slot];
          matched_ = true;
          continue;
        }
        sub_->Clear();
        sub_pos_ = 0;
        if (subplan.Next(ctx, *sub_)) {
          if (!apply.returns) sub_pos_ = sub_->size();  // a unit subquery's rows are not kept
          continue;
        }
        if (!apply.returns || (apply.optional && !matched_)) {
          Value* row = out.AppendCopy(current_);
          for (auto slot : apply.result_slots) row[slot] = Value();
        }
        current_ = nullptr;
        if (batch_rows_ > 0 && ++rows_in_batch_ == batch_rows_) {
          ctx.CommitBatch();
          rows_in_batch_ = 0;
        }
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
  // OF n ROWS: a constant or a parameter, a positive integer.
  static uint64_t BatchRows(const LogicalApply& apply, ExecContext& ctx) {
    if (!apply.batch_size) return LogicalApply::kDefaultBatchRows;
    std::vector<Value> row(ctx.width());
    Value v = Evaluate(*apply.batch_size, row.data(), ctx);
    if (!v.IsInt() || v.AsInt() <= 0) {
      throw ArgumentError("InvalidArgumentValue",
                          "OF n ROWS takes a positive integer, not " +
                              (v.IsInt() ? std::to_string(v.AsInt()) : std::string(v.TypeName())),
                          ErrorPhase::kRuntime);
    }
    return static_cast<uint64_t>(v.AsInt());
  }

  InputRows input_rows_;
  std::unique_ptr<RowBatch> sub_;
  size_t sub_pos_ = 0;
  const Value* current_ = nullptr;
  bool matched_ = false;
  uint64_t batch_rows_ = 0;  // 0: not IN TRANSACTIONS
  uint64_t rows_in_batch_ = 0;
};

}  // namespace

PhysicalOperatorPtr MakeApply(const LogicalOperator& op) {
  return std::make_unique<ApplyOp>(op);
}

}  // namespace quiver::exec
