// Directed / UndirectedRelationshipIndexSeek: per input row, the relationships of one
// type that a relationship property index gives (GraphReader::SeekRelationships) for the
// seek's equality, IN list, range or prefix, each bound with its two ends as the Expand
// the seek replaced would bind it: from the `from` end in the pattern's direction, and
// for an undirected hop once from each end (a self-loop once, as Expand reports it).
// Should the index decline — dropped since the plan was made, or a value it holds no
// entries for — the operator does what the NodeScan and Expand did: every node, a
// morsel at a time, expanded. The predicate is checked by the Filter above either way.

#include <algorithm>

#include "exec/entity_ref.h"
#include "exec/operator/index_seek_operands.h"
#include "exec/operator/operators.h"
#include "storage/schema_catalog.h"

namespace quiver::exec {

namespace {

constexpr NodeId kMorselNodes = 4096;

class RelationshipIndexSeekOp final : public StreamOperator {
 public:
  using StreamOperator::StreamOperator;

  void BeginRow(ExecContext& ctx, Value* row) override {
    const auto& op = logical().As<planner::LogicalRelationshipIndexSeek>();
    hops_.clear();
    pos_ = 0;
    next_ = 0;
    bound_ = 0;  // nothing to scan unless the index declines
    const auto type = ctx.RelType(op.type);
    if (!type) return;  // a type nobody has
    types_.assign(1, *type);
    const GraphReader& graph = ctx.graph();
    const storage::IndexDefinition* index = graph.Schema().Find(op.index_name);
    PropertySeek seek;
    const SeekOperands operands =
        index == nullptr ? SeekOperands::kScan : EvaluateSeekOperands(op, row, ctx, seek);
    if (operands == SeekOperands::kNone) return;
    std::vector<RelId> rels;
    if (operands == SeekOperands::kScan || !graph.SeekRelationships(*index, seek, rels)) {
      bound_ = graph.NodeIdBound();  // scan and expand, as the plan did without the index
      return;
    }
    for (RelId id : rels) {
      const RelationshipRef r = graph.GetRelationship(id);
      if (op.direction == Direction::kIncoming) {
        hops_.push_back({r, r.end, r.start});
      } else {
        hops_.push_back({r, r.start, r.end});
        if (op.direction == Direction::kBoth && r.start != r.end) hops_.push_back({r, r.end, r.start});
      }
    }
  }

  bool NextRow(ExecContext& ctx, Value* row) override {
    const auto& op = logical().As<planner::LogicalRelationshipIndexSeek>();
    while (pos_ >= hops_.size()) {
      if (next_ >= bound_) return false;
      ScanMorsel(ctx.graph(), op.direction);
    }
    const Hop& h = hops_[pos_++];
    row[op.from_slot] = NodeRef(h.from);
    row[op.rel_slot] = RelRef(h.rel, ctx.graph());
    row[op.to_slot] = NodeRef(h.to);
    return true;
  }

 private:
  struct Hop {
    RelationshipRef rel;
    NodeId from, to;
  };

  void ScanMorsel(const GraphReader& graph, Direction direction) {
    hops_.clear();
    pos_ = 0;
    const NodeId end = std::min(bound_, next_ + kMorselNodes);
    nodes_.clear();
    graph.ScanNodes(next_, end, std::nullopt, nodes_);
    next_ = end;
    for (NodeId node : nodes_) {
      adjacent_.clear();
      graph.Expand(node, direction, types_, adjacent_);
      for (const Adjacent& a : adjacent_) hops_.push_back({a.rel, node, a.neighbour});
    }
  }

  std::vector<Hop> hops_;
  size_t pos_ = 0;
  NodeId next_ = 0, bound_ = 0;
  std::vector<RelTypeId> types_;
  std::vector<NodeId> nodes_;
  std::vector<Adjacent> adjacent_;
};

}  // namespace

StreamOperatorPtr MakeRelationshipIndexSeek(const LogicalOperator& op) {
  return std::make_unique<RelationshipIndexSeekOp>(op);
}

}  // namespace quiver::exec
