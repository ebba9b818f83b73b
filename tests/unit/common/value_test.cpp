// The Value type itself: kinds, factories, accessors, sharing, ValueMap.

#include "quiver/value.h"

#include <gtest/gtest.h>

#include <thread>

#include "quiver/error.h"
#include "unit/common/value_test_util.h"

namespace quiver {
namespace {

using namespace quiver::testing;  // NOLINT

TEST(ValueTest, DefaultIsNull) {
  Value v;
  EXPECT_TRUE(v.IsNull());
  EXPECT_EQ(v.kind(), ValueKind::kNull);
  EXPECT_EQ(v.TypeName(), "Null");
  EXPECT_EQ(sizeof(Value), 16u);
}

TEST(ValueTest, ScalarsRoundTrip) {
  EXPECT_TRUE(B(true).AsBool());
  EXPECT_FALSE(B(false).AsBool());
  EXPECT_EQ(I(-42).AsInt(), -42);
  EXPECT_EQ(I(std::numeric_limits<int64_t>::min()).AsInt(), std::numeric_limits<int64_t>::min());
  EXPECT_EQ(F(1.5).AsFloat(), 1.5);
  EXPECT_TRUE(std::signbit(F(-0.0).AsFloat()));
  EXPECT_TRUE(std::isnan(NaN().AsFloat()));
  EXPECT_EQ(S("héllo").AsString(), "héllo");
  EXPECT_EQ(Value::String(std::string("a\0b", 3)).AsString().size(), 3u);
  EXPECT_EQ(I(3).AsNumber(), 3.0);
  EXPECT_EQ(F(2.5).AsNumber(), 2.5);
  EXPECT_TRUE(I(1).IsNumber());
  EXPECT_TRUE(F(1).IsNumber());
  EXPECT_FALSE(S("1").IsNumber());
}

TEST(ValueTest, KindNamesAreNeo4jTypeNames) {
  EXPECT_EQ(B(true).TypeName(), "Boolean");
  EXPECT_EQ(I(1).TypeName(), "Integer");
  EXPECT_EQ(F(1).TypeName(), "Float");
  EXPECT_EQ(S("").TypeName(), "String");
  EXPECT_EQ(L({}).TypeName(), "List");
  EXPECT_EQ(M({}).TypeName(), "Map");
  EXPECT_EQ(N(1).TypeName(), "Node");
  EXPECT_EQ(R(1, "T", 1, 2).TypeName(), "Relationship");
  EXPECT_EQ(Value::Path(PathValue{{MakeNode(1)}, {}}).TypeName(), "Path");
  EXPECT_EQ(Date(2020, 1, 1).TypeName(), "Date");
  EXPECT_EQ(LocalTime(1, 2).TypeName(), "LocalTime");
  EXPECT_EQ(Time(1, 2, 0, 0, 0).TypeName(), "Time");
  EXPECT_EQ(LocalDateTime(2020, 1, 1, 0, 0).TypeName(), "LocalDateTime");
  EXPECT_EQ(DateTime(2020, 1, 1, 0, 0, 0, 0, 0).TypeName(), "DateTime");
  EXPECT_EQ(Duration(1, 0, 0).TypeName(), "Duration");
}

TEST(ValueTest, KindPredicates) {
  EXPECT_TRUE(Date(2020, 1, 1).IsTemporal());
  EXPECT_TRUE(LocalTime(1, 1).IsTemporal());
  EXPECT_TRUE(Duration(0, 1, 0).IsTemporal());
  EXPECT_TRUE(DateTime(2020, 1, 1, 0, 0, 0, 0, 0).IsDateTime());
  EXPECT_FALSE(S("2020-01-01").IsTemporal());
  EXPECT_FALSE(N(1).IsTemporal());
  EXPECT_TRUE(N(1).IsNode());
  EXPECT_TRUE(L({}).IsList());
  EXPECT_TRUE(M({}).IsMap());
}

TEST(ValueTest, WrongKindAccessIsAnInternalError) {
  EXPECT_THROW(I(1).AsString(), InternalError);
  EXPECT_THROW(S("1").AsInt(), InternalError);
  EXPECT_THROW(Null().AsBool(), InternalError);
  EXPECT_THROW(F(1).AsInt(), InternalError);
  EXPECT_THROW(L({}).AsMap(), InternalError);
  EXPECT_THROW(Date(2020, 1, 1).AsLocalTime(), InternalError);
  EXPECT_THROW(S("x").AsNumber(), InternalError);
  try {
    I(1).AsList();
    FAIL() << "expected an exception";
  } catch (const InternalError& e) {
    EXPECT_NE(std::string(e.what()).find("List"), std::string::npos);
    EXPECT_NE(std::string(e.what()).find("Integer"), std::string::npos);
  }
}

TEST(ValueTest, CopiesShareHeapPayloads) {
  Value list = L({I(1), S("two")});
  Value copy = list;
  EXPECT_TRUE(copy.SharesPayloadWith(list));
  EXPECT_EQ(&copy.AsList(), &list.AsList());
  Value rebuilt = L({I(1), S("two")});
  EXPECT_FALSE(rebuilt.SharesPayloadWith(list));
}

TEST(ValueTest, MoveLeavesNull) {
  Value s = S("payload");
  Value moved = std::move(s);
  EXPECT_TRUE(s.IsNull());  // NOLINT(bugprone-use-after-move): documented behaviour
  EXPECT_EQ(moved.AsString(), "payload");
  Value target = I(7);
  target = std::move(moved);
  EXPECT_EQ(target.AsString(), "payload");
  EXPECT_TRUE(moved.IsNull());  // NOLINT(bugprone-use-after-move)
}

TEST(ValueTest, AssignmentReleasesAndSelfAssignmentIsSafe) {
  Value a = S("a");
  Value b = S("b");
  a = b;
  EXPECT_EQ(a.AsString(), "b");
  EXPECT_TRUE(a.SharesPayloadWith(b));
  Value& alias = a;
  a = alias;
  EXPECT_EQ(a.AsString(), "b");
  a = I(3);
  EXPECT_EQ(a.AsInt(), 3);
  EXPECT_EQ(b.AsString(), "b");
}

TEST(ValueTest, NestedValuesOutliveTheirContainer) {
  Value inner = L({S("deep"), M({{"k", I(1)}})});
  Value element;
  {
    Value outer = L({inner, I(2)});
    element = outer.AsList()[0];
  }
  EXPECT_EQ(element.AsList()[0].AsString(), "deep");
  EXPECT_EQ(element.AsList()[1].AsMap().Find("k")->AsInt(), 1);
}

TEST(ValueTest, ConcurrentCopiesKeepTheCountRight) {
  // Run under the sanitize build this catches a non-atomic count (double free / leak).
  const Value shared = L({S("shared"), M({{"a", L({I(1)})}})});
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&shared] {
      std::vector<Value> copies;
      for (int i = 0; i < 20000; ++i) {
        copies.push_back(shared);
        if (copies.size() > 64) copies.clear();
      }
    });
  }
  for (auto& th : threads) th.join();
  EXPECT_EQ(shared.AsList()[0].AsString(), "shared");
}

