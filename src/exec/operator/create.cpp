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
    for (size_t i = 0; i < rows.size(); ++i) {
      CreatePattern(logical().create_nodes, logical().create_rels, rows.Row(i), ctx, /*merge=*/false);
    }
  }
};

class SetPropertiesOp final : public EagerOperator {
 public:
  using EagerOperator::EagerOperator;

 protected:
  void Process(ExecContext& ctx, RowBuffer& rows) override {
    for (size_t i = 0; i < rows.size(); ++i) ApplySetItems(logical().set_items, rows.Row(i), ctx);
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
