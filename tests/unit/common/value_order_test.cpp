// OrderCompare(): the global ORDER BY order, against ReturnOrderBy1 / WithOrderBy1.

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "quiver/value.h"
#include "unit/common/value_test_util.h"

namespace quiver {
namespace {

using namespace quiver::testing;  // NOLINT

// Sorts a shuffled copy ascending and returns the TCK text of each element.
std::vector<std::string> SortedText(std::vector<Value> values, bool descending = false) {
  std::mt19937 rng(42);
  std::shuffle(values.begin(), values.end(), rng);
  std::stable_sort(values.begin(), values.end(), [descending](const Value& a, const Value& b) {
    return descending ? OrderCompare(b, a) < 0 : OrderCompare(a, b) < 0;
  });
  std::vector<std::string> out;
  for (const Value& v : values) out.push_back(ToTckString(v));
  return out;
}

int Sign(int x) {
  return (x > 0) - (x < 0);
}

TEST(ValueOrderTest, DistinctTypesTck) {
  // ReturnOrderBy1 #11 and #12 (WithOrderBy1 #21, #22).
  Value n = N(0, {"N"});
  Value r = R(0, "REL", 0, 1);
  Value p = Value::Path(PathValue{{MakeNode(0, {"N"}), MakeNode(1)}, {MakeRel(0, "REL", 0, 1)}});
  std::vector<Value> types = {n,         r,      p,        F(1.5), L({S("list")}),
                              S("text"), Null(), B(false), NaN(),  M({{"a", S("map")}})};
  const std::vector<std::string> ascending = {
      "{a: 'map'}", "(:N)",  "[:REL]", "['list']", "<(:N)-[:REL]->()>",
      "'text'",     "false", "1.5",    "NaN",      "null"};
  EXPECT_EQ(SortedText(types), ascending);
  std::vector<std::string> descending(ascending.rbegin(), ascending.rend());
  EXPECT_EQ(SortedText(types, true), descending);
}

TEST(ValueOrderTest, ListsTck) {
  // ReturnOrderBy1 #9: elements order by orderability, so 'a' < 1 < null.
  std::vector<Value> lists = {L({}),
                              L({S("a")}),
                              L({S("a"), I(1)}),
                              L({I(1)}),
                              L({I(1), S("a")}),
                              L({I(1), Null()}),
                              L({Null(), I(1)}),
                              L({Null(), I(2)})};
  EXPECT_EQ(SortedText(lists), (std::vector<std::string>{"[]", "['a']", "['a', 1]", "[1]", "[1, 'a']",
                                                         "[1, null]", "[null, 1]", "[null, 2]"}));
}

TEST(ValueOrderTest, ScalarsTck) {
  EXPECT_EQ(SortedText({B(true), B(false)}), (std::vector<std::string>{"false", "true"}));
  EXPECT_EQ(SortedText({S(".*"), S(""), S(" "), S("one")}),
            (std::vector<std::string>{"''", "' '", "'.*'", "'one'"}));
  EXPECT_EQ(SortedText({I(1), I(3), I(2)}), (std::vector<std::string>{"1", "2", "3"}));
  EXPECT_EQ(SortedText({F(1.5), F(1.3), F(999.99)}), (std::vector<std::string>{"1.3", "1.5", "999.99"}));
}

TEST(ValueOrderTest, NumbersMixAndNaNIsLargest) {
  EXPECT_EQ(SortedText({NaN(), Inf(), I(2), F(1.5), I(1), F(-Inf().AsFloat()), F(0.5), I(-3)}),
            (std::vector<std::string>{"-Infinity", "-3", "0.5", "1", "1.5", "2", "Infinity", "NaN"}));
  EXPECT_EQ(OrderCompare(NaN(), NaN()), 0);
  EXPECT_EQ(OrderCompare(I(1), F(1.0)), 0);
  EXPECT_EQ(OrderCompare(F(-0.0), I(0)), 0);
  EXPECT_LT(OrderCompare(F(9007199254740992.0), I(9007199254740993)), 0);
  EXPECT_LT(OrderCompare(NaN(), Null()), 0);
  EXPECT_EQ(OrderCompare(Null(), Null()), 0);
}

TEST(ValueOrderTest, TimesSortByInstantTck) {
  // WithOrderBy1 #15.
  std::vector<Value> times = {Time(10, 35, 0, 0, -8 * 3600), Time(12, 31, 14, 645876123, 3600),
                              Time(12, 31, 14, 645876124, 3600), Time(12, 35, 15, 0, 5 * 3600),
                              Time(12, 30, 14, 645876123, 3660)};
  EXPECT_EQ(SortedText(times), (std::vector<std::string>{"'12:35:15+05:00'", "'12:30:14.645876123+01:01'",
                                                         "'12:31:14.645876123+01:00'",
                                                         "'12:31:14.645876124+01:00'", "'10:35-08:00'"}));
}

TEST(ValueOrderTest, DateTimesSortByInstantTck) {
  // WithOrderBy1 #19, ascending.
  std::vector<Value> datetimes = {DateTime(1984, 10, 11, 12, 30, 14, 12, 15 * 60),
                                  DateTime(1984, 10, 11, 12, 31, 14, 645876123, 17 * 60),
                                  DateTime(1, 1, 1, 1, 1, 1, 1, -(11 * 3600 + 59 * 60)),
                                  DateTime(9999, 9, 9, 9, 59, 59, 999999999, 11 * 3600 + 59 * 60),
                                  DateTime(1980, 12, 11, 12, 31, 14, 0, -(11 * 3600 + 59 * 60))};
  auto sorted = SortedText(datetimes);
  EXPECT_EQ(std::vector<std::string>(sorted.begin(), sorted.begin() + 3),
            (std::vector<std::string>{"'0001-01-01T01:01:01.000000001-11:59'", "'1980-12-11T12:31:14-11:59'",
                                      "'1984-10-11T12:31:14.645876123+00:17'"}));
}

// One value per rank, in the documented ascending order.
std::vector<Value> OneOfEachRank() {
  return {M({{"a", I(1)}}),
          N(1),
          R(1, "T", 1, 2),
          L({I(1)}),
          Value::Path(PathValue{{MakeNode(1)}, {}}),
          DateTime(2000, 1, 1, 0, 0, 0, 0, 0),
          LocalDateTime(2000, 1, 1, 0, 0),
          Date(2000, 1, 1),
          Time(1, 0, 0, 0, 0),
          LocalTime(1, 0),
          Duration(1, 0, 0),
          S("a"),
          B(true),
          I(1),
          Null()};
}

TEST(ValueOrderTest, EveryPairOfKinds) {
  const std::vector<Value> ranks = OneOfEachRank();
  for (size_t i = 0; i < ranks.size(); ++i) {
    for (size_t j = 0; j < ranks.size(); ++j) {
      const int expected = i < j ? -1 : (i > j ? 1 : 0);
      EXPECT_EQ(Sign(OrderCompare(ranks[i], ranks[j])), expected) << ranks[i] << " vs " << ranks[j];
    }
  }
  // Floats share the numbers' rank, including the extremes.
  EXPECT_GT(OrderCompare(F(-1e308), B(true)), 0);
  EXPECT_LT(OrderCompare(NaN(), Null()), 0);
}

TEST(ValueOrderTest, WithinKinds) {
  EXPECT_LT(OrderCompare(N(1), N(2)), 0);
  EXPECT_LT(OrderCompare(R(1, "Z", 9, 9), R(2, "A", 1, 1)), 0);
  EXPECT_LT(OrderCompare(M({}), M({{"a", I(1)}})), 0);
  EXPECT_LT(OrderCompare(M({{"a", I(1)}}), M({{"a", I(2)}})), 0);
  EXPECT_LT(OrderCompare(M({{"a", I(9)}}), M({{"b", I(1)}})), 0);
  EXPECT_LT(OrderCompare(M({{"a", I(1)}}), M({{"a", I(1)}, {"b", I(1)}})), 0);
  EXPECT_EQ(OrderCompare(M({{"a", Null()}}), M({{"a", Null()}})), 0);
  Value short_path = Value::Path(PathValue{{MakeNode(1)}, {}});
  Value long_path = Value::Path(PathValue{{MakeNode(1), MakeNode(2)}, {MakeRel(5, "T", 1, 2)}});
  Value other_rel = Value::Path(PathValue{{MakeNode(1), MakeNode(2)}, {MakeRel(6, "T", 1, 2)}});
  EXPECT_LT(OrderCompare(short_path, long_path), 0);
  EXPECT_LT(OrderCompare(long_path, other_rel), 0);
  EXPECT_LT(OrderCompare(Duration(1, 0, 0), Duration(1, 1, 0)), 0);
  EXPECT_LT(OrderCompare(Duration(0, 40, 0), Duration(1, 0, 0)), 0);
}

TEST(ValueOrderTest, OrderAgreesWithComparisonTck) {
  // WithOrderBy1 #45: where < is defined, sorting puts each value after exactly the
  // values that are < it.
  const std::vector<std::vector<Value>> examples = {
      {B(true), B(false)},
      {I(351), I(-3974856), I(93), I(-3), I(123), I(0), I(3), I(-2), I(20934587), I(1), I(20934585),
       I(20934586), I(-10)},
      {F(351.5), F(-3974856.01), F(-3.203957), F(123.0002), F(123.0001), F(123.00013), F(123.00011),
       F(0.0100000), F(0.0999999), F(0.00000001), F(3.0), F(209345.87), F(-10.654)},
      {S("Sort"), S("order"), S(" "), S("should"), S("be"), S(""), S("consistent"), S("with"),
       S("comparisons"), S(", "), S("where"), S("comparisons are"), S("defined"), S("!")},
      {L({I(2), I(2)}), L({I(2), I(-2)}), L({I(1), I(2)}), L({}), L({I(1)}), L({I(300), I(0)}),
       L({I(1), I(-20)}), L({I(2), I(-2), I(100)})},
      {Date(1910, 5, 6), Date(1980, 12, 24), Date(1984, 10, 12), Date(1985, 5, 6), Date(1980, 10, 24),
       Date(1984, 10, 11)},
      {LocalTime(10, 35), LocalTime(12, 31, 14, 645876123), LocalTime(12, 31, 14, 645876124),
       LocalTime(12, 35, 13), LocalTime(12, 30, 14, 645876123), LocalTime(12, 31, 15)},
      {Time(10, 35, 0, 0, -8 * 3600), Time(12, 31, 14, 645876123, 3600), Time(12, 31, 14, 645876124, 3600),
       Time(12, 35, 15, 0, 5 * 3600), Time(12, 30, 14, 645876123, 3660), Time(12, 35, 15, 0, 3600)},
  };
  for (const auto& values : examples) {
    std::vector<Value> sorted = values;
    std::sort(sorted.begin(), sorted.end(), ValueOrderLess());
    for (size_t i = 0; i < sorted.size(); ++i) {
      size_t smaller = 0;
      for (const Value& x : values) smaller += LessThan(x, sorted[i]) == Ternary::kTrue;
      EXPECT_EQ(smaller, i) << sorted[i];
    }
  }
}

}  // namespace
}  // namespace quiver
