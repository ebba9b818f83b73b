// Cancellation and timeouts (Connection::Cancel, SetQueryTimeout): a statement stops
// wherever it is — deep in a variable-length expansion, a k-shortest-trails search or a
// quantified path pattern, inside a big sort, in a
// cartesian product that rejects every row, while its result streams — with
// QueryInterrupted, its transaction rolled back, and the connection usable after.
//
// The bound asserted here on how long a statement takes to stop is loose (a shared
// machine); docs/api.md reports the latencies measured.

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>

#include "quiver/database.h"
#include "test_util/temp_dir.h"

namespace quiver {
namespace {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

// Runs `text` on `conn` in a thread, cancels it after `after`, and returns how long the
// statement took to stop once cancelled; fails unless it ended with Cancelled.
milliseconds CancelAfter(Connection& conn, const std::string& text, milliseconds after) {
  std::atomic<bool> stopped{false};
  std::string error;
  Clock::time_point ended;
  std::thread worker([&] {
    try {
      QueryResult r = conn.Query(text);
      while (r.Next()) {
      }
      error = "finished";
    } catch (const QueryInterrupted& e) {
      error = e.detail();
    } catch (const std::exception& e) {
      error = e.what();
    }
    ended = Clock::now();
    stopped = true;
  });
  std::this_thread::sleep_for(after);
  EXPECT_FALSE(stopped.load()) << text << ": ended before the cancel";
  const Clock::time_point cancelled = Clock::now();
  conn.Cancel();
  worker.join();
  EXPECT_EQ(error, "Cancelled") << text;
  return std::chrono::duration_cast<milliseconds>(ended - cancelled);
}

class InterruptTest : public ::testing::Test {
 protected:
  void SetUp() override {
    db_ = Database::Open(dir_.Join("db"));
    conn_ = db_->Connect();
    // A complete graph on 12 nodes: paths of up to 12 hops number in the hundreds of
    // millions; and 2,000 loose nodes for products.
    conn_->Query("UNWIND range(1, 12) AS i CREATE (:K {i: i})");
    conn_->Query("MATCH (a:K), (b:K) WHERE a <> b CREATE (a)-[:E]->(b)");
    conn_->Query("UNWIND range(1, 2000) AS i CREATE (:L {i: i})");
  }
  quiver::testing::TempDir dir_;
  std::unique_ptr<Database> db_;
  std::unique_ptr<Connection> conn_;
};

TEST_F(InterruptTest, CancelStopsAVariableLengthExpansion) {
  const milliseconds took =
      CancelAfter(*conn_, "MATCH p = (a:K)-[*1..12]->(b) RETURN count(p) AS n", milliseconds(300));
  EXPECT_LT(took.count(), 1000) << "stopped " << took.count() << " ms after Cancel()";
  std::printf("[ cancel ] var-length expansion stopped %lld ms after Cancel()\n",
              static_cast<long long>(took.count()));
  EXPECT_EQ(conn_->Query("MATCH (n:K) RETURN count(n) AS n").rows()[0][0].AsInt(), 12);  // usable after
}

// The k shortest trails between two nodes of the complete graph: as many lengths as
// relationships, and trails of each length by the million.
TEST_F(InterruptTest, CancelStopsAShortestTrailsSearch) {
  const milliseconds took = CancelAfter(
      *conn_, "MATCH (a:K {i: 1}), (b:K {i: 2}) MATCH p = SHORTEST 1000000000 (a)-[*]->(b) RETURN count(p)",
      milliseconds(300));
  EXPECT_LT(took.count(), 1000) << "stopped " << took.count() << " ms after Cancel()";
}

// A quantified path pattern tests a condition per iteration while it searches.
TEST_F(InterruptTest, CancelStopsAQuantifiedPathSearch) {
  const milliseconds took = CancelAfter(
      *conn_, "MATCH (a:K {i: 1})((x)-->(y) WHERE x.i <> y.i){1,12}(b) RETURN count(*)", milliseconds(300));
  EXPECT_LT(took.count(), 1000) << "stopped " << took.count() << " ms after Cancel()";
}

// Whether a variable-length path exists is a reachability search: to a node no path
// reaches, enumerating the complete graph's paths would not end in hours.
TEST_F(InterruptTest, ExistenceOfAVariableLengthPathIsASearch) {
  conn_->SetQueryTimeout(milliseconds(10000));
  QueryResult r = conn_->Query(
      "MATCH (a:K {i: 1}), (b:L {i: 1}) RETURN EXISTS { (a)-[*]->(b) } AS reaches, EXISTS { (a)-[*]->(:K {i: 2}) } AS k");
  ASSERT_TRUE(r.Next());
  EXPECT_FALSE(r.row()[0].AsBool());
  EXPECT_TRUE(r.row()[1].AsBool());
  conn_->SetQueryTimeout(milliseconds(0));
}

// A statement (or BEGIN) waiting for the database's writer, which another transaction
// holds, stops at Cancel() and at its timeout: a server's client that gives up must not
// leave its thread waiting behind a transaction that may never end.
TEST_F(InterruptTest, CancelAndTimeoutStopAWaitForTheWriter) {
  auto holder = db_->Connect();
  holder->Begin();
  holder->Query("CREATE (:Held)");
  auto waiter = db_->Connect();
  const milliseconds took = CancelAfter(*waiter, "CREATE (:Waiting)", milliseconds(200));
  EXPECT_LT(took.count(), 1000);
  waiter->SetQueryTimeout(milliseconds(150));
  const Clock::time_point started = Clock::now();
  try {
    waiter->Begin();
    FAIL() << "Begin did not wait for the writer";
  } catch (const QueryInterrupted& e) {
    EXPECT_EQ(e.detail(), "Timeout");
  }
  EXPECT_LT(Clock::now() - started, milliseconds(2000));
  EXPECT_FALSE(waiter->InTransaction());
  holder->Commit();
  waiter->Query("CREATE (:After)");
  EXPECT_EQ(waiter->Query("MATCH (n) WHERE n:Held OR n:After OR n:Waiting RETURN count(n)").rows()[0][0].AsInt(), 2);
}

TEST_F(InterruptTest, CancelStopsABigSort) {
  const milliseconds took = CancelAfter(
      *conn_, "UNWIND range(1, 4000) AS i UNWIND range(1, 4000) AS j RETURN i * j AS x ORDER BY x", milliseconds(300));
  EXPECT_LT(took.count(), 1000);
  std::printf("[ cancel ] sort stopped %lld ms after Cancel()\n", static_cast<long long>(took.count()));
}

TEST_F(InterruptTest, CancelStopsACartesianProductThatRejectsEveryRow) {
  // 8·10⁹ combinations and no row ever reaches a batch: only the per-step checks see it.
  const milliseconds took = CancelAfter(
      *conn_, "MATCH (a:L), (b:L), (c:L) WHERE a.i + b.i + c.i < 0 RETURN count(*) AS n", milliseconds(300));
  EXPECT_LT(took.count(), 1000);
  std::printf("[ cancel ] cartesian product stopped %lld ms after Cancel()\n", static_cast<long long>(took.count()));
}

TEST_F(InterruptTest, CancelStopsAStreamingResultBetweenRows) {
  QueryResult r = conn_->Query("UNWIND range(1, 1000000) AS i UNWIND range(1, 1000000) AS j RETURN i * j");
  ASSERT_TRUE(r.Next());
  conn_->Cancel();
  try {
    while (r.Next()) {
    }
    ADD_FAILURE() << "a cancelled stream went on to its end";
  } catch (const QueryInterrupted& e) {
    EXPECT_EQ(e.detail(), "Cancelled");
  }
  // A later statement is not cancelled.
  EXPECT_EQ(conn_->Query("RETURN 1 AS x").rows()[0][0].AsInt(), 1);
}

TEST_F(InterruptTest, ATimeoutEndsAStatementAndTheNextOneRuns) {
  conn_->SetQueryTimeout(milliseconds(200));
  const Clock::time_point start = Clock::now();
  try {
    conn_->Query("MATCH p = (a:K)-[*1..12]->(b) RETURN count(p) AS n").rows();
    ADD_FAILURE() << "no timeout";
  } catch (const QueryInterrupted& e) {
    EXPECT_EQ(e.detail(), "Timeout");
    EXPECT_NE(std::string(e.what()).find("200 ms"), std::string::npos) << e.what();
  }
  const auto took = std::chrono::duration_cast<milliseconds>(Clock::now() - start);
  EXPECT_GE(took.count(), 200);
  EXPECT_LT(took.count(), 1500);
  EXPECT_EQ(conn_->Query("RETURN 1 AS x").rows()[0][0].AsInt(), 1);
  conn_->SetQueryTimeout(milliseconds(0));
}

TEST_F(InterruptTest, ACancelledWriteLeavesNothingAndFailsItsTransaction) {
  conn_->Begin();
  conn_->Query("CREATE (:Mark)");
  std::thread canceller([&] {
    std::this_thread::sleep_for(milliseconds(200));
    conn_->Cancel();
  });
  EXPECT_THROW(conn_->Query("MATCH (a:L), (b:L) CREATE (:Pair {x: a.i * b.i})"), QueryInterrupted);
  canceller.join();
  EXPECT_THROW(conn_->Query("RETURN 1"), ClientError);  // TransactionFailed
  conn_->Rollback();
  EXPECT_EQ(conn_->Query("MATCH (n:Mark) RETURN count(n) AS n").rows()[0][0].AsInt(), 0);
  EXPECT_EQ(conn_->Query("MATCH (n:Pair) RETURN count(n) AS n").rows()[0][0].AsInt(), 0);
}

TEST(InMemoryInterruptTest, CancelWorksInMemoryToo) {
  auto db = Database::OpenInMemory();
  auto conn = db->Connect();
  conn->Query("UNWIND range(1, 2000) AS i CREATE (:L {i: i})");
  const milliseconds took = CancelAfter(
      *conn, "MATCH (a:L), (b:L), (c:L) WHERE a.i + b.i + c.i < 0 RETURN count(*) AS n", milliseconds(200));
  EXPECT_LT(took.count(), 1000);
}

}  // namespace
}  // namespace quiver
