// CALL { } IN TRANSACTIONS: each batch of input rows commits in a transaction of its
// own (durable as any commit), a failure rolls back only its batch (Neo4j's ON ERROR
// FAIL: the batches before it stay), and an explicit transaction refuses the statement.

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

INSTANTIATE_TEST_SUITE_P(Stores, InTransactionsTest, ::testing::Values(false, true),
                         [](const ::testing::TestParamInfo<bool>& info) { return info.param ? "OnDisk" : "InMemory"; });

}  // namespace
}  // namespace quiver
