// The errors of the Neo4j 5 expressions that the binder and the evaluator raise, through
// the public API: class, detail, phase and message (docs/cypher.md, "Neo4j 5
// expressions"). The parser's own are in tests/unit/cypher/neo4j_expression_parser_test.cpp.

#include <gtest/gtest.h>

#include <string>

#include "quiver/database.h"

namespace quiver {
namespace {

struct Outcome {
  std::string kind;  // Class/Detail
  ErrorPhase phase = ErrorPhase::kRuntime;
  std::string message;  // without the position
};

Outcome ErrorOf(const std::string& query) {
  auto db = Database::OpenInMemory();
  auto conn = db->Connect();
  conn->Query("CREATE (:A {x: 1})-[:T]->(:B)");
  try {
    (void)conn->Query(query).rows();
  } catch (const QuiverError& e) {
    const std::string message = e.message();
    return {std::string(ErrorClassName(e.error_class())) + "/" + e.detail(), e.phase(),
            message.substr(0, message.find(" (line "))};
  }
  ADD_FAILURE() << "no error for: " << query;
  return {};
}

TEST(Neo4jExpressionErrors, LabelExpressionsInCreateAndMerge) {
  Outcome e = ErrorOf("CREATE (n:A|B)");
  EXPECT_EQ(e.kind, "SyntaxError/InvalidLabelExpression");
  EXPECT_EQ(e.phase, ErrorPhase::kCompileTime);
  EXPECT_EQ(
      e.message,
      "the label expression ':A|B' cannot be used in CREATE: a node is created with plain labels only, such "
      "as :A:B or :A&B");
  e = ErrorOf("MERGE (n:(A|B)&!C)");
  EXPECT_EQ(
      e.message,
      "the label expression ':(A|B)&!C' cannot be used in MERGE: a node is created with plain labels only, "
      "such as :A:B or :A&B");
  e = ErrorOf("MATCH (a:A), (b:B) MERGE (a)-[:%]->(b)");
  EXPECT_EQ(e.kind, "SyntaxError/InvalidLabelExpression");
  EXPECT_EQ(
      e.message,
      "the type expression ':%' cannot be used in MERGE: a relationship is created with exactly one type, "
      "such as :KNOWS");
}

TEST(Neo4jExpressionErrors, Subqueries) {
  Outcome e = ErrorOf("MATCH (n) RETURN COLLECT { MATCH (n)-->(m) RETURN m, n }");
  EXPECT_EQ(e.kind, "SyntaxError/InvalidSubqueryReturn");
  EXPECT_EQ(e.phase, ErrorPhase::kCompileTime);
  EXPECT_EQ(e.message, "a COLLECT subquery must end with a RETURN of exactly one column, not 2");
  e = ErrorOf("MATCH (n) RETURN COUNT { MATCH (n)-->(m) RETURN m UNION MATCH (m)-->(n) RETURN m }");
  EXPECT_EQ(e.kind, "SyntaxError/UnsupportedSubquery");
  EXPECT_EQ(e.message, "UNION inside COUNT { ... } is not supported");
}

TEST(Neo4jExpressionErrors, MapProjectionsAndReduce) {
  Outcome e = ErrorOf("WITH 1 AS x RETURN x {.a}");
  EXPECT_EQ(e.kind, "TypeError/InvalidArgumentType");
  EXPECT_EQ(e.message, "a map projection needs a node, relationship or map, not Integer");
  e = ErrorOf("UNWIND [1] AS x RETURN x {.*}");
  EXPECT_EQ(e.kind, "TypeError/InvalidArgumentType");
  EXPECT_EQ(e.phase, ErrorPhase::kRuntime);
  EXPECT_EQ(e.message, "a map projection needs a node, relationship or map, not Integer");
  e = ErrorOf("UNWIND [5] AS l RETURN reduce(s = 0, x IN l | s + x)");
  EXPECT_EQ(e.kind, "TypeError/InvalidArgumentType");
  EXPECT_EQ(e.message, "reduce(...) needs a list, not Integer");
  e = ErrorOf("MATCH (n:A) RETURN n:A|B AND n:(COLLECT { RETURN 1 })");
  EXPECT_EQ(e.kind, "SyntaxError/UnexpectedSyntax");
}

TEST(Neo4jExpressionErrors, LabelExpressionOverASubquery) {
  Outcome e = ErrorOf("MATCH (n:A) RETURN COLLECT { MATCH (n)-->(m) RETURN m }[0]:A|B");
  EXPECT_EQ(e.kind, "SyntaxError/UnsupportedLabelExpression");
  EXPECT_EQ(
      e.message,
      "a label expression with |, ! or % can only test a variable or a simple expression, not one with a "
      "subquery or rand(); bind it with WITH first");
}

TEST(Neo4jExpressionErrors, Normalize) {
  Outcome e = ErrorOf("RETURN normalize('a', 'NFX')");
  EXPECT_EQ(e.kind, "ArgumentError/InvalidArgumentValue");
  EXPECT_EQ(e.phase, ErrorPhase::kRuntime);
  EXPECT_EQ(e.message, "normalize(): unknown normal form 'NFX'; use NFC, NFD, NFKC or NFKD");
}

}  // namespace
}  // namespace quiver
