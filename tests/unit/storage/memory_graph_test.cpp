#include "storage/memory_graph.h"

#include <gtest/gtest.h>

namespace quiver {
namespace {

std::vector<NodeId> Scan(const GraphReader& g, std::optional<LabelId> label = std::nullopt) {
  std::vector<NodeId> out;
  g.ScanNodes(0, g.NodeIdBound(), label, out);
  return out;
}

std::vector<RelId> Rels(const GraphReader& g, NodeId node, Direction dir, std::vector<RelTypeId> types = {}) {
  std::vector<Adjacent> adj;
  g.Expand(node, dir, types, adj);
  std::vector<RelId> out;
  for (const auto& a : adj) out.push_back(a.rel.id);
  return out;
}

TEST(MemoryGraphTest, CreatesAndReadsNodesAndRelationships) {
  MemoryGraph graph;
  auto tx = graph.BeginTransaction();
  LabelId person = tx->InternLabel("Person");
  PropertyKeyId name = tx->InternPropertyKey("name");
  RelTypeId knows = tx->InternRelType("KNOWS");
  RelTypeId likes = tx->InternRelType("LIKES");
  std::vector<PropertyEntry> props{{name, Value::String("ann")}};
  NodeId a = tx->CreateNode(std::vector<LabelId>{person}, props);
  NodeId b = tx->CreateNode({}, {});
  RelId r1 = tx->CreateRelationship(knows, a, b, {});
  RelId r2 = tx->CreateRelationship(likes, b, a, {});
  RelId loop = tx->CreateRelationship(knows, a, a, {});

  EXPECT_EQ(tx->NodeCount(), 2u);
  EXPECT_EQ(tx->RelationshipCount(), 3u);
  EXPECT_EQ(Scan(*tx), (std::vector<NodeId>{a, b}));
  EXPECT_EQ(Scan(*tx, person), (std::vector<NodeId>{a}));
  EXPECT_TRUE(GroupEquals(tx->GetNodeProperty(a, name), Value::String("ann")));
  EXPECT_TRUE(tx->GetNodeProperty(b, name).IsNull());
  EXPECT_EQ(Rels(*tx, a, Direction::kOutgoing), (std::vector<RelId>{r1, loop}));
  EXPECT_EQ(Rels(*tx, a, Direction::kIncoming), (std::vector<RelId>{r2, loop}));
  // kBoth reports the self-loop once.
  EXPECT_EQ(Rels(*tx, a, Direction::kBoth), (std::vector<RelId>{r1, loop, r2}));
  EXPECT_EQ(Rels(*tx, a, Direction::kBoth, {likes}), (std::vector<RelId>{r2}));
  EXPECT_EQ(tx->Degree(a, Direction::kBoth, {}), 3u);
  EXPECT_EQ(tx->Degree(a, Direction::kOutgoing, std::vector<RelTypeId>{knows}), 2u);
  EXPECT_EQ(tx->GetRelationship(r2).start, b);
  EXPECT_TRUE(tx->Commit().ok());
}

TEST(MemoryGraphTest, RollbackUndoesEveryKindOfWrite) {
  MemoryGraph graph;
  NodeId a, b;
  RelId r;
  LabelId label;
  PropertyKeyId key;
  {
    auto tx = graph.BeginTransaction();
    label = tx->InternLabel("L");
    key = tx->InternPropertyKey("k");
    std::vector<PropertyEntry> props{{key, Value::Int(1)}};
    a = tx->CreateNode(std::vector<LabelId>{label}, props);
    b = tx->CreateNode({}, {});
    r = tx->CreateRelationship(tx->InternRelType("T"), a, b, props);
    ASSERT_TRUE(tx->Commit().ok());
  }
  {
    auto tx = graph.BeginTransaction();
    tx->SetNodeProperty(a, key, Value::Int(2));
    tx->SetNodeProperty(b, key, Value::Int(3));
    tx->SetRelationshipProperty(r, key, Value());
    EXPECT_TRUE(tx->RemoveLabel(a, label));
    EXPECT_TRUE(tx->AddLabel(b, label));
    NodeId c = tx->CreateNode(std::vector<LabelId>{label}, {});
    tx->CreateRelationship(0, c, a, {});
    tx->DeleteRelationship(r);
    tx->DeleteNode(b);
    EXPECT_FALSE(tx->NodeExists(b));
    EXPECT_EQ(Scan(*tx, label), (std::vector<NodeId>{c}));
    tx->Rollback();
  }
  auto tx = graph.BeginTransaction();
  EXPECT_EQ(tx->NodeCount(), 2u);
  EXPECT_EQ(tx->NodeIdBound(), 2u);
  EXPECT_EQ(tx->RelationshipCount(), 1u);
  EXPECT_TRUE(tx->NodeExists(b));
  EXPECT_TRUE(GroupEquals(tx->GetNodeProperty(a, key), Value::Int(1)));
  EXPECT_TRUE(tx->GetNodeProperty(b, key).IsNull());
  EXPECT_TRUE(GroupEquals(tx->GetRelationshipProperty(r, key), Value::Int(1)));
  EXPECT_EQ(Scan(*tx, label), (std::vector<NodeId>{a}));
  EXPECT_EQ(Rels(*tx, a, Direction::kBoth), (std::vector<RelId>{r}));
  EXPECT_EQ(Rels(*tx, b, Direction::kIncoming), (std::vector<RelId>{r}));
}

TEST(MemoryGraphTest, DestroyingAnOpenTransactionRollsBack) {
  MemoryGraph graph;
  {
    auto tx = graph.BeginTransaction();
    tx->CreateNode({}, {});
  }
  auto tx = graph.BeginTransaction();
  EXPECT_EQ(tx->NodeCount(), 0u);
}

TEST(MemoryGraphTest, DeletedRelationshipLeavesAdjacency) {
  MemoryGraph graph;
  auto tx = graph.BeginTransaction();
  NodeId a = tx->CreateNode({}, {});
  NodeId b = tx->CreateNode({}, {});
  RelId r1 = tx->CreateRelationship(0, a, b, {});
  RelId r2 = tx->CreateRelationship(0, a, b, {});
  tx->DeleteRelationship(r1);
  EXPECT_FALSE(tx->RelationshipExists(r1));
  EXPECT_EQ(Rels(*tx, a, Direction::kOutgoing), (std::vector<RelId>{r2}));
  EXPECT_EQ(tx->Degree(b, Direction::kIncoming, {}), 1u);
  // The tombstone still answers what the relationship was (type(r) after DELETE r).
  EXPECT_EQ(tx->GetRelationship(r1).start, a);
}

}  // namespace
}  // namespace quiver
