// Aggregate: hash grouping on the key expressions, one Aggregator (from the function
// library) per aggregate per group. With no keys there is exactly one group, so an
// empty input still yields one row (count(*) = 0, collect() = []).

#include <unordered_map>

#include "exec/expression/evaluator.h"
#include "exec/function/function.h"
#include "exec/operator/key_tuple.h"
#include "exec/operator/operators.h"
#include "exec/value_bytes.h"

namespace quiver::exec {

namespace {

class AggregateOp final : public PhysicalOperator {
 public:
  using PhysicalOperator::PhysicalOperator;

  void Open(ExecContext& ctx, const Value* argument) override {
    PhysicalOperator::Open(ctx, argument);
    groups_.clear();
    index_.clear();
    charge_.Bind(&ctx.memory());
    computed_ = false;
    emit_pos_ = 0;
  }

  bool Produce(ExecContext& ctx, RowBatch& out) override {
    const auto& op = logical().As<planner::LogicalAggregate>();
    if (!computed_) {
      Consume(ctx);
      computed_ = true;
    }
    while (!out.full() && emit_pos_ < groups_.size()) {
      Group& group = groups_[emit_pos_++];
      Value* row = out.AppendRow();
      for (size_t k = 0; k < op.keys.size(); ++k) row[op.key_slots[k]] = std::move(group.keys[k]);
      for (size_t a = 0; a < op.aggregates.size(); ++a)
        row[op.aggregates[a].slot] = group.aggregators[a]->Finalize();
    }
    if (emit_pos_ >= groups_.size()) {
      groups_.clear();
      index_.clear();
      charge_.Reset();
      emit_pos_ = 0;
    }
    rows_produced += out.size();
    return !out.empty();
  }

 private:
  struct Group {
    KeyTuple keys;
    std::vector<std::unique_ptr<Aggregator>> aggregators;
  };

  Group NewGroup(KeyTuple keys) {
    Group group;
    group.keys = std::move(keys);
    for (const auto& spec : logical().As<planner::LogicalAggregate>().aggregates) {
      std::unique_ptr<Aggregator> agg = spec.function == nullptr ? MakeCountStar() : spec.function->make();
      if (spec.distinct) agg = MakeDistinct(std::move(agg));
      group.aggregators.push_back(std::move(agg));
    }
    return group;
  }

  void Consume(ExecContext& ctx) {
    const auto& op = logical().As<planner::LogicalAggregate>();
    if (op.keys.empty()) groups_.push_back(NewGroup({}));
    RowBatch batch(ctx.width(), ctx.batch_capacity());
    std::vector<Value> args;
    while (input().Next(ctx, batch)) {
      for (size_t i = 0; i < batch.size(); ++i) {
        Value* row = batch.Row(i);
        size_t group_index = 0;
        if (!op.keys.empty()) {
          KeyTuple key;
          key.reserve(op.keys.size());
          for (const auto& k : op.keys) key.push_back(Evaluate(*k, row, ctx));
          auto [it, inserted] = index_.try_emplace(key, groups_.size());
          if (inserted) {
            // The group's keys (held twice, by the index and the group, one payload).
            uint64_t bytes = kHashEntryBytes + 2 * sizeof(KeyTuple) + sizeof(Group);
            for (const Value& v : key) bytes += HeldBytes(v) + sizeof(Value);
            charge_.Add(bytes + op.aggregates.size() * kAggregatorBytes);
            groups_.push_back(NewGroup(std::move(key)));
          }
          group_index = it->second;
        }
        Group& group = groups_[group_index];
        for (size_t a = 0; a < op.aggregates.size(); ++a) {
          const auto& spec = op.aggregates[a];
          args.clear();
          for (const auto& arg : spec.args) args.push_back(Evaluate(*arg, row, ctx));
          Aggregator& aggregator = *group.aggregators[a];
          const uint64_t before = aggregator.held_bytes();
          aggregator.Update(args);
          charge_.Add(aggregator.held_bytes() - before);
        }
      }
      batch.Clear();
    }
  }

  // An aggregator's state object and its pointer, beyond what it reports holding.
  static constexpr uint64_t kAggregatorBytes = 64;

  std::vector<Group> groups_;
  MemoryCharge charge_;  // groups_, index_ and what the aggregators hold
  std::unordered_map<KeyTuple, size_t, KeyTupleHash, KeyTupleEqual> index_;
  bool computed_ = false;
  size_t emit_pos_ = 0;
};

}  // namespace

PhysicalOperatorPtr MakeAggregate(const LogicalOperator& op) {
  return std::make_unique<AggregateOp>(op);
}

}  // namespace quiver::exec
