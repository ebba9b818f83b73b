#include "result_matcher.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "tck_value.h"

namespace quiver::tck {
namespace {

DataTable Table(std::vector<std::vector<std::string>> rows) {
  return DataTable{std::move(rows)};
}

std::optional<std::string> Match(const DataTable& table, const QueryResult& actual,
                                 RowOrder order = RowOrder::kAnyOrder, bool ignore_lists = false) {
  return MatchResult(ParseResultTable(table, order, ignore_lists), actual);
}

QueryResult Result(std::vector<std::string> columns, std::vector<std::vector<Value>> rows) {
  return QueryResult(std::move(columns), std::move(rows));
}

TEST(ResultMatcherTest, AnyOrderIsAMultiset) {
  const DataTable table = Table({{"x"}, {"1"}, {"2"}, {"2"}});
  EXPECT_FALSE(Match(table, Result({"x"}, {{Value::Int(2)}, {Value::Int(1)}, {Value::Int(2)}})));
  // Same set, wrong multiplicities.
  auto mismatch = Match(table, Result({"x"}, {{Value::Int(2)}, {Value::Int(1)}, {Value::Int(1)}}));
  ASSERT_TRUE(mismatch);
  EXPECT_NE(mismatch->find("missing row | 2 |"), std::string::npos) << *mismatch;
  EXPECT_NE(mismatch->find("unexpected row | 1 |"), std::string::npos) << *mismatch;
  // Too few rows.
  EXPECT_TRUE(Match(table, Result({"x"}, {{Value::Int(2)}, {Value::Int(1)}})));
  // An empty expected table matches only an empty result.
  EXPECT_FALSE(Match(Table({{"x"}}), Result({"x"}, {})));
  EXPECT_TRUE(Match(Table({{"x"}}), Result({"x"}, {{Value::Null()}})));
}

TEST(ResultMatcherTest, InOrderComparesPositions) {
  const DataTable table = Table({{"x", "y"}, {"1", "'a'"}, {"2", "'b'"}});
  const auto in_order =
      Result({"x", "y"}, {{Value::Int(1), Value::String("a")}, {Value::Int(2), Value::String("b")}});
  const auto swapped =
      Result({"x", "y"}, {{Value::Int(2), Value::String("b")}, {Value::Int(1), Value::String("a")}});
  EXPECT_FALSE(Match(table, in_order, RowOrder::kInOrder));
  auto mismatch = Match(table, swapped, RowOrder::kInOrder);
  ASSERT_TRUE(mismatch);
  EXPECT_NE(mismatch->find("row 1 differs"), std::string::npos) << *mismatch;
  EXPECT_FALSE(Match(table, swapped, RowOrder::kAnyOrder));
}

TEST(ResultMatcherTest, ColumnsMustMatchInOrder) {
  const DataTable table = Table({{"a", "b"}, {"1", "2"}});
  auto mismatch = Match(table, Result({"b", "a"}, {{Value::Int(2), Value::Int(1)}}));
  ASSERT_TRUE(mismatch);
  EXPECT_NE(mismatch->find("columns differ"), std::string::npos);
}

TEST(ResultMatcherTest, IntegersAndFloatsAreDifferentButFloatsCompareByValue) {
  EXPECT_TRUE(Match(Table({{"x"}, {"1"}}), Result({"x"}, {{Value::Float(1.0)}})));
  EXPECT_TRUE(Match(Table({{"x"}, {"1.0"}}), Result({"x"}, {{Value::Int(1)}})));
  EXPECT_FALSE(Match(Table({{"x"}, {"0.0"}}), Result({"x"}, {{Value::Float(-0.0)}})));
  EXPECT_FALSE(Match(Table({{"x"}, {"-0.0"}}), Result({"x"}, {{Value::Float(0.0)}})));
  EXPECT_FALSE(Match(Table({{"x"}, {"NaN"}}), Result({"x"}, {{Value::Float(std::nan(""))}})));
  EXPECT_FALSE(Match(Table({{"x"}, {"1e3"}}), Result({"x"}, {{Value::Float(1000.0)}})));
  EXPECT_FALSE(Match(Table({{"x"}, {"-Inf"}}),
                     Result({"x"}, {{Value::Float(-std::numeric_limits<double>::infinity())}})));
  EXPECT_TRUE(Match(Table({{"x"}, {"1.5"}}), Result({"x"}, {{Value::Float(1.25)}})));
}

TEST(ResultMatcherTest, NodesAndRelationshipsCompareStructurally) {
  NodeValue node{42, {"B", "A"}, ValueMap{{"k", Value::Int(1)}}};
  // Labels as a set, ids invisible.
  EXPECT_FALSE(Match(Table({{"n"}, {"(:A:B {k: 1})"}}), Result({"n"}, {{Value::Node(node)}})));
  EXPECT_TRUE(Match(Table({{"n"}, {"(:A {k: 1})"}}), Result({"n"}, {{Value::Node(node)}})));
  EXPECT_TRUE(Match(Table({{"n"}, {"(:A:B {k: 2})"}}), Result({"n"}, {{Value::Node(node)}})));
  EXPECT_TRUE(Match(Table({{"n"}, {"(:A:B)"}}), Result({"n"}, {{Value::Node(node)}})));
  // Two distinct empty nodes against two expected "()".
  EXPECT_FALSE(Match(Table({{"n"}, {"()"}, {"()"}}), Result({"n"}, {{Value::Node(NodeValue{1, {}, {}})},
                                                                    {Value::Node(NodeValue{2, {}, {}})}})));

  RelationshipValue rel{9, "T", 1, 2, ValueMap{{"w", Value::String("x")}}};
  EXPECT_FALSE(Match(Table({{"r"}, {"[:T {w: 'x'}]"}}), Result({"r"}, {{Value::Relationship(rel)}})));
  EXPECT_TRUE(Match(Table({{"r"}, {"[:U {w: 'x'}]"}}), Result({"r"}, {{Value::Relationship(rel)}})));
  EXPECT_TRUE(Match(Table({{"r"}, {"[:T]"}}), Result({"r"}, {{Value::Relationship(rel)}})));
}

TEST(ResultMatcherTest, PathsCompareNodesRelationshipsAndDirections) {
  NodeValue a{10, {"A"}, {}};
  NodeValue b{20, {"B"}, {}};
  RelationshipValue forward{5, "T", 10, 20, {}};
  const Value a_to_b = Value::Path(PathValue{{a, b}, {forward}});
  const Value b_from_a = Value::Path(PathValue{{b, a}, {forward}});
  EXPECT_FALSE(Match(Table({{"p"}, {"<(:A)-[:T]->(:B)>"}}), Result({"p"}, {{a_to_b}})));
  EXPECT_FALSE(Match(Table({{"p"}, {"<(:B)<-[:T]-(:A)>"}}), Result({"p"}, {{b_from_a}})));
  EXPECT_TRUE(Match(Table({{"p"}, {"<(:B)-[:T]->(:A)>"}}), Result({"p"}, {{b_from_a}})));
  EXPECT_TRUE(Match(Table({{"p"}, {"<(:A)<-[:T]-(:B)>"}}), Result({"p"}, {{a_to_b}})));
  EXPECT_FALSE(Match(Table({{"p"}, {"<(:A)>"}}), Result({"p"}, {{Value::Path(PathValue{{a}, {}})}})));
}

TEST(ResultMatcherTest, ListOrderMattersUnlessIgnored) {
  const DataTable table = Table({{"l"}, {"[1, [2, 3], 'a']"}});
  const Value shuffled =
      Value::List({Value::String("a"), Value::Int(1), Value::List({Value::Int(3), Value::Int(2)})});
  EXPECT_TRUE(Match(table, Result({"l"}, {{shuffled}})));
  EXPECT_FALSE(Match(table, Result({"l"}, {{shuffled}}), RowOrder::kAnyOrder, /*ignore_lists=*/true));
  EXPECT_FALSE(Match(table, Result({"l"}, {{shuffled}}), RowOrder::kInOrder, /*ignore_lists=*/true));
  // Ignoring order keeps multiplicities.
  EXPECT_TRUE(Match(Table({{"l"}, {"[1, 1, 2]"}}),
                    Result({"l"}, {{Value::List({Value::Int(1), Value::Int(2), Value::Int(2)})}}),
                    RowOrder::kAnyOrder, true));
}

TEST(ResultMatcherTest, MapsAndStrings) {
  EXPECT_FALSE(
      Match(Table({{"m"}, {"{b: 2, a: 'x'}"}}),
            Result({"m"}, {{Value::Map(ValueMap{{"a", Value::String("x")}, {"b", Value::Int(2)}})}})));
  EXPECT_TRUE(
      Match(Table({{"m"}, {"{a: 'x'}"}}),
            Result({"m"}, {{Value::Map(ValueMap{{"a", Value::String("x")}, {"b", Value::Null()}})}})));
  EXPECT_TRUE(Match(Table({{"s"}, {"'1'"}}), Result({"s"}, {{Value::Int(1)}})));
  EXPECT_TRUE(Match(Table({{"s"}, {"null"}}), Result({"s"}, {{Value::String("null")}})));
}

TEST(ResultMatcherTest, TemporalsCompareByTheirPrintedForm) {
  // The TCK writes temporal results as strings.
  const Value date = Value::Date(DateValue{16637});  // 2015-07-21
  ASSERT_EQ(ToTckString(date), "'2015-07-21'");
  EXPECT_FALSE(Match(Table({{"d"}, {"'2015-07-21'"}}), Result({"d"}, {{date}})));
  EXPECT_TRUE(Match(Table({{"d"}, {"'2015-07-22'"}}), Result({"d"}, {{date}})));
}

TEST(ResultMatcherTest, RejectsMalformedTables) {
  EXPECT_THROW(ParseResultTable(Table({}), RowOrder::kAnyOrder, false), std::runtime_error);
  EXPECT_THROW(ParseResultTable(Table({{"a", "b"}, {"1"}}), RowOrder::kAnyOrder, false), std::runtime_error);
  EXPECT_THROW(ParseResultTable(Table({{"a"}, {"nope"}}), RowOrder::kAnyOrder, false), std::runtime_error);
}

}  // namespace
}  // namespace quiver::tck
