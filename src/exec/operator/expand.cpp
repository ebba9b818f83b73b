// Expand: per input row, the relationships of the node in `from_slot` (one adjacency
// slice read through GraphReader::Expand, O(degree)), binding the relationship and the
// node at its other end — or, with `into`, keeping those that reach the node already in
// `to_slot`.

#include "exec/entity_ref.h"
#include "exec/expression/expression_internal.h"
#include "exec/operator/expand_common.h"
#include "exec/operator/operators.h"

namespace quiver::exec {

namespace {

class ExpandOp final : public StreamOperator {
 public:
  using StreamOperator::StreamOperator;

  void BeginRow(ExecContext& ctx, Value* row) override {
    const auto& op = logical().As<planner::LogicalExpand>();
    adjacent_.clear();
    pos_ = 0;
    const Value& from = row[op.from_slot];
    if (from.IsNull()) return;  // an OPTIONAL MATCH left it unbound
    if (!from.IsNode()) ThrowInvalidArgumentType("expected a node, got a " + std::string(from.TypeName()));
    if (op.into) {
      const Value& to = row[op.to_slot];
      if (!to.IsNode()) return;
      target_ = to.AsNode().id;
    }
    if (!ResolveRelTypes(ctx, op.rel, types_)) return;
    NodeId node = from.AsNode().id;
    const GraphReader& graph = ctx.graph();
    if (!graph.NodeExists(node)) return;
    Direction direction = op.rel.direction;
    if (op.into && types_.empty() && graph.NodeExists(target_)) {
      // Both ends bound: read the smaller adjacency list, from the other side.
      const Direction reverse = Reverse(direction);
      if (graph.Degree(target_, reverse, types_) < graph.Degree(node, direction, types_)) {
        std::swap(node, target_);
        direction = reverse;
      }
    }
    graph.Expand(node, direction, types_, adjacent_);
  }

  bool NextRow(ExecContext& ctx, Value* row) override {
    const auto& op = logical().As<planner::LogicalExpand>();
    while (pos_ < adjacent_.size()) {
      const Adjacent& a = adjacent_[pos_++];
      if (op.into && a.neighbour != target_) continue;
      if (UsedEarlier(op.rel, row, a.rel.id)) continue;
      row[op.rel_slot] = RelRef(a.rel, ctx.graph());
      if (!op.into) row[op.to_slot] = NodeRef(a.neighbour);
      return true;
    }
    return false;
  }

 private:
  std::vector<Adjacent> adjacent_;
  std::vector<RelTypeId> types_;
  size_t pos_ = 0;
  NodeId target_ = 0;
};

}  // namespace

StreamOperatorPtr MakeExpand(const LogicalOperator& op) {
  return std::make_unique<ExpandOp>(op);
}

}  // namespace quiver::exec
