// Filter (WHERE, pattern predicates) and Project (computed columns): at most one row
// out per row in, written in place. A pipeline of only these runs over its input's
// batches (operator/pipeline.cpp).

#include "exec/expression/evaluator.h"
#include "exec/operator/operators.h"

namespace quiver::exec {

namespace {

class FilterOp final : public StreamOperator {
 public:
  using StreamOperator::StreamOperator;
  bool AtMostOneRow() const override { return true; }
  void BeginRow(ExecContext& ctx, Value* row) override {
    pass_ = EvaluatePredicate(*logical().As<planner::LogicalFilter>().predicate, row, ctx) == Ternary::kTrue;
  }
  bool NextRow(ExecContext& ctx, Value* row) override {
    bool pass = pass_;
    pass_ = false;
    return pass;
  }

 private:
  bool pass_ = false;
};

class ProjectOp final : public StreamOperator {
 public:
  using StreamOperator::StreamOperator;
  bool AtMostOneRow() const override { return true; }
  void BeginRow(ExecContext& ctx, Value* row) override { pending_ = true; }
  bool NextRow(ExecContext& ctx, Value* row) override {
    if (!pending_) return false;
    pending_ = false;
    const auto& op = logical().As<planner::LogicalProject>();
    for (size_t e = 0; e < op.exprs.size(); ++e) row[op.slots[e]] = Evaluate(*op.exprs[e], row, ctx);
    return true;
  }

 private:
  bool pending_ = false;
};

}  // namespace

StreamOperatorPtr MakeFilter(const LogicalOperator& op) {
  return std::make_unique<FilterOp>(op);
}
StreamOperatorPtr MakeProject(const LogicalOperator& op) {
  return std::make_unique<ProjectOp>(op);
}

}  // namespace quiver::exec
