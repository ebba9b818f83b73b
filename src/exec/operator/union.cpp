// UNION ALL: the rows of each branch in turn (UNION adds a Distinct above it).

#include "exec/operator/operators.h"

namespace quiver::exec {

namespace {

class UnionOp final : public PhysicalOperator {
 public:
  using PhysicalOperator::PhysicalOperator;
  void Open(ExecContext& ctx, const Value* argument) override {
    PhysicalOperator::Open(ctx, argument);
    current_ = 0;
  }
  bool Produce(ExecContext& ctx, RowBatch& out) override {
    while (current_ < children.size()) {
      if (children[current_]->Next(ctx, out)) {
        rows_produced += out.size();
        return true;
      }
      ++current_;
    }
    return false;
  }

 private:
  size_t current_ = 0;
};

}  // namespace

PhysicalOperatorPtr MakeUnion(const LogicalOperator& op) {
  return std::make_unique<UnionOp>(op);
}

}  // namespace quiver::exec