TEST(ValueTest, EntitiesKeepTheirFields) {
  Value n = N(7, {"A", "B"}, ValueMap{{"name", S("x")}});
  EXPECT_EQ(n.AsNode().id, 7u);
  EXPECT_EQ(n.AsNode().labels, (std::vector<std::string>{"A", "B"}));
  EXPECT_EQ(n.AsNode().properties.Find("name")->AsString(), "x");
  Value r = R(3, "KNOWS", 7, 8, ValueMap{{"since", I(1999)}});
  EXPECT_EQ(r.AsRelationship().type, "KNOWS");
  EXPECT_EQ(r.AsRelationship().start_id, 7u);
  EXPECT_EQ(r.AsRelationship().end_id, 8u);
}

TEST(ValueTest, PathShapeIsChecked) {
  EXPECT_NO_THROW(Value::Path(PathValue{{MakeNode(1), MakeNode(2)}, {MakeRel(9, "T", 2, 1)}}));
  EXPECT_THROW(Value::Path(PathValue{{MakeNode(1)}, {MakeRel(9, "T", 1, 2)}}), InternalError);
  EXPECT_THROW(Value::Path(PathValue{{}, {}}), InternalError);
  EXPECT_THROW(Value::Path(PathValue{{MakeNode(1), MakeNode(2)}, {MakeRel(9, "T", 1, 3)}}), InternalError);
}

