// EXPLAIN and PROFILE as Neo4j has them: EXPLAIN runs nothing and yields no rows, PROFILE
// yields the statement's rows; both put the plan in the result summary as a tree of
// operators (quiver/result.h PlanOperator), which FormatPlan lays out as text.

#include <gtest/gtest.h>

#include "quiver/database.h"
#include "test_util/temp_dir.h"

namespace quiver {
namespace {

class PlanSummaryTest : public ::testing::Test {
 protected:
  void SetUp() override {
    db_ = Database::OpenInMemory();
    conn_ = db_->Connect();
    conn_->Query("UNWIND range(1, 10) AS i CREATE (:P {i: i})-[:KNOWS]->(:Q {i: i})");
  }

  // The first operator of `type` in the tree (depth first), or null.
  static const PlanOperator* Find(const PlanOperator& root, const std::string& type) {
    if (root.operator_type == type) return &root;
    for (const auto& child : root.children) {
      if (const PlanOperator* found = Find(child, type)) return found;
    }
    return nullptr;
  }

  std::unique_ptr<Database> db_;
  std::unique_ptr<Connection> conn_;
};

TEST_F(PlanSummaryTest, ExplainYieldsNoRowsAndThePlanInTheSummary) {
  QueryResult result = conn_->Query("EXPLAIN MATCH (p:P)-[:KNOWS]->(q) WHERE p.i > 5 RETURN q.i AS i");
  EXPECT_EQ(result.columns(), (std::vector<std::string>{"i"}));  // the statement's, as Neo4j
  EXPECT_FALSE(result.Next());
  const QuerySummary& summary = result.summary();
  EXPECT_EQ(summary.rows, 0u);
  ASSERT_NE(summary.plan, nullptr);
  const PlanOperator& root = *summary.plan;
  EXPECT_EQ(root.operator_type, "ProduceResults");
  EXPECT_EQ(root.details, "i");
  EXPECT_EQ(root.identifiers, (std::vector<std::string>{"i"}));
  EXPECT_FALSE(root.profiled);
  const PlanOperator* expand = Find(root, "Expand");
  ASSERT_NE(expand, nullptr);
  EXPECT_EQ(expand->details.substr(0, 5), "(p)-[");
  EXPECT_EQ(expand->identifiers, (std::vector<std::string>{"q"}));  // the relationship is anonymous
  const PlanOperator* scan = Find(root, "NodeScan");
  ASSERT_NE(scan, nullptr);
  EXPECT_EQ(scan->details, "(p:P)");
  EXPECT_EQ(scan->identifiers, (std::vector<std::string>{"p"}));
  EXPECT_FALSE(scan->time.has_value());
  // The text: one operator a line, the main input in the same column.
  scan = nullptr;
  const std::string text = FormatPlan(root);
  EXPECT_EQ(text.substr(0, text.find('\n')), "ProduceResults i");  // no estimates without statistics
  EXPECT_NE(text.find("\nNodeScan (p:P)\n"), std::string::npos) << text;
}

TEST_F(PlanSummaryTest, ExplainOfAWriteChangesNothing) {
  QueryResult result = conn_->Query("EXPLAIN CREATE (:Made)");
  EXPECT_TRUE(result.rows().empty());
  ASSERT_NE(result.summary().plan, nullptr);
  EXPECT_FALSE(result.summary().counters.ContainsUpdates());
  EXPECT_NE(FormatPlan(*result.summary().plan).find("Create"), std::string::npos);
  EXPECT_EQ(conn_->Query("MATCH (n:Made) RETURN count(n)").rows()[0][0].AsInt(), 0);
}

TEST_F(PlanSummaryTest, ProfileStreamsTheRowsAndProfilesThePlan) {
  QueryResult result = conn_->Query("PROFILE MATCH (p:P)-[:KNOWS]->(q) WHERE p.i > 7 RETURN q.i AS i ORDER BY i");
  EXPECT_EQ(result.columns(), (std::vector<std::string>{"i"}));
  std::vector<int64_t> seen;
  while (result.Next()) seen.push_back(result.row()[0].AsInt());
  EXPECT_EQ(seen, (std::vector<int64_t>{8, 9, 10}));
  const QuerySummary& summary = result.summary();
  EXPECT_EQ(summary.rows, 3u);
  ASSERT_NE(summary.plan, nullptr);
  const PlanOperator& root = *summary.plan;
  EXPECT_TRUE(root.profiled);
  EXPECT_EQ(root.rows, 3u);
  EXPECT_TRUE(root.time.has_value());
  const PlanOperator* scan = Find(root, "NodeScan");
  ASSERT_NE(scan, nullptr);
  EXPECT_TRUE(scan->profiled);
  EXPECT_EQ(scan->rows, 10u);
  const PlanOperator* filter = Find(root, "Filter");
  ASSERT_NE(filter, nullptr);
  EXPECT_EQ(filter->rows, 3u);
  const std::string text = FormatPlan(root);
  EXPECT_NE(text.find("NodeScan (p:P)  [rows=10]"), std::string::npos) << text;
  EXPECT_NE(text.find(" ms, "), std::string::npos) << text;
}

TEST_F(PlanSummaryTest, ProfileOfAWriteCountsItsChanges) {
  QueryResult result = conn_->Query("PROFILE MATCH (p:P) WHERE p.i <= 2 CREATE (:Made {i: p.i}) RETURN p.i");
  EXPECT_EQ(result.rows().size(), 2u);
  const QuerySummary& summary = result.summary();
  EXPECT_EQ(summary.counters.nodes_created, 2u);
  ASSERT_NE(summary.plan, nullptr);
  const PlanOperator* create = Find(*summary.plan, "Create");
  ASSERT_NE(create, nullptr);
  EXPECT_EQ(create->rows, 2u);
  EXPECT_EQ(conn_->Query("MATCH (n:Made) RETURN count(n)").rows()[0][0].AsInt(), 2);
}

TEST_F(PlanSummaryTest, AProfileClosedEarlyReportsWhatRan) {
  QueryResult result = conn_->Query("PROFILE UNWIND range(1, 100000) AS x RETURN x");
  ASSERT_TRUE(result.Next());
  result.Close();
  ASSERT_NE(result.summary().plan, nullptr);
  EXPECT_TRUE(result.summary().plan->profiled);
}

TEST_F(PlanSummaryTest, PlainStatementsHaveNoPlanAndPreparedOnesKeepTheirMode) {
  EXPECT_EQ(conn_->Query("MATCH (p:P) RETURN count(p)").summary().plan, nullptr);
  auto prepared = conn_->Prepare("PROFILE MATCH (p:P) WHERE p.i = $i RETURN p.i", ValueMap{{"i", Value::Int(1)}});
  EXPECT_EQ(prepared->columns(), (std::vector<std::string>{"p.i"}));
  for (int64_t i : {3, 4}) {
    QueryResult result = conn_->Execute(*prepared, ValueMap{{"i", Value::Int(i)}});
    ASSERT_EQ(result.rows().size(), 1u);
    EXPECT_EQ(result.rows()[0][0].AsInt(), i);
    ASSERT_NE(result.summary().plan, nullptr);
    EXPECT_EQ(result.summary().plan->rows, 1u);
  }
}

// A plan as deep as a long statement is built, printed and destroyed without recursion.
TEST_F(PlanSummaryTest, ADeepPlanIsFine) {
  std::string query = "EXPLAIN WITH 0 AS x0";
  for (int i = 1; i < 3000; ++i) query += " WITH x" + std::to_string(i - 1) + " + 1 AS x" + std::to_string(i);
  query += " RETURN x2999";
  QueryResult result = conn_->Query(query);
  ASSERT_NE(result.summary().plan, nullptr);
  EXPECT_GT(FormatPlan(*result.summary().plan).size(), 3000u * 10);
}

TEST_F(PlanSummaryTest, ProfileOnDiskReadsTheStoredGraph) {
  quiver::testing::TempDir dir;
  {
    auto db = Database::Open(dir.Join("db"));
    db->Connect()->Query("UNWIND range(1, 5) AS i CREATE (:S {i: i})");
  }
  auto db = Database::Open(dir.Join("db"));
  QueryResult result = db->Connect()->Query("PROFILE MATCH (s:S) WHERE s.i > 0 RETURN count(s) AS n");
  EXPECT_EQ(result.rows()[0][0].AsInt(), 5);
  const PlanOperator* scan = Find(*result.summary().plan, "NodeScan");
  ASSERT_NE(scan, nullptr);
  EXPECT_EQ(scan->rows, 5u);
}

}  // namespace
}  // namespace quiver

namespace quiver {
namespace {

// A label union scans each label's nodes (merged, each node once), not every node.
TEST(LabelUnionPlanTest, ScansTheLabelsNotEveryNode) {
  auto db = Database::OpenInMemory();
  auto conn = db->Connect();
  conn->Query("CREATE (:P), (:Q), (:P:Q), (:R), ()");
  QueryResult explain = conn->Query("EXPLAIN MATCH (n:P|Q) RETURN count(*)");
  ASSERT_NE(explain.summary().plan, nullptr);
  EXPECT_NE(FormatPlan(*explain.summary().plan).find("NodeScan (n:P|Q)"), std::string::npos)
      << FormatPlan(*explain.summary().plan);
  EXPECT_EQ(conn->Query("MATCH (n:P|Q) RETURN count(*)").rows()[0][0].AsInt(), 3);
  EXPECT_EQ(conn->Query("MATCH (n:P|Missing) RETURN count(*)").rows()[0][0].AsInt(), 2);
  EXPECT_EQ(conn->Query("MATCH (n:Missing|Other) RETURN count(*)").rows()[0][0].AsInt(), 0);
}

}  // namespace
}  // namespace quiver
