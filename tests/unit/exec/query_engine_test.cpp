// The public API over the engine: results materialized, procedures, parameters,
// EXPLAIN/PROFILE, rollback of a failed query, and the engine's resource behaviour on
// shapes that would blow up a naive implementation.

#include <gtest/gtest.h>

#include "exec/row_batch.h"
#include "quiver/database.h"
#include "test_util/temp_dir.h"

namespace quiver {
namespace {

class QueryEngineTest : public ::testing::Test {
 protected:
  QueryResult Run(std::string_view query, const ValueMap& params = {}) { return conn_->Query(query, params); }
  Value Single(std::string_view query, const ValueMap& params = {}) {
    auto result = Run(query, params);
    EXPECT_EQ(result.size(), 1u) << query;
    return result.empty() ? Value() : result.rows()[0][0];
  }

  std::unique_ptr<Database> db_ = Database::OpenInMemory();
  std::unique_ptr<Connection> conn_ = db_->Connect();
};

TEST_F(QueryEngineTest, ResultsCarryMaterializedNodesAndRelationships) {
  Run("CREATE (:A:B {x: 1})-[:T {w: 2}]->(:C)");
  auto result = Run("MATCH (a)-[r]->(c) RETURN a, r, c");
  ASSERT_EQ(result.columns(), (std::vector<std::string>{"a", "r", "c"}));
  ASSERT_EQ(result.size(), 1u);
  const auto& row = result.rows()[0];
  ASSERT_TRUE(row[0].IsNode());
  EXPECT_EQ(row[0].AsNode().labels, (std::vector<std::string>{"A", "B"}));
  EXPECT_EQ(ToTckString(row[0]), "(:A:B {x: 1})");
  ASSERT_TRUE(row[1].IsRelationship());
  EXPECT_EQ(row[1].AsRelationship().type, "T");
  EXPECT_EQ(row[1].AsRelationship().start_id, row[0].AsNode().id);
  EXPECT_EQ(row[1].AsRelationship().end_id, row[2].AsNode().id);
  EXPECT_EQ(ToTckString(row[1]), "[:T {w: 2}]");
}

TEST_F(QueryEngineTest, ASetIsVisibleInTheReturnedNode) {
  Run("CREATE (:A {x: 1})");
  // The node is materialized when it leaves the engine, after the SET.
  EXPECT_EQ(ToTckString(Single("MATCH (a:A) WITH a SET a.x = 2 RETURN a")), "(:A {x: 2})");
}

TEST_F(QueryEngineTest, ParametersOfEveryKind) {
  ValueMap params{{"i", Value::Int(5)},
                  {"list", Value::List({Value::Int(1), Value::Int(2)})},
                  {"props", Value::Map(ValueMap{{"name", Value::String("p")}})}};
  EXPECT_EQ(ToTckString(Single("RETURN $i + size($list)", params)), "7");
  Run("CREATE (n:P $props)", params);
  EXPECT_EQ(ToTckString(Single("MATCH (n:P) RETURN n.name")), "'p'");
  EXPECT_EQ(ToTckString(Single("UNWIND range(1, 10) AS x WITH x LIMIT $i RETURN count(*)", params)), "5");
  ValueMap negative{{"n", Value::Int(-1)}};
  try {
    Run("RETURN 1 LIMIT $n", negative);
    FAIL() << "expected NegativeIntegerArgument";
  } catch (const SyntaxError& e) {
    EXPECT_EQ(e.detail(), "NegativeIntegerArgument");
    EXPECT_EQ(e.phase(), ErrorPhase::kRuntime);
  }
}

TEST_F(QueryEngineTest, RegisteredProcedures) {
  ProcedureSignature sig{"test.double", {{"in", "INTEGER?"}}, {{"out", "INTEGER?"}, {"twice", "INTEGER?"}}};
  db_->RegisterProcedure(sig, [](std::span<const Value> args) {
    int64_t v = args[0].AsInt();
    return std::vector<std::vector<Value>>{{Value::Int(v), Value::Int(2 * v)}};
  });
  auto standalone = Run("CALL test.double(21)");
  EXPECT_EQ(standalone.columns(), (std::vector<std::string>{"out", "twice"}));
  EXPECT_EQ(ToTckString(standalone.rows()[0][1]), "42");
  EXPECT_EQ(ToTckString(Single("UNWIND [1, 2, 3] AS x CALL test.double(x) YIELD twice RETURN sum(twice)")),
            "12");
  EXPECT_EQ(ToTckString(Single("CALL test.double($in) YIELD twice AS t RETURN t", {{"in", Value::Int(4)}})),
            "8");
}

TEST_F(QueryEngineTest, ExplainPrintsThePlanWithoutRunningIt) {
  auto result = Run("EXPLAIN MATCH (a:A)-[:T]->(b) WHERE b.x = 1 CREATE (:Made)");
  EXPECT_TRUE(result.columns().empty());  // no RETURN: nor rows
  EXPECT_TRUE(result.rows().empty());
  std::string plan(FormatPlan(*result.summary().plan));
  EXPECT_NE(plan.find("Create"), std::string::npos) << plan;
  EXPECT_NE(plan.find("Expand (a)-[#"), std::string::npos) << plan;
  EXPECT_NE(plan.find("NodeScan (a:A)"), std::string::npos) << plan;
  EXPECT_EQ(ToTckString(Single("MATCH (n:Made) RETURN count(n)")), "0");
}

TEST_F(QueryEngineTest, ExplainShowsAQuantifiedPathsIteration) {
  auto result = Run("EXPLAIN MATCH (x:S {n: 'a'})((p)-[r:R]->(q) WHERE p.v < q.v){1,3}(y) RETURN y.n");
  std::string plan(FormatPlan(*result.summary().plan));
  EXPECT_NE(plan.find("*1..3]->(y) repeating ((p)-[r:R]->(q) WHERE (p.v < q.v)){1,3}"), std::string::npos) << plan;
  result = Run("EXPLAIN MATCH p = SHORTEST 2 GROUPS (a)-[:R*]->(b) RETURN p");
  plan = FormatPlan(*result.summary().plan);
  EXPECT_NE(plan.find("ShortestPath 2 groups (a)-["), std::string::npos) << plan;
}

TEST_F(QueryEngineTest, ProfileCountsRowsPerOperator) {
  Run("UNWIND range(1, 10) AS i CREATE (:N {i: i})");
  auto result = Run("PROFILE MATCH (n:N) WHERE n.i > 7 RETURN n.i");
  std::string profile(FormatPlan(*result.summary().plan));
  EXPECT_NE(profile.find("NodeScan (n:N)  [rows=10]"), std::string::npos) << profile;
  EXPECT_NE(profile.find("Filter (n.i > 7)  [rows=3]"), std::string::npos) << profile;
}

// Every physical operator's first line ends with the time it took itself (its inputs'
// subtracted), so a slow operator stands out: a sort of many rows takes longer than the
// projection of its few results.
TEST_F(QueryEngineTest, ProfileShowsEachOperatorsOwnTime) {
  Run("UNWIND range(1, 20000) AS i CREATE (:T {i: i, s: toString(i % 977)})");
  auto result = Run("PROFILE MATCH (n:T) WITH n.s AS s ORDER BY s DESC RETURN s LIMIT 2");
  const std::string profile(FormatPlan(*result.summary().plan));
  auto time_of = [&](const std::string& line_start) {
    const size_t at = profile.find(line_start);
    EXPECT_NE(at, std::string::npos) << line_start << " in " << profile;
    const size_t end = profile.find('\n', at);
    const std::string line = profile.substr(at, end - at);
    const size_t open = line.rfind(" (");
    // `(0.123 ms, 4 db hits)`
    EXPECT_TRUE(open != std::string::npos && line.find(" ms, ", open) != std::string::npos &&
                line.ends_with(" db hits)"))
        << line;
    return std::stod(line.substr(open + 2));
  };
  EXPECT_GE(time_of("ProduceResults"), 0.0);
  EXPECT_GE(time_of("Limit"), 0.0);
  EXPECT_GT(time_of("Sort"), 0.0);  // with the scan it runs (one vectorized fragment)
  // A stage of a fragment or a pipeline has its rows but no time of its own.
  const size_t scan = profile.find("NodeScan (n:T)  [rows=20000]");
  ASSERT_NE(scan, std::string::npos) << profile;
  EXPECT_EQ(profile.substr(scan, profile.find('\n', scan) - scan).find(" ms"), std::string::npos) << profile;
}

TEST_F(QueryEngineTest, AFailedQueryLeavesNoTrace) {
  Run("CREATE (:Keep {v: 1})");
  EXPECT_THROW(Run("MATCH (k:Keep) SET k.v = 2 CREATE (:Gone) WITH k RETURN k.v / 0"), ArithmeticError);
  EXPECT_EQ(ToTckString(Single("MATCH (n) RETURN collect(n)")), "[(:Keep {v: 1})]");
  // And the database keeps working afterwards.
  Run("CREATE (:Next)");
  EXPECT_EQ(ToTckString(Single("MATCH (n) RETURN count(n)")), "2");
}

// Database::Open runs the same engine over the transactional store: writes survive a
// reopen, a failed statement leaves nothing behind, reads run on snapshots.
TEST(PersistentDatabaseTest, StatementsPersistAcrossReopen) {
  quiver::testing::TempDir dir;
  std::string path = dir.Join("db");
  {
    auto db = Database::Open(path);
    auto conn = db->Connect();
    conn->Query("CREATE (:P {name: 'ann'})-[:KNOWS {since: 2001}]->(:P {name: 'bob'})");
    EXPECT_THROW(conn->Query("MATCH (p:P) SET p.name = 'x' WITH p RETURN 1 / 0"), ArithmeticError);
    auto result = conn->Query("MATCH (a)-[r:KNOWS]->(b) RETURN a.name, r.since, b.name");
    ASSERT_EQ(result.size(), 1u);
    EXPECT_EQ(ToTckString(result.rows()[0][0]), "'ann'");
  }
  auto db = Database::Open(path);
  auto conn = db->Connect();
  auto result = conn->Query("MATCH (a:P)-[r]->(b) RETURN a, type(r), b.name");
  ASSERT_EQ(result.size(), 1u);
  EXPECT_EQ(ToTckString(result.rows()[0][0]), "(:P {name: 'ann'})");
  EXPECT_EQ(ToTckString(result.rows()[0][1]), "'KNOWS'");
  EXPECT_EQ(ToTckString(result.rows()[0][2]), "'bob'");
  conn->Query("MATCH (n) DETACH DELETE n");
  EXPECT_EQ(ToTckString(conn->Query("MATCH (n) RETURN count(n)").rows()[0][0]), "0");
}

TEST_F(QueryEngineTest, SyntaxErrorsCarryTheirPosition) {
  try {
    Run("MATCH (n) RETURN m");
    FAIL();
  } catch (const SyntaxError& e) {
    EXPECT_EQ(e.detail(), "UndefinedVariable");
    EXPECT_NE(std::string(e.what()).find("line 1, column 18"), std::string::npos) << e.what();
  }
}

// Var-length paths are enumerated depth-first: a long chain is linear work per start
// node, and a star of many short paths never materializes them all at once.
TEST_F(QueryEngineTest, VarLengthOverALongChain) {
  Run("UNWIND range(1, 2000) AS i CREATE (:C {i: i})");
  Run("MATCH (a:C), (b:C) WHERE b.i = a.i + 1 CREATE (a)-[:NEXT]->(b)");
  EXPECT_EQ(ToTckString(Single("MATCH (a:C {i: 1})-[:NEXT*]->(b) RETURN count(b)")), "1999");
  EXPECT_EQ(ToTckString(Single("MATCH p = (a:C {i: 1})-[:NEXT*]->(b:C {i: 2000}) RETURN length(p)")), "1999");
}

TEST_F(QueryEngineTest, WideRowsGetSmallerBatches) {
  // Hundreds of clauses make rows hundreds of slots wide; batches shrink to fit.
  EXPECT_EQ(exec::BatchCapacity(4), exec::kBatchRows);
  EXPECT_EQ(exec::BatchCapacity(4096), exec::kBatchValues / 4096);
  EXPECT_EQ(exec::BatchCapacity(1u << 20), 1u);
  std::string query;
  for (int i = 0; i < 300; ++i)
    query += "CREATE (n" + std::to_string(i) + ":W {i: " + std::to_string(i) + "})\n";
  Run(query);
  EXPECT_EQ(ToTckString(Single("MATCH (n:W) RETURN count(n)")), "300");
}

TEST(RowBatchTest, CompactKeepsFlaggedRowsInOrder) {
  exec::RowBatch batch(2, 4);
  for (int i = 0; i < 4; ++i) {
    Value* row = batch.AppendRow();
    row[0] = Value::Int(i);
    row[1] = Value::String("v" + std::to_string(i));
  }
  batch.Compact({false, true, false, true});
  ASSERT_EQ(batch.size(), 2u);
  EXPECT_EQ(batch.Row(0)[0].AsInt(), 1);
  EXPECT_EQ(batch.Row(1)[1].AsString(), "v3");
  batch.Clear();
  EXPECT_TRUE(batch.empty());
  EXPECT_TRUE(batch.AppendRow()[1].IsNull());
}

// A batch's memory follows the rows it has held, not its capacity: a statement that
// moves a row or two through its operators allocates a few hundred bytes per batch, not
// tens of KiB (which glibc gave back to the kernel after every statement and the next
// one faulted in again: docs/benchmarks.md, "Per-query overhead").
TEST(RowBatchTest, MemoryGrowsWithTheRowsHeldUpToTheCapacity) {
  exec::RowBatch batch(3, exec::kBatchRows);
  EXPECT_EQ(batch.capacity(), exec::kBatchRows);
  EXPECT_EQ(batch.allocated_rows(), 0u);
  batch.AppendRow()[0] = Value::Int(0);
  EXPECT_EQ(batch.allocated_rows(), exec::kFirstBatchRows);
  for (int64_t i = 1; static_cast<size_t>(i) <= exec::kFirstBatchRows; ++i) {
    Value* row = batch.AppendRow();
    EXPECT_TRUE(row[0].IsNull() && row[1].IsNull() && row[2].IsNull());
    row[0] = Value::Int(i);
    row[2] = Value::String("s" + std::to_string(i));
  }
  EXPECT_EQ(batch.allocated_rows(), 2 * exec::kFirstBatchRows);
  // The rows moved with the growth, values intact.
  for (size_t i = 0; i <= exec::kFirstBatchRows; ++i)
    EXPECT_EQ(batch.Row(i)[0].AsInt(), static_cast<int64_t>(i));
  EXPECT_EQ(batch.Row(exec::kFirstBatchRows)[2].AsString(), "s" + std::to_string(exec::kFirstBatchRows));
  // Filled to capacity, never past it; Clear keeps the memory for the next fill.
  while (!batch.full()) batch.AppendRow();
  EXPECT_EQ(batch.size(), exec::kBatchRows);
  EXPECT_EQ(batch.allocated_rows(), exec::kBatchRows);
  batch.Clear();
  EXPECT_EQ(batch.allocated_rows(), exec::kBatchRows);
  EXPECT_TRUE(batch.AppendRow()[0].IsNull());
  // A capacity that is not a power of two is reached exactly.
  exec::RowBatch odd(1, 40);
  while (!odd.full()) odd.AppendRow();
  EXPECT_EQ(odd.allocated_rows(), 40u);
}

}  // namespace
}  // namespace quiver
