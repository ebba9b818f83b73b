#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <string>

#include "cypher/ast/ast_printer.h"
#include "cypher/ast/pattern.h"
#include "cypher/ast/statement.h"
#include "cypher/parser.h"
#include "quiver/error.h"

namespace quiver::cypher {
namespace {

// The expression with every operator parenthesized: shows how it was grouped.
std::string Grouped(std::string_view text) {
  return ToCypher(*ParseExpression(text), PrintOptions{true});
}

LiteralExpr::Value Literal(std::string_view text) {
  ExprPtr expr = ParseExpression(text);
  EXPECT_TRUE(expr->Is<LiteralExpr>()) << text << " parsed as " << ExprKindName(expr->kind());
  return expr->Is<LiteralExpr>() ? expr->As<LiteralExpr>().value : LiteralExpr::Value{};
}

std::string ErrorDetail(std::string_view text) {
  try {
    ParseExpression(text);
  } catch (const SyntaxError& e) {
    EXPECT_EQ(e.phase(), ErrorPhase::kCompileTime);
    return e.detail();
  }
  return "no error";
}

TEST(ExpressionPrecedenceTest, BooleanOperators) {
  EXPECT_EQ(Grouped("true OR true XOR true"), "(true OR (true XOR true))");
  EXPECT_EQ(Grouped("true XOR false AND false"), "(true XOR (false AND false))");
  EXPECT_EQ(Grouped("true OR false AND false"), "(true OR (false AND false))");
  EXPECT_EQ(Grouped("NOT true AND false"), "((NOT true) AND false)");
  EXPECT_EQ(Grouped("NOT false OR true"), "((NOT false) OR true)");
  EXPECT_EQ(Grouped("NOT NOT a"), "(NOT (NOT a))");
  EXPECT_EQ(Grouped("a OR b OR c"), "((a OR b) OR c)");
}

TEST(ExpressionPrecedenceTest, ComparisonsBindTighterThanBooleansLooserThanPredicates) {
  EXPECT_EQ(Grouped("NOT false >= false"), "(NOT (false >= false))");
  EXPECT_EQ(Grouped("true OR false = false"), "(true OR (false = false))");
  EXPECT_EQ(Grouped("false = true IS NULL"), "(false = (true IS NULL))");
  EXPECT_EQ(Grouped("NOT false IS NULL"), "(NOT (false IS NULL))");
  EXPECT_EQ(Grouped("false = true IN [true, false]"), "(false = (true IN [true, false]))");
  EXPECT_EQ(Grouped("NOT true IN [true, false]"), "(NOT (true IN [true, false]))");
  EXPECT_EQ(Grouped("null IS NULL <> null IS NOT NULL"), "((null IS NULL) <> (null IS NOT NULL))");
  EXPECT_EQ(Grouped("'abc' STARTS WITH null OR true"), "(('abc' STARTS WITH null) OR true)");
  EXPECT_EQ(Grouped("a =~ 'x' = b"), "((a =~ 'x') = b)");
  EXPECT_EQ(Grouped("a ENDS WITH b CONTAINS c"), "((a ENDS WITH b) CONTAINS c)");
}

TEST(ExpressionPrecedenceTest, ComparisonChainsAreOneNode) {
  ExprPtr expr = ParseExpression("a < b <= c <> d");
  ASSERT_TRUE(expr->Is<ComparisonExpr>());
  const auto& chain = expr->As<ComparisonExpr>();
  ASSERT_EQ(chain.operands.size(), 4u);
  EXPECT_EQ(chain.ops, (std::vector<ComparisonOp>{ComparisonOp::kLt, ComparisonOp::kLe, ComparisonOp::kNe}));
  EXPECT_EQ(Grouped("a < b <= c"), "(a < b <= c)");
  EXPECT_EQ(Grouped("(a < b) <= c"), "((a < b) <= c)");
  ExprPtr single = ParseExpression("x = 1");
  ASSERT_TRUE(single->Is<ComparisonExpr>());
  EXPECT_EQ(single->As<ComparisonExpr>().operands.size(), 2u);
}

TEST(ExpressionPrecedenceTest, Arithmetic) {
  EXPECT_EQ(Grouped("4 * 2 + 3 * 2"), "((4 * 2) + (3 * 2))");
  EXPECT_EQ(Grouped("4 % 2 - 3 / 2"), "((4 % 2) - (3 / 2))");
  EXPECT_EQ(Grouped("4 ^ 3 * 2 ^ 3"), "((4 ^ 3) * (2 ^ 3))");
  EXPECT_EQ(Grouped("2 ^ 3 ^ 2"), "((2 ^ 3) ^ 2)");
  EXPECT_EQ(Grouped("a - b - c"), "((a - b) - c)");
  EXPECT_EQ(Grouped("a - (b - c)"), "(a - (b - c))");
  EXPECT_EQ(Grouped("-x ^ 2"), "((-x) ^ 2)");
  EXPECT_EQ(Grouped("-3 ^ 2"), "((-3) ^ 2)");
  EXPECT_EQ(Grouped("-(3 ^ 2)"), "(-(3 ^ 2))");
  EXPECT_EQ(Grouped("-3 + 2"), "((-3) + 2)");
  EXPECT_EQ(Grouped("1 - -1"), "(1 - (-1))");
  EXPECT_EQ(Grouped("- - 1"), "(-(-1))");
  EXPECT_EQ(Grouped("+a * b"), "((+a) * b)");
}

TEST(ExpressionPrecedenceTest, ListOperators) {
  EXPECT_EQ(Grouped("[[1], [2, 3]] + [5, [6, 7]][1]"), "([[1], [2, 3]] + ([5, [6, 7]][1]))");
  EXPECT_EQ(Grouped("l + m[1..3]"), "(l + (m[1..3]))");
  EXPECT_EQ(Grouped("[1]+2 IN [3]+4"), "(([1] + 2) IN ([3] + 4))");
  EXPECT_EQ(Grouped("[1, 2] = [3, 4] IN [[3, 4], false]"), "([1, 2] = ([3, 4] IN [[3, 4], false]))");
  EXPECT_EQ(Grouped("x IN l IS NULL"), "((x IN l) IS NULL)");
}

TEST(ExpressionPrecedenceTest, PostfixOperators) {
  EXPECT_EQ(Grouped("a.b.c[0]"), "(((a.b).c)[0])");
  EXPECT_EQ(Grouped("n:A:B AND x"), "((n:A:B) AND x)");
  EXPECT_EQ(Grouped("-n.x"), "(-(n.x))");
  EXPECT_EQ(Grouped("(n).x"), "(n.x)");
  EXPECT_EQ(Grouped("-1.5.x"), "(-(1.5.x))") << "a sign before a postfix use is an operator";
  EXPECT_EQ(Grouped("l[..2]"), "(l[..2])");
  EXPECT_EQ(Grouped("l[1..]"), "(l[1..])");
  EXPECT_EQ(Grouped("l[i..j]"), "(l[i..j])");
}

TEST(ExpressionParserTest, IntegerLiterals) {
  EXPECT_EQ(Literal("42"), LiteralExpr::Value(int64_t{42}));
  EXPECT_EQ(Literal("-42"), LiteralExpr::Value(int64_t{-42}));
  EXPECT_EQ(Literal("0x7FFFFFFFFFFFFFFF"), LiteralExpr::Value(std::numeric_limits<int64_t>::max()));
  EXPECT_EQ(Literal("-9223372036854775808"), LiteralExpr::Value(std::numeric_limits<int64_t>::min()));
  EXPECT_EQ(Literal("-0x8000000000000000"), LiteralExpr::Value(std::numeric_limits<int64_t>::min()));
  EXPECT_EQ(Literal("-0o1000000000000000000000"), LiteralExpr::Value(std::numeric_limits<int64_t>::min()));
  EXPECT_EQ(Literal("0o777"), LiteralExpr::Value(int64_t{511}));
  EXPECT_EQ(ErrorDetail("9223372036854775808"), "IntegerOverflow");
  EXPECT_EQ(ErrorDetail("-9223372036854775809"), "IntegerOverflow");
  EXPECT_EQ(ErrorDetail("-(9223372036854775808)"), "IntegerOverflow");
  EXPECT_EQ(ErrorDetail("0x8000000000000000"), "IntegerOverflow");
  EXPECT_EQ(ErrorDetail("99999999999999999999999"), "IntegerOverflow");
}

TEST(ExpressionParserTest, OtherLiterals) {
  EXPECT_EQ(Literal("1.5"), LiteralExpr::Value(1.5));
  EXPECT_EQ(Literal("-.5"), LiteralExpr::Value(-0.5));
  EXPECT_EQ(Literal("6.02e23"), LiteralExpr::Value(6.02e23));
  EXPECT_EQ(Literal("'text'"), LiteralExpr::Value(std::string("text")));
  EXPECT_EQ(Literal("TRUE"), LiteralExpr::Value(true));
  EXPECT_EQ(Literal("false"), LiteralExpr::Value(false));
  EXPECT_TRUE(std::holds_alternative<std::monostate>(Literal("NULL")));
  EXPECT_EQ(ErrorDetail("1.34E999"), "FloatingPointOverflow");
  EXPECT_EQ(ErrorDetail("0x"), "InvalidNumberLiteral");
  EXPECT_EQ(ErrorDetail("'\\uH'"), "InvalidUnicodeLiteral");
  EXPECT_EQ(ErrorDetail("42 \xE2\x80\x94 41"), "InvalidUnicodeCharacter");
}

TEST(ExpressionParserTest, ParametersAndVariables) {
  ExprPtr named = ParseExpression("$param");
  ASSERT_TRUE(named->Is<ParameterExpr>());
  EXPECT_EQ(named->As<ParameterExpr>().name, "param");
  EXPECT_EQ(ParseExpression("$0")->As<ParameterExpr>().name, "0");
  EXPECT_EQ(ParseExpression("`a b`")->As<VariableExpr>().name, "a b");
  EXPECT_EQ(ParseExpression("count")->As<VariableExpr>().name, "count") << "not reserved";
  EXPECT_EQ(ErrorDetail("match"), "UnexpectedSyntax") << "reserved";
}

TEST(ExpressionParserTest, FunctionCalls) {
  ExprPtr call = ParseExpression("toUpper(n.name, 1)");
  ASSERT_TRUE(call->Is<FunctionCallExpr>());
  EXPECT_EQ(call->As<FunctionCallExpr>().name, "toUpper");
  EXPECT_EQ(call->As<FunctionCallExpr>().args.size(), 2u);
  ExprPtr qualified = ParseExpression("a.b.c()");
  EXPECT_EQ(qualified->As<FunctionCallExpr>().name, "a.b.c");
  EXPECT_TRUE(qualified->As<FunctionCallExpr>().args.empty());
  EXPECT_TRUE(ParseExpression("count(*)")->Is<CountStarExpr>());
  EXPECT_TRUE(ParseExpression("COUNT ( * )")->Is<CountStarExpr>());
  ExprPtr distinct = ParseExpression("count(DISTINCT x)");
  EXPECT_TRUE(distinct->As<FunctionCallExpr>().distinct);
  ExprPtr exists = ParseExpression("exists(n.prop)");
  EXPECT_EQ(exists->As<FunctionCallExpr>().name, "exists");
  EXPECT_EQ(Grouped("date.truncate('day', d).year"), "(date.truncate('day', d).year)");
}

TEST(ExpressionParserTest, CaseExpressions) {
  ExprPtr generic = ParseExpression("CASE WHEN a THEN 1 WHEN b THEN 2 ELSE 3 END");
  const auto& g = generic->As<CaseExpr>();
  EXPECT_EQ(g.test, nullptr);
  EXPECT_EQ(g.alternatives.size(), 2u);
  ASSERT_NE(g.else_expr, nullptr);
  ExprPtr simple = ParseExpression("case x when 1 then 'one' end");
  const auto& s = simple->As<CaseExpr>();
  ASSERT_NE(s.test, nullptr);
  EXPECT_EQ(s.alternatives.size(), 1u);
  EXPECT_EQ(s.else_expr, nullptr);
  EXPECT_EQ(ErrorDetail("CASE x END"), "UnexpectedSyntax");
}

TEST(ExpressionParserTest, ListsAndMaps) {
  EXPECT_EQ(ParseExpression("[]")->As<ListExpr>().elements.size(), 0u);
  EXPECT_EQ(ParseExpression("[1, 'a', [2]]")->As<ListExpr>().elements.size(), 3u);
  ExprPtr map = ParseExpression("{name: 'x', `the key`: 1, match: 2}");
  const auto& entries = map->As<MapExpr>().entries;
  ASSERT_EQ(entries.size(), 3u);
  EXPECT_EQ(entries[1].key, "the key");
  EXPECT_EQ(entries[2].key, "match") << "keywords are fine as keys";
  EXPECT_EQ(ParseExpression("{}")->As<MapExpr>().entries.size(), 0u);
  for (std::string_view bad : {"[, ]", "[[[]]", "{, }", "{1}", "{[]}", "{{}}", "{k1.k: 1}", "{k: {k: {}}",
                               "{1B2c3e67: 1}", "{k1#k: 1}"}) {
    EXPECT_EQ(ErrorDetail(bad), "UnexpectedSyntax") << bad;
  }
}

TEST(ExpressionParserTest, Comprehensions) {
  ExprPtr full = ParseExpression("[x IN range(1, 10) WHERE x % 2 = 0 | x * 2]");
  const auto& list = full->As<ListComprehensionExpr>();
  EXPECT_EQ(list.variable, "x");
  EXPECT_NE(list.where, nullptr);
  EXPECT_NE(list.projection, nullptr);
  ExprPtr filter = ParseExpression("[x IN l WHERE x > 1]");
  EXPECT_EQ(filter->As<ListComprehensionExpr>().projection, nullptr);
  ExprPtr map_only = ParseExpression("[x IN l | x.name]");
  EXPECT_EQ(map_only->As<ListComprehensionExpr>().where, nullptr);

  ExprPtr pattern = ParseExpression("[p = (a)-[:KNOWS]->(b:Person) WHERE b.age > 1 | b.name]");
  const auto& comprehension = pattern->As<PatternComprehensionExpr>();
  EXPECT_EQ(comprehension.path_variable, "p");
  EXPECT_EQ(comprehension.pattern->relationships.size(), 1u);
  EXPECT_EQ(comprehension.pattern->nodes[1].labels, std::vector<std::string>{"Person"});
  EXPECT_NE(comprehension.where, nullptr);
  EXPECT_TRUE(ParseExpression("[(a)-->() | 1]")->Is<PatternComprehensionExpr>());
  EXPECT_TRUE(ParseExpression("[(a)]")->Is<ListExpr>()) << "a node alone is a parenthesized expression";
}

TEST(ExpressionParserTest, Quantifiers) {
  const struct {
    std::string_view text;
    QuantifierKind kind;
  } cases[] = {{"all(x IN l WHERE x > 0)", QuantifierKind::kAll},
               {"ANY(x IN l WHERE x > 0)", QuantifierKind::kAny},
               {"none(x IN l WHERE x > 0)", QuantifierKind::kNone},
               {"single(x IN l WHERE x > 0)", QuantifierKind::kSingle}};
  for (const auto& c : cases) {
    ExprPtr expr = ParseExpression(c.text);
    ASSERT_TRUE(expr->Is<QuantifierExpr>()) << c.text;
    EXPECT_EQ(expr->As<QuantifierExpr>().quantifier, c.kind);
    EXPECT_EQ(expr->As<QuantifierExpr>().variable, "x");
  }
  EXPECT_TRUE(ParseExpression("any(x)")->Is<FunctionCallExpr>()) << "only `var IN` makes a quantifier";
}

TEST(ExpressionParserTest, PatternPredicatesAndExists) {
  ExprPtr predicate = ParseExpression("(a)-[:T]->(:B) AND NOT (a)<--()");
  const auto& conjunction = predicate->As<BinaryExpr>();
  EXPECT_TRUE(conjunction.left->Is<PatternPredicateExpr>());
  EXPECT_TRUE(conjunction.right->As<UnaryExpr>().operand->Is<PatternPredicateExpr>());
  EXPECT_TRUE(ParseExpression("(a) - (b)")->Is<BinaryExpr>()) << "subtraction, not a pattern";

  ExprPtr exists = ParseExpression("EXISTS { (n)-->(m) WHERE n.x = m.x }");
  const Statement& query = *exists->As<ExistsExpr>().query;
  ASSERT_EQ(query.queries.size(), 1u);
  const auto& match = query.queries[0].clauses[0]->As<MatchClause>();
  EXPECT_EQ(match.pattern.size(), 1u);
  EXPECT_NE(match.where, nullptr);

  ExprPtr full = ParseExpression("exists { MATCH (n)-->(m) WITH m WHERE m.x > 1 RETURN m }");
  EXPECT_EQ(full->As<ExistsExpr>().query->queries[0].clauses.size(), 3u);
  EXPECT_EQ(ErrorDetail("exists { MATCH (n) SET n.x = 1 }"), "InvalidClauseComposition");
}

TEST(ExpressionParserTest, OperatorNodesPointAtTheirOperator) {
  ExprPtr expr = ParseExpression("a +\n  b.c");
  EXPECT_EQ(expr->pos, (SourcePosition{1, 3, 2}));
  EXPECT_EQ(expr->As<BinaryExpr>().right->pos, (SourcePosition{2, 4, 7})) << "the '.' of b.c";
  EXPECT_EQ(expr->As<BinaryExpr>().right->As<PropertyExpr>().object->pos, (SourcePosition{2, 3, 6}));
}

TEST(ExpressionParserTest, DeepNestingIsRejectedNotACrash) {
  std::string deep(100000, '(');
  EXPECT_EQ(ErrorDetail(deep + "1"), "QueryTooComplex");
  std::string long_chain = "1";
  for (int i = 0; i < 100000; ++i) long_chain += " + 1";
  EXPECT_EQ(ErrorDetail(long_chain), "QueryTooComplex");
  std::string negations(100000, '-');
  EXPECT_EQ(ErrorDetail(negations + "x"), "QueryTooComplex");
  // Reasonable depths still parse.
  EXPECT_NO_THROW(ParseExpression(std::string(100, '[') + std::string(100, ']')));
  std::string ors = "a";
  for (int i = 0; i < 1000; ++i) ors += " OR a";
  EXPECT_NO_THROW(ParseExpression(ors));
}

}  // namespace
}  // namespace quiver::cypher
