// The session API (quiver/database.h, quiver/result.h): prepared statements reused with
// changing values and kinds, streaming results with column types and bounded memory,
// closing early, the summary's update counters, and explicit transactions — on the
// on-disk database (snapshots, one writer) and the in-memory one.

#include <gtest/gtest.h>

#include <thread>

#include "quiver/database.h"
#include "test_util/query_error.h"
#include "test_util/temp_dir.h"

namespace quiver {
namespace {

using quiver::testing::ResidentBytes;

int64_t Count(Connection& conn, const std::string& match) {
  return conn.Query(match + " RETURN count(*) AS n").rows().at(0).at(0).AsInt();
}


class SessionTest : public ::testing::Test {
 protected:
  void SetUp() override {
    db_ = Database::Open(dir_.Join("db"));
    conn_ = db_->Connect();
  }
  quiver::testing::TempDir dir_;
  std::unique_ptr<Database> db_;
  std::unique_ptr<Connection> conn_;
};

TEST_F(SessionTest, APreparedStatementRunsAgainWithOtherValues) {
  conn_->Query("UNWIND range(1, 5) AS i CREATE (:P {id: i, name: 'p' + toString(i)})");
  auto seek = conn_->Prepare("MATCH (n:P {id: $id}) RETURN n.name AS name", {{"id", Value::Int(1)}});
  EXPECT_EQ(seek->columns(), std::vector<std::string>{"name"});
  EXPECT_TRUE(seek->read_only());
  for (int64_t id : {3, 1, 5, 4}) {
    QueryResult r = conn_->Execute(*seek, {{"id", Value::Int(id)}});
    ASSERT_EQ(r.size(), 1u);
    EXPECT_EQ(r.rows()[0][0].AsString(), "p" + std::to_string(id));
  }
  EXPECT_EQ(conn_->Execute(*seek, {{"id", Value::Int(99)}}).size(), 0u);
}

TEST_F(SessionTest, AValueOfAnotherKindIsPlannedAgain) {
  // The binder checks `NOT $x` against $x's kind: a plan made for a boolean must not be
  // reused for a string, and the string's error is the one a fresh statement gives.
  auto negate = conn_->Prepare("RETURN NOT $x AS y", {{"x", Value::Bool(true)}});
  EXPECT_FALSE(conn_->Execute(*negate, {{"x", Value::Bool(true)}}).rows()[0][0].AsBool());
  std::string fresh_error;
  try {
    conn_->Query("RETURN NOT $x AS y", {{"x", Value::String("s")}});
  } catch (const QuiverError& e) {
    fresh_error = e.what();
  }
  ASSERT_FALSE(fresh_error.empty());
  try {
    conn_->Execute(*negate, {{"x", Value::String("s")}});
    ADD_FAILURE() << "a string negated";
  } catch (const QuiverError& e) {
    EXPECT_EQ(e.what(), fresh_error);
  }
  EXPECT_TRUE(conn_->Execute(*negate, {{"x", Value::Bool(false)}}).rows()[0][0].AsBool());
  // Arithmetic on an integer, then a float: each answer of its own kind.
  auto plus = conn_->Prepare("RETURN $x + 1 AS y");
  EXPECT_EQ(conn_->Execute(*plus, {{"x", Value::Int(1)}}).rows()[0][0].AsInt(), 2);
  EXPECT_DOUBLE_EQ(conn_->Execute(*plus, {{"x", Value::Float(1.5)}}).rows()[0][0].AsFloat(), 2.5);
}

TEST_F(SessionTest, PreparingReportsSyntaxErrorsAndAMissingParameterAtExecute) {
  EXPECT_THROW(conn_->Prepare("MATCH (n RETURN n"), SyntaxError);
  auto later = conn_->Prepare("RETURN $x AS x");  // no value yet: planned at Execute
  EXPECT_THROW(conn_->Execute(*later), ParameterMissing);
  EXPECT_EQ(conn_->Execute(*later, {{"x", Value::Int(7)}}).rows()[0][0].AsInt(), 7);
  EXPECT_EQ(later->columns(), std::vector<std::string>{"x"});
}

TEST_F(SessionTest, ColumnsHaveTheTypesTheBinderKnows) {
  conn_->Query("CREATE (:P {p: 1})");
  QueryResult r = conn_->Query("MATCH (n:P) RETURN 1 AS a, 'x' AS b, n AS c, n.p AS d, [1] AS e, 1.5 AS f");
  ASSERT_EQ(r.column_types().size(), 6u);
  EXPECT_EQ(r.column_types(), (std::vector<ColumnType>{ColumnType::kInteger, ColumnType::kString, ColumnType::kNode,
                                                       ColumnType::kAny, ColumnType::kList, ColumnType::kFloat}));
  EXPECT_EQ(ColumnTypeName(r.column_types()[2]), "NODE");
  // UNION: a type only where the branches agree.
  QueryResult u = conn_->Query("RETURN 1 AS a, 2 AS b UNION RETURN 1 AS a, 'x' AS b");
  EXPECT_EQ(u.column_types(), (std::vector<ColumnType>{ColumnType::kInteger, ColumnType::kAny}));
}

TEST_F(SessionTest, AReadingResultStreamsInBoundedMemory) {
  constexpr int64_t kRows = 10'000'000;
  // (range() builds its list: 10,000 × 1,000 rows keep the lists small.)
  QueryResult r = conn_->Query("UNWIND range(1, 10000) AS i UNWIND range(1, 1000) AS j RETURN i, (i - 1) * 1000 + j AS k");
  const uint64_t before = ResidentBytes();
  uint64_t peak = before;
  int64_t count = 0, sum = 0;
  while (r.Next()) {
    ++count;
    sum += r.row()[1].AsInt();  // every k in 1..kRows once
    if (count % 1'000'000 == 0) peak = std::max(peak, ResidentBytes());
  }
  EXPECT_EQ(count, kRows);
  EXPECT_EQ(sum, kRows * (kRows + 1) / 2);
  EXPECT_EQ(r.summary().rows, static_cast<uint64_t>(kRows));
  // Materialized, 10 M rows of two values are over 600 MB; streamed, a few batches.
  EXPECT_LT(peak - before, uint64_t{64} << 20) << "resident memory grew by " << (peak - before) << " bytes";
}

TEST_F(SessionTest, ClosingAResultEarlyStopsTheWork) {
  // A trillion rows: this returns only because closing stops the statement.
  const std::string trillion = "UNWIND range(1, 1000000) AS i UNWIND range(1, 1000000) AS j RETURN i * j";
  QueryResult r = conn_->Query(trillion);
  for (int i = 0; i < 5; ++i) ASSERT_TRUE(r.Next());
  EXPECT_EQ(r.row()[0].AsInt(), 5);  // i = 1, j = 5
  r.Close();
  EXPECT_FALSE(r.Next());
  // Destroying an unread one stops it too.
  { QueryResult unread = conn_->Query(trillion); }
  EXPECT_EQ(Count(*conn_, "MATCH (n)"), 0);
}

TEST_F(SessionTest, RowsAfterNextIsAClientError) {
  QueryResult r = conn_->Query("UNWIND [1, 2, 3] AS i RETURN i");
  ASSERT_TRUE(r.Next());
  EXPECT_THROW(r.rows(), ClientError);
  QueryResult all = conn_->Query("UNWIND [1, 2, 3] AS i RETURN i");
  EXPECT_EQ(all.rows().size(), 3u);  // then Next() walks what rows() read
  int walked = 0;
  while (all.Next()) ++walked;
  EXPECT_EQ(walked, 3);
}

TEST_F(SessionTest, TheSummaryCountsWhatAStatementChanged) {
  QueryResult created = conn_->Query("CREATE (:A:B {x: 1, y: 2})-[:R {w: 1}]->(:C)");
  UpdateCounters want;
  want.nodes_created = 2;
  want.relationships_created = 1;
  want.properties_set = 3;
  want.labels_added = 3;
  EXPECT_EQ(created.summary().counters, want);
  EXPECT_EQ(created.summary().counters.ToString(),
            "created 2 nodes, created 1 relationship, set 3 properties, added 3 labels");
  EXPECT_TRUE(created.columns().empty());

  UpdateCounters set;
  set.properties_set = 2;  // x set, y removed; absent zz not counted
  set.labels_added = 1;    // :D, not :A, which it had
  set.labels_removed = 1;
  EXPECT_EQ(conn_->Query("MATCH (n:A) SET n.x = 5, n:A:D REMOVE n.y, n.zz, n:B").summary().counters, set);

  UpdateCounters deleted;
  deleted.nodes_deleted = 2;
  deleted.relationships_deleted = 1;
  EXPECT_EQ(conn_->Query("MATCH (n) DETACH DELETE n").summary().counters, deleted);
  EXPECT_EQ(conn_->Query("MATCH (n) RETURN n").summary().counters.ToString(), "no changes");
}

TEST_F(SessionTest, ATransactionIsInvisibleToOthersUntilItCommits) {
  auto other = db_->Connect();
  conn_->Begin();
  EXPECT_TRUE(conn_->InTransaction());
  conn_->Query("CREATE (:T {i: 1})");
  conn_->Query("CREATE (:T {i: 2})");
  EXPECT_EQ(Count(*conn_, "MATCH (n:T)"), 2);  // its own writes
  EXPECT_EQ(Count(*other, "MATCH (n:T)"), 0);
  conn_->Commit();
  EXPECT_FALSE(conn_->InTransaction());
  EXPECT_EQ(Count(*other, "MATCH (n:T)"), 2);

  conn_->Begin();
  conn_->Query("MATCH (n:T) DELETE n");
  conn_->Rollback();
  EXPECT_EQ(Count(*other, "MATCH (n:T)"), 2);
}

TEST_F(SessionTest, AFailedStatementRollsTheTransactionBack) {
  conn_->Begin();
  conn_->Query("CREATE (:T)");
  EXPECT_THROW(conn_->Query("RETURN 1 / 0"), ArithmeticError);
  try {
    conn_->Query("CREATE (:T)");
    ADD_FAILURE() << "a failed transaction ran a statement";
  } catch (const ClientError& e) {
    EXPECT_EQ(e.detail(), "TransactionFailed");
  }
  EXPECT_THROW(conn_->Commit(), ClientError);  // and it is over
  EXPECT_FALSE(conn_->InTransaction());
  EXPECT_EQ(Count(*conn_, "MATCH (n:T)"), 0);
  conn_->Begin();
  conn_->Query("CREATE (:T)");
  conn_->Commit();
  EXPECT_EQ(Count(*conn_, "MATCH (n:T)"), 1);
}

TEST_F(SessionTest, AReadOnlyTransactionReadsOneSnapshotAndRefusesWrites) {
  conn_->Query("CREATE (:T)");
  conn_->Begin(TransactionMode::kReadOnly);
  auto other = db_->Connect();
  other->Query("CREATE (:T)");
  EXPECT_EQ(Count(*conn_, "MATCH (n:T)"), 1);  // still its snapshot
  try {
    conn_->Query("CREATE (:T)");
    ADD_FAILURE() << "a read-only transaction wrote";
  } catch (const ClientError& e) {
    EXPECT_EQ(e.detail(), "ReadOnlyTransaction");
  }
  conn_->Rollback();
  EXPECT_EQ(Count(*conn_, "MATCH (n:T)"), 2);
}

TEST_F(SessionTest, TransactionCallsOutOfOrderAreClientErrors) {
  EXPECT_THROW(conn_->Commit(), ClientError);
  EXPECT_THROW(conn_->Rollback(), ClientError);
  conn_->Begin();
  EXPECT_THROW(conn_->Begin(), ClientError);
  conn_->Rollback();
}

TEST_F(SessionTest, ARollbackOnCloseLeavesNothing) {
  {
    auto c = db_->Connect();
    c->Begin();
    c->Query("CREATE (:Gone)");
  }  // the connection goes away with its transaction open
  EXPECT_EQ(Count(*conn_, "MATCH (n:Gone)"), 0);
  conn_->Query("CREATE (:Here)");  // and the writer is free again
  EXPECT_EQ(Count(*conn_, "MATCH (n:Here)"), 1);
}

TEST(InMemorySessionTest, TransactionsAndPreparedStatementsWorkInMemoryToo) {
  auto db = Database::OpenInMemory();
  auto conn = db->Connect();
  auto create = conn->Prepare("CREATE (:N {i: $i})", {{"i", Value::Int(0)}});
  EXPECT_FALSE(create->read_only());
  conn->Begin();
  for (int64_t i = 0; i < 3; ++i) {
    EXPECT_EQ(conn->Execute(*create, {{"i", Value::Int(i)}}).summary().counters.nodes_created, 1u);
  }
  conn->Commit();
  EXPECT_EQ(Count(*conn, "MATCH (n:N)"), 3);
  conn->Begin();
  conn->Execute(*create, {{"i", Value::Int(9)}});
  conn->Rollback();
  EXPECT_EQ(Count(*conn, "MATCH (n:N)"), 3);
}

}  // namespace
}  // namespace quiver
