// DistinctEndCount: `count(DISTINCT c)` over the ends of a variable-length pattern
// (optimizer.cpp, "DistinctEnds"; LogicalAggregate::count_of_ends) — the size of the
// union of every input row's ends, kept as a bitmap over node ids. Its input is the
// VarExpand's: no row is made per end, so a search from a hub that reaches half of a
// million-node graph costs the search and a bit per end, not a row, a boxed node and a
// set entry per end.

#include <bit>

#include "exec/exec_context.h"
#include "exec/operator/distinct_ends.h"
#include "exec/operator/operators.h"
#include "exec/query_memory.h"

namespace quiver::exec {

namespace {

class DistinctEndCountOp final : public PhysicalOperator {
 public:
  explicit DistinctEndCountOp(const LogicalOperator& aggregate)
      : PhysicalOperator(aggregate),
        expand_(aggregate.children[0]->As<planner::LogicalVarExpand>()),
        ends_of_(expand_) {}

  void Open(ExecContext& ctx, const Value* argument) override {
    PhysicalOperator::Open(ctx, argument);
    input_rows_.Reset();
    done_ = false;
  }

  // The aggregate, then the VarExpand whose rows it stands for (each end of each input
  // row, as the expand would have produced them).
  void Profile(std::vector<ProfiledOperator>& out) const override {
    out.push_back({&logical(), rows_produced, "counted in a bitmap of the ends"});
    out.push_back({&expand_, ends_found_, {}, db_hits});  // the reads are the expand's
  }

 protected:
  bool Produce(ExecContext& ctx, RowBatch& out) override {
    if (done_) return false;
    done_ = true;
    MemoryCharge charge(&ctx.memory());
    std::vector<uint64_t> seen;  // a bit per node id: an end of some row
    uint64_t count = 0;
    while (Value* row = input_rows_.Next(ctx, input())) {
      ends_of_.Find(ctx, row, ends_);
      ends_found_ += ends_.size();
      if (ends_.empty()) continue;
      if (seen.empty()) {
        const size_t words = (ctx.graph().NodeIdBound() + 63) / 64;
        charge.Add(words * sizeof(uint64_t));
        seen.assign(words, 0);
      }
      for (NodeId n : ends_) {
        uint64_t& word = seen[n >> 6];
        const uint64_t bit = uint64_t{1} << (n & 63);
        count += (word & bit) == 0;
        word |= bit;
      }
    }
    const auto& aggregate = logical().As<planner::LogicalAggregate>();
    out.AppendRow()[aggregate.aggregates[0].slot] = Value::Int(static_cast<int64_t>(count));
    ++rows_produced;
    return true;
  }

 private:
  const planner::LogicalVarExpand& expand_;
  DistinctEnds ends_of_;
  InputRows input_rows_;
  std::vector<NodeId> ends_;
  uint64_t ends_found_ = 0;
  bool done_ = false;
};

}  // namespace

PhysicalOperatorPtr MakeDistinctEndCount(const LogicalOperator& op) {
  return std::make_unique<DistinctEndCountOp>(op);
}

}  // namespace quiver::exec