TEST(ValueTest, TemporalPayloads) {
  EXPECT_EQ(Date(1970, 1, 2).AsDate().days, 1);
  EXPECT_EQ(LocalTime(0, 0, 1).AsLocalTime().nanos, 1'000'000'000);
  EXPECT_EQ(Time(10, 0, 0, 0, 3600).AsTime().UtcNanos(), NanosOfDay(9, 0));
  EXPECT_EQ(DateTime(1970, 1, 1, 1, 0, 0, 5, 3600, "Europe/Paris").AsDateTime().seconds, 0);
  EXPECT_EQ(DateTime(1970, 1, 1, 1, 0, 0, 5, 3600, "Europe/Paris").AsDateTime().zone, "Europe/Paris");
  EXPECT_EQ(Duration(0, 0, -1).AsDuration().seconds, -1);
  EXPECT_EQ(Duration(0, 0, -1).AsDuration().nanos, 999'999'999);
}

TEST(ValueTest, TernaryValues) {
  EXPECT_TRUE(ToValue(Ternary::kNull).IsNull());
  EXPECT_TRUE(ToValue(Ternary::kTrue).AsBool());
  EXPECT_FALSE(ToValue(Ternary::kFalse).AsBool());
}

TEST(ValueTest, TernaryLogicTables) {
  // Truth-table notation, so the tables below read like the ones in the openCypher spec.
  constexpr Ternary T = Ternary::kTrue, F_ = Ternary::kFalse, U = Ternary::kNull;  // NOLINT(readability-identifier-naming)
  EXPECT_EQ(Not(T), F_);
  EXPECT_EQ(Not(F_), T);
  EXPECT_EQ(Not(U), U);
  EXPECT_EQ(And(F_, U), F_);
  EXPECT_EQ(And(U, F_), F_);
  EXPECT_EQ(And(T, U), U);
  EXPECT_EQ(And(T, T), T);
  EXPECT_EQ(Or(T, U), T);
  EXPECT_EQ(Or(U, T), T);
  EXPECT_EQ(Or(F_, U), U);
  EXPECT_EQ(Or(F_, F_), F_);
  EXPECT_EQ(Xor(T, U), U);
  EXPECT_EQ(Xor(T, F_), T);
  EXPECT_EQ(Xor(T, T), F_);
}

TEST(ValueMapTest, SortsKeysAndLastDuplicateWins) {
  ValueMap m{{"b", I(2)}, {"a", I(1)}, {"c", I(3)}, {"a", I(9)}};
  ASSERT_EQ(m.size(), 3u);
  std::vector<std::string> keys;
  for (const auto& [k, v] : m) keys.push_back(k);
  EXPECT_EQ(keys, (std::vector<std::string>{"a", "b", "c"}));
  EXPECT_EQ(m.Find("a")->AsInt(), 9);
  EXPECT_EQ(m.Find("zz"), nullptr);
}

TEST(ValueMapTest, NullValuedKeyIsPresent) {
  ValueMap m{{"k", Null()}};
  ASSERT_NE(m.Find("k"), nullptr);
  EXPECT_TRUE(m.Find("k")->IsNull());
  EXPECT_TRUE(m.Contains("k"));
  EXPECT_FALSE(m.Contains("l"));
}

TEST(ValueMapTest, SetAndEraseKeepOrder) {
  ValueMap m;
  m.Set("m", I(1));
  m.Set("a", I(2));
  m.Set("z", I(3));
  m.Set("m", I(4));
  ASSERT_EQ(m.size(), 3u);
  EXPECT_EQ(m.entries()[0].first, "a");
  EXPECT_EQ(m.entries()[1].second.AsInt(), 4);
  EXPECT_EQ(m.entries()[2].first, "z");
  EXPECT_TRUE(m.Erase("m"));
  EXPECT_FALSE(m.Erase("m"));
  EXPECT_EQ(m.size(), 2u);
  EXPECT_TRUE(m.Contains("z"));
}

}  // namespace
}  // namespace quiver
