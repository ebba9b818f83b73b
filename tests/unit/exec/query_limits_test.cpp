// Long and deeply nested statements through the whole engine. Each of the reported
// shapes (30,000 WITH clauses, a 30,000-hop pattern, 100,000 UNWINDs, expressions
// nested 100,000 deep) crashed with a stack overflow or took gigabytes; now each gives
// its answer or SyntaxError/QueryTooComplex, quickly — and the longest statements the
// limits allow run on a thread with kQueryStackBytes of stack, since chains of clauses
// and hops are planned and run without recursion. On smaller stacks the answer is the
// result or ResourceExhausted/StackExhausted, never a crash.

#include <gtest/gtest.h>

#include <string>

#include "common/stack_guard.h"
#include "cypher/parser.h"
#include "main/catalog.h"
#include "exec/physical_operator.h"
#include "planner/binder.h"
#include "planner/optimizer.h"
#include "quiver/database.h"
#include "test_util/small_stack.h"

namespace quiver {
namespace {

std::string Repeat(std::string_view piece, size_t n) {
  std::string out;
  out.reserve(piece.size() * n);
  for (size_t i = 0; i < n; ++i) out += piece;
  return out;
}

// `WITH 1 AS x`, then WITH x + 1 AS x until the statement has `clauses` clauses.
std::string WithChain(size_t clauses) {
  return "WITH 1 AS x " + Repeat("WITH x + 1 AS x ", clauses - 2) + "RETURN x";
}
std::string UnwindChain(size_t clauses) {
  std::string q;
  for (size_t i = 1; i < clauses; ++i) q += "UNWIND [" + std::to_string(i) + "] AS u" + std::to_string(i) + " ";
  return q + "RETURN u1 + u" + std::to_string(clauses - 1);
}
std::string HopChain(size_t hops) {
  return "MATCH (a:C {i: 0})" + Repeat("-[:N]->()", hops) + " RETURN count(*)";
}

class QueryLimitsTest : public ::testing::Test {
 protected:
  // The single value the query returns, as TCK text; or the error's Class/Detail.
  std::string Outcome(const std::string& query, size_t stack = 0) {
    std::string out;
    auto run = [&] {
      try {
        QueryResult result = conn_->Query(query);
        (void)result.rows();  // before the summary, which would drop them
        if (result.summary().plan != nullptr) {
          out = "plan";  // EXPLAIN, PROFILE
        } else if (result.size() == 1 && result.rows()[0].size() == 1) {
          out = ToTckString(result.rows()[0][0]).substr(0, 100);
        } else {
          out = std::to_string(result.size()) + " rows";
        }
      } catch (const QuiverError& e) {
        EXPECT_LT(std::string(e.what()).size(), 1000u) << "the message quotes a window, not the query";
        out = std::string(ErrorClassName(e.error_class())) + "/" + e.detail();
      }
    };
    if (stack == 0) {
      run();
    } else {
      test::RunWithStack(stack, run);
    }
    return out;
  }
  // A chain (:C {i: 0})-[:N]->(:C {i: 1}) ... of `hops` relationships.
  void MakeChain(size_t hops) {
    conn_->Query("UNWIND range(0, " + std::to_string(hops) + ") AS i CREATE (:C {i: i})");
    conn_->Query("MATCH (a:C), (b:C) WHERE b.i = a.i + 1 CREATE (a)-[:N]->(b)");
  }

