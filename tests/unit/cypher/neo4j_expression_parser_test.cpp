// The Neo4j 5 expression forms: map projections, reduce, label and type expressions,
// type predicates, COUNT / COLLECT subqueries — their AST shapes, canonical printing,
// round trips, and the syntax errors the parser raises for them.

#include <gtest/gtest.h>

#include <string>

#include "cypher/ast/ast_equal.h"
#include "cypher/ast/ast_printer.h"
#include "cypher/parser.h"
#include "quiver/error.h"
#include "parser_test_util.h"

namespace quiver::cypher {
namespace {

using testing::ExpectRoundTrip;

std::string Print(std::string_view query) {
  return ToCypher(*ParseStatement(query));
}

// "Detail: message" of the SyntaxError the query raises.
std::string ErrorOf(std::string_view query) {
  try {
    ParseStatement(query);
  } catch (const SyntaxError& e) {
    EXPECT_EQ(e.phase(), ErrorPhase::kCompileTime);
    return e.detail() + ": " + e.message().substr(0, e.message().find(" (line"));
  }
  return "no error";
}

TEST(Neo4jExpressionParserTest, MapProjections) {
  auto expr = ParseExpression("n {.name, .*, friends: [(n)-->(f) | f.name], x}");
  ASSERT_TRUE(expr->Is<MapProjectionExpr>());
  const auto& projection = expr->As<MapProjectionExpr>();
  EXPECT_EQ(projection.variable, "n");
  ASSERT_EQ(projection.items.size(), 4u);
  EXPECT_EQ(projection.items[0].kind, MapProjectionItem::Kind::kProperty);
  EXPECT_EQ(projection.items[1].kind, MapProjectionItem::Kind::kAllProperties);
  EXPECT_EQ(projection.items[2].kind, MapProjectionItem::Kind::kLiteral);
  EXPECT_EQ(projection.items[3].kind, MapProjectionItem::Kind::kVariable);
  EXPECT_EQ(Print("RETURN n{.name,.`odd key`,k:1,x}, m {}"), "RETURN n {.name, .`odd key`, k: 1, x}, m {}");
  ExpectRoundTrip("MATCH (n) RETURN n {.name, .*, friends: [(n)-->(f) | f.name], x}.name AS a, n {} AS b");
  // A node pattern's property map is still a map: `(n {a: 1})` in a pattern.
  EXPECT_EQ(Print("MATCH (n {a: 1}) WHERE (n {a: 1})-->() RETURN 1"),
            "MATCH (n {a: 1}) WHERE (n {a: 1})-->() RETURN 1");
  EXPECT_EQ(ErrorOf("RETURN n {1}"),
            "UnexpectedSyntax: Invalid input '1': expected '.key', '.*', 'key: value' or a variable");
}

TEST(Neo4jExpressionParserTest, Reduce) {
  auto expr = ParseExpression("reduce(acc = 0, x IN [1, 2] | acc + x)");
  ASSERT_TRUE(expr->Is<ReduceExpr>());
  EXPECT_EQ(expr->As<ReduceExpr>().accumulator, "acc");
  EXPECT_EQ(expr->As<ReduceExpr>().variable, "x");
  EXPECT_EQ(Print("RETURN REDUCE(a=0,x IN l|a+x)"), "RETURN reduce(a = 0, x IN l | a + x)");
  ExpectRoundTrip("RETURN reduce(s = '', w IN ['a', 'b'] | s + reduce(t = w, v IN [] | t + v)) AS r");
  // A function named reduce with ordinary arguments stays a function call.
  EXPECT_TRUE(ParseExpression("reduce(1, 2)")->Is<FunctionCallExpr>());
  EXPECT_EQ(ErrorOf("RETURN reduce(a = 0, x IN l)"), "UnexpectedSyntax: Invalid input ')': expected '|'");
}

TEST(Neo4jExpressionParserTest, NodeLabelExpressions) {
  // A plain conjunction is a list of labels, however written.
  for (const char* query : {"MATCH (n:A:B) RETURN n", "MATCH (n:A&B) RETURN n", "MATCH (n:(A&B)) RETURN n"}) {
    auto statement = ParseStatement(query);
    const auto& node = statement->queries[0].clauses[0]->As<MatchClause>().pattern[0].element.nodes[0];
    EXPECT_EQ(node.labels, (std::vector<std::string>{"A", "B"})) << query;
    EXPECT_FALSE(node.label_expression.has_value()) << query;
  }
  auto statement = ParseStatement("MATCH (n:A|B&!C) RETURN n");
  const auto& node = statement->queries[0].clauses[0]->As<MatchClause>().pattern[0].element.nodes[0];
  EXPECT_TRUE(node.labels.empty());
  ASSERT_TRUE(node.label_expression.has_value());
  EXPECT_EQ(node.label_expression->kind, LabelExpression::Kind::kOr);
  EXPECT_EQ(node.label_expression->operands[1].kind, LabelExpression::Kind::kAnd);
  EXPECT_EQ(ToCypher(*node.label_expression), "A|B&!C");

  EXPECT_EQ(Print("MATCH (n:A|B), (m:!A), (o:%), (p:(A|B)&!C), (q:!(A&B)), (r:A&B {x: 1}) RETURN 1"),
            "MATCH (n:A|B), (m:!A), (o:%), (p:(A|B)&!C), (q:!(A&B)), (r:A:B {x: 1}) RETURN 1");
  ExpectRoundTrip("MATCH (n:(A|B)|C), (m:(A&B)&(C|!%)), (o:!!A) RETURN 1");
  EXPECT_EQ(ErrorOf("MATCH (n:A:B|C) RETURN n"),
            "InvalidLabelExpression: mixing the label conjunction ':A:B' with the label expression operators "
            "|, &, ! "
            "and % is not allowed; write ':A&B' instead of ':A:B'");
  EXPECT_EQ(ErrorOf("MATCH (n:A|) RETURN n"), "UnexpectedSyntax: Invalid input ')': expected a label name");
  // SET and REMOVE take label names; a label expression names none (found by the fuzzer:
  // `SET n:!Foo` used to parse into labels that printed as nothing).
  const std::string names = " takes label names, such as n:A:B or n:A&B, not a label expression with |, ! or %";
  EXPECT_EQ(ErrorOf("MATCH (n) SET n:!Foo"), "InvalidLabelExpression: SET" + names);
  EXPECT_EQ(ErrorOf("MATCH (n) SET n.x = 1, n:A|B"), "InvalidLabelExpression: SET" + names);
  EXPECT_EQ(ErrorOf("MATCH (n) REMOVE n:%"), "InvalidLabelExpression: REMOVE" + names);
  ExpectRoundTrip("MATCH (n) SET n:A&B REMOVE n:C:D");
}

TEST(Neo4jExpressionParserTest, LabelPredicates) {
  EXPECT_EQ(Print("MATCH (n) WHERE n:A|B AND n:A&B AND n:!A AND n:% RETURN 1"),
            "MATCH (n) WHERE n:(A|B) AND n:A:B AND n:!A AND n:% RETURN 1");
  // In a comprehension's WHERE a '|' starts the projection; parentheses make a disjunction.
  auto expr = ParseExpression("[x IN l WHERE x:A | x.name]");
  ASSERT_TRUE(expr->Is<ListComprehensionExpr>());
  EXPECT_TRUE(expr->As<ListComprehensionExpr>().projection != nullptr);
  ExpectRoundTrip(
      "RETURN [x IN l WHERE x:(A|B) | x], [(a)-->(b) WHERE b:(A|B)&!C | b], [x IN l WHERE x:A|B]");
  ExpectRoundTrip("MATCH (n) WHERE n:A|B OR NOT n:(A|B)&C RETURN n:A|B AS x");
}

TEST(Neo4jExpressionParserTest, RelationshipTypeExpressions) {
  auto statement = ParseStatement("MATCH ()-[r:A|:B|C]->() RETURN r");
  const auto& rel = statement->queries[0].clauses[0]->As<MatchClause>().pattern[0].element.relationships[0];
  EXPECT_EQ(rel.types, (std::vector<std::string>{"A", "B", "C"}));
  EXPECT_FALSE(rel.type_expression.has_value());
  EXPECT_EQ(Print("MATCH ()-[:!A]->()-[r:%*1..2]-()<-[:(A|B)&!C {w: 1}]-() RETURN 1"),
            "MATCH ()-[:!A]->()-[r:%*1..2]-()<-[:(A|B)&!C {w: 1}]-() RETURN 1");
  ExpectRoundTrip("MATCH ()-[:!A]->()-[r:%*1..2]-()<-[:(A|B)&!C {w: 1}]-(), ()-[:(A|B)|C]->() RETURN 1");
  EXPECT_EQ(
      ErrorOf("MATCH ()-[:A:B]->() RETURN 1"),
      "InvalidRelationshipPattern: a relationship has one type: ':A:B' never matches; use ':A|B' for either "
      "type");
}

TEST(Neo4jExpressionParserTest, TypePredicates) {
  auto expr = ParseExpression("x IS NOT :: LIST<INTEGER NOT NULL> NOT NULL");
  ASSERT_TRUE(expr->Is<TypePredicateExpr>());
  const auto& predicate = expr->As<TypePredicateExpr>();
  EXPECT_TRUE(predicate.negated);
  EXPECT_EQ(predicate.type.kind, CypherType::Kind::kList);
  EXPECT_TRUE(predicate.type.not_null);
  EXPECT_TRUE(predicate.type.members[0].not_null);
  // Synonyms print under their canonical names.
  EXPECT_EQ(Print("RETURN x IS :: INT, x IS :: bool, x IS :: VARCHAR, x IS :: SIGNED INTEGER, x IS :: EDGE, "
                  "x IS :: ANY VERTEX, x IS :: ARRAY<FLOAT>, x IS :: TIMESTAMP WITH TIME ZONE, "
                  "x IS :: TIME WITHOUT TIME ZONE, x IS :: ANY VALUE, x IS :: ANY PROPERTY VALUE"),
            "RETURN x IS :: INTEGER, x IS :: BOOLEAN, x IS :: STRING, x IS :: INTEGER, x IS :: RELATIONSHIP, "
            "x IS :: NODE, x IS :: LIST<FLOAT>, x IS :: ZONED DATETIME, x IS :: LOCAL TIME, x IS :: ANY, "
            "x IS :: PROPERTY VALUE");
  // Unions print as ANY<...>, which a comprehension's WHERE reads back the same.
  EXPECT_EQ(Print("RETURN x IS :: INTEGER | STRING NOT NULL | ANY<FLOAT | NULL>"),
            "RETURN x IS :: ANY<INTEGER | STRING NOT NULL | FLOAT | NULL>");
  ExpectRoundTrip(
      "RETURN 1 + 1 IS :: INTEGER = true, [x IN l WHERE x IS :: ANY<INTEGER | DATE> | x], "
      "x IS :: LIST<LIST<ZONED TIME | LOCAL DATETIME>>, (x IS :: NOTHING) IS NOT :: BOOLEAN NOT NULL");
  EXPECT_EQ(ErrorOf("RETURN 1 :: INTEGER"),
            "UnexpectedSyntax: a type predicate is written with IS: `x IS :: INTEGER`");
  EXPECT_EQ(ErrorOf("RETURN 1 IS : : INTEGER"),
            "UnexpectedSyntax: Invalid input ':': expected NULL, NOT NULL or ':: <type>'");
  EXPECT_EQ(ErrorOf("RETURN 1 IS :: POINT"),
            "UnsupportedType: the type POINT is not supported: Quiver has no spatial values");
  EXPECT_EQ(ErrorOf("RETURN 1 IS :: LOCAL ZONE"),
            "UnexpectedSyntax: Invalid input 'ZONE': expected TIME or DATETIME");
}

TEST(Neo4jExpressionParserTest, CountAndCollectSubqueries) {
  auto expr = ParseExpression("COUNT { (n)-->(m) WHERE m.x > 1 }");
  ASSERT_TRUE(expr->Is<SubqueryValueExpr>());
  EXPECT_EQ(expr->As<SubqueryValueExpr>().subquery, SubqueryValueKind::kCount);
  EXPECT_EQ(Print("MATCH (n) RETURN count { (n)-->() }, collect { MATCH (n)-->(m) RETURN m }, count(*)"),
            "MATCH (n) RETURN COUNT { MATCH (n)-->() }, COLLECT { MATCH (n)-->(m) RETURN m }, count(*)");
  ExpectRoundTrip(
      "MATCH (n) WHERE COUNT { MATCH (n)-->(m) RETURN m } > 1 RETURN COLLECT { UNWIND [1] AS x RETURN x }");
  // count(x) and collect(x) stay aggregates.
  EXPECT_TRUE(ParseExpression("collect(x)")->Is<FunctionCallExpr>());
  // Like EXISTS, they need not end in RETURN, and may not update.
  EXPECT_EQ(ErrorOf("RETURN COUNT { MATCH (n) }"), "no error");
  EXPECT_EQ(
      ErrorOf("RETURN COLLECT { CREATE (n) RETURN n }"),
      "InvalidClauseComposition: a subquery expression (EXISTS, COUNT or COLLECT) cannot contain CREATE");
}

}  // namespace
}  // namespace quiver::cypher
