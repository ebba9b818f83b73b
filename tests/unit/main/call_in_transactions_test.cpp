// CALL { } IN TRANSACTIONS: each batch of input rows commits in a transaction of its
// own (durable as any commit), a failure rolls back only its batch (Neo4j's ON ERROR
// FAIL: the batches before it stay; CONTINUE and BREAK go on), and an explicit
// transaction refuses the statement.

#include <gtest/gtest.h>

#include "quiver/database.h"
#include "test_util/query_error.h"
#include "test_util/temp_dir.h"

namespace quiver {
namespace {

using quiver::testing::ErrorOf;

int64_t Count(Connection& conn, const std::string& match) {
  return conn.Query(match + " RETURN count(*) AS n").rows().at(0).at(0).AsInt();
}

class InTransactionsTest : public ::testing::TestWithParam<bool> {
 protected:
  void SetUp() override { Open(); }
  void Open() {
    conn_.reset();
    db_.reset();
    db_ = GetParam() ? Database::Open(dir_.Join("db")) : Database::OpenInMemory();
    conn_ = db_->Connect();
  }
  bool on_disk() const { return GetParam(); }
  quiver::testing::TempDir dir_;
  std::unique_ptr<Database> db_;
  std::unique_ptr<Connection> conn_;
};

TEST_P(InTransactionsTest, EveryRowIsWrittenInBatches) {
  QueryResult r = conn_->Query("UNWIND range(1, 10) AS i CALL (i) { CREATE (:N {i: i}) } IN TRANSACTIONS OF 3 ROWS");
  EXPECT_EQ(r.summary().counters.nodes_created, 10u);
  EXPECT_EQ(Count(*conn_, "MATCH (n:N)"), 10);
  // A returning subquery, the old importing form, and the batch size from a parameter.
  QueryResult rows = conn_->Query(
      "UNWIND range(1, 5) AS i CALL { WITH i MATCH (n:N {i: i}) SET n.seen = true RETURN n.i AS got } "
      "IN TRANSACTIONS OF $n ROWS RETURN sum(got) AS total",
      {{"n", Value::Int(2)}});
  EXPECT_EQ(rows.rows().at(0).at(0).AsInt(), 15);
  EXPECT_EQ(Count(*conn_, "MATCH (n:N {seen: true})"), 5);
}

TEST_P(InTransactionsTest, AFailingBatchLeavesTheBatchesBeforeItCommitted) {
  // Row 7 divides by zero: batches [1,2], [3,4], [5,6] committed, [7,8] rolled back.
  EXPECT_EQ(ErrorOf(*conn_,
                    "UNWIND range(1, 10) AS i CALL (i) { CREATE (:N {i: i, x: 1 / (7 - i)}) } "
                    "IN TRANSACTIONS OF 2 ROWS ON ERROR FAIL"),
            "ArithmeticError/DivisionByZero");
  EXPECT_EQ(Count(*conn_, "MATCH (n:N)"), 6);
  EXPECT_EQ(Count(*conn_, "MATCH (n:N) WHERE n.i > 6"), 0);
  if (on_disk()) {
    Open();  // acknowledged batches are durable
    EXPECT_EQ(Count(*conn_, "MATCH (n:N)"), 6);
  }
  // Without IN TRANSACTIONS the same failure leaves nothing.
  EXPECT_EQ(ErrorOf(*conn_, "UNWIND range(1, 10) AS i CALL (i) { CREATE (:M {x: 1 / (7 - i)}) }"),
            "ArithmeticError/DivisionByZero");
  EXPECT_EQ(Count(*conn_, "MATCH (n:M)"), 0);
}

TEST_P(InTransactionsTest, TheDefaultBatchIsAThousandRows) {
  EXPECT_EQ(ErrorOf(*conn_,
                    "UNWIND range(1, 2500) AS i CALL (i) { CREATE (:N {x: 1 / (2200 - i)}) } IN TRANSACTIONS"),
            "ArithmeticError/DivisionByZero");
  EXPECT_EQ(Count(*conn_, "MATCH (n:N)"), 2000);
}

TEST_P(InTransactionsTest, LaterBatchesSeeEarlierOnes) {
  conn_->Query("CREATE (:Counter {n: 0})");
  conn_->Query("UNWIND range(1, 7) AS i CALL (i) { MATCH (c:Counter) SET c.n = c.n + i } IN TRANSACTIONS OF 2 ROWS");
  EXPECT_EQ(conn_->Query("MATCH (c:Counter) RETURN c.n").rows().at(0).at(0).AsInt(), 28);
}

TEST_P(InTransactionsTest, AnExplicitTransactionRefusesIt) {
  conn_->Begin(TransactionMode::kReadWrite);
  try {
    conn_->Query("UNWIND [1] AS i CALL (i) { CREATE (:N) } IN TRANSACTIONS");
    FAIL() << "expected an error";
  } catch (const ClientError& e) {
    EXPECT_EQ(e.detail(), "TransactionStartFailed");
    EXPECT_NE(e.message().find("can only be executed in an implicit transaction"), std::string::npos);
  }
  conn_->Rollback();
  EXPECT_EQ(Count(*conn_, "MATCH (n:N)"), 0);
}

TEST_P(InTransactionsTest, BadBatchSizesAndNestingAreErrors) {
  EXPECT_EQ(ErrorOf(*conn_, "UNWIND [1] AS i CALL (i) { CREATE (:N) } IN TRANSACTIONS OF 0 ROWS"),
            "SyntaxError/InvalidArgumentValue");
  EXPECT_EQ(ErrorOf(*conn_, "UNWIND [1] AS i CALL (i) { CREATE (:N) } IN TRANSACTIONS OF $n ROWS"),
            "ParameterMissing/MissingParameter");
  EXPECT_EQ(
      ErrorOf(*conn_, "CALL { UNWIND [1] AS i CALL (i) { CREATE (:N) } IN TRANSACTIONS RETURN 1 AS x } RETURN x"),
      "SyntaxError/InvalidClauseComposition");
  EXPECT_EQ(ErrorOf(*conn_, "UNWIND [1] AS i CALL (i) { CREATE (:N) } IN TRANSACTIONS ON ERROR RETRY"),
            "SyntaxError/UnsupportedFeature");
  EXPECT_EQ(Count(*conn_, "MATCH (n:N)"), 0);
}

TEST_P(InTransactionsTest, ExplainShowsTheBatches) {
  QueryResult r = conn_->Query("EXPLAIN UNWIND [1] AS i CALL (i) { CREATE (:N) } IN TRANSACTIONS OF 50 ROWS");
  const std::string plan = FormatPlan(*r.summary().plan);
  EXPECT_NE(plan.find("Apply unit in transactions of 50 rows"), std::string::npos) << plan;
}

TEST_P(InTransactionsTest, ExplainAndProfileShowTheApplyAndItsBody) {
  const std::string explain = FormatPlan(*conn_->Query("EXPLAIN CALL { RETURN 1 AS one } RETURN one").summary().plan);
  EXPECT_EQ(explain,
            "ProduceResults one  [est=1]\n"
            "Project one AS one  [est=1]\n"
            "Apply returns one  [est=1]\n"
            "  Project 1 AS one  [est=1]\n"
            "  Argument  [est=1]\n"
            "Start  [est=1]\n");
  conn_->Query("CREATE (:P), (:P)");
  const std::string profile = FormatPlan(
      *conn_->Query("PROFILE MATCH (p:P) OPTIONAL CALL (p) { MATCH (p)-->(q) RETURN q } RETURN p, q").summary().plan);
  EXPECT_NE(profile.find("Apply optional returns q  [rows=2]"), std::string::npos) << profile;
  EXPECT_NE(profile.find("  Argument  [rows=2]"), std::string::npos) << profile;
  // A writing body: its input is read whole first, and what follows sees every write.
  const std::string writes =
      FormatPlan(*conn_->Query("EXPLAIN MATCH (p:P) CALL (p) { SET p.x = 1 } RETURN p").summary().plan);
  // (Lines in plan order; estimates, where the store has them, end some of them.)
  const size_t above = writes.find("\nEager");
  const size_t apply = writes.find("\nApply unit", above);
  const size_t body = writes.find("\n  SetProperties", apply);
  const size_t below = writes.find("\nEager", body);
  const size_t scan = writes.find("\nNodeScan (p:P)", below);
  EXPECT_TRUE(above != std::string::npos && apply != std::string::npos && body != std::string::npos &&
              below != std::string::npos && scan != std::string::npos)
      << writes;
}

// ---- ON ERROR CONTINUE | BREAK | FAIL [REPORT STATUS AS s] (Neo4j 5.7): which rows land
// and which rows come out when a batch fails midway — in its body (a division by zero)
// or at its commit (a constraint).

// The i of the :N nodes, ascending.
std::vector<int64_t> Landed(Connection& conn) {
  std::vector<int64_t> out;
  const QueryResult result = conn.Query("MATCH (n:N) RETURN n.i AS i ORDER BY i");  // rows() refers into it
  for (const auto& row : result.rows()) out.push_back(row[0].AsInt());
  return out;
}

// Six rows in batches of two; row 3 (batch 2 of 3) divides by zero.
std::string Failing(const std::string& mode) {
  return "UNWIND range(1, 6) AS i CALL (i) { CREATE (n:N {i: i, x: 1 / (3 - i)}) RETURN n.i AS made } "
         "IN TRANSACTIONS OF 2 ROWS " + mode;
}

TEST_P(InTransactionsTest, ContinueRollsBackTheFailingBatchAndGoesOn) {
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

TEST_P(InTransactionsTest, BreakKeepsTheBatchesBeforeItAndRunsNoLaterOne) {
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

TEST_P(InTransactionsTest, FailFailsTheStatementAfterTheBatchesBeforeIt) {
  EXPECT_EQ(ErrorOf(*conn_, Failing("ON ERROR FAIL") + " RETURN i, made"), "ArithmeticError/DivisionByZero");
  EXPECT_EQ(Landed(*conn_), (std::vector<int64_t>{1, 2}));
}

TEST_P(InTransactionsTest, ReportStatusGivesEachRowItsBatchsStatus) {
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

TEST_P(InTransactionsTest, AConstraintFailingAtCommitFailsItsBatchOnly) {
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

TEST_P(InTransactionsTest, AStatementThatWritesNothingStillContinues) {
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

TEST_P(InTransactionsTest, ErrorsOfTheClause) {
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

TEST_P(InTransactionsTest, ExplainShowsTheMode) {
  QueryResult r = conn_->Query(
      "EXPLAIN UNWIND [1] AS i CALL (i) { CREATE (:N) } IN TRANSACTIONS OF 5 ROWS ON ERROR BREAK "
      "REPORT STATUS AS s RETURN s");
  const std::string plan = FormatPlan(*r.summary().plan);
  EXPECT_NE(plan.find("Apply unit in transactions of 5 rows on error break report status as s"), std::string::npos)
      << plan;
}

INSTANTIATE_TEST_SUITE_P(Stores, InTransactionsTest, ::testing::Values(false, true),
                         [](const ::testing::TestParamInfo<bool>& info) { return info.param ? "OnDisk" : "InMemory"; });

}  // namespace
}  // namespace quiver
