// CALL { } subqueries and LOAD CSV in the parser: their shapes, the clause-order rules,
// round trips through the printer, and that their new words stay usable as names.

#include <gtest/gtest.h>

#include "cypher/ast/ast_equal.h"
#include "cypher/ast/ast_printer.h"
#include "cypher/parser.h"
#include "parser_test_util.h"
#include "quiver/error.h"

namespace quiver::cypher {
namespace {

using testing::ErrorDetail;
using testing::ExpectRoundTrip;

const Clause& FirstClause(const Statement& statement) { return *statement.queries[0].clauses[0]; }

TEST(SubqueryParserTest, Shapes) {
  auto plain = ParseStatement("CALL { MATCH (n) RETURN n } RETURN n");
  const auto& call = FirstClause(*plain).As<SubqueryCallClause>();
  EXPECT_FALSE(call.optional);
  EXPECT_EQ(call.scope, SubqueryScope::kImporting);
  EXPECT_TRUE(call.Returns());
  EXPECT_FALSE(call.in_transactions);

  auto scoped = ParseStatement("WITH 1 AS a, 2 AS b OPTIONAL CALL (a, b) { CREATE (:X {a: a}) } RETURN a");
  const auto& optional = scoped->queries[0].clauses[1]->As<SubqueryCallClause>();
  EXPECT_TRUE(optional.optional);
  EXPECT_EQ(optional.scope, SubqueryScope::kVariables);
  ASSERT_EQ(optional.scope_variables.size(), 2u);
  EXPECT_EQ(optional.scope_variables[1]->As<VariableExpr>().name, "b");
  EXPECT_FALSE(optional.Returns());

  auto batched = ParseStatement("UNWIND [1] AS i CALL (*) { CREATE () } in transactions of 10 rows on error fail");
  const auto& batch = batched->queries[0].clauses[1]->As<SubqueryCallClause>();
  EXPECT_EQ(batch.scope, SubqueryScope::kAll);
  EXPECT_TRUE(batch.in_transactions);
  EXPECT_EQ(batch.on_error, OnErrorMode::kFail);
  ASSERT_NE(batch.batch_size, nullptr);

  auto load = ParseStatement("load csv with headers from 'file:///x.csv' as row fieldterminator ';' RETURN row");
  const auto& csv = FirstClause(*load).As<LoadCsvClause>();
  EXPECT_TRUE(csv.with_headers);
  EXPECT_EQ(csv.variable, "row");
  EXPECT_EQ(csv.field_terminator, ";");
}

TEST(SubqueryParserTest, RoundTrips) {
  for (const char* query : {
           "CALL { MATCH (n) RETURN n } RETURN n",
           "MATCH (p) CALL { WITH p MATCH (p)-->(f) RETURN count(f) AS c } RETURN p, c",
           "WITH 1 AS a CALL (a) { RETURN a + 1 AS b } RETURN b",
           "WITH 1 AS a CALL (*) { RETURN a + 1 AS b UNION ALL RETURN 2 AS b } RETURN b",
           "CALL () { CREATE (:X) }",
           "MATCH (p) OPTIONAL CALL (p) { MATCH (p)-->(f) RETURN f } RETURN f",
           "UNWIND [1] AS i CALL (i) { CREATE (:N {i: i}) } IN TRANSACTIONS",
           "UNWIND [1] AS i CALL (i) { CREATE (:N {i: i}) } IN TRANSACTIONS OF $n ROWS ON ERROR FAIL",
           "UNWIND [1] AS i CALL (i) { CREATE (:N {i: i}) } IN TRANSACTIONS ON ERROR CONTINUE",
           "UNWIND [1] AS i CALL (i) { RETURN i AS j } IN TRANSACTIONS OF 2 ROWS ON ERROR BREAK "
           "REPORT STATUS AS `the s` "
           "RETURN j, `the s`",
           "CALL { CALL { RETURN 1 AS x } RETURN x } RETURN x",
           "LOAD CSV FROM 'file:///x.csv' AS row RETURN row",
           "LOAD CSV WITH HEADERS FROM $url AS `the row` FIELDTERMINATOR '\\t' RETURN `the row`",
           "MATCH (n) WHERE EXISTS { MATCH (n)-->(m) } CALL (n) { SET n.x = 1 } RETURN n",
       }) {
    ExpectRoundTrip(query);
  }
  EXPECT_EQ(ToCypher(*ParseStatement("call(a,b){return 1 as x} in transactions of 5 row return x")),
            "CALL (a, b) { RETURN 1 AS x } IN TRANSACTIONS OF 5 ROWS RETURN x");
}

TEST(SubqueryParserTest, EqualityDetectsEveryDifference) {
  auto equal = [](std::string_view a, std::string_view b) { return Equal(*ParseStatement(a), *ParseStatement(b)); };
  EXPECT_TRUE(equal("CALL { RETURN 1 AS x } RETURN x", "call {return 1 as x} return x"));
  EXPECT_FALSE(equal("CALL { RETURN 1 AS x } RETURN x", "OPTIONAL CALL { RETURN 1 AS x } RETURN x"));
  EXPECT_FALSE(equal("CALL { RETURN 1 AS x } RETURN x", "CALL () { RETURN 1 AS x } RETURN x"));
  EXPECT_FALSE(equal("CALL (a) { RETURN 1 AS x } RETURN x", "CALL (b) { RETURN 1 AS x } RETURN x"));
  EXPECT_FALSE(equal("CALL { RETURN 1 AS x } RETURN x", "CALL { RETURN 2 AS x } RETURN x"));
  EXPECT_FALSE(equal("CALL { CREATE () } IN TRANSACTIONS", "CALL { CREATE () } IN TRANSACTIONS OF 1 ROW"));
  EXPECT_FALSE(equal("CALL { CREATE () }", "CALL { CREATE () } IN TRANSACTIONS"));
  EXPECT_FALSE(equal("CALL { CREATE () } IN TRANSACTIONS ON ERROR BREAK",
                     "CALL { CREATE () } IN TRANSACTIONS ON ERROR CONTINUE"));
  EXPECT_FALSE(equal("CALL { CREATE () } IN TRANSACTIONS ON ERROR BREAK REPORT STATUS AS s",
                     "CALL { CREATE () } IN TRANSACTIONS ON ERROR BREAK REPORT STATUS AS t"));
  EXPECT_FALSE(equal("LOAD CSV FROM 'a' AS r RETURN r", "LOAD CSV WITH HEADERS FROM 'a' AS r RETURN r"));
  EXPECT_FALSE(equal("LOAD CSV FROM 'a' AS r RETURN r", "LOAD CSV FROM 'b' AS r RETURN r"));
  EXPECT_FALSE(equal("LOAD CSV FROM 'a' AS r RETURN r", "LOAD CSV FROM 'a' AS r FIELDTERMINATOR ';' RETURN r"));
}

TEST(SubqueryParserTest, ClauseOrderAndSyntaxErrors) {
  // A subquery body concludes as a query does; the outer query may end in a unit one.
  EXPECT_EQ(ErrorDetail("CALL { MATCH (n) } RETURN 1 AS x"), "InvalidClauseComposition");
  EXPECT_EQ(ErrorDetail("CALL { RETURN 1 AS x }"), "InvalidClauseComposition");
  EXPECT_EQ(ErrorDetail("MATCH (n) CALL { WITH n SET n.x = 1 }"), "no error");
  EXPECT_EQ(ErrorDetail("CREATE (n) LOAD CSV FROM 'x' AS row RETURN row"), "InvalidClauseComposition");
  EXPECT_EQ(ErrorDetail("LOAD CSV FROM 'x' AS row"), "InvalidClauseComposition");
  EXPECT_EQ(ErrorDetail("CALL { RETURN 1 AS x RETURN x"), "UnexpectedSyntax");
  EXPECT_EQ(ErrorDetail("CALL (1) { RETURN 1 AS x } RETURN x"), "UnexpectedSyntax");
  EXPECT_EQ(ErrorDetail("OPTIONAL CALL { CREATE () } IN TRANSACTIONS"), "InvalidClauseComposition");
  EXPECT_EQ(ErrorDetail("CALL { CREATE () } IN TRANSACTIONS OF 5"), "UnexpectedSyntax");
  EXPECT_EQ(ErrorDetail("CALL { CREATE () } IN TRANSACTIONS ON ERROR BREAK"), "no error");
  EXPECT_EQ(ErrorDetail("CALL { CREATE () } IN TRANSACTIONS ON ERROR RETRY"), "UnsupportedFeature");
  EXPECT_EQ(ErrorDetail("CALL { CREATE () } IN TRANSACTIONS ON ERROR STOP"), "UnexpectedSyntax");
  // REPORT STATUS only where a failed batch lets the statement go on (Neo4j's rule).
  EXPECT_EQ(ErrorDetail("CALL { CREATE () } IN TRANSACTIONS REPORT STATUS AS s RETURN s"), "InvalidClauseComposition");
  EXPECT_EQ(ErrorDetail("CALL { CREATE () } IN TRANSACTIONS ON ERROR FAIL REPORT STATUS AS s RETURN s"),
            "InvalidClauseComposition");
  EXPECT_EQ(ErrorDetail("CALL { CREATE () } IN TRANSACTIONS ON ERROR CONTINUE REPORT STATUS s RETURN s"),
            "UnexpectedSyntax");
  EXPECT_EQ(ErrorDetail("LOAD CSV HEADERS FROM 'x' AS row RETURN row"), "UnexpectedSyntax");
  EXPECT_EQ(ErrorDetail("LOAD CSV FROM 'x' row RETURN row"), "UnexpectedSyntax");
  EXPECT_EQ(ErrorDetail("LOAD CSV FROM 'x' AS row FIELDTERMINATOR ';;' RETURN row"), "InvalidArgumentValue");
  // EXISTS still may not update, also inside a CALL body.
  EXPECT_EQ(ErrorDetail("CALL { MATCH (n) WHERE EXISTS { CREATE () } RETURN n } RETURN n"),
            "InvalidClauseComposition");
  EXPECT_EQ(ErrorDetail("MATCH (n) WHERE EXISTS { CALL { CALL { CREATE () } } } RETURN n"),
            "InvalidClauseComposition");
  EXPECT_EQ(ErrorDetail("MATCH (n) WHERE EXISTS { CALL { MATCH (m) RETURN m } } RETURN n"), "no error");
}

TEST(SubqueryParserTest, TheNewWordsStayNames) {
  for (const char* query : {
           "WITH 1 AS load, 2 AS csv, 3 AS transactions, 4 AS headers RETURN load + csv + transactions + headers",
           "MATCH (load:LOAD)-[:CSV]->(rows) RETURN load.fieldterminator, rows",
           "CALL db.labels() YIELD label RETURN label",
           "CALL db.labels",
       }) {
    EXPECT_EQ(ErrorDetail(query), "no error") << query;
  }
}

}  // namespace
}  // namespace quiver::cypher
