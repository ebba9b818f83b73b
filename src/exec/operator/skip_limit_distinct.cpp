// SKIP, LIMIT and DISTINCT: stream filters over their input.

#include <unordered_set>

#include "exec/exec_context.h"
#include "exec/expression/evaluator.h"
#include "exec/operator/key_tuple.h"
#include "exec/operator/operators.h"
#include "exec/value_bytes.h"

namespace quiver::exec {

namespace {

// SKIP/LIMIT's count: constant or parameters only (the binder checked), evaluated once
// per run. A parameter can still be negative or not an integer.
uint64_t EvaluateCount(const planner::BoundExpr& expr, ExecContext& ctx) {
  std::vector<Value> row(ctx.width());
  Value v = Evaluate(expr, row.data(), ctx);
  if (v.IsNull()) return UINT64_MAX;
  if (!v.IsInt()) {
    throw SyntaxError("InvalidArgumentType",
                      "SKIP and LIMIT take an integer, not " + std::string(v.TypeName()),
                      ErrorPhase::kRuntime);
  }
  if (v.AsInt() < 0) {
    throw SyntaxError("NegativeIntegerArgument",
                      "SKIP and LIMIT take a non-negative integer, got " + std::to_string(v.AsInt()),
                      ErrorPhase::kRuntime);
  }
  return static_cast<uint64_t>(v.AsInt());
}

class SkipOp final : public PhysicalOperator {
 public:
  using PhysicalOperator::PhysicalOperator;
  void Open(ExecContext& ctx, const Value* argument) override {
    PhysicalOperator::Open(ctx, argument);
    remaining_ = EvaluateCount(*logical().As<planner::LogicalSkip>().count, ctx);
    if (remaining_ == UINT64_MAX) remaining_ = 0;
  }
  bool Produce(ExecContext& ctx, RowBatch& out) override {
    while (input().Next(ctx, out)) {
      if (remaining_ > 0) {
        std::vector<bool> keep(out.size(), true);
        for (size_t i = 0; i < out.size() && remaining_ > 0; ++i, --remaining_) keep[i] = false;
        out.Compact(keep);
      }
      if (!out.empty()) {
        rows_produced += out.size();
        return true;
      }
    }
    return false;
  }

 private:
  uint64_t remaining_ = 0;
};

class LimitOp final : public PhysicalOperator {
 public:
  using PhysicalOperator::PhysicalOperator;
  void Open(ExecContext& ctx, const Value* argument) override {
    PhysicalOperator::Open(ctx, argument);
    remaining_ = EvaluateCount(*logical().As<planner::LogicalLimit>().count, ctx);
    pulled_ = false;
  }
  bool Produce(ExecContext& ctx, RowBatch& out) override {
    // Once the limit is reached the input is not pulled again. LIMIT 0 still pulls once:
    // the updating clauses below do all their writes on their first pull.
    if (remaining_ == 0) {
      if (!pulled_) {
        pulled_ = true;
        input().Next(ctx, out);
        out.Clear();
      }
      return false;
    }
    pulled_ = true;
    if (!input().Next(ctx, out)) return false;
    while (out.size() > remaining_) out.PopRow();
    remaining_ -= out.size();
    rows_produced += out.size();
    return true;
  }

 private:
  uint64_t remaining_ = 0;
  bool pulled_ = false;
};

class DistinctOp final : public PhysicalOperator {
 public:
  using PhysicalOperator::PhysicalOperator;
  void Open(ExecContext& ctx, const Value* argument) override {
    PhysicalOperator::Open(ctx, argument);
    seen_.clear();
    charge_.Bind(&ctx.memory());
  }
  bool Produce(ExecContext& ctx, RowBatch& out) override {
    const auto& slots = logical().As<planner::LogicalDistinct>().slots;
    while (input().Next(ctx, out)) {
      std::vector<bool> keep(out.size());
      for (size_t i = 0; i < out.size(); ++i) {
        KeyTuple key;
        key.reserve(slots.size());
        uint64_t bytes = kHashEntryBytes + sizeof(KeyTuple);
        for (auto s : slots) {
          key.push_back(out.Row(i)[s]);
          bytes += HeldBytes(key.back());
        }
        keep[i] = seen_.insert(std::move(key)).second;
        if (keep[i]) charge_.Add(bytes);
      }
      out.Compact(keep);
      if (!out.empty()) {
        rows_produced += out.size();
        return true;
      }
    }
    return false;
  }

 private:
  std::unordered_set<KeyTuple, KeyTupleHash, KeyTupleEqual> seen_;
  MemoryCharge charge_;  // seen_
};

}  // namespace

PhysicalOperatorPtr MakeSkip(const LogicalOperator& op) {
  return std::make_unique<SkipOp>(op);
}
PhysicalOperatorPtr MakeLimit(const LogicalOperator& op) {
  return std::make_unique<LimitOp>(op);
}
PhysicalOperatorPtr MakeDistinct(const LogicalOperator& op) {
  return std::make_unique<DistinctOp>(op);
}

}  // namespace quiver::exec
