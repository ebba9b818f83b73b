#include <gtest/gtest.h>

#include <string>

#include "cypher/parser.h"
#include "cypher/source_position.h"
#include "quiver/error.h"

namespace quiver::cypher {
namespace {

struct Caught {
  std::string detail;
  std::string message;
  ErrorPhase phase = ErrorPhase::kRuntime;
};

Caught Parse(std::string_view query) {
  try {
    ParseStatement(query);
  } catch (const SyntaxError& e) {
    return {e.detail(), e.message(), e.phase()};
  }
  ADD_FAILURE() << "expected a SyntaxError for: " << query;
  return {};
}

// The message ends with "(line L, column C, offset O)\n  <line>\n  <caret>".
void ExpectLocation(const Caught& error, int line, int column, std::string_view source_line,
                    std::string_view caret) {
  std::string where = "(line " + std::to_string(line) + ", column " + std::to_string(column) + ",";
  EXPECT_NE(error.message.find(where), std::string::npos) << error.message;
  std::string tail = "\n  " + std::string(source_line) + "\n  " + std::string(caret);
  ASSERT_GE(error.message.size(), tail.size()) << error.message;
  EXPECT_EQ(error.message.substr(error.message.size() - tail.size()), tail) << error.message;
}

TEST(SyntaxErrorTest, UnknownClauseIsReportedAtTheTypo) {
  Caught e = Parse("MATCH (n) RETRUN n");
  EXPECT_EQ(e.detail, "UnexpectedSyntax");
  EXPECT_EQ(e.phase, ErrorPhase::kCompileTime);
  EXPECT_NE(e.message.find("Invalid input 'RETRUN'"), std::string::npos) << e.message;
  ExpectLocation(e, 1, 11, "MATCH (n) RETRUN n", "          ^");
}

TEST(SyntaxErrorTest, PositionOnALaterLine) {
  Caught e = Parse("MATCH (n)\nWHERE n.x = \n  RETURN n");
  EXPECT_EQ(e.detail, "UnexpectedSyntax");
  EXPECT_NE(e.message.find("expected an expression"), std::string::npos) << e.message;
  ExpectLocation(e, 3, 3, "  RETURN n", "  ^");
}

TEST(SyntaxErrorTest, CaretCountsCodePointsAndKeepsTabs) {
  Caught e = Parse("RETURN '\xC3\xA9\xC3\xA9',\t#");
  EXPECT_EQ(e.detail, "UnexpectedSyntax");
  ExpectLocation(e, 1, 14, "RETURN '\xC3\xA9\xC3\xA9',\t#", "            \t^");
}

// Query text must be UTF-8: invalid bytes anywhere are InvalidEncoding at the first
// of them, before any other error, and the quoted line shows them as U+FFFD.
TEST(SyntaxErrorTest, TextThatIsNotUtf8IsInvalidEncoding) {
  struct Case {
    std::string query;
    int line, column;
    std::string shown, caret, byte;
  };
  const Case cases[] = {
      {"RETURN 'caf\xE9'", 1, 12, "RETURN 'caf\xEF\xBF\xBD'", "           ^", "byte 0xE9"},  // in a string
      {"RETURN x\xFF", 1, 9, "RETURN x\xEF\xBF\xBD", "        ^", "byte 0xFF"},                   // in a name
      {"RETURN `a\xC3`", 1, 10, "RETURN `a\xEF\xBF\xBD`", "         ^", "byte 0xC3"},        // quoted name, cut short
      {"RETURN 1 // \xC0\x80", 1, 13, "RETURN 1 // \xEF\xBF\xBD\xEF\xBF\xBD", "            ^", "byte 0xC0"},
      {"RETURN 1 /* ok \xC3\xA9\n \xED\xA0\x80 */", 2, 2, " \xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD */", " ^", "byte 0xED"},
      // Before the syntax error that comes first in the text.
      {"RETRUN '\xF4\x90\x80\x80'", 1, 9, "RETRUN '\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD'", "        ^",
       "byte 0xF4"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.query);
    Caught e = Parse(c.query);
    EXPECT_EQ(e.detail, "InvalidEncoding");
    EXPECT_EQ(e.phase, ErrorPhase::kCompileTime);
    EXPECT_NE(e.message.find("query text is not valid UTF-8: " + c.byte), std::string::npos) << e.message;
    ExpectLocation(e, c.line, c.column, c.shown, c.caret);
  }
  EXPECT_THROW(ParseExpression("'\xFF'"), SyntaxError);
  EXPECT_NO_THROW(ParseStatement("RETURN 'caf\xC3\xA9 \xF0\x9F\x98\x80' AS `\xC3\xA9`"));
}

TEST(SyntaxErrorTest, UnexpectedEndOfInput) {
  Caught e = Parse("RETURN [1, 2");
  EXPECT_NE(e.message.find("Unexpected end of input: expected ',' or ']'"), std::string::npos) << e.message;
  ExpectLocation(e, 1, 13, "RETURN [1, 2", "            ^");
}

TEST(SyntaxErrorTest, LexicalErrorsCarryTheirTckDetail) {
  const struct {
    std::string_view query;
    std::string_view detail;
    int column;
  } cases[] = {
      {"RETURN 0x AS literal", "InvalidNumberLiteral", 8},
      {"RETURN 0x1A2b3j4D5E6f7 AS literal", "InvalidNumberLiteral", 8},
      {"RETURN 9223372h54775808 AS literal", "InvalidNumberLiteral", 8},
      {"RETURN 9223372#54775808 AS literal", "UnexpectedSyntax", 15},
      {"RETURN '\\uH'", "InvalidUnicodeLiteral", 9},
      {"RETURN 42 \xE2\x80\x94 41", "InvalidUnicodeCharacter", 11},
      {"RETURN 1.34E999", "FloatingPointOverflow", 8},
      {"RETURN 9223372036854775808 AS literal", "IntegerOverflow", 8},
      {"RETURN -9223372036854775809 AS literal", "IntegerOverflow", 8},
      {"RETURN 'open", "UnexpectedSyntax", 8},
      {"RETURN 1 /* open", "UnexpectedSyntax", 10},
  };
  for (const auto& c : cases) {
    Caught e = Parse(c.query);
    EXPECT_EQ(e.detail, c.detail) << c.query << "\n" << e.message;
    EXPECT_NE(e.message.find("column " + std::to_string(c.column) + ","), std::string::npos)
        << c.query << "\n"
        << e.message;
  }
}

TEST(SyntaxErrorTest, StructuralErrorsCarryTheirTckDetail) {
  const struct {
    std::string_view query;
    std::string_view detail;
  } cases[] = {
      {"RETURN {1B2c3e67:1} AS literal", "UnexpectedSyntax"},
      {"RETURN [[','[]',']] AS literal", "UnexpectedSyntax"},
      {"MATCH (n) RETURN (n)-[]->()", "UnexpectedSyntax"},
      {"CALL test.my.proc('Stefan', 1) YIELD * RETURN city", "UnexpectedSyntax"},
      {"MATCH (a)-[:LIKES..]->(c) RETURN c.name", "InvalidRelationshipPattern"},
      {"MATCH (a)-[:LIKES*-2]->(c) RETURN c.name", "InvalidRelationshipPattern"},
      {"MATCH (n) DELETE n:Person", "InvalidDelete"},
      {"RETURN 1 AS a UNION ALL RETURN 2 AS a UNION RETURN 3 AS a", "InvalidClauseComposition"},
      {"MATCH (n) WHERE exists { MATCH (n)-->(m) SET m.prop = 'fail' } RETURN n", "InvalidClauseComposition"},
      {"MATCH (n $param) RETURN n", "InvalidParameterUse"},
      {"MERGE (a)-[r:FOO $param]->(b) RETURN r", "InvalidParameterUse"},
      {"MATCH (n) WHERE (n)-->({x: 1})-->($p) RETURN n", "InvalidParameterUse"},
  };
  for (const auto& c : cases) EXPECT_EQ(Parse(c.query).detail, c.detail) << c.query;
}

TEST(SyntaxErrorTest, PatternRulesThatHold) {
  EXPECT_NO_THROW(ParseStatement("CREATE (n $props)-[:T $rel]->(m) RETURN n"));
  EXPECT_NO_THROW(ParseStatement("MERGE (a)-[r:KNOWS]-(b) RETURN r")) << "MERGE may be undirected";
  EXPECT_NO_THROW(ParseStatement("MATCH (a)-[:A|B*]-(b) RETURN a"));
  EXPECT_NO_THROW(ParseStatement("MATCH (a) WITH a, a.x AS x RETURN x"));
}

TEST(SyntaxErrorTest, StructuralErrorsPointAtTheOffendingPart) {
  Caught e = Parse("MATCH (a)-[:T]->(b)-[:FOO*1..-2]-(c) RETURN a");
  EXPECT_EQ(e.detail, "InvalidRelationshipPattern");
  ExpectLocation(e, 1, 30, "MATCH (a)-[:T]->(b)-[:FOO*1..-2]-(c) RETURN a", "                             ^");
  Caught parameter = Parse("MATCH (a)\nMERGE (a)-[:T]->(b\n    $map) RETURN b");
  EXPECT_EQ(parameter.detail, "InvalidParameterUse");
  ExpectLocation(parameter, 3, 5, "    $map) RETURN b", "    ^");
}

TEST(SyntaxErrorTest, BinderErrorsAreNotTheParsers) {
  // Scoping, typing and aggregation rules need the binder; the parser must accept these.
  // So are the rules for relationships CREATE and MERGE make: whether `r` in
  // `CREATE ()-[r]->()` is new decides between VariableAlreadyBound and these.
  for (std::string_view query :
       {"MATCH () RETURN foo", "MATCH (a) CREATE (a)", "RETURN 1 AS a, 2 AS a",
        "MATCH (a)-[r]->()-[r]->(a) RETURN r", "RETURN count(count(*))", "MATCH (n) RETURN n SKIP -1",
        "RETURN foo(1)", "MATCH ()-[r]-() DELETE 1 + 1", "MATCH (a) WITH a, count(*) RETURN a",
        "CREATE ()-[:FOO*2]->()", "CREATE ()-->()", "CREATE (a)-[:FOO]-(b)", "MERGE (a)-[:A|:B]->(b)"}) {
    EXPECT_NO_THROW(ParseStatement(query)) << query;
  }
}

TEST(SyntaxErrorTest, DescribeLocationHandlesEdges) {
  EXPECT_EQ(DescribeLocation("", SourcePosition{1, 1, 0}), "(line 1, column 1, offset 0)\n  \n  ^");
  EXPECT_EQ(DescribeLocation("ab\ncd", SourcePosition{2, 1, 3}), "(line 2, column 1, offset 3)\n  cd\n  ^");
  EXPECT_EQ(DescribeLocation("ab\r\ncd", SourcePosition{1, 3, 2}),
            "(line 1, column 3, offset 2)\n  ab\n    ^");
  // Past the end (end of input after a newline).
  EXPECT_EQ(DescribeLocation("ab\n", SourcePosition{2, 1, 3}), "(line 2, column 1, offset 3)\n  \n  ^");
}

}  // namespace
}  // namespace quiver::cypher
