// VarLengthExpand: per input row, every path of min..max relationships from the node in
// `from_slot`, by depth-first search with an explicit stack (one adjacency slice per
// level, so memory is O(depth × degree), never the number of paths). A path never uses
// a relationship twice, nor one bound by an earlier hop of the same pattern. It binds
// the list of relationships (in pattern order) and the end node.
//
// A quantified path pattern (rel.quantified) is the same search taking its hops in
// turn, testing each completed iteration's condition before going on, and emitting only
// whole iterations, with the group variables' lists (quantified_iterations.h).
//
// With rel.distinct_ends (an optimizer rewrite, see optimizer.h) it emits instead each
// node reachable in min..max steps once per input row, found breadth-first
// (distinct_ends.h): O(nodes and relationships reached), where the paths can be
// exponentially many.

#include <algorithm>
#include <optional>

#include "common/assert.h"
#include "exec/entity_ref.h"
#include "exec/expression/evaluator.h"
#include "exec/expression/expression_internal.h"
#include "exec/operator/expand_common.h"
#include "exec/operator/operators.h"
#include "exec/operator/distinct_ends.h"
#include "exec/operator/quantified_iterations.h"

namespace quiver::exec {

namespace {

class VarExpandOp final : public StreamOperator {
 public:
  using StreamOperator::StreamOperator;

  void BeginRow(ExecContext& ctx, Value* row) override {
    const auto& op = logical().As<planner::LogicalVarExpand>();
    frames_.clear();
    next_end_ = 0;
    if (op.rel.distinct_ends) {
      if (!ends_of_) ends_of_.emplace(op);
      if (!op.into) {
        ends_of_->Find(ctx, row, ends_);
        return;
      }
      // Into a bound end (an existence test): whether it is one of the ends.
      ends_.clear();
      if (row[op.to_slot].IsNode()) ends_of_->Find(ctx, row, ends_, row[op.to_slot].AsNode().id);
      return;
    }
    path_.clear();
    path_values_.clear();
    pending_emit_ = false;
    no_hops_ = false;
    const Value& from = row[op.from_slot];
    if (from.IsNull()) return;
    if (!from.IsNode()) ThrowInvalidArgumentType("expected a node, got a " + std::string(from.TypeName()));
    if (op.into) {
      const Value& to = row[op.to_slot];
      if (!to.IsNode()) return;
      target_ = to.AsNode().id;
    }
    if (!ResolveRelTypes(ctx, op.rel, types_)) {
      // No relationship can match; only a zero-length path can.
      if (op.rel.min_hops > 0) return;
    }
    if (op.rel.quantified) {
      if (!quantified_) quantified_.emplace(*op.rel.quantified, op.rel.reverse_list);
      if (!quantified_->ResolveTypes(ctx)) {
        if (op.rel.min_hops > 0) return;  // no iteration can complete
        no_hops_ = true;
      }
    }
    property_keys_.clear();
    property_values_.clear();
    for (size_t i = 0; i < op.rel.property_keys.size(); ++i) {
      auto key = ctx.PropertyKey(op.rel.property_keys[i]);
      Value value = Evaluate(*op.rel.property_values[i], row, ctx);
      if (!key || value.IsNull()) {
        if (op.rel.min_hops > 0) return;  // no relationship can match
        no_hops_ = true;
      }
      property_keys_.push_back(key.value_or(0));
      property_values_.push_back(std::move(value));
    }
    NodeId start = from.AsNode().id;
    if (!ctx.graph().NodeExists(start)) return;
    no_hops_ = no_hops_ || (!op.rel.types.empty() && types_.empty());
    Push(ctx, start);
    pending_emit_ = op.rel.min_hops <= 0;
  }

