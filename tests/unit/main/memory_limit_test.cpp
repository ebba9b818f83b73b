// The per-statement memory limit (DatabaseOptions::query_memory_limit,
// Connection::SetQueryMemoryLimit): what holds memory in a query — collect(), sorts,
// grouping, DISTINCT, range() — ends the statement with
// ResourceExhausted/MemoryLimitExceeded before the process grows past the limit, and
// the connection, its database and the next statement are unharmed.

#include <gtest/gtest.h>


#include "quiver/database.h"
#include "test_util/query_error.h"
#include "test_util/temp_dir.h"

namespace quiver {
namespace {

using quiver::testing::ErrorOf;
using quiver::testing::ResidentBytes;

constexpr uint64_t kMiB = uint64_t{1} << 20;



class MemoryLimitTest : public ::testing::Test {
 protected:
  void SetUp() override {
    DatabaseOptions options;
    options.query_memory_limit = 64 * kMiB;
    db_ = Database::Open(dir_.Join("db"), options);
    conn_ = db_->Connect();
  }
  quiver::testing::TempDir dir_;
  std::unique_ptr<Database> db_;
  std::unique_ptr<Connection> conn_;
};

TEST_F(MemoryLimitTest, ACollectOfABillionValuesEndsAndTheNextStatementRuns) {
  // 10^9 rows: without a limit the list grows until std::bad_alloc ends the process.
  const uint64_t before = ResidentBytes();
  EXPECT_EQ(ErrorOf(*conn_, "UNWIND range(1, 100000) AS a UNWIND range(1, 10000) AS b RETURN collect(a) AS everything"),
            "ResourceExhausted/MemoryLimitExceeded");
  // The limit held: the process did not grow much past it (allocator slack aside).
  EXPECT_LT(ResidentBytes(), before + 4 * 64 * kMiB);
  EXPECT_EQ(conn_->Query("RETURN 1 AS one").rows()[0][0].AsInt(), 1);
  // Strings count by their length, not only their slots.
  EXPECT_EQ(ErrorOf(*conn_, "UNWIND range(1, 2000000) AS i RETURN collect('some text that is long: ' + toString(i))"),
            "ResourceExhausted/MemoryLimitExceeded");
}

TEST_F(MemoryLimitTest, SortsGroupsAndDistinctSetsAreCharged) {
  // Five million rows (each UNWIND's list stays small).
  const std::string rows = "UNWIND range(1, 5000) AS a UNWIND range(1, 1000) AS b WITH a * 1000 + b AS x ";
  EXPECT_EQ(ErrorOf(*conn_, rows + "RETURN x ORDER BY -x"), "ResourceExhausted/MemoryLimitExceeded");
  EXPECT_EQ(ErrorOf(*conn_, rows + "RETURN x % 4000000 AS k, count(*) AS n"),
            "ResourceExhausted/MemoryLimitExceeded");
  EXPECT_EQ(ErrorOf(*conn_, rows + "RETURN DISTINCT toString(x) AS s"), "ResourceExhausted/MemoryLimitExceeded");
  EXPECT_EQ(ErrorOf(*conn_, rows + "RETURN count(DISTINCT toString(x)) AS n"),
            "ResourceExhausted/MemoryLimitExceeded");
  // Within the limit the same shapes run, and their memory is given back: a statement
  // that holds little after one that held much is not refused.
  EXPECT_EQ(conn_->Query("UNWIND range(1, 100000) AS x RETURN x ORDER BY -x LIMIT 1").rows()[0][0].AsInt(), 100000);
  EXPECT_EQ(conn_->Query("UNWIND range(1, 100000) AS x WITH x ORDER BY -x RETURN count(*) AS n").rows()[0][0].AsInt(),
            100000);
  // A top-k sort holds k rows, not its input.
  EXPECT_EQ(conn_->Query(rows + "RETURN x ORDER BY -x LIMIT 3").rows()[2][0].AsInt(), 5000998);
}

TEST_F(MemoryLimitTest, RangeRefusesAListLargerThanTheLimit) {
  EXPECT_EQ(ErrorOf(*conn_, "RETURN size(range(1, 10000000)) AS n"), "ResourceExhausted/MemoryLimitExceeded");
  EXPECT_EQ(conn_->Query("RETURN size(range(1, 1000000)) AS n").rows()[0][0].AsInt(), 1000000);
}

TEST_F(MemoryLimitTest, TheSummaryReportsThePeakAndSharedValuesCountOnce) {
  QueryResult sorted = conn_->Query("UNWIND range(1, 100000) AS x RETURN x ORDER BY -x");
  sorted.rows();
  const uint64_t peak = sorted.summary().peak_memory_bytes;
  EXPECT_GE(peak, 100000u * 16);
  EXPECT_LE(peak, 32 * kMiB);
  // One list of 10^5 values copied into 1,000 sorted rows is one list, not a thousand:
  // charged per copy it would be 1.6 GB, far past the limit.
  QueryResult shared =
      conn_->Query("WITH range(1, 100000) AS l UNWIND range(1, 1000) AS i RETURN i, size(l) AS n ORDER BY -i");
  EXPECT_EQ(shared.rows().size(), 1000u);
  EXPECT_LE(shared.summary().peak_memory_bytes, 8 * kMiB);
}

TEST_F(MemoryLimitTest, AConnectionSetsItsOwnLimit) {
  EXPECT_EQ(conn_->query_memory_limit(), 64 * kMiB);
  conn_->SetQueryMemoryLimit(4 * kMiB);
  EXPECT_EQ(ErrorOf(*conn_, "UNWIND range(1, 1000000) AS x RETURN x ORDER BY -x"),
            "ResourceExhausted/MemoryLimitExceeded");
  conn_->SetQueryMemoryLimit(0);  // none
  EXPECT_EQ(conn_->Query("UNWIND range(1, 1000000) AS x RETURN x ORDER BY -x LIMIT 1").rows()[0][0].AsInt(),
            1000000);
  // Other connections keep the database's.
  EXPECT_EQ(db_->Connect()->query_memory_limit(), 64 * kMiB);
}

TEST_F(MemoryLimitTest, AStatementOverItsLimitFailsItsTransactionAndChangesNothing) {
  conn_->Begin();
  conn_->Query("CREATE (:Kept)");
  EXPECT_EQ(ErrorOf(*conn_, "UNWIND range(1, 5000) AS a UNWIND range(1, 1000) AS b WITH a * 1000 + b AS x "
                            "ORDER BY -x CREATE (:T {x: x})"),
            "ResourceExhausted/MemoryLimitExceeded");
  EXPECT_EQ(ErrorOf(*conn_, "RETURN 1"), "ClientError/TransactionFailed");
  conn_->Rollback();
  EXPECT_EQ(conn_->Query("MATCH (n) RETURN count(n) AS n").rows()[0][0].AsInt(), 0);
}

TEST(QueryMemoryDefaultTest, TheDefaultIsHalfTheBudgetAndZeroMeansNoLimit) {
  DatabaseOptions options;
  options.memory_budget = 1024 * kMiB;
  EXPECT_EQ(Database::OpenInMemory(options)->Connect()->query_memory_limit(), 512 * kMiB);
  options.query_memory_limit = 0;
  EXPECT_EQ(Database::OpenInMemory(options)->Connect()->query_memory_limit(), 0u);
  // Without a budget the resource policy's applies: some positive limit.
  EXPECT_GT(Database::OpenInMemory()->Connect()->query_memory_limit(), 0u);
}

TEST(InMemoryMemoryLimitTest, TheLimitHoldsInMemoryToo) {
  DatabaseOptions options;
  options.query_memory_limit = 16 * kMiB;
  auto db = Database::OpenInMemory(options);
  auto conn = db->Connect();
  EXPECT_EQ(ErrorOf(*conn, "UNWIND range(1, 100000) AS a UNWIND range(1, 10000) AS b RETURN collect(a) AS everything"),
            "ResourceExhausted/MemoryLimitExceeded");
  EXPECT_EQ(conn->Query("RETURN 2 AS two").rows()[0][0].AsInt(), 2);
}

}  // namespace
}  // namespace quiver
