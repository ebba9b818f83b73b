// The leaves (Start, Argument) and the operators that only pass rows on.

#include "exec/exec_context.h"
#include "exec/operator/operators.h"

namespace quiver::exec {

namespace {

// One empty row: the input of a query's first clause.
class StartOp final : public PhysicalOperator {
 public:
  using PhysicalOperator::PhysicalOperator;
  void Open(ExecContext& ctx, const Value* argument) override { done_ = false; }
  bool Produce(ExecContext& ctx, RowBatch& out) override {
    if (done_) return false;
    done_ = true;
    out.AppendRow();
    ++rows_produced;
    return true;
  }

 private:
  bool done_ = false;
};

// The outer row of a subplan, once per Open.
class ArgumentOp final : public PhysicalOperator {
 public:
  using PhysicalOperator::PhysicalOperator;
  void Open(ExecContext& ctx, const Value* argument) override {
    argument_ = argument;
    done_ = false;
  }
  bool Produce(ExecContext& ctx, RowBatch& out) override {
    if (done_) return false;
    done_ = true;
    if (argument_ != nullptr) {
      out.AppendCopy(argument_);
    } else {
      out.AppendRow();
    }
    ++rows_produced;
    return true;
  }

 private:
  const Value* argument_ = nullptr;
  bool done_ = false;
};

class PassThroughOp final : public PhysicalOperator {
 public:
  using PhysicalOperator::PhysicalOperator;
  bool Produce(ExecContext& ctx, RowBatch& out) override {
    bool more = input().Next(ctx, out);
    rows_produced += out.size();
    return more;
  }
};

class EagerOp final : public EagerOperator {
 public:
  using EagerOperator::EagerOperator;

 protected:
  void Process(ExecContext& ctx, RowBuffer& rows) override {}
};

}  // namespace

PhysicalOperatorPtr MakeStart(const LogicalOperator& op) {
  return std::make_unique<StartOp>(op);
}
PhysicalOperatorPtr MakeArgument(const LogicalOperator& op) {
  return std::make_unique<ArgumentOp>(op);
}
PhysicalOperatorPtr MakePassThrough(const LogicalOperator& op) {
  return std::make_unique<PassThroughOp>(op);
}
PhysicalOperatorPtr MakeEager(const LogicalOperator& op) {
  return std::make_unique<EagerOp>(op);
}

}  // namespace quiver::exec