  bool NextRow(ExecContext& ctx, Value* row) override {
    const auto& op = logical().As<planner::LogicalVarExpand>();
    if (op.rel.distinct_ends) {
      if (next_end_ >= ends_.size()) return false;
      row[op.to_slot] = NodeRef(ends_[next_end_++]);
      return true;
    }
    while (true) {
      ctx.Tick();
      if (pending_emit_) {
        pending_emit_ = false;
        NodeId end = frames_.back().node;
        if (!op.into || end == target_) {
          Emit(ctx, end, row);
          return true;
        }
      }
      if (frames_.empty()) return false;
      Frame& top = frames_.back();
      if (top.next >= top.adjacent.size()) {
        frames_.pop_back();
        if (!path_.empty()) {
          path_.pop_back();
          if (op.rel.bind_list) path_values_.pop_back();
        }
        continue;
      }
      const Adjacent a = top.adjacent[top.next++];
      if (std::any_of(path_.begin(), path_.end(), [&](const Adjacent& p) { return p.rel.id == a.rel.id; }))
        continue;
      if (UsedEarlier(op.rel, row, a.rel.id)) continue;
      if (!PropertiesMatch(ctx, a.rel.id)) continue;
      if (quantified_ && !IterationHolds(ctx, row, a)) continue;
      path_.push_back(a);
      // Made once per hop and shared by every path through it (a copy is a refcount).
      if (op.rel.bind_list) path_values_.push_back(RelRef(a.rel, ctx.graph()));
      Push(ctx, a.neighbour);
      pending_emit_ = static_cast<int64_t>(path_.size()) >= op.rel.min_hops &&
                      (!quantified_ || path_.size() % quantified_->hops() == 0);
    }
  }

 private:
  struct Frame {
    NodeId node;
    std::vector<Adjacent> adjacent;
    size_t next = 0;
  };

  void Push(ExecContext& ctx, NodeId node) {
    Frame frame{node, {}, 0};
    const planner::RelPattern& rel = logical().As<planner::LogicalVarExpand>().rel;
    if (!no_hops_ && static_cast<int64_t>(path_.size()) < rel.max_hops) {
      if (quantified_) {
        ctx.graph().Expand(node, quantified_->DirectionAt(path_.size()), quantified_->TypesAt(path_.size()),
                           frame.adjacent);
      } else {
        ctx.graph().Expand(node, rel.direction, types_, frame.adjacent);
      }
    }
    frames_.push_back(std::move(frame));
  }

  bool PropertiesMatch(ExecContext& ctx, RelId rel) {
    for (size_t i = 0; i < property_keys_.size(); ++i) {
      Value actual = ctx.graph().GetRelationshipProperty(rel, property_keys_[i]);
      if (Equals(actual, property_values_[i]) != Ternary::kTrue) return false;
    }
    return true;
  }

  // Whether the step `a` after path_ leaves every completed iteration meeting its
  // condition: it is tested when `a` completes one.
  bool IterationHolds(ExecContext& ctx, Value* row, const Adjacent& a) {
    const size_t k = quantified_->hops();
    const size_t length = path_.size() + 1;
    if (length % k != 0) return true;
    iteration_nodes_.clear();
    for (size_t depth = length - k; depth < length; ++depth) iteration_nodes_.push_back(frames_[depth].node);
    iteration_nodes_.push_back(a.neighbour);
    iteration_rels_.assign(path_.end() - static_cast<std::ptrdiff_t>(k - 1), path_.end());
    iteration_rels_.push_back(a);
    return quantified_->Holds(ctx, row, iteration_nodes_, iteration_rels_);
  }

  void Emit(ExecContext& ctx, NodeId end, Value* out) {
    const auto& op = logical().As<planner::LogicalVarExpand>();
    if (!op.into) out[op.to_slot] = NodeRef(end);
    if (quantified_) {
      iteration_nodes_.clear();
      for (const Frame& frame : frames_) iteration_nodes_.push_back(frame.node);
      quantified_->BindGroups(ctx, out, iteration_nodes_, path_);
    }
    if (!op.rel.bind_list) return;
    std::vector<Value> rels(path_values_);
    if (op.rel.reverse_list) std::reverse(rels.begin(), rels.end());
    out[op.list_slot] = Value::List(std::move(rels));
  }

  std::vector<Frame> frames_;
  std::vector<Adjacent> path_;
  std::vector<Value> path_values_;  // path_ as relationship values, when bind_list
  std::vector<RelTypeId> types_;
  std::vector<PropertyKeyId> property_keys_;
  std::vector<Value> property_values_;
  bool pending_emit_ = false;
  bool no_hops_ = false;
  NodeId target_ = 0;
  std::vector<NodeId> ends_;  // distinct_ends: this input row's end nodes
  std::optional<DistinctEnds> ends_of_;
  std::optional<QuantifiedIterations> quantified_;  // rel.quantified
  std::vector<NodeId> iteration_nodes_;
  std::vector<Adjacent> iteration_rels_;
  size_t next_end_ = 0;
};

}  // namespace

StreamOperatorPtr MakeVarExpand(const LogicalOperator& op) {
  return std::make_unique<VarExpandOp>(op);
}

}  // namespace quiver::exec
