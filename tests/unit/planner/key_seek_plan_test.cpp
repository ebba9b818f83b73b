// The optimizer's key-seek rule on its own: a NodeScan with a property equality
// becomes a NodeSeek exactly when the graph says it indexes that key, with the sought
// key first; otherwise (no graph, an unindexed or unknown key) the plan scans.

#include <gtest/gtest.h>

#include "cypher/parser.h"
#include "planner/binder.h"
#include "planner/optimizer.h"

namespace quiver::planner {
namespace {

class NoFunctions : public Catalog {
 public:
  std::optional<FunctionInfo> FindFunction(std::string_view) const override { return std::nullopt; }
  const ProcedureSignature* FindProcedure(std::string_view) const override { return nullptr; }
};

// A graph with no data whose property keys are `id` (0, indexed) and `name` (1).
class IndexedIdGraph final : public GraphReader {
 public:
  std::optional<LabelId> FindLabel(std::string_view) const override { return 0; }
  std::optional<RelTypeId> FindRelType(std::string_view) const override { return 0; }
  std::optional<PropertyKeyId> FindPropertyKey(std::string_view n) const override {
    if (n == "id") return 0;
    if (n == "name") return 1;
    return std::nullopt;
  }
  std::string_view LabelName(LabelId) const override { return ""; }
  std::string_view RelTypeName(RelTypeId) const override { return ""; }
  std::string_view PropertyKeyName(PropertyKeyId) const override { return ""; }
  uint32_t LabelTokenCount() const override { return 1; }
  uint32_t RelTypeTokenCount() const override { return 1; }
  uint32_t PropertyKeyTokenCount() const override { return 2; }
  NodeId NodeIdBound() const override { return 0; }
  uint64_t NodeCount() const override { return 0; }
  bool NodeExists(NodeId) const override { return false; }
  void ScanNodes(NodeId, NodeId, std::optional<LabelId>, std::vector<NodeId>&) const override {}
  void GetLabels(NodeId, std::vector<LabelId>&) const override {}
  bool HasLabel(NodeId, LabelId) const override { return false; }
  Value GetNodeProperty(NodeId, PropertyKeyId) const override { return Value(); }
  void GetNodeProperties(NodeId, std::vector<PropertyEntry>&) const override {}
  uint64_t RelationshipCount() const override { return 0; }
  bool RelationshipExists(RelId) const override { return false; }
  RelationshipRef GetRelationship(RelId) const override { return {}; }
  Value GetRelationshipProperty(RelId, PropertyKeyId) const override { return Value(); }
  void GetRelationshipProperties(RelId, std::vector<PropertyEntry>&) const override {}
  void Expand(NodeId, Direction, std::span<const RelTypeId>, std::vector<Adjacent>&) const override {}
  uint64_t Degree(NodeId, Direction, std::span<const RelTypeId>) const override { return 0; }
  bool HasNodeKeyIndex(PropertyKeyId key) const override { return key == 0; }
};

std::string Explain(std::string_view query, const GraphReader* graph) {
  NoFunctions catalog;
  auto statement = cypher::ParseStatement(query);
  LogicalPlan plan = Bind(*statement, query, catalog, ValueMap{{"v", Value::Int(1)}});
  Optimize(plan, catalog, graph);
  return ToString(plan);
}

TEST(KeySeekPlanTest, IndexedKeySeeks) {
  IndexedIdGraph g;
  std::string plan = Explain("MATCH (n:V {id: $v}) RETURN n", &g);
  EXPECT_NE(plan.find("NodeSeek (n:V {id: $v})"), std::string::npos) << plan;
  EXPECT_EQ(plan.find("NodeScan"), std::string::npos) << plan;
  // The sought key goes first whatever the order written; the rest are checked.
  plan = Explain("MATCH (n:V {name: 'a', id: 2}) RETURN n", &g);
  EXPECT_NE(plan.find("NodeSeek (n:V {id: 2, name: 'a'})"), std::string::npos) << plan;
  // WHERE equalities are absorbed too, whichever side the property is on.
  plan = Explain("MATCH (b:B) WHERE $v = b.id RETURN b", &g);
  EXPECT_NE(plan.find("NodeSeek (b:B {id: $v})"), std::string::npos) << plan;
}

TEST(KeySeekPlanTest, OtherwiseScans) {
  IndexedIdGraph g;
  std::string plan = Explain("MATCH (n:V {name: 'a'}) RETURN n", &g);
  EXPECT_NE(plan.find("NodeScan (n:V {name: 'a'})"), std::string::npos) << plan;
  plan = Explain("MATCH (n:V {other: 1}) RETURN n", &g);  // a key the graph has never seen
  EXPECT_NE(plan.find("NodeScan"), std::string::npos) << plan;
  plan = Explain("MATCH (n:V {id: $v}) RETURN n", nullptr);  // no graph to ask
  EXPECT_NE(plan.find("NodeScan (n:V {id: $v})"), std::string::npos) << plan;
  plan = Explain("MATCH (n:V) WHERE n.id > $v RETURN n", &g);  // not an equality
  EXPECT_EQ(plan.find("NodeSeek"), std::string::npos) << plan;
}

}  // namespace
}  // namespace quiver::planner
