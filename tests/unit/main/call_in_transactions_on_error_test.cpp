// CALL { } IN TRANSACTIONS ON ERROR CONTINUE | BREAK | FAIL [REPORT STATUS AS s]
// (Neo4j 5.7): which rows land and which rows come out when a batch fails midway —
// in the subquery (a division by zero) or at its commit (a constraint) — in memory and
// on disk, through a reopen.

#include <gtest/gtest.h>

#include "quiver/database.h"
#include "test_util/query_error.h"
#include "test_util/temp_dir.h"

namespace quiver {
namespace {

using quiver::testing::ErrorOf;

// The i of the :N nodes, ascending.
std::vector<int64_t> Landed(Connection& conn) {
  std::vector<int64_t> out;
  for (const auto& row : conn.Query("MATCH (n:N) RETURN n.i AS i ORDER BY i").rows()) out.push_back(row[0].AsInt());
  return out;
}

class OnErrorTest : public ::testing::TestWithParam<bool> {
 protected:
  void SetUp() override { Open(); }
  void Open() {
    conn_.reset();
    db_.reset();
    db_ = GetParam() ? Database::Open(dir_.Join("db")) : Database::OpenInMemory();
    conn_ = db_->Connect();
  }
  bool on_disk() const { return GetParam(); }
  // Six rows in batches of two; row 3 (batch 2 of 3) divides by zero.
  static std::string Failing(const std::string& mode) {
    return "UNWIND range(1, 6) AS i CALL (i) { CREATE (n:N {i: i, x: 1 / (3 - i)}) RETURN n.i AS made } "
           "IN TRANSACTIONS OF 2 ROWS " + mode;
  }
  quiver::testing::TempDir dir_;
  std::unique_ptr<Database> db_;
  std::unique_ptr<Connection> conn_;
};

TEST_P(OnErrorTest, ContinueRollsBackTheFailingBatchAndGoesOn) {
  QueryResult r = conn_->Query(Failing("ON ERROR CONTINUE") + " RETURN i, made");
  std::vector<std::pair<int64_t, Value>> rows;
  for (const auto& row : r.rows()) rows.emplace_back(row[0].AsInt(), row[1]);
  ASSERT_EQ(rows.size(), 6u);  // every input row, the failed batch's with null
  for (const auto& [i, made] : rows) {
    if (i == 3 || i == 4) {
      EXPECT_TRUE(made.IsNull()) << i;
    } else {
      EXPECT_EQ(made.AsInt(), i);
    }
  }
  EXPECT_EQ(r.summary().counters.nodes_created, 4u);  // the rolled-back batch's are not counted
  EXPECT_EQ(Landed(*conn_), (std::vector<int64_t>{1, 2, 5, 6}));
  if (on_disk()) {
    Open();
    EXPECT_EQ(Landed(*conn_), (std::vector<int64_t>{1, 2, 5, 6}));
  }
}

TEST_P(OnErrorTest, BreakKeepsTheBatchesBeforeItAndRunsNoLaterOne) {
  QueryResult r = conn_->Query(Failing("ON ERROR BREAK") + " RETURN i, made");
  const auto rows = r.rows();
  ASSERT_EQ(rows.size(), 6u);  // the statement goes on: later rows come out, null
  for (const auto& row : rows) {
    if (row[0].AsInt() <= 2) {
      EXPECT_EQ(row[1].AsInt(), row[0].AsInt());
    } else {
      EXPECT_TRUE(row[1].IsNull()) << row[0].AsInt();
    }
  }
  EXPECT_EQ(Landed(*conn_), (std::vector<int64_t>{1, 2}));
}

TEST_P(OnErrorTest, FailFailsTheStatementAfterTheBatchesBeforeIt) {
  EXPECT_EQ(ErrorOf(*conn_, Failing("ON ERROR FAIL") + " RETURN i, made"), "ArithmeticError/DivisionByZero");
  EXPECT_EQ(Landed(*conn_), (std::vector<int64_t>{1, 2}));
}

TEST_P(OnErrorTest, ReportStatusGivesEachRowItsBatchsStatus) {
  QueryResult r = conn_->Query(Failing("ON ERROR BREAK REPORT STATUS AS s") + " RETURN i, s");
  const auto rows = r.rows();
  ASSERT_EQ(rows.size(), 6u);
  std::vector<std::string> ids;
  for (const auto& row : rows) {
    const int64_t i = row[0].AsInt();
    const ValueMap& s = row[1].AsMap();
    ASSERT_NE(s.Find("started"), nullptr);
    const bool started = s.Find("started")->AsBool();
    const bool committed = s.Find("committed")->AsBool();
    const Value& id = *s.Find("transactionId");
    const Value& error = *s.Find("errorMessage");
    if (i <= 2) {
      EXPECT_TRUE(started && committed) << i;
      EXPECT_TRUE(error.IsNull());
    } else if (i <= 4) {
      EXPECT_TRUE(started && !committed) << i;
      ASSERT_TRUE(error.IsString());
      EXPECT_NE(error.AsString().find("/ by zero"), std::string::npos) << error.AsString();
    } else {
      EXPECT_FALSE(started || committed) << i;  // never run
      EXPECT_TRUE(id.IsNull());
      EXPECT_TRUE(error.IsNull());
    }
    if (i <= 4) {
      ASSERT_TRUE(id.IsString());
      ids.emplace_back(id.AsString());
    }
  }
  // One transaction per batch, its rows sharing it: neo4j-transaction-<n>.<batch>.
  ASSERT_EQ(ids.size(), 4u);
  EXPECT_EQ(ids[0], ids[1]);
  EXPECT_EQ(ids[2], ids[3]);
  EXPECT_NE(ids[0], ids[2]);
  EXPECT_NE(ids[0].find("-transaction-"), std::string::npos) << ids[0];
}

TEST_P(OnErrorTest, AConstraintFailingAtCommitFailsItsBatchOnly) {
  conn_->Query("CREATE CONSTRAINT n_key FOR (n:N) REQUIRE n.k IS UNIQUE");
  // Batch 2 of 3 makes two nodes with k = 1: refused when it commits.
  QueryResult r = conn_->Query(
      "UNWIND [[1, 0], [2, 0], [3, 1], [4, 1], [5, 2], [6, 3]] AS p "
      "CALL (p) { CREATE (:N {i: p[0], k: p[1] * 10 + CASE WHEN p[1] = 1 THEN 0 ELSE p[0] END}) } "
      "IN TRANSACTIONS OF 2 ROWS ON ERROR CONTINUE REPORT STATUS AS s RETURN p[0] AS i, s.committed AS ok, "
      "s.errorMessage AS error");
  const auto rows = r.rows();
  ASSERT_EQ(rows.size(), 6u);
  for (const auto& row : rows) {
    const int64_t i = row[0].AsInt();
    EXPECT_EQ(row[1].AsBool(), i != 3 && i != 4) << i;
    EXPECT_EQ(row[2].IsNull(), i != 3 && i != 4) << i;
  }
  EXPECT_EQ(Landed(*conn_), (std::vector<int64_t>{1, 2, 5, 6}));
  if (on_disk()) {
    Open();
    EXPECT_EQ(Landed(*conn_), (std::vector<int64_t>{1, 2, 5, 6}));
  }
}

TEST_P(OnErrorTest, AStatementThatWritesNothingStillContinues) {
  // No writes: the batches are no transactions of their own (transactionId null).
  QueryResult r = conn_->Query(
      "UNWIND [1, 0, 2] AS i CALL (i) { RETURN 10 / i AS q } IN TRANSACTIONS OF 1 ROW "
      "ON ERROR CONTINUE REPORT STATUS AS s RETURN q, s.committed AS ok, s.transactionId AS id");
  const auto rows = r.rows();
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[0][0].AsInt(), 10);
  EXPECT_TRUE(rows[1][0].IsNull());
  EXPECT_FALSE(rows[1][1].AsBool());
  EXPECT_EQ(rows[2][0].AsInt(), 5);
  EXPECT_TRUE(rows[2][2].IsNull());
}

TEST_P(OnErrorTest, ErrorsOfTheClause) {
  EXPECT_EQ(ErrorOf(*conn_, "UNWIND [1] AS i CALL (i) { CREATE (:N) } IN TRANSACTIONS REPORT STATUS AS s RETURN s"),
            "SyntaxError/InvalidClauseComposition");
  EXPECT_EQ(ErrorOf(*conn_, "UNWIND [1] AS i CALL (i) { CREATE (:N) } IN TRANSACTIONS ON ERROR FAIL "
                            "REPORT STATUS AS s RETURN s"),
            "SyntaxError/InvalidClauseComposition");
  EXPECT_EQ(ErrorOf(*conn_, "UNWIND [1] AS i CALL (i) { CREATE (:N) } IN TRANSACTIONS ON ERROR CONTINUE "
                            "REPORT STATUS AS i RETURN i"),
            "SyntaxError/VariableAlreadyBound");
  EXPECT_EQ(ErrorOf(*conn_, "UNWIND [1] AS i CALL (i) { CREATE (:N) } IN TRANSACTIONS ON ERROR RETRY"),
            "SyntaxError/UnsupportedFeature");
  EXPECT_TRUE(Landed(*conn_).empty());
}

TEST_P(OnErrorTest, ExplainShowsTheMode) {
  QueryResult r = conn_->Query(
      "EXPLAIN UNWIND [1] AS i CALL (i) { CREATE (:N) } IN TRANSACTIONS OF 5 ROWS ON ERROR BREAK "
      "REPORT STATUS AS s RETURN s");
  const std::string plan = FormatPlan(*r.summary().plan);
  EXPECT_NE(plan.find("Apply unit in transactions of 5 rows on error break report status as s"), std::string::npos)
      << plan;
}

INSTANTIATE_TEST_SUITE_P(Stores, OnErrorTest, ::testing::Values(false, true),
                         [](const ::testing::TestParamInfo<bool>& info) { return info.param ? "OnDisk" : "InMemory"; });

}  // namespace
}  // namespace quiver
