// NodeScan: per input row, every live node carrying all of `labels` (and the property
// values the optimizer moved in), read a morsel of ids at a time (so a scan of a large
// graph holds one morsel, not every id).
// NodeSeek: the same rows, but the first property equality is answered by the storage's
// key index (GraphReader::FindNodesByKey) in one batch; should the index decline (a
// value it cannot look up), the operator scans as NodeScan does.
// A label union `(n:A|B)` scans each label's nodes per morsel and merges them
// (ScanMorsel, node_morsel.h); the label test stays in the Filter above.
// NodeIndexSeek: the same rows again, the candidates given by a property index
// (GraphReader::SeekNodes) for the seek's equality, IN list, range or prefix, each
// checked against the labels and equalities as a scan's are (the predicate the seek came
// from is also still checked above it). Should the index decline — dropped since the
// plan was made, or a value it holds no entries for — the operator scans.

#include <algorithm>

#include "exec/entity_ref.h"
#include "exec/exec_context.h"
#include "exec/expression/evaluator.h"
#include "exec/operator/index_seek_operands.h"
#include "exec/operator/node_morsel.h"
#include "exec/operator/operators.h"
#include "storage/schema_catalog.h"

namespace quiver::exec {

namespace {

constexpr NodeId kMorselNodes = 4096;

}  // namespace

void ScanMorsel(const GraphReader& graph, NodeId begin, NodeId end, std::span<const LabelId> labels,
                std::span<const LabelId> any_labels, std::vector<NodeId>& out) {
  if (any_labels.empty()) {
    std::optional<LabelId> first;
    if (!labels.empty()) first = labels[0];
    graph.ScanNodes(begin, end, first, out);
    return;
  }
  const size_t from = out.size();
  for (LabelId label : any_labels) graph.ScanNodes(begin, end, label, out);
  if (any_labels.size() > 1) {
    std::sort(out.begin() + static_cast<std::ptrdiff_t>(from), out.end());
    out.erase(std::unique(out.begin() + static_cast<std::ptrdiff_t>(from), out.end()), out.end());
  }
}

namespace {

class NodeScanOp final : public StreamOperator {
 public:
  using StreamOperator::StreamOperator;

  void BeginRow(ExecContext& ctx, Value* row) override {
    ids_.clear();
    pos_ = 0;
    next_ = 0;
    // Nodes created after this point are not this scan's to see (writes are eager, so
    // in practice none are created while it runs).
    bound_ = ctx.graph().NodeIdBound();
    labels_.clear();
    empty_ = false;
    for (const auto& name : logical().As<planner::LogicalNodeScan>().labels) {
      auto label = ctx.Label(name);
      if (!label) {
        empty_ = true;  // a label nobody carries
        return;
      }
      labels_.push_back(*label);
    }
    any_labels_.clear();
    const auto& union_names = logical().As<planner::LogicalNodeScan>().any_labels;
    for (const auto& name : union_names) {
      if (auto label = ctx.Label(name)) any_labels_.push_back(*label);  // one nobody carries adds none
    }
    if (!union_names.empty() && any_labels_.empty()) {
      empty_ = true;
      return;
    }
    keys_.clear();
    values_.clear();
    const auto& op = logical().As<planner::LogicalNodeScan>();
    for (size_t i = 0; i < op.property_keys.size(); ++i) {
      auto key = ctx.PropertyKey(op.property_keys[i]);
      Value value = Evaluate(*op.property_values[i], row, ctx);
      if (!key || value.IsNull()) {
        empty_ = true;  // no node has it, or `= null` is never true
        return;
      }
      keys_.push_back(*key);
      values_.push_back(std::move(value));
    }
    if (op.kind == planner::OpKind::kNodeSeek) {
      std::optional<LabelId> first;
      if (!labels_.empty()) first = labels_[0];
      if (ctx.graph().FindNodesByKey(first, keys_[0], values_[0], ids_)) {
        next_ = bound_;  // the index gave every match: no morsels to read
        Refine(ctx.graph(), /*first_key=*/1);
      }
    }
    if (op.kind == planner::OpKind::kNodeIndexSeek) SeekIndex(ctx, row);
  }

  bool NextRow(ExecContext& ctx, Value* row) override {
    while (pos_ >= ids_.size()) {
      if (empty_ || next_ >= bound_) return false;
      ids_.clear();
      pos_ = 0;
      NodeId end = std::min(bound_, next_ + kMorselNodes);
      ScanMorsel(ctx.graph(), next_, end, labels_, any_labels_, ids_);
      next_ = end;
      Refine(ctx.graph(), 0);
    }
    row[logical().As<planner::LogicalNodeScan>().slot] = NodeRef(ids_[pos_++]);
    return true;
  }

 private:
  void SeekIndex(ExecContext& ctx, Value* row) {
    const auto& op = logical().As<planner::LogicalNodeIndexSeek>();
    const storage::IndexDefinition* index = ctx.graph().Schema().Find(op.index_name);
    if (index == nullptr) return;
    PropertySeek seek;
    switch (EvaluateSeekOperands(op, row, ctx, seek)) {
      case SeekOperands::kNone:
        empty_ = true;
        return;
      case SeekOperands::kScan:
        return;
      case SeekOperands::kReady:
        break;
    }
    if (ctx.graph().SeekNodes(*index, seek, ids_)) {
      next_ = bound_;  // the index gave every candidate: no morsels to read
      Refine(ctx.graph(), /*first_key=*/0);
    }
  }

  // Keeps the ids (which carry labels_[0]) that carry the other labels and hold the
  // property values from keys_[first_key] on.
  void Refine(const GraphReader& g, size_t first_key) {
    if (labels_.size() > 1) {
      std::erase_if(ids_, [&](NodeId id) {
        return !std::all_of(labels_.begin() + 1, labels_.end(), [&](LabelId l) { return g.HasLabel(id, l); });
      });
    }
    if (keys_.size() > first_key) {
      std::erase_if(ids_, [&](NodeId id) {
        for (size_t k = first_key; k < keys_.size(); ++k) {
          if (Equals(g.GetNodeProperty(id, keys_[k]), values_[k]) != Ternary::kTrue) return true;
        }
        return false;
      });
    }
  }

  std::vector<NodeId> ids_;
  size_t pos_ = 0;
  NodeId next_ = 0;
  NodeId bound_ = 0;
  std::vector<LabelId> labels_;
  std::vector<LabelId> any_labels_;  // a label union's
  std::vector<PropertyKeyId> keys_;
  std::vector<Value> values_;
  bool empty_ = false;
};

}  // namespace

StreamOperatorPtr MakeNodeScan(const LogicalOperator& op) {
  return std::make_unique<NodeScanOp>(op);
}

}  // namespace quiver::exec
