// UNWIND: per input row, one row per element of the list (none for null or an empty
// list; a non-list value is a list of itself).

#include "exec/expression/evaluator.h"
#include "exec/operator/operators.h"

namespace quiver::exec {

namespace {

class UnwindOp final : public StreamOperator {
 public:
  using StreamOperator::StreamOperator;

  void BeginRow(ExecContext& ctx, Value* row) override {
    list_ = Evaluate(*logical().As<planner::LogicalUnwind>().list, row, ctx);
    pos_ = 0;
  }
  bool NextRow(ExecContext& ctx, Value* row) override {
    if (list_.IsNull()) return false;
    if (!list_.IsList()) {
      if (pos_++ > 0) return false;
      row[logical().As<planner::LogicalUnwind>().slot] = list_;
      return true;
    }
    const auto& items = list_.AsList();
    if (pos_ >= items.size()) return false;
    row[logical().As<planner::LogicalUnwind>().slot] = items[pos_++];
    return true;
  }

 private:
  Value list_;
  size_t pos_ = 0;
};

}  // namespace

StreamOperatorPtr MakeUnwind(const LogicalOperator& op) {
  return std::make_unique<UnwindOp>(op);
}

}  // namespace quiver::exec
