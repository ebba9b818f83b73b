// The HTTP endpoint's JSON both ways (src/server/http/json_values.h) and its request
// parsing (statement_batch.h): what Neo4j's clients send and expect.
#include <gtest/gtest.h>

#include "quiver/value_temporal.h"
#include "server/http/json_values.h"
#include "server/http/statement_batch.h"

namespace quiver::server::http {
namespace {

NodeValue Node(uint64_t id, std::vector<std::string> labels, ValueMap properties) {
  return NodeValue{id, std::move(labels), std::move(properties)};
}

RelationshipValue Rel(uint64_t id, std::string type, uint64_t start, uint64_t end) {
  return RelationshipValue{id, std::move(type), start, end, ValueMap{{"w", Value::Int(int64_t(id))}}};
}

TEST(HttpJson, ParametersKeepIntegersAndFloatsApart) {
  const ValueMap p = ParametersFromJson(ParseRequestJson(R"({"i": 2, "f": 2.0, "u": 9223372036854775807,
      "n": -5, "s": "é", "l": [1, [true, null]], "m": {"k": 1.5}})"));
  EXPECT_EQ(p.Find("i")->kind(), ValueKind::kInt);
  EXPECT_EQ(p.Find("f")->kind(), ValueKind::kFloat);
  EXPECT_EQ(p.Find("u")->AsInt(), INT64_MAX);
  EXPECT_EQ(p.Find("n")->AsInt(), -5);
  EXPECT_EQ(p.Find("s")->AsString(), "é");
  EXPECT_EQ(p.Find("l")->AsList()[1].AsList()[1].kind(), ValueKind::kNull);
  EXPECT_EQ(p.Find("m")->AsMap().Find("k")->AsFloat(), 1.5);
}

TEST(HttpJson, RefusesWhatIsNoCypherValueOrNestsTooDeep) {
  try {
    ParametersFromJson(ParseRequestJson(R"({"big": [0, 9223372036854775808]})"));
    FAIL() << "no error";
  } catch (const InvalidRequest& e) {
    EXPECT_STREQ(e.what(), "parameters.big[1]: 9223372036854775808 is past the largest INTEGER (2^63 - 1)");
  }
  EXPECT_THROW(ParametersFromJson(ParseRequestJson("[1]")), InvalidRequest);
  const std::string deep = std::string(kMaxJsonDepth + 1, '[') + std::string(kMaxJsonDepth + 1, ']');
  EXPECT_THROW(ParseRequestJson(deep), InvalidRequest);
  const std::string fits = std::string(kMaxJsonDepth, '[') + std::string(kMaxJsonDepth, ']');
  EXPECT_NO_THROW(ParseRequestJson(fits));
  try {
    ParseRequestJson("{\"a\": }");
    FAIL() << "no error";
  } catch (const InvalidRequest& e) {
    EXPECT_NE(std::string(e.what()).find("line 1, column 7"), std::string::npos) << e.what();
  }
}

TEST(HttpJson, RowsAndMeta) {
  const Value node = Value::Node(Node(7, {"Person"}, ValueMap{{"name", Value::String("Ann")}}));
  EXPECT_EQ(RowJson(node).dump(), R"({"name":"Ann"})");
  EXPECT_EQ(MetaJson(node).dump(), R"({"id":7,"elementId":"7","type":"node","deleted":false})");
  EXPECT_EQ(RowJson(Value::Float(std::nan(""))).dump(), R"("NaN")");
  EXPECT_EQ(RowJson(Value::Float(-INFINITY)).dump(), R"("-Infinity")");
  EXPECT_EQ(RowJson(Value::Date(DateValue{0})).dump(), R"("1970-01-01")");
  EXPECT_EQ(MetaJson(Value::Date(DateValue{0})).dump(), R"({"type":"date"})");
  EXPECT_EQ(MetaJson(Value::Int(1)).dump(), "null");
  EXPECT_EQ(MetaJson(Value::List({node, Value::Int(1)})).dump(),
            R"([{"id":7,"elementId":"7","type":"node","deleted":false},null])");

  PathValue path{{Node(1, {}, {}), Node(2, {}, {})}, {Rel(5, "R", 2, 1)}};
  EXPECT_EQ(RowJson(Value::Path(path)).dump(), R"([{},{"w":5},{}])");
  EXPECT_EQ(MetaJson(Value::Path(path))[1].dump(), R"({"id":5,"elementId":"5","type":"relationship","deleted":false})");
}

TEST(HttpJson, GraphCollectsEveryEntityOnce) {
  GraphCollector graph;
  const Value a = Value::Node(Node(1, {"A"}, {}));
  const Value b = Value::Node(Node(2, {"B", "C"}, {}));
  graph.Add(a);
  graph.Add(Value::List({a, Value::Map(ValueMap{{"x", b}})}));
  graph.Add(Value::Path(PathValue{{Node(1, {"A"}, {}), Node(2, {"B", "C"}, {})}, {Rel(9, "T", 1, 2)}}));
  graph.Add(Value::Int(3));
  const Json out = graph.Take();
  EXPECT_EQ(out["nodes"].size(), 2u);
  EXPECT_EQ(out["nodes"][1]["labels"].dump(), R"(["B","C"])");
  ASSERT_EQ(out["relationships"].size(), 1u);
  EXPECT_EQ(out["relationships"][0].dump(),
            R"({"id":"9","elementId":"9","type":"T","startNode":"1","endNode":"2","properties":{"w":9}})");
  EXPECT_EQ(graph.Take()["nodes"].size(), 0u) << "Take starts afresh";
}

TEST(HttpJson, ParsesStatements) {
  auto statements = ParseStatements(R"({"statements": [
      {"statement": "RETURN $x", "parameters": {"x": 1}, "resultDataContents": ["graph"], "includeStats": true,
       "rowLimit": 10},
      {"statement": "RETURN 2"}]})");
  ASSERT_EQ(statements.size(), 2u);
  EXPECT_FALSE(statements[0].row);
  EXPECT_TRUE(statements[0].graph);
  EXPECT_TRUE(statements[0].include_stats);
  EXPECT_EQ(statements[0].row_limit, 10u);
  EXPECT_EQ(statements[0].parameters.Find("x")->AsInt(), 1);
  EXPECT_TRUE(statements[1].row);
  EXPECT_FALSE(statements[1].row_limit.has_value());
  EXPECT_TRUE(ParseStatements("").empty());
  EXPECT_TRUE(ParseStatements("{}").empty());
  EXPECT_THROW(ParseStatements(R"({"statements": [{"statement": "x", "includeStats": "yes"}]})"), InvalidRequest);
}

}  // namespace
}  // namespace quiver::server::http
