// CountStore: `MATCH (n:L) RETURN count(n)` and `MATCH ()-[r:T]->() RETURN count(r)` as
// one row from the store's counts (optimizer.cpp, "Counts from the store") — O(1) over
// a generation without a delta. Where the store has no count at hand (writes since the
// generation, the in-memory graph), it counts: the label's nodes by a scan, the type's
// relationships as the sum of the nodes' out-degrees (O(nodes), not O(relationships)).

#include <algorithm>

#include "exec/exec_context.h"
#include "exec/operator/expand_common.h"
#include "exec/operator/operators.h"

namespace quiver::exec {

namespace {

constexpr NodeId kMorselNodes = 4096;

class CountStoreOp final : public OneShotOperator {
 public:
  using OneShotOperator::OneShotOperator;

 protected:
  bool ProduceOnce(ExecContext& ctx, RowBatch& out) override {
    const Value count = Value::Int(static_cast<int64_t>(Count(ctx)));
    Value* row = out.AppendRow();
    for (planner::SlotId slot : logical().As<planner::LogicalCountStore>().slots) row[slot] = count;
    ++rows_produced;
    return true;
  }

 private:
  uint64_t Count(ExecContext& ctx) const {
    const GraphReader& graph = ctx.graph();
    const auto& op = logical().As<planner::LogicalCountStore>();
    if (op.count_relationships) {
      std::optional<RelTypeId> type;
      if (!op.rel_types.empty()) {
        type = ctx.RelType(op.rel_types[0]);
        if (!type) return 0;
      }
      if (auto n = graph.CountRelationships(type)) return *n;
      std::vector<RelTypeId> types;
      if (type) types.push_back(*type);
      uint64_t total = 0;
      ForEachNode(ctx, std::nullopt, [&](NodeId id) { total += graph.Degree(id, Direction::kOutgoing, types); });
      return total;
    }
    std::optional<LabelId> label;
    if (!op.labels.empty()) {
      label = ctx.Label(op.labels[0]);
      if (!label) return 0;
    }
    if (auto n = graph.CountNodes(label)) return *n;
    uint64_t total = 0;
    ForEachNode(ctx, label, [&](NodeId) { ++total; });
    return total;
  }

  template <typename F>
  static void ForEachNode(ExecContext& ctx, std::optional<LabelId> label, F&& f) {
    std::vector<NodeId> ids;
    const NodeId bound = ctx.graph().NodeIdBound();
    for (NodeId begin = 0; begin < bound; begin += kMorselNodes) {
      ctx.CheckInterrupt();
      ids.clear();
      ctx.graph().ScanNodes(begin, std::min(bound, begin + kMorselNodes), label, ids);
      for (NodeId id : ids) f(id);
    }
  }
};

}  // namespace

PhysicalOperatorPtr MakeCountStore(const LogicalOperator& op) { return std::make_unique<CountStoreOp>(op); }

}  // namespace quiver::exec
