// ShortestPath: per input row, the shortest path (or, for allShortestPaths, every path
// of least length) between two bound nodes, found by ShortestPathSearch
// (exec/path/shortest_path_search.h); for SHORTEST k [GROUPS], the k shortest trails,
// found by ShortestTrailsSearch (exec/path/shortest_trails_search.h). The relationship pattern's property map and the
// WHERE conditions on the path's elements (all(...) / none(...) over relationships(p) or
// nodes(p)) are tested during the search, as Neo4j does: the answer is the shortest
// path that meets them, not the shortest path dropped when it does not.

#include <optional>

#include "exec/entity_ref.h"
#include "exec/expression/evaluator.h"
#include "exec/expression/expression_internal.h"
#include "exec/operator/expand_common.h"
#include "exec/operator/operators.h"
#include "exec/path/shortest_path_search.h"
#include "exec/path/shortest_trails_search.h"

namespace quiver::exec {

namespace {

class ShortestPathOp final : public StreamOperator {
 public:
  using StreamOperator::StreamOperator;

  void BeginRow(ExecContext& ctx, Value* row) override {
    const auto& op = logical().As<planner::LogicalShortestPath>();
    paths_.clear();
    next_ = 0;
    const Value& from = row[op.from_slot];
    const Value& to = row[op.to_slot];
    if (from.IsNull() || to.IsNull()) return;
    if (!from.IsNode()) ThrowInvalidArgumentType("expected a node, got a " + std::string(from.TypeName()));
    if (!to.IsNode()) ThrowInvalidArgumentType("expected a node, got a " + std::string(to.TypeName()));
    ShortestPathSearch::Spec spec;
    spec.direction = op.rel.direction;
    spec.min_hops = op.rel.min_hops;
    spec.max_hops = op.rel.max_hops;
    const bool any_type = ResolveRelTypes(ctx, op.rel, spec.types);
    std::vector<std::pair<PropertyKeyId, Value>> properties;
    bool no_relationship = !any_type;
    for (size_t i = 0; i < op.rel.property_keys.size(); ++i) {
      auto key = ctx.PropertyKey(op.rel.property_keys[i]);
      Value value = Evaluate(*op.rel.property_values[i], row, ctx);
      if (!key || value.IsNull()) no_relationship = true;  // no relationship can match
      properties.emplace_back(key.value_or(0), std::move(value));
    }
    if (no_relationship) spec.max_hops = 0;  // only a path of no relationships
    spec.rel_ok = [&ctx, &op, row, properties](const Adjacent& a) {
      for (const auto& [key, value] : properties) {
        if (Equals(ctx.graph().GetRelationshipProperty(a.rel.id, key), value) != Ternary::kTrue) return false;
      }
      for (const auto& p : op.element_predicates) {
        if (p.on_nodes) continue;
        row[p.variable] = RelRef(a.rel, ctx.graph());
        if (!Holds(p, row, ctx)) return false;
      }
      return true;
    };
    const bool node_predicates = std::any_of(op.element_predicates.begin(), op.element_predicates.end(),
                                             [](const planner::PathElementPredicate& p) { return p.on_nodes; });
    if (node_predicates) {
      spec.node_ok = [&ctx, &op, row](NodeId node) {
        for (const auto& p : op.element_predicates) {
          if (!p.on_nodes) continue;
          row[p.variable] = NodeRef(node);
          if (!Holds(p, row, ctx)) return false;
        }
        return true;
      };
    }
    const NodeId source = from.AsNode().id, target = to.AsNode().id;
    // A cycle (GQL's selectors from a node back to itself) is no shortest walk: a trail.
    const bool cycle = source == target && !op.as_function && op.rel.min_hops > 0;
    if (cycle || op.search == planner::PathSearch::kShortestK || op.search == planner::PathSearch::kShortestKGroups) {
      const bool groups =
          op.search == planner::PathSearch::kShortestKGroups || op.search == planner::PathSearch::kAllShortest;
      ShortestTrailsSearch search(ctx, std::move(spec));
      search.Find(source, target, op.count, groups, paths_);
      return;
    }
    ShortestPathSearch search(ctx, std::move(spec));
    if (op.search == planner::PathSearch::kAllShortest) {
      search.FindAll(source, target, paths_);
    } else {
      paths_.emplace_back();
      if (!search.FindOne(source, target, paths_.back())) paths_.clear();
    }
  }

  bool NextRow(ExecContext& ctx, Value* row) override {
    const auto& op = logical().As<planner::LogicalShortestPath>();
    if (next_ >= paths_.size()) return false;
    const ShortestPathSearch::Path& path = paths_[next_++];
    if (op.single_rel) {
      row[op.rel_slot] = RelRef(path.at(0), ctx.graph());
      return true;
    }
    std::vector<Value> rels;
    rels.reserve(path.size());
    for (const RelationshipRef& r : path) rels.push_back(RelRef(r, ctx.graph()));
    row[op.rel_slot] = Value::List(std::move(rels));
    return true;
  }

 private:
  // all(): the element makes the condition true; none(): false (null is neither).
  static bool Holds(const planner::PathElementPredicate& p, Value* row, ExecContext& ctx) {
    const Ternary t = EvaluatePredicate(*p.predicate, row, ctx);
    return t == (p.negated ? Ternary::kFalse : Ternary::kTrue);
  }

  std::vector<ShortestPathSearch::Path> paths_;
  size_t next_ = 0;
};

}  // namespace

StreamOperatorPtr MakeShortestPath(const LogicalOperator& op) {
  return std::make_unique<ShortestPathOp>(op);
}

}  // namespace quiver::exec
