// Optional (OPTIONAL MATCH): per input row, the rows of the pattern's subplan run with
// that row as its argument; a row the subplan does not extend comes out once with the
// pattern's new variables null.

#include "exec/operator/operators.h"
#include "exec/operator/subplan_per_row.h"

namespace quiver::exec {

namespace {

class OptionalOp final : public SubplanPerRow {
 public:
  using SubplanPerRow::SubplanPerRow;

 protected:
  void Matched(const Value* outer, const Value* sub_row, RowBatch& out) override { out.AppendCopy(sub_row); }
  void Finished(ExecContext& ctx, const Value* outer, bool matched, RowBatch& out) override {
    if (matched) return;
    Value* row = out.AppendCopy(outer);
    for (auto slot : logical().As<planner::LogicalOptional>().null_slots) row[slot] = Value();
  }
};

}  // namespace

PhysicalOperatorPtr MakeOptional(const LogicalOperator& op) {
  return std::make_unique<OptionalOp>(op);
}

}  // namespace quiver::exec
