// Filter (WHERE, pattern predicates) and Project (computed columns), both in place on
// the batch their input filled.

#include "exec/expression/evaluator.h"
#include "exec/operator/operators.h"

namespace quiver::exec {

namespace {

class FilterOp final : public PhysicalOperator {
 public:
  using PhysicalOperator::PhysicalOperator;
  bool Next(ExecContext& ctx, RowBatch& out) override {
    const auto& predicate = *logical().exprs[0];
    while (input().Next(ctx, out)) {
      keep_.assign(out.size(), false);
      for (size_t i = 0; i < out.size(); ++i) {
        keep_[i] = EvaluatePredicate(predicate, out.Row(i), ctx) == Ternary::kTrue;
      }
      out.Compact(keep_);
      if (!out.empty()) {
        rows_produced += out.size();
        return true;
      }
    }
    return false;
  }

 private:
  std::vector<bool> keep_;
};

class ProjectOp final : public PhysicalOperator {
 public:
  using PhysicalOperator::PhysicalOperator;
  bool Next(ExecContext& ctx, RowBatch& out) override {
    if (!input().Next(ctx, out)) return false;
    const auto& op = logical();
    for (size_t i = 0; i < out.size(); ++i) {
      Value* row = out.Row(i);
      for (size_t e = 0; e < op.exprs.size(); ++e) row[op.slots[e]] = Evaluate(*op.exprs[e], row, ctx);
    }
    rows_produced += out.size();
    return true;
  }
};

}  // namespace

PhysicalOperatorPtr MakeFilter(const LogicalOperator& op) {
  return std::make_unique<FilterOp>(op);
}
PhysicalOperatorPtr MakeProject(const LogicalOperator& op) {
  return std::make_unique<ProjectOp>(op);
}

}  // namespace quiver::exec