  std::unique_ptr<Database> db_ = Database::OpenInMemory();
  std::unique_ptr<Connection> conn_ = db_->Connect();
};

TEST_F(QueryLimitsTest, TheReportedQueriesAreQueryTooComplexNotACrash) {
  EXPECT_EQ(Outcome(WithChain(30001)), "SyntaxError/QueryTooComplex");
  EXPECT_EQ(Outcome("MATCH (a)" + Repeat("-->()", 30000) + " RETURN count(*)"), "SyntaxError/QueryTooComplex");
  EXPECT_EQ(Outcome(Repeat("UNWIND [1] AS u ", 100000) + "RETURN 1"), "SyntaxError/QueryTooComplex");
  EXPECT_EQ(Outcome("RETURN " + Repeat("(", 100000) + "1" + Repeat(")", 100000)), "SyntaxError/QueryTooComplex");
  EXPECT_EQ(Outcome("RETURN 1" + Repeat(" + 1", 100000)), "SyntaxError/QueryTooComplex");
}

// Chains of clauses and hops stream through one pipeline: no recursion, one row of
// state, so the longest ones run on a 1 MiB stack.
TEST_F(QueryLimitsTest, TheLongestStatementsRunOnAOneMebibyteStack) {
  MakeChain(10000);
  EXPECT_EQ(Outcome(WithChain(10000), kQueryStackBytes), "9999");
  EXPECT_EQ(Outcome(UnwindChain(10000), kQueryStackBytes), "10000");
  EXPECT_EQ(Outcome(HopChain(10000), kQueryStackBytes), "1");
  EXPECT_EQ(Outcome("EXPLAIN " + HopChain(10000), kQueryStackBytes), "plan");
  EXPECT_EQ(Outcome("PROFILE " + WithChain(10000), kQueryStackBytes), "plan");
  // A pattern of 10,000 named nodes (each name looked up), and a CREATE as long.
  std::string named = "MATCH (n0:C {i: 0})";
  for (int i = 1; i <= 10000; ++i) named += "-[:N]->(n" + std::to_string(i) + ")";
  EXPECT_EQ(Outcome(named + " RETURN n10000.i", kQueryStackBytes), "10000");
  std::string create = "CREATE (m0:M {i: 0})";
  for (int i = 1; i <= 10000; ++i) create += "-[:R]->(m" + std::to_string(i) + ":M {i: m" + std::to_string(i - 1) + ".i + 1})";
  EXPECT_EQ(Outcome(create + " RETURN m10000.i", kQueryStackBytes), "10000");
}

// Expressions nest by recursion; the parser's limits keep the deepest ones within
// kQueryStackBytes through binding, planning, EXPLAIN and evaluation.
TEST_F(QueryLimitsTest, TheDeepestExpressionsEvaluateOnAOneMebibyteStack) {
  const std::pair<std::string, std::string> cases[] = {
      {"RETURN " + Repeat("(", 245) + "1" + Repeat(")", 245), "1"},
      {"RETURN size(" + Repeat("[", 240) + "1" + Repeat("]", 240) + ")", "1"},
      {"RETURN " + Repeat("CASE WHEN true THEN ", 240) + "1" + Repeat(" END", 240), "1"},
      {"RETURN " + Repeat("abs(", 240) + "-1" + Repeat(")", 240), "1"},
      {"RETURN size(" + Repeat("[x IN ", 240) + "[1]" + Repeat(" | x]", 240) + ")", "1"},
      {"RETURN " + Repeat("NOT ", 1240) + "true", "true"},
      {"RETURN " + Repeat("- ", 1240) + "1", "1"},
      {"RETURN 0" + Repeat(" + 1", 2470), "2470"},
      {"RETURN ''" + Repeat(" + 'a'", 2470) + " = '" + Repeat("a", 2470) + "'", "true"},
      {"UNWIND [1] AS x RETURN x = 0" + Repeat(" OR x = 1", 2470), "true"},
      {"RETURN " + Repeat("{a: ", 120) + "1" + Repeat("}", 120) + " IS NOT NULL", "true"},
      {"MATCH (n:C {i: 0}) RETURN " + Repeat("EXISTS { MATCH (n)-[:N]->() WHERE ", 120) + "true" + Repeat(" }", 120),
       "true"},
      {"MATCH (n:C {i: 0}) RETURN " + Repeat("size([(n)-[:N]->() WHERE ", 80) + "true" + Repeat(" | 1]) > 0", 80),
       "true"},
  };
  MakeChain(1);
  for (const auto& [query, expected] : cases) {
    EXPECT_EQ(Outcome(query, kQueryStackBytes), expected) << query.substr(0, 60);
    EXPECT_EQ(Outcome("EXPLAIN " + query, kQueryStackBytes), "plan") << query.substr(0, 60);
  }
}

// CALL subqueries nest by recursion in the parser, the binder and the Apply operators;
// the nesting limit keeps the deepest within kQueryStackBytes, and below it the answer
// is a result or StackExhausted.
TEST_F(QueryLimitsTest, TheDeepestCallSubqueriesRunOnAOneMebibyteStack) {
  const std::string deepest = Repeat("CALL { ", 240) + "RETURN 1 AS x" + Repeat(" } RETURN x AS x", 240);
  EXPECT_EQ(Outcome(deepest, kQueryStackBytes), "1");
  EXPECT_EQ(Outcome("EXPLAIN " + deepest, kQueryStackBytes), "plan");
  EXPECT_EQ(Outcome("PROFILE " + deepest, kQueryStackBytes), "plan");
  const std::string writes = "UNWIND [1, 2] AS i " + Repeat("CALL (i) { ", 240) + "CREATE (:W)" + Repeat(" }", 240) +
                             " RETURN count(*)";
  EXPECT_EQ(Outcome(writes, kQueryStackBytes), "2");
  EXPECT_EQ(Outcome(Repeat("CALL { ", 300) + "RETURN 1 AS x" + Repeat(" } RETURN x AS x", 300)),
            "SyntaxError/QueryTooComplex");
  for (size_t stack : {size_t{128} << 10, size_t{256} << 10}) {
    std::string outcome = Outcome(deepest, stack);
    EXPECT_TRUE(outcome == "1" || outcome == "ResourceExhausted/StackExhausted") << outcome;
  }
}

// Operators that do not stream (aggregation, sorting, DISTINCT, SKIP/LIMIT, OPTIONAL
// MATCH, updates) nest a call each when rows are pulled: bounded by kMaxOperatorDepth.
TEST_F(QueryLimitsTest, NestedNonStreamingOperatorsAreBounded) {
  // Each `WITH DISTINCT` is a projection's pipeline and a Distinct: two levels.
  EXPECT_EQ(Outcome("WITH 1 AS x " + Repeat("WITH DISTINCT x + 1 AS x ", 740) + "RETURN x", kQueryStackBytes), "741");
  EXPECT_EQ(Outcome("WITH 1 AS x " + Repeat("WITH count(x) AS x ", 1490) + "RETURN x", kQueryStackBytes), "1");
  EXPECT_EQ(Outcome("WITH 1 AS x " + Repeat("WITH x ORDER BY x ", 740) + "RETURN x", kQueryStackBytes), "1");
  EXPECT_EQ(Outcome(Repeat("CREATE () ", 1490) + "RETURN 1", kQueryStackBytes), "1");
  EXPECT_EQ(Outcome("WITH 1 AS x " + Repeat("WITH DISTINCT x + 1 AS x ", 1000) + "RETURN x"),
            "SyntaxError/QueryTooComplex");
  EXPECT_EQ(Outcome(Repeat("OPTIONAL MATCH (a) ", 5000) + "RETURN 1"), "SyntaxError/QueryTooComplex");
}

// Below kQueryStackBytes the limits are not enough, and the stack check answers for
// them: each of the largest statements gives its result or StackExhausted.
TEST_F(QueryLimitsTest, OnSmallerStacksTheAnswerIsAResultOrStackExhausted) {
  MakeChain(100);
  const std::string queries[] = {
      "RETURN " + Repeat("(", 245) + "1" + Repeat(")", 245),
      "RETURN 0" + Repeat(" + 1", 2470),
      "EXPLAIN RETURN 0" + Repeat(" + 1", 2470),
      "PROFILE RETURN 0" + Repeat(" + 1", 2470),
      "EXPLAIN CREATE (:X {v: 0" + Repeat(" + 1", 2400) + "})",
      "PROFILE CREATE (:X {v: 0" + Repeat(" + 1", 2400) + "})",
      "RETURN " + Repeat("NOT ", 1240) + "true",
      "MATCH (n:C {i: 0}) RETURN " + Repeat("EXISTS { MATCH (n)-[:N]->() WHERE ", 120) + "true" + Repeat(" }", 120),
      "WITH 1 AS x " + Repeat("WITH count(x) AS x ", 1490) + "RETURN x",
      Repeat("OPTIONAL MATCH (a) ", 1490) + "RETURN 1",
      WithChain(10000),
      HopChain(100),
  };
  size_t exhausted = 0;
  for (size_t stack : {size_t{128} << 10, size_t{256} << 10, size_t{512} << 10}) {
    for (const auto& q : queries) {
      std::string outcome = Outcome(q, stack);
      EXPECT_TRUE(outcome.find("Error") == std::string::npos || outcome == "ResourceExhausted/StackExhausted")
          << (stack >> 10) << " KiB: " << outcome << " for " << q.substr(0, 60);
      if (outcome == "ResourceExhausted/StackExhausted") ++exhausted;
    }
  }
  EXPECT_GT(exhausted, 0u) << "the smallest stacks are too small for some of these";
}

// The memory a long statement holds while it runs: its plan is one pipeline over one
// row, not an operator with a batch per clause (10,000 UNWINDs held 1.6 GB of
// batches; a 10,000-hop pattern 3.3 GB).
TEST(QueryLimitsPlanTest, ChainsOfClausesAndHopsAreOnePipeline) {
  const std::string hops = "MATCH (a:C {i: 0})" + Repeat("-[:N]->()", 10000) + " RETURN a";
  for (const std::string& query : {UnwindChain(10000), hops, WithChain(10000)}) {
    auto statement = cypher::ParseStatement(query);
    exec::ProcedureTable procedures;
    main::EngineCatalog catalog(procedures);
    planner::LogicalPlan plan = planner::Bind(*statement, query, catalog, {});
    planner::Optimize(plan, catalog, nullptr);
    exec::PhysicalOperatorPtr root = exec::BuildPhysicalPlan(*plan.root);
    // ProduceResults ← the pipeline ← Start.
    size_t depth = 0;
    for (const exec::PhysicalOperator* op = root.get(); op != nullptr;
         op = op->children.empty() ? nullptr : op->children[0].get()) {
      ++depth;
      EXPECT_LE(op->children.size(), 1u);
    }
    EXPECT_EQ(depth, 3u) << query.substr(0, 40);
    std::vector<exec::ProfiledOperator> stages;
    root->children[0]->Profile(stages);
    EXPECT_GE(stages.size(), 9999u);
  }
}

}  // namespace
}  // namespace quiver
