// HashJoin: joins the rows of its input (the probe side) with the rows of an
// independent subplan (the build side) where probe key = build key — what a MATCH of
// two parts linked only by an equality in WHERE needs instead of a cartesian product.
// The build side is read once, on the first probe batch (after the probe's own input
// has run, so writes below the probe side are visible to it).

#include <unordered_map>

#include "exec/exec_context.h"
#include "exec/expression/evaluator.h"
#include "exec/operator/key_tuple.h"
#include "exec/operator/operators.h"
#include "exec/value_bytes.h"

namespace quiver::exec {

namespace {

class HashJoinOp final : public PhysicalOperator {
 public:
  using PhysicalOperator::PhysicalOperator;

  void Open(ExecContext& ctx, const Value* argument) override {
    PhysicalOperator::Open(ctx, argument);
    if (!probe_) probe_ = ctx.NewBatch();
    probe_->Clear();
    build_.reset();
    build_keys_.clear();
    table_.clear();
    table_charge_.Reset();
    probe_pos_ = 0;
    matches_ = nullptr;
    match_pos_ = 0;
    input_done_ = false;
  }

  bool Produce(ExecContext& ctx, RowBatch& out) override {
    const auto& op = logical().As<planner::LogicalHashJoin>();
    while (!out.full()) {
      if (matches_ != nullptr && match_pos_ < matches_->size()) {
        const Value* build_row = build_->Row((*matches_)[match_pos_++]);
        if (Equals(probe_key_, build_keys_[(*matches_)[match_pos_ - 1]]) != Ternary::kTrue) continue;
        Value* row = out.AppendCopy(probe_->Row(probe_pos_ - 1));
        for (auto slot : op.build_slots) row[slot] = build_row[slot];
        continue;
      }
      matches_ = nullptr;
      if (probe_pos_ >= probe_->size()) {
        if (input_done_) break;
        probe_->Clear();
        probe_pos_ = 0;
        if (!input().Next(ctx, *probe_)) {
          input_done_ = true;
          break;
        }
        if (!build_) Build(ctx);
      }
      Value* row = probe_->Row(probe_pos_++);
      probe_key_ = Evaluate(*op.probe_key, row, ctx);
      if (probe_key_.IsNull()) continue;  // `null = x` is never true
      auto it = table_.find(KeyTuple{probe_key_});
      if (it == table_.end()) continue;
      matches_ = &it->second;
      match_pos_ = 0;
    }
    rows_produced += out.size();
    return !out.empty();
  }

 private:
  void Build(ExecContext& ctx) {
    build_ = ctx.NewRowBuffer();
    table_charge_.Bind(&ctx.memory());
    PhysicalOperator& build_side = *children[1];
    RowBatch batch(ctx.width(), ctx.batch_capacity());
    while (build_side.Next(ctx, batch)) {
      for (size_t i = 0; i < batch.size(); ++i) {
        Value key = Evaluate(*logical().As<planner::LogicalHashJoin>().build_key, batch.Row(i), ctx);
        if (key.IsNull()) continue;
        table_charge_.Add(HeldBytes(key) + sizeof(size_t));
        auto [it, inserted] = table_.try_emplace(KeyTuple{key});
        if (inserted) table_charge_.Add(kHashEntryBytes + sizeof(KeyTuple) + sizeof(Value));
        it->second.push_back(build_->size());
        build_keys_.push_back(std::move(key));
        build_->AppendCopy(batch.Row(i));
      }
      batch.Clear();
    }
  }

  std::unique_ptr<RowBatch> probe_;
  size_t probe_pos_ = 0;
  bool input_done_ = false;
  std::unique_ptr<RowBuffer> build_;
  std::vector<Value> build_keys_;
  // Keys hash by grouping equivalence (1 and 1.0 together); a match is confirmed with
  // `=` since equivalence is wider than equality (NaN, nulls inside lists).
  std::unordered_map<KeyTuple, std::vector<size_t>, KeyTupleHash, KeyTupleEqual> table_;
  MemoryCharge table_charge_;  // build_keys_ and table_
  Value probe_key_;
  const std::vector<size_t>* matches_ = nullptr;
  size_t match_pos_ = 0;
};

}  // namespace

PhysicalOperatorPtr MakeHashJoin(const LogicalOperator& op) {
  return std::make_unique<HashJoinOp>(op);
}

}  // namespace quiver::exec
