#include "tck_value.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>

#include "gherkin.h"
#include "tck_paths.h"

namespace quiver::tck {
namespace {

TEST(TckValueTest, Scalars) {
  EXPECT_TRUE(ParseTckValue("null").IsNull());
  EXPECT_EQ(ParseTckValue("true").AsBool(), true);
  EXPECT_EQ(ParseTckValue("false").AsBool(), false);
  EXPECT_EQ(ParseTckValue("42").AsInt(), 42);
  EXPECT_EQ(ParseTckValue("-3").AsInt(), -3);
  EXPECT_EQ(ParseTckValue("-9223372036854775808").AsInt(), std::numeric_limits<int64_t>::min());
  EXPECT_EQ(ParseTckValue("9223372036854775807").AsInt(), std::numeric_limits<int64_t>::max());
  EXPECT_TRUE(ParseTckValue("1.0").IsFloat());
  EXPECT_EQ(ParseTckValue("1.5").AsFloat(), 1.5);
  EXPECT_EQ(ParseTckValue("-1e-10").AsFloat(), -1e-10);
  EXPECT_EQ(ParseTckValue("1e308").AsFloat(), 1e308);
  EXPECT_EQ(ParseTckValue("2.5E+3").AsFloat(), 2500.0);
  EXPECT_EQ(ParseTckValue(".5").AsFloat(), 0.5);
  EXPECT_TRUE(std::isnan(ParseTckValue("NaN").AsFloat()));
  EXPECT_EQ(ParseTckValue("Inf").AsFloat(), std::numeric_limits<double>::infinity());
  EXPECT_EQ(ParseTckValue("-Inf").AsFloat(), -std::numeric_limits<double>::infinity());
  EXPECT_EQ(ParseTckValue("Infinity").AsFloat(), std::numeric_limits<double>::infinity());
  EXPECT_EQ(ParseTckValue("-Infinity").AsFloat(), -std::numeric_limits<double>::infinity());
  EXPECT_TRUE(std::signbit(ParseTckValue("-0.0").AsFloat()));
  EXPECT_EQ(ParseTckValue("  7  ").AsInt(), 7);
}

TEST(TckValueTest, StringsAndEscapes) {
  EXPECT_EQ(ParseTckValue("''").AsString(), "");
  EXPECT_EQ(ParseTckValue("'Malmö'").AsString(), "Malmö");
  EXPECT_EQ(ParseTckValue(R"('\'')").AsString(), "'");
  EXPECT_EQ(ParseTckValue(R"('\nFoo\n')").AsString(), "\nFoo\n");
  EXPECT_EQ(ParseTckValue(R"('a\\bcn5t\'"\\//\\"\'')").AsString(), R"(a\bcn5t'"\//\"')");
  EXPECT_EQ(ParseTckValue(R"('\t\r\b\f\"')").AsString(), "\t\r\b\f\"");
  EXPECT_EQ(ParseTckValue(R"('\u00e9')").AsString(), "é");
  EXPECT_EQ(ParseTckValue(R"('\uD83D\uDE00')").AsString(), "\xF0\x9F\x98\x80");
  EXPECT_EQ(ParseTckValue(R"('\U0001F600')").AsString(), "\xF0\x9F\x98\x80");
  EXPECT_EQ(ParseTckValue("'a, b]'").AsString(), "a, b]");
}

TEST(TckValueTest, ContainersNodesRelationshipsPaths) {
  const Value list = ParseTckValue("[1, 'a', [], [null, 2.0]]");
  ASSERT_TRUE(list.IsList());
  ASSERT_EQ(list.AsList().size(), 4u);
  EXPECT_EQ(list.AsList()[1].AsString(), "a");
  EXPECT_TRUE(list.AsList()[2].AsList().empty());

  const Value map = ParseTckValue("{name: 'x', `odd key`: 1, n2: {}}");
  ASSERT_TRUE(map.IsMap());
  EXPECT_EQ(map.AsMap().Find("odd key")->AsInt(), 1);
  EXPECT_TRUE(map.AsMap().Find("n2")->AsMap().empty());
  EXPECT_TRUE(ParseTckValue("{}").AsMap().empty());

  const Value node = ParseTckValue("(:A:B {k: 1})");
  ASSERT_TRUE(node.IsNode());
  EXPECT_EQ(node.AsNode().labels, (std::vector<std::string>{"A", "B"}));
  EXPECT_EQ(node.AsNode().properties.Find("k")->AsInt(), 1);
  EXPECT_TRUE(ParseTckValue("()").AsNode().labels.empty());
  EXPECT_EQ(ParseTckValue("({name: 'a'})").AsNode().properties.size(), 1u);

  const Value rel = ParseTckValue("[:T {k: 'v'}]");
  ASSERT_TRUE(rel.IsRelationship());
  EXPECT_EQ(rel.AsRelationship().type, "T");
  EXPECT_EQ(ParseTckValue("[[:X]]").AsList()[0].AsRelationship().type, "X");

  const Value path = ParseTckValue("<(:A)-[:T]->(:B)<-[:U {w: 2}]-()>");
  ASSERT_TRUE(path.IsPath());
  const PathValue& p = path.AsPath();
  ASSERT_EQ(p.nodes.size(), 3u);
  ASSERT_EQ(p.relationships.size(), 2u);
  EXPECT_EQ(p.relationships[0].start_id, p.nodes[0].id);  // forward
  EXPECT_EQ(p.relationships[1].start_id, p.nodes[2].id);  // backward
  EXPECT_EQ(p.relationships[1].type, "U");
  EXPECT_EQ(ParseTckValue("<()>").AsPath().nodes.size(), 1u);
}

TEST(TckValueTest, RejectsMalformedCells) {
  for (const char* bad : {"", "nul", "'open", "[1, 2", "{a 1}", "(:A", "[:T", "<(:A)-[:T]-(:B)>", "1 2",
                          "abc", "'\\q'", "99999999999999999999"}) {
    EXPECT_THROW(ParseTckValue(bad), std::runtime_error) << bad;
  }
}

// What we print (ToTckString) reads back to an equal value: the runner and the printer
// agree on the notation.
TEST(TckValueTest, RoundTripsThroughToTckString) {
  NodeValue n1{7, {"A", "B"}, ValueMap{{"k", Value::Int(1)}, {"odd key", Value::String("x'y\\z")}}};
  NodeValue n2{8, {}, {}};
  RelationshipValue r1{3, "T", 7, 8, ValueMap{{"w", Value::Float(0.5)}}};
  RelationshipValue r2{4, "U", 8, 8, {}};
  const std::vector<Value> values = {
      Value::Null(),
      Value::Bool(true),
      Value::Int(-12),
      Value::Float(1.0),
      Value::Float(-1.2635418652381264e305),
      Value::Float(0.00001),
      Value::Float(std::numeric_limits<double>::infinity()),
      Value::String("line\nbreak 'quoted' back\\slash"),
      Value::List({Value::Int(1), Value::List({}), Value::Map(ValueMap{{"a", Value::Null()}})}),
      Value::Node(n1),
      Value::Relationship(r1),
      Value::Path(PathValue{{n1, n2, n2}, {r1, r2}}),
  };
  for (const Value& v : values) {
    const std::string text = ToTckString(v);
    const Value back = ParseTckValue(text);
    EXPECT_EQ(ToTckString(back), text);
    EXPECT_EQ(back.kind(), v.kind()) << text;
  }
  EXPECT_TRUE(std::isnan(ParseTckValue(ToTckString(Value::Float(std::nan("")))).AsFloat()));
}

// Every value cell the TCK writes — result tables, parameter tables, procedure tables —
// must parse, or its scenario could never pass.
TEST(TckValueTest, ParsesEveryValueCellOfTheTck) {
  QUIVER_SKIP_WITHOUT_TCK();
  const std::string root = TckFeaturesDir();
  size_t cells = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(root)) {
    if (entry.path().extension() != ".feature") continue;
    std::ifstream in(entry.path());
    std::stringstream buffer;
    buffer << in.rdbuf();
    for (const Scenario& scenario : ParseFeature(entry.path().string(), buffer.str())) {
      for (const Step& step : scenario.steps) {
        if (!step.table) continue;
        const bool result = step.text.starts_with("the result should be");
        const bool params = step.text == "parameters are:";
        const bool procedure = step.text.starts_with("there exists a procedure");
        if (!result && !params && !procedure) continue;
        const auto& rows = step.table->rows;
        for (size_t r = (params ? 0 : 1); r < rows.size(); ++r) {
          for (size_t c = (params ? 1 : 0); c < rows[r].size(); ++c) {
            EXPECT_NO_THROW(ParseTckValue(rows[r][c])) << scenario.Id() << ": " << rows[r][c];
            ++cells;
          }
        }
      }
    }
  }
  EXPECT_GT(cells, 5000u);
}

}  // namespace
}  // namespace quiver::tck
