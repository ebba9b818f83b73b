// PROFILE's db hits (exec/counting_graph.h): each operator's requests to the storage
// engine, counted only under PROFILE, the same in the row engine and the vectorized one
// for the same reads, and none in EXPLAIN's plan.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "common/file/env.h"
#include "quiver/database.h"
#include "storage/txn/transactional_store.h"
#include "test_util/temp_dir.h"

namespace quiver {
namespace {

// The first operator of `type` in the tree (depth first), or null.
const PlanOperator* Find(const PlanOperator& root, const std::string& type) {
  if (root.operator_type == type) return &root;
  for (const auto& child : root.children) {
    if (const PlanOperator* found = Find(child, type)) return found;
  }
  return nullptr;
}

uint64_t TotalHits(const PlanOperator& op) {
  uint64_t total = op.db_hits;
  for (const auto& child : op.children) total += TotalHits(child);
  return total;
}

// "type details rows hits" per operator, depth first: what must agree across engines.
void Flatten(const PlanOperator& op, std::vector<std::string>& out) {
  out.push_back(op.operator_type + " " + op.details + " rows=" + std::to_string(op.rows) +
                " hits=" + std::to_string(op.db_hits));
  for (const auto& child : op.children) Flatten(child, out);
}

DatabaseOptions Engine(bool vectorize, uint32_t workers) {
  DatabaseOptions o;
  o.vectorize = vectorize;
  o.query_workers = workers;
  o.morsel_nodes = 2;  // several morsels even on a small graph
  o.vector_size = 2;
  return o;
}

class ProfileDbHitsTest : public ::testing::Test {
 protected:
  void SetUp() override { Reopen(Engine(false, 1)); }

  void Reopen(const DatabaseOptions& options) {
    conn_.reset();
    db_ = Database::OpenInMemory(options);
    conn_ = db_->Connect();
    conn_->Query(
        "CREATE (a:L {p: 1, name: 'a'}), (b:L {p: 2, name: 'b'}), (c:L {p: 3}), (d:M {p: 4}), "
        "(a)-[:R]->(b), (a)-[:R]->(c), (b)-[:R]->(c), (c)-[:S]->(d)");
  }

  PlanOperator Profile(const std::string& query) {
    QueryResult result = conn_->Query("PROFILE " + query);
    (void)result.rows();
    EXPECT_NE(result.summary().plan, nullptr) << query;
    return result.summary().plan ? *result.summary().plan : PlanOperator{};
  }

