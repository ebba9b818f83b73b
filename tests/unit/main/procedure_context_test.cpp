// Procedures with a context (quiver/database.h ProcedureContext, exec/procedure_context.h):
// rows stream through Emit, a long procedure stops on Cancel(), what it holds counts
// against the statement's memory limit, and the engine's own procedures read the graph
// as the calling statement sees it — its transaction's writes included.

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>

#include "exec/procedure_context.h"
#include "main/source_database.h"
#include "quiver/database.h"
#include "test_util/query_error.h"
#include "test_util/temp_dir.h"

namespace quiver {
namespace {

using quiver::testing::ErrorOf;

constexpr uint64_t kMiB = uint64_t{1} << 20;


class ProcedureContextTest : public ::testing::Test {
 protected:
  void SetUp() override {
    DatabaseOptions options;
    options.query_memory_limit = 16 * kMiB;
    db_ = Database::Open(dir_.Join("db"), options);
    conn_ = db_->Connect();
    // seq(n): 1..n, one row each.
    db_->RegisterProcedure({"test.seq", {{"n", "INTEGER?"}}, {{"i", "INTEGER?"}}}, [](ProcedureContext& context) {
      const int64_t n = context.arguments()[0].AsInt();
      for (int64_t i = 1; i <= n; ++i) context.Emit({Value::Int(i)});
    });
    // spin(): works until stopped.
    db_->RegisterProcedure({"test.spin", {}, {{"i", "INTEGER?"}}}, [this](ProcedureContext& context) {
      spinning_ = true;
      for (;;) context.CheckInterrupt();
    });
    db_->RegisterProcedure({"test.hold", {{"bytes", "INTEGER?"}}, {}}, [](ProcedureContext& context) {
      context.ReserveMemory(static_cast<uint64_t>(context.arguments()[0].AsInt()));
    });
  }
  quiver::testing::TempDir dir_;
  std::unique_ptr<Database> db_;
  std::unique_ptr<Connection> conn_;
  std::atomic<bool> spinning_{false};
};

TEST_F(ProcedureContextTest, RowsStreamThroughEmit) {
  EXPECT_EQ(conn_->Query("CALL test.seq(5) YIELD i RETURN sum(i) AS s").rows()[0][0].AsInt(), 15);
  EXPECT_EQ(conn_->Query("UNWIND [1, 2, 3] AS n CALL test.seq(n) YIELD i RETURN count(*) AS c").rows()[0][0].AsInt(),
            6);
  // The table form still works beside it.
  db_->RegisterProcedure({"test.pair", {}, {{"a", "INTEGER?"}, {"b", "STRING?"}}},
                         [](std::span<const Value>) -> std::vector<std::vector<Value>> {
                           return {{Value::Int(1), Value::String("x")}};
                         });
  EXPECT_EQ(conn_->Query("CALL test.pair() YIELD a, b RETURN b").rows()[0][0].AsString(), "x");
}

TEST_F(ProcedureContextTest, CancelStopsALongProcedure) {
  std::string error;
  std::thread worker([&] { error = ErrorOf(*conn_, "CALL test.spin() YIELD i RETURN i"); });
  while (!spinning_) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  const auto cancelled = std::chrono::steady_clock::now();
  conn_->Cancel();
  worker.join();
  const auto took = std::chrono::steady_clock::now() - cancelled;
  EXPECT_EQ(error, "Interrupted/Cancelled");
  EXPECT_LT(took, std::chrono::seconds(1));
  conn_->SetQueryTimeout(std::chrono::milliseconds(100));
  EXPECT_EQ(ErrorOf(*conn_, "CALL test.spin() YIELD i RETURN i"), "Interrupted/Timeout");
}

TEST_F(ProcedureContextTest, WhatAProcedureHoldsCountsAgainstTheLimit) {
  EXPECT_EQ(ErrorOf(*conn_, "CALL test.seq(10000000) YIELD i RETURN count(*) AS c"),
            "ResourceExhausted/MemoryLimitExceeded");
  EXPECT_EQ(ErrorOf(*conn_, "CALL test.hold(1000000000)"), "ResourceExhausted/MemoryLimitExceeded");
  // Working memory is given back when the call returns: a thousand calls of 8 MiB each fit.
  EXPECT_EQ(ErrorOf(*conn_, "UNWIND range(1, 1000) AS x CALL test.hold(8388608) RETURN count(*) AS c"), "");
  EXPECT_EQ(conn_->Query("CALL test.seq(100000) YIELD i RETURN count(*) AS c").rows()[0][0].AsInt(), 100000);
}

TEST_F(ProcedureContextTest, AnEngineProcedureReadsTheGraphTheStatementSees) {
  auto* engine = dynamic_cast<main::SourceDatabase*>(db_.get());
  ASSERT_NE(engine, nullptr);
  engine->RegisterProcedure({"test.nodes", {}, {{"count", "INTEGER?"}}}, [](exec::ExecProcedureContext& context) {
    const GraphReader& graph = context.graph();
    std::vector<NodeId> ids;
    graph.ScanNodes(0, graph.NodeIdBound(), std::nullopt, ids);
    context.Emit({Value::Int(static_cast<int64_t>(ids.size()))});
  });
  conn_->Query("UNWIND range(1, 3) AS i CREATE (:N {i: i})");
  EXPECT_EQ(conn_->Query("CALL test.nodes() YIELD count RETURN count").rows()[0][0].AsInt(), 3);
  conn_->Begin();
  conn_->Query("CREATE (:N), (:N)");
  EXPECT_EQ(conn_->Query("CALL test.nodes() YIELD count RETURN count").rows()[0][0].AsInt(), 5);  // its own writes
  auto other = db_->Connect();
  EXPECT_EQ(other->Query("CALL test.nodes() YIELD count RETURN count").rows()[0][0].AsInt(), 3);  // not yet
  conn_->Commit();
  EXPECT_EQ(other->Query("CALL test.nodes() YIELD count RETURN count").rows()[0][0].AsInt(), 5);
}

}  // namespace
}  // namespace quiver
