// Apply (CALL { } subqueries): per input row, the subquery's subplan runs to its end
// with that row as its argument (SubplanPerRow) — the row's writes done before the next
// row's subquery starts, so it sees them (the rows' order). A returning subquery's rows
// come out as the input row with the RETURN's slots copied in (OPTIONAL CALL: the row
// once with them null when there are none); a unit subquery's input row comes out once.
//
// IN TRANSACTIONS: after every `batch_size` input rows, ExecContext::CommitBatch()
// commits what the statement has written and goes on in a new transaction; a failing
// row then rolls back only the batch it is in, and fails the statement (ON ERROR FAIL).
// ON ERROR CONTINUE and BREAK are apply_on_error.cpp's.

#include "exec/exec_context.h"
#include "exec/expression/evaluator.h"
#include "exec/operator/in_transactions.h"
#include "exec/operator/operators.h"
#include "exec/operator/subplan_per_row.h"
#include "quiver/error.h"

namespace quiver::exec {

namespace {

using planner::LogicalApply;

class ApplyOp final : public SubplanPerRow {
 public:
  using SubplanPerRow::SubplanPerRow;

  void Open(ExecContext& ctx, const Value* argument) override {
    SubplanPerRow::Open(ctx, argument);
    const auto& apply = logical().As<LogicalApply>();
    batch_rows_ = apply.in_transactions ? InTransactionsBatchRows(apply, ctx) : 0;
    rows_in_batch_ = 0;
  }

 protected:
  void Matched(const Value* outer, const Value* sub_row, RowBatch& out) override {
    const auto& apply = logical().As<LogicalApply>();
    if (!apply.returns) return;  // a unit subquery's rows are not kept
    Value* row = out.AppendCopy(outer);
    for (auto slot : apply.result_slots) row[slot] = sub_row[slot];
  }

  void Finished(ExecContext& ctx, const Value* outer, bool matched, RowBatch& out) override {
    const auto& apply = logical().As<LogicalApply>();
    if (!apply.returns || (apply.optional && !matched)) {
      Value* row = out.AppendCopy(outer);
      for (auto slot : apply.result_slots) row[slot] = Value();
    }
    if (batch_rows_ > 0 && ++rows_in_batch_ == batch_rows_) {
      ctx.CommitBatch();
      rows_in_batch_ = 0;
    }
  }

 private:
  uint64_t batch_rows_ = 0;  // 0: not IN TRANSACTIONS
  uint64_t rows_in_batch_ = 0;
};

}  // namespace

uint64_t InTransactionsBatchRows(const LogicalApply& apply, ExecContext& ctx) {
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

PhysicalOperatorPtr MakeApply(const LogicalOperator& op) {
  const auto& apply = op.As<LogicalApply>();
  if (apply.in_transactions && apply.on_error != planner::OnError::kFail) return MakeApplyOnError(op);
  return std::make_unique<ApplyOp>(op);
}

}  // namespace quiver::exec