  std::unique_ptr<Database> db_;
  std::unique_ptr<Connection> conn_;
};

TEST_F(ProfileDbHitsTest, ALabelScanCountsItsNodesAndTheProjectionItsPropertyReads) {
  const PlanOperator plan = Profile("MATCH (n:L) RETURN n.p AS p");
  const PlanOperator* scan = Find(plan, "NodeScan");
  ASSERT_NE(scan, nullptr) << FormatPlan(plan);
  EXPECT_EQ(scan->rows, 3u);
  EXPECT_EQ(scan->db_hits, 3u) << FormatPlan(plan);  // one per node it yields
  const PlanOperator* project = Find(plan, "Project");
  ASSERT_NE(project, nullptr) << FormatPlan(plan);
  EXPECT_EQ(project->db_hits, 3u) << FormatPlan(plan);  // n.p of each row
  EXPECT_EQ(plan.db_hits, 0u);                          // the results are the statement's to read
  EXPECT_EQ(TotalHits(plan), 6u) << FormatPlan(plan);
  const std::string text = FormatPlan(plan);
  EXPECT_NE(text.find("NodeScan (n:L)  [rows=3] (3 db hits)"), std::string::npos) << text;
}

TEST_F(ProfileDbHitsTest, AFilterAndAnExpandCountTheirReads) {
  // Filter: one property read per row tested (3); Expand: per input node, its adjacency
  // (1) and each relationship it reads (a: 2, b: 1 — the filter keeps a and b).
  const PlanOperator plan = Profile("MATCH (a:L)-[:R]->(b) WHERE a.p < 3 RETURN b.p AS p");
  const PlanOperator* filter = Find(plan, "Filter");
  ASSERT_NE(filter, nullptr) << FormatPlan(plan);
  EXPECT_EQ(filter->db_hits, 3u) << FormatPlan(plan);
  const PlanOperator* expand = Find(plan, "Expand");
  ASSERT_NE(expand, nullptr) << FormatPlan(plan);
  EXPECT_EQ(expand->rows, 3u);
  EXPECT_EQ(expand->db_hits, 2u + 3u) << FormatPlan(plan);
}

TEST_F(ProfileDbHitsTest, AnIndexSeekCountsTheLookupAndItsNodes) {
  conn_->Query("CREATE INDEX l_p FOR (n:L) ON (n.p)");
  const PlanOperator plan = Profile("MATCH (n:L) WHERE n.p = 2 RETURN n.name AS name");
  const PlanOperator* seek = Find(plan, "NodeIndexSeek");
  ASSERT_NE(seek, nullptr) << FormatPlan(plan);
  // The lookup, its one node, and the check of its value (`checking (n:L {p: 2})`).
  EXPECT_EQ(seek->db_hits, 3u) << FormatPlan(plan);
}

TEST_F(ProfileDbHitsTest, ExplainHasNone) {
  QueryResult result = conn_->Query("EXPLAIN MATCH (n:L) RETURN n.p AS p");
  ASSERT_NE(result.summary().plan, nullptr);
  EXPECT_FALSE(result.summary().plan->profiled);
  EXPECT_EQ(TotalHits(*result.summary().plan), 0u);
  EXPECT_EQ(FormatPlan(*result.summary().plan).find("db hit"), std::string::npos);
}

TEST_F(ProfileDbHitsTest, APatternExpressionsReadsAreTheEvaluatingOperators) {
  // The subplan of EXISTS shows in no plan: its expand is the filter's work.
  const PlanOperator plan = Profile("MATCH (n:L) WHERE EXISTS { (n)-[:S]->() } RETURN n.p AS p");
  const PlanOperator* filter = Find(plan, "Filter");
  ASSERT_NE(filter, nullptr) << FormatPlan(plan);
  EXPECT_GT(filter->db_hits, 0u) << FormatPlan(plan);
  EXPECT_EQ(filter->rows, 1u);
}

TEST_F(ProfileDbHitsTest, ProfilesOfWritesCountTheirReads) {
  const PlanOperator plan = Profile("MATCH (n:L) SET n.q = n.p + 1");
  EXPECT_GE(TotalHits(plan), 6u) << FormatPlan(plan);  // the scan's 3 and the reads of n.p
}

TEST_F(ProfileDbHitsTest, TheRowEngineAndTheVectorizedOneAgree) {
  // Operator by operator where both make the same reads, a chunk's gather counting
  // what the rows' reads would.
  const std::vector<std::string> same = {
      "MATCH (n:L) RETURN sum(n.p) AS s",
      "MATCH (n:L) WHERE n.p > 1 RETURN count(n.name) AS c",
      "MATCH (n) WHERE n.p >= 2 RETURN n.p AS p ORDER BY p DESC LIMIT 2",
      "MATCH (a)-[:R]->(b) WHERE b.p >= 2 RETURN count(b.name) AS c, sum(a.p) AS s",
  };
  // A label filter on the expand's new node, which the vectorized expand checks itself:
  // its label tests are the expand's there, the same reads in all.
  const std::string folded = "MATCH (a:L)-[:R]->(b:L) RETURN a.p AS p, collect(b.p) AS ps ORDER BY p";
  std::vector<std::vector<std::string>> row_engine;
  for (const auto& q : same) {
    std::vector<std::string> ops;
    Flatten(Profile(q), ops);
    row_engine.push_back(std::move(ops));
  }
  const PlanOperator folded_rows = Profile(folded);
  const uint64_t row_expand = Find(folded_rows, "Expand")->db_hits;
  const uint64_t row_filter = Find(folded_rows, "Filter")->db_hits;
  EXPECT_EQ(row_filter, 3u);
  for (uint32_t workers : {1u, 3u}) {
    Reopen(Engine(true, workers));
    for (size_t i = 0; i < same.size(); ++i) {
      const PlanOperator plan = Profile(same[i]);
      EXPECT_NE(FormatPlan(plan).find("vectorized"), std::string::npos) << FormatPlan(plan);
      std::vector<std::string> ops;
      Flatten(plan, ops);
      EXPECT_EQ(ops, row_engine[i]) << workers << " workers: " << same[i] << "\n" << FormatPlan(plan);
    }
    const PlanOperator plan = Profile(folded);
    EXPECT_EQ(Find(plan, "Expand")->db_hits, row_expand + row_filter) << FormatPlan(plan);
    EXPECT_EQ(TotalHits(plan), TotalHits(folded_rows)) << FormatPlan(plan);
  }
}

TEST_F(ProfileDbHitsTest, AnAggregationGroupedByNodeReadsEachNodesKeyOnce) {
  const std::string query = "MATCH (a:L)-[:R]->(b) RETURN b.p AS p, count(*) AS c";
  EXPECT_EQ(Find(Profile(query), "Aggregate")->db_hits, 3u);  // b.p of each of the 3 rows
  Reopen(Engine(true, 2));
  const PlanOperator plan = Profile(query);
  ASSERT_NE(FormatPlan(plan).find("grouped by node"), std::string::npos) << FormatPlan(plan);
  EXPECT_EQ(Find(plan, "Aggregate")->db_hits, 2u) << FormatPlan(plan);  // of b and c, once each
}

TEST(ProfileDbHitsOnDiskTest, ScansOfAGenerationAndItsDeltaCountAlike) {
  testing::TempDir dir;
  Database::Open(dir.Join("db"))->Connect()->Query("UNWIND range(1, 5) AS i CREATE (:N {i: i})");
  {  // those into the generation
    auto store = storage::TransactionalStore::Open(Env::Default(), dir.Join("db"), {}).value();
    ASSERT_TRUE(store->Compact().ok());
  }
  Database::Open(dir.Join("db"))->Connect()->Query("UNWIND range(6, 7) AS i CREATE (:N {i: i})");  // the delta
  auto db = Database::Open(dir.Join("db"));
  auto conn = db->Connect();
  QueryResult result = conn->Query("PROFILE MATCH (n:N) RETURN n.i AS i");
  EXPECT_EQ(result.rows().size(), 7u);
  const PlanOperator* scan = Find(*result.summary().plan, "NodeScan");
  ASSERT_NE(scan, nullptr);
  EXPECT_EQ(scan->db_hits, 7u);
  EXPECT_EQ(TotalHits(*result.summary().plan), 14u) << FormatPlan(*result.summary().plan);
}

}  // namespace
}  // namespace quiver
