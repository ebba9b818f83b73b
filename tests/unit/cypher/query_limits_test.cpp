// The parser's limits on a statement's shape (parser_impl.h): nesting, clauses per
// statement, relationships per pattern. Past each, SyntaxError/QueryTooComplex with a
// message that names the limit, fast and without deep recursion; within them the AST
// parses, prints and compares (the printer and Equal recurse too) on a thread with
// kQueryStackBytes of stack.

#include <gtest/gtest.h>

#include <string>

#include "common/stack_guard.h"
#include "cypher/ast/ast_equal.h"
#include "cypher/ast/ast_printer.h"
#include "cypher/parser.h"
#include "cypher/source_position.h"
#include "quiver/error.h"
#include "test_util/small_stack.h"

namespace quiver::cypher {
namespace {

std::string Repeat(std::string_view piece, size_t n) {
  std::string out;
  out.reserve(piece.size() * n);
  for (size_t i = 0; i < n; ++i) out += piece;
  return out;
}

// "ok", or the error's detail; the message must be short whatever the query's size.
std::string Outcome(const std::string& query) {
  try {
    ParseStatement(query);
    return "ok";
  } catch (const SyntaxError& e) {
    EXPECT_EQ(e.phase(), ErrorPhase::kCompileTime);
    EXPECT_LT(std::string(e.what()).size(), 1000u) << "the message quotes a window, not the query";
    return e.detail();
  }
}

// A nesting of `depth` levels of each kind of expression the parser descends into.
struct Nesting {
  const char* name;
  std::string open;
  std::string inner;
  std::string close;
};
const Nesting kNestings[] = {
    {"parentheses", "(", "1", ")"},
    {"lists", "[", "1", "]"},
    {"maps", "{a: ", "1", "}"},
    {"CASE", "CASE WHEN true THEN ", "1", " END"},
    {"simple CASE", "CASE 1 WHEN 1 THEN ", "1", " END"},
    {"function calls", "abs(", "1", ")"},
    {"list comprehensions", "[x IN ", "[1]", " | x]"},
    {"quantifiers", "any(x IN ", "[true]", " WHERE x)"},
    {"pattern comprehensions", "[(a)-->(b) WHERE ", "true", " | 1]"},
    {"EXISTS subqueries", "EXISTS { MATCH (n) WHERE ", "true", " }"},
    {"NOT", "NOT ", "true", ""},
    {"unary minus", "- ", "1", ""},
    {"subscripts", "[1][", "0", "]"},
};

std::string Nested(const Nesting& n, size_t depth) {
  return "RETURN " + Repeat(n.open, depth) + n.inner + Repeat(n.close, depth);
}

TEST(QueryLimitsTest, DeepNestingOfEveryKindIsQueryTooComplex) {
  // 100,000 levels where the text is small; 10,000 (forty times the limit) elsewhere,
  // which keeps the test fast: lexing is the cost here, the parser stops at the limit.
  for (const auto& n : kNestings) {
    size_t depth = n.open.size() <= 2 ? 100000 : 10000;
    EXPECT_EQ(Outcome(Nested(n, depth)), "QueryTooComplex") << n.name;
  }
  // Nested pattern elements and deep property chains.
  EXPECT_EQ(Outcome("MATCH " + Repeat("(", 100000) + "(a)-->(b)" + Repeat(")", 100000) + " RETURN a"),
            "QueryTooComplex");
  EXPECT_EQ(Outcome("WITH {} AS m RETURN m" + Repeat(".a", 100000)), "QueryTooComplex");
}

TEST(QueryLimitsTest, LongOperatorChainsAreQueryTooComplex) {
  for (const char* op : {" + 1", " - 1", " * 1", " ^ 1", " OR true", " AND true", " XOR true", " + 'a'"}) {
    EXPECT_EQ(Outcome("RETURN 1" + Repeat(op, 100000)), "QueryTooComplex") << op;
  }
  // Within the limit: 2,000 operands, as generated `x = 1 OR x = 2 OR ...` filters have.
  EXPECT_EQ(Outcome("MATCH (n) WHERE n.x = 0" + Repeat(" OR n.x = 1", 2000) + " RETURN n"), "ok");
}

// The largest depth of `n` the parser accepts.
size_t DeepestAccepted(const Nesting& n) {
  size_t ok = 0, too_deep = 4000;
  while (too_deep - ok > 1) {
    size_t mid = (ok + too_deep) / 2;
    (Outcome(Nested(n, mid)) == "ok" ? ok : too_deep) = mid;
  }
  return ok;
}

TEST(QueryLimitsTest, TheDeepestAllowedQueriesParsePrintAndCompareOnAOneMebibyteStack) {
  std::vector<std::string> queries;
  for (const auto& n : kNestings) {
    size_t depth = DeepestAccepted(n);
    // Generous for what people write: EXISTS and pattern comprehensions nest deepest
    // per level (a pattern, a subquery); prefix operators cost two units, not ten.
    EXPECT_GE(depth, n.open == "NOT " || n.open == "- " ? 1000u : 80u) << n.name;
    queries.push_back(Nested(n, depth));
  }
  queries.push_back("RETURN 1" + Repeat(" + 1", 2400));
  queries.push_back("RETURN true" + Repeat(" AND true", 2400));
  // (Printed, some come back with more parentheses than the limit allows: `- - 1`
  // prints as `-(-1)`; so each is compared with a second parse of its own text.)
  test::RunWithStack(kQueryStackBytes, [&] {
    for (const auto& q : queries) {
      auto statement = ParseStatement(q);
      EXPECT_FALSE(ToCypher(*statement).empty());
      EXPECT_TRUE(Equal(*statement, *ParseStatement(q))) << q.substr(0, 60);
    }
  });
}

TEST(QueryLimitsTest, ClausesPerStatement) {
  const std::string ten_thousand = "WITH 1 AS x " + Repeat("WITH x + 1 AS x ", 9998) + "RETURN x";
  EXPECT_EQ(Outcome(ten_thousand), "ok");
  EXPECT_EQ(Outcome("WITH 1 AS x " + Repeat("WITH x + 1 AS x ", 9999) + "RETURN x"), "QueryTooComplex");
  EXPECT_EQ(Outcome("WITH 1 AS x " + Repeat("WITH x + 1 AS x ", 30000) + "RETURN x"), "QueryTooComplex");
  // UNION branches and subqueries count towards the same statement.
  EXPECT_EQ(Outcome("RETURN 1 AS x" + Repeat(" UNION RETURN 1 AS x", 10000)), "QueryTooComplex");
  EXPECT_EQ(Outcome("MATCH (n) WHERE EXISTS { " + Repeat("MATCH (n) ", 10000) + "} RETURN n"), "QueryTooComplex");
  try {
    ParseStatement(Repeat("UNWIND [1] AS u ", 100000) + "RETURN 1");
    FAIL();
  } catch (const SyntaxError& e) {
    EXPECT_EQ(e.detail(), "QueryTooComplex");
    EXPECT_NE(std::string(e.what()).find("more than 10000 clauses"), std::string::npos) << e.what();
  }
}

TEST(QueryLimitsTest, RelationshipsPerPattern) {
  auto chain = [](size_t hops) { return "MATCH (a)" + Repeat("-->()", hops) + " RETURN count(*)"; };
  EXPECT_EQ(Outcome(chain(10000)), "ok");
  EXPECT_EQ(Outcome(chain(10001)), "QueryTooComplex");
  EXPECT_EQ(Outcome(chain(30000)), "QueryTooComplex");
  // Over all the parts of one pattern, and the number of parts.
  EXPECT_EQ(Outcome("MATCH (a)" + Repeat("-->()", 6000) + ", (b)" + Repeat("-->()", 6000) + " RETURN 1"),
            "QueryTooComplex");
  EXPECT_EQ(Outcome("MATCH (a0)" + Repeat(", ()", 10000) + " RETURN 1"), "QueryTooComplex");
  // In CREATE and in a pattern predicate too.
  EXPECT_EQ(Outcome("CREATE ()" + Repeat("-[:R]->()", 10001)), "QueryTooComplex");
  EXPECT_EQ(Outcome("MATCH (a) WHERE (a)" + Repeat("-->()", 10001) + " RETURN a"), "QueryTooComplex");
}

TEST(QueryLimitsTest, LongLinesAreQuotedAsAWindow) {
  std::string line = Repeat("a", 500) + "X" + Repeat("b", 500);
  std::string shown = DescribeLocation(line, SourcePosition{1, 501, 500});
  EXPECT_EQ(shown, "(line 1, column 501, offset 500)\n  ..." + Repeat("a", 60) + "X" + Repeat("b", 59) +
                       "...\n     " + Repeat(" ", 60) + "^");
  // Multi-byte characters count as one column each, and a window never cuts one.
  std::string wide = Repeat("\xC3\xA4", 100) + "X";
  EXPECT_EQ(DescribeLocation(wide, SourcePosition{1, 101, 200}),
            "(line 1, column 101, offset 200)\n  ..." + Repeat("\xC3\xA4", 60) + "X\n     " + Repeat(" ", 60) + "^");
}

}  // namespace
}  // namespace quiver::cypher
