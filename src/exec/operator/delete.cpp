// DELETE / DETACH DELETE: eager. Collects every node, relationship and path the rows
// name, deletes the relationships, then the nodes — so `MATCH (a)-[r]-(b) DELETE r, a, b`
// works whatever the row order. A node that still has relationships then is a
// ConstraintVerificationFailed (DeleteConnectedNode) unless DETACH removes them.

#include <algorithm>
#include <unordered_set>

#include "exec/expression/evaluator.h"
#include "exec/expression/expression_internal.h"
#include "exec/operator/operators.h"

namespace quiver::exec {

namespace {

class DeleteOp final : public EagerOperator {
 public:
  using EagerOperator::EagerOperator;

 protected:
  void Process(ExecContext& ctx, RowBuffer& rows) override {
    std::vector<NodeId> nodes;
    std::vector<RelId> rels;
    const auto& targets = logical().As<planner::LogicalDelete>().targets;
    for (size_t i = 0; i < rows.size(); ++i) {
      for (const auto& expr : targets) Collect(Evaluate(*expr, rows.Row(i), ctx), nodes, rels);
    }
    GraphWriter& graph = ctx.writer();
    UpdateCounters& counted = ctx.counters();
    for (RelId rel : rels) {
      if (graph.RelationshipExists(rel)) {
        graph.DeleteRelationship(rel);
        ++counted.relationships_deleted;
      }
    }
    std::vector<Adjacent> adjacent;
    for (NodeId node : nodes) {
      if (!graph.NodeExists(node)) continue;
      if (graph.Degree(node, Direction::kBoth, {}) > 0) {
        if (!logical().As<planner::LogicalDelete>().detach) {
          throw ConstraintVerificationFailed("DeleteConnectedNode",
                                             "cannot delete node " + std::to_string(node) +
                                                 " because it still has relationships; use DETACH DELETE",
                                             ErrorPhase::kRuntime);
        }
        adjacent.clear();
        graph.Expand(node, Direction::kBoth, {}, adjacent);
        // Last first: each removal is then at the end of this node's adjacency lists.
        for (auto it = adjacent.rbegin(); it != adjacent.rend(); ++it) graph.DeleteRelationship(it->rel.id);
        // A self-loop is adjacent twice; count it once.
        std::vector<RelId> ids;
        for (const Adjacent& a : adjacent) ids.push_back(a.rel.id);
        std::sort(ids.begin(), ids.end());
        counted.relationships_deleted += static_cast<uint64_t>(std::unique(ids.begin(), ids.end()) - ids.begin());
      }
      graph.DeleteNode(node);
      ++counted.nodes_deleted;
    }
  }

 private:
  static void Collect(const Value& v, std::vector<NodeId>& nodes, std::vector<RelId>& rels) {
    switch (v.kind()) {
      case ValueKind::kNull:
        return;
      case ValueKind::kNode:
        nodes.push_back(v.AsNode().id);
        return;
      case ValueKind::kRelationship:
        rels.push_back(v.AsRelationship().id);
        return;
      case ValueKind::kPath:
        for (const auto& n : v.AsPath().nodes) nodes.push_back(n.id);
        for (const auto& r : v.AsPath().relationships) rels.push_back(r.id);
        return;
      case ValueKind::kList:
        for (const auto& item : v.AsList()) Collect(item, nodes, rels);
        return;
      default:
        ThrowInvalidArgumentType("DELETE needs a node, a relationship or a path, not " +
                                 std::string(v.TypeName()));
    }
  }
};

}  // namespace

PhysicalOperatorPtr MakeDelete(const LogicalOperator& op) {
  return std::make_unique<DeleteOp>(op);
}

}  // namespace quiver::exec
