#include "side_effects.h"

#include <gtest/gtest.h>

namespace quiver::tck {
namespace {

Value Node(uint64_t id, std::vector<std::string> labels = {}, ValueMap props = {}) {
  return Value::Node(NodeValue{id, std::move(labels), std::move(props)});
}
Value Rel(uint64_t id, ValueMap props = {}) {
  return Value::Relationship(RelationshipValue{id, "T", 1, 2, std::move(props)});
}

// A hand-made graph state, as the four defining queries would report it.
struct State {
  std::vector<Value> nodes;
  std::vector<Value> relationships;
  std::vector<std::vector<Value>> properties;  // entity, key, value
  std::vector<std::string> labels;

  GraphSnapshot Snapshot() const {
    std::vector<std::vector<Value>> n, r, l;
    for (const auto& v : nodes) n.push_back({v});
    for (const auto& v : relationships) r.push_back({v});
    for (const auto& s : labels) l.push_back({Value::String(s)});
    return SnapshotFromResults(QueryResult({"n"}, n), QueryResult({"r"}, r),
                               QueryResult({"entity", "key", "value"}, properties),
                               QueryResult({"label"}, l));
  }
};

SideEffects Effects(std::initializer_list<std::pair<SideEffect, int64_t>> counts) {
  SideEffects e;
  for (auto [k, v] : counts) e.counts[k] = v;
  return e;
}

TEST(SideEffectsTest, NoChangeIsNoSideEffect) {
  State s{{Node(1, {"A"}, ValueMap{{"k", Value::Int(1)}})},
          {Rel(5)},
          {{Node(1), Value::String("k"), Value::Int(1)}},
          {"A"}};
  EXPECT_TRUE(Diff(s.Snapshot(), s.Snapshot()).None());
  EXPECT_EQ(Diff(s.Snapshot(), s.Snapshot()).ToString(), "none");
}

TEST(SideEffectsTest, CountsAddedAndRemovedEntitiesById) {
  State before{{Node(1), Node(2)}, {Rel(7)}, {}, {}};
  // Node 2 deleted, nodes 3 and 4 created; relationship 7 replaced by 8. Same counts of
  // nodes before and after would hide this if we compared sizes.
  State after{{Node(1), Node(3), Node(4)}, {Rel(8)}, {}, {}};
  EXPECT_EQ(Diff(before.Snapshot(), after.Snapshot()),
            Effects({{kPlusNodes, 2}, {kMinusNodes, 1}, {kPlusRelationships, 1}, {kMinusRelationships, 1}}));
}

TEST(SideEffectsTest, ChangedPropertyIsOneRemovalAndOneAddition) {
  State before{{Node(1)},
               {},
               {{Node(1), Value::String("k"), Value::Int(1)}, {Node(1), Value::String("j"), Value::Int(2)}},
               {}};
  State after{{Node(1)},
              {},
              {{Node(1), Value::String("k"), Value::Int(2)}, {Node(1), Value::String("j"), Value::Int(2)}},
              {}};
  EXPECT_EQ(Diff(before.Snapshot(), after.Snapshot()),
            Effects({{kPlusProperties, 1}, {kMinusProperties, 1}}));
  // Integer 1 to float 1.0 is a change of value too.
  State as_float{
      {Node(1)},
      {},
      {{Node(1), Value::String("k"), Value::Float(1.0)}, {Node(1), Value::String("j"), Value::Int(2)}},
      {}};
  EXPECT_EQ(Diff(before.Snapshot(), as_float.Snapshot()),
            Effects({{kPlusProperties, 1}, {kMinusProperties, 1}}));
}

TEST(SideEffectsTest, PropertyIdentityIsEntityKeyValue) {
  // Moving a property from node 1 to node 2 (same key and value) counts once each way;
  // a relationship and a node with the same id are different entities.
  State before{{Node(1), Node(2)}, {Rel(1)}, {{Node(1), Value::String("k"), Value::Int(1)}}, {}};
  State after{{Node(1), Node(2)}, {Rel(1)}, {{Node(2), Value::String("k"), Value::Int(1)}}, {}};
  EXPECT_EQ(Diff(before.Snapshot(), after.Snapshot()),
            Effects({{kPlusProperties, 1}, {kMinusProperties, 1}}));
  State on_rel{{Node(1), Node(2)}, {Rel(1)}, {{Rel(1), Value::String("k"), Value::Int(1)}}, {}};
  EXPECT_EQ(Diff(before.Snapshot(), on_rel.Snapshot()),
            Effects({{kPlusProperties, 1}, {kMinusProperties, 1}}));
}

TEST(SideEffectsTest, LabelsAreDistinctNames) {
  State before{{}, {}, {}, {"A"}};
  State after{{}, {}, {}, {"B", "C"}};
  EXPECT_EQ(Diff(before.Snapshot(), after.Snapshot()), Effects({{kPlusLabels, 2}, {kMinusLabels, 1}}));
}

TEST(SideEffectsTest, RejectsResultsOfTheWrongShape) {
  EXPECT_THROW(SnapshotFromResults(QueryResult({"n"}, {{Value::Int(1)}}), {}, {}, {}), std::runtime_error);
  EXPECT_THROW(SnapshotFromResults({}, QueryResult({"r"}, {{Node(1)}}), {}, {}), std::runtime_error);
  EXPECT_THROW(SnapshotFromResults({}, {}, QueryResult({"e"}, {{Node(1)}}), {}), std::runtime_error);
  EXPECT_THROW(SnapshotFromResults({}, {}, {}, QueryResult({"l"}, {{Value::Int(3)}})), std::runtime_error);
}

TEST(SideEffectsTest, ParsesTheTable) {
  const SideEffects e =
      ParseSideEffectsTable(DataTable{{{"+nodes", "2"}, {"-labels", "1"}, {"+properties", "3"}}});
  EXPECT_EQ(e, Effects({{kPlusNodes, 2}, {kMinusLabels, 1}, {kPlusProperties, 3}}));
  EXPECT_EQ(e.ToString(), "+nodes 2, +properties 3, -labels 1");
  EXPECT_THROW(ParseSideEffectsTable(DataTable{{{"+edges", "1"}}}), std::runtime_error);
  EXPECT_THROW(ParseSideEffectsTable(DataTable{{{"+nodes", "x"}}}), std::runtime_error);
}

}  // namespace
}  // namespace quiver::tck
