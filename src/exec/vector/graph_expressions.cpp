// The vector expressions that read the graph: one batch read per chunk (a gather, a
// label filter) or one indexed lookup per row (a relationship between two nodes), never
// a boxed row.

#include "exec/vector/vector_expression_internal.h"

#include <algorithm>
#include <cstring>

namespace quiver::exec::vector {

namespace {

// n.key over a node column: one gather per chunk.
class NodePropertyExpression final : public VectorExpression {
 public:
  NodePropertyExpression(uint32_t column, const std::string& key) : column_(column), key_(key) {}
  void Evaluate(const DataChunk& chunk, EvalContext& ctx, ValueVector& out) const override {
    const ValueVector& nodes = chunk.columns[column_];
    auto key = ctx.rows.PropertyKey(key_);
    if (!key) {
      out.Reset(VectorKind::kBoxed, chunk.size);
      return;
    }
    ctx.graph.GatherNodeProperty(nodes.ids, *key, out);
    // A null node (from an OPTIONAL MATCH) has null properties; a scan's nodes are all
    // valid, which one memchr finds before a loop per row.
    if (std::memchr(nodes.valid.data(), 0, chunk.size) == nullptr) return;
    for (size_t i = 0; i < chunk.size; ++i) {
      if (!nodes.valid[i]) out.Set(i, Value());
    }
  }

 private:
  uint32_t column_;
  const std::string& key_;
};

// r.key over a relationship column: one gather per chunk.
class RelationshipPropertyExpression final : public VectorExpression {
 public:
  RelationshipPropertyExpression(uint32_t column, const std::string& key) : column_(column), key_(key) {}
  void Evaluate(const DataChunk& chunk, EvalContext& ctx, ValueVector& out) const override {
    auto key = ctx.rows.PropertyKey(key_);
    if (!key) {
      out.Reset(VectorKind::kBoxed, chunk.size);
      return;
    }
    ctx.graph.GatherRelationshipProperty(chunk.columns[column_].ids, *key, out);
  }

 private:
  uint32_t column_;
  const std::string& key_;
};

// n:A:B over a node column.
class HasLabelsExpression final : public VectorExpression {
 public:
  HasLabelsExpression(uint32_t column, const std::vector<std::string>& labels) : column_(column), labels_(labels) {}
  void Evaluate(const DataChunk& chunk, EvalContext& ctx, ValueVector& out) const override {
    const ValueVector& nodes = chunk.columns[column_];
    out.Reset(VectorKind::kBool, chunk.size);
    std::vector<uint8_t> keep(nodes.valid);
    for (const auto& name : labels_) {
      auto label = ctx.rows.Label(name);
      if (!label) {
        std::fill(keep.begin(), keep.end(), 0);
        break;
      }
      ctx.graph.FilterByLabel(nodes.ids, *label, keep);
    }
    for (size_t i = 0; i < chunk.size; ++i) {
      out.valid[i] = nodes.valid[i];
      out.ints[i] = keep[i];
    }
  }

 private:
  uint32_t column_;
  const std::vector<std::string>& labels_;
};

// The optimizer's one-hop EXISTS per row. Between two node columns, (a)-[:T]->(b):
// GraphReader::HasRelationship, a binary search in a's sorted adjacency. To a new end,
// (a)-[:T]->(:L): GraphReader::HasNeighbour, with the labels every node carries dropped
// once per chunk (none left: a degree). A null end has no relationship (false), as the
// subplan this replaces finds no row.
class HasRelationshipExpression final : public VectorExpression {
 public:
  static constexpr uint32_t kAnyEnd = FragmentColumns::kNoColumn;
  HasRelationshipExpression(uint32_t from, uint32_t to, const std::vector<std::string>& types,
                            const std::vector<std::string>& end_labels, Direction direction)
      : from_(from), to_(to), type_names_(types), label_names_(end_labels), direction_(direction) {}
  void Evaluate(const DataChunk& chunk, EvalContext& ctx, ValueVector& out) const override {
    const ValueVector& from = chunk.columns[from_];
    out.Reset(VectorKind::kBool, chunk.size);
    std::fill(out.valid.begin(), out.valid.end(), 1);
    std::vector<RelTypeId> types;
    for (const auto& name : type_names_) {
      if (auto t = ctx.rows.RelType(name)) types.push_back(*t);
    }
    if (!type_names_.empty() && types.empty()) return;  // no such type: false everywhere
    if (to_ != kAnyEnd) {
      const ValueVector& to = chunk.columns[to_];
      for (size_t i = 0; i < chunk.size; ++i) {
        out.ints[i] =
            from.valid[i] && to.valid[i] && ctx.graph.HasRelationship(from.ids[i], to.ids[i], direction_, types);
      }
      return;
    }
    std::vector<LabelId> labels;
    for (const auto& name : label_names_) {
      auto label = ctx.rows.Label(name);
      if (!label) return;  // no node carries it: false everywhere
      labels.push_back(*label);
    }
    ctx.graph.DropLabelsOnEveryNode(labels);  // once per chunk
    for (size_t i = 0; i < chunk.size; ++i) {
      out.ints[i] = from.valid[i] && ctx.graph.HasNeighbour(from.ids[i], direction_, types, labels);
    }
  }

 private:
  uint32_t from_, to_;
  const std::vector<std::string>& type_names_;
  const std::vector<std::string>& label_names_;
  Direction direction_;
};

}  // namespace


VectorExpressionPtr MakeNodeProperty(uint32_t column, const std::string& key) {
  return std::make_unique<NodePropertyExpression>(column, key);
}

VectorExpressionPtr MakeRelationshipProperty(uint32_t column, const std::string& key) {
  return std::make_unique<RelationshipPropertyExpression>(column, key);
}

VectorExpressionPtr MakeHasLabels(uint32_t column, const std::vector<std::string>& labels) {
  return std::make_unique<HasLabelsExpression>(column, labels);
}

VectorExpressionPtr MakeHasRelationship(uint32_t from, uint32_t to, const planner::BoundExpr& has) {
  return std::make_unique<HasRelationshipExpression>(from, to, has.names, has.end_labels, has.direction);
}

}  // namespace quiver::exec::vector
