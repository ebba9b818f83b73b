// CREATE: eager — all input rows first, then the writes, then the rows.

#include "exec/operator/operators.h"
#include "exec/operator/write_support.h"

namespace quiver::exec {

namespace {

class CreateOp final : public EagerOperator {
 public:
  using EagerOperator::EagerOperator;

 protected:
  void Process(ExecContext& ctx, RowBuffer& rows) override {
    const auto& create = logical().As<planner::LogicalCreate>();
    for (size_t i = 0; i < rows.size(); ++i) {
      CreatePattern(create.nodes, create.rels, rows.Row(i), ctx, /*merge=*/false);
    }
  }
};

class SetPropertiesOp final : public EagerOperator {
 public:
  using EagerOperator::EagerOperator;

 protected:
  void Process(ExecContext& ctx, RowBuffer& rows) override {
    const auto& items = logical().As<planner::LogicalSetProperties>().items;
    for (size_t i = 0; i < rows.size(); ++i) ApplySetItems(items, rows.Row(i), ctx);
  }
};

}  // namespace

PhysicalOperatorPtr MakeCreate(const LogicalOperator& op) {
  return std::make_unique<CreateOp>(op);
}
PhysicalOperatorPtr MakeSetProperties(const LogicalOperator& op) {
  return std::make_unique<SetPropertiesOp>(op);
}

}  // namespace quiver::exec
