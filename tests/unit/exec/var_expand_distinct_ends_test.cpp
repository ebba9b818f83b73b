// The optimizer's "distinct ends" rewrite (planner/optimizer.h): `MATCH (a)-[*min..max]->(c)
// RETURN count(DISTINCT c)` searches breadth-first instead of enumerating paths. It must
// answer exactly as path enumeration does — checked against the same query written so
// the rewrite cannot apply (a path variable makes the relationship list read) on seeded
// random graphs with cycles, self-loops and parallel relationships — and must not apply
// where it would be wrong (undirected, min >= 2, non-DISTINCT aggregates, lists read).
// EXISTS { (a)-[*]->(c) } is the same search, stopping at c (optimizer.cpp,
// ReachableExists).

#include <gtest/gtest.h>

#include <random>
#include <sstream>
#include <string>

#include "query_test_util.h"
#include "test_util/temp_dir.h"
#include "unit/exec/base_graph_util.h"

namespace quiver {
namespace {

TEST(VarExpandDistinctEndsTest, AnswersAsPathEnumerationDoes) {
  auto db = Database::OpenInMemory();
  auto conn = db->Connect();
  BuildRandomGraph(*conn, 40, 120, 7);
  // Each shape, rewritten and not: the path variable p keeps the rewrite off.
  const char* shapes[] = {"-[:A*1..3]->", "-[*1..3]->", "<-[:A*1..3]-", "-[:A|B*0..2]->",
                          "-[*..4]->",    "-[:A*1]->",  "-[:B*1..3 {w: 0}]->"};
  for (const char* shape : shapes) {
    SCOPED_TRACE(shape);
    const std::string fast = std::string("MATCH (a:N {id: $id})") + shape + "(c) RETURN count(DISTINCT c)";
    const std::string slow = std::string("MATCH p = (a:N {id: $id})") + shape + "(c) RETURN count(DISTINCT c)";
    EXPECT_NE(Plan(*conn, fast).find("distinct ends"), std::string::npos) << Plan(*conn, fast);
    EXPECT_NE(Plan(*conn, fast).find("counting the ends"), std::string::npos) << Plan(*conn, fast);
    EXPECT_EQ(Plan(*conn, slow).find("distinct ends"), std::string::npos);
    int64_t total = 0;
    for (int64_t id = 0; id < 40; ++id) {
      const int64_t want = CountFor(*conn, slow, id);
      EXPECT_EQ(CountFor(*conn, fast, id), want) << "source " << id;
      total += want;
    }
    EXPECT_GT(total, 0);
  }
  // Grouped, over many input rows, and a DISTINCT collect of a property.
  auto grouped = [&](const std::string& path) {
    const QueryResult result = conn->Query(
        "MATCH " + path + "(a:N)-[:A*1..2]->(c) WITH a.id % 4 AS g, collect(DISTINCT c.id) AS ids RETURN g, size(ids) "
        "ORDER BY g");
    std::string out;
    for (const auto& row : result.rows()) out += ToTckString(row.at(0)) + ":" + ToTckString(row.at(1)) + " ";
    return out;
  };
  EXPECT_EQ(grouped(""), grouped("p = "));
  EXPECT_EQ(grouped("").size() > 8, true);
}

// The ends of a base generation's CSR slices with a delta over them: relationships
// created (on base nodes and new ones), base relationships deleted, a node detached and
// deleted. The ends' count is one of the union of many input rows too, and the ends
// themselves (collect) those path enumeration reaches.
TEST(VarExpandDistinctEndsTest, AnswersAsPathEnumerationDoesOverBaseAndDelta) {
  testing::TempDir dir;
  const std::string db_path = dir.Join("db");
  std::mt19937 rng(11);
  std::ostringstream nodes, rels_a, rels_b;
  nodes << "id:ID{id-type:int}\n";
  rels_a << ":START_ID,:END_ID\n";
  rels_b << ":START_ID,:END_ID\n";
  constexpr int kNodes = 120;
  for (int i = 0; i < kNodes; ++i) nodes << i << "\n";
  for (int i = 0; i < 400; ++i) {
    const int from = static_cast<int>(rng() % kNodes);
    const int to = rng() % 6 == 0 ? from : static_cast<int>(rng() % kNodes);
    (rng() % 4 == 0 ? rels_b : rels_a) << from << "," << to << "\n";
  }
  testing::ImportCsvGraph(db_path, dir.path(),
                          {{true, {"N"}, nodes.str()}, {false, {"A"}, rels_a.str()}, {false, {"B"}, rels_b.str()}});
  auto db = Database::Open(db_path);
  auto conn = db->Connect();
  for (const char* write : {
           "MATCH (n:N) WHERE n.id < 10 CREATE (n)-[:A]->(:N {id: 1000 + n.id})",
           "MATCH (a:N), (b:N) WHERE a.id % 17 = 3 AND b.id % 23 = 5 CREATE (a)-[:A]->(b)",
           "MATCH (a:N)-[r:A]->(b) WHERE (a.id + b.id) % 7 = 0 DELETE r",
           "MATCH (n:N) WHERE n.id IN [4, 60] DETACH DELETE n",
       }) {
    conn->Query(write).rows();
  }
  for (const char* shape : {"-[:A*1..3]->", "<-[:A*1..3]-", "-[*1..2]->", "-[:A|B*0..3]->", "-[:A*..5]->"}) {
    SCOPED_TRACE(shape);
    const std::string fast = std::string("MATCH (a:N {id: $id})") + shape + "(c) RETURN count(DISTINCT c)";
    const std::string slow = std::string("MATCH p = (a:N {id: $id})") + shape + "(c) RETURN count(DISTINCT c)";
    ASSERT_NE(Plan(*conn, fast).find("counting the ends"), std::string::npos) << Plan(*conn, fast);
    int64_t total = 0;
    for (int64_t id : {0, 1, 3, 4, 7, 20, 51, 60, 99, 1002}) {
      const int64_t want = CountFor(*conn, slow, id);
      EXPECT_EQ(CountFor(*conn, fast, id), want) << "source " << id;
      total += want;
    }
    EXPECT_GT(total, 0);
    // Many input rows: the union of their ends, and the ends themselves.
    auto ends = [&](const std::string& path, const std::string& ret) {
      const QueryResult r = conn->Query("MATCH " + path + "(a:N)" + shape + "(c) WHERE a.id % 9 = 2 RETURN " + ret);
      return ToTckString(r.rows().at(0).at(0));
    };
    EXPECT_EQ(ends("", "count(DISTINCT c)"), ends("p = ", "count(DISTINCT c)"));
    EXPECT_EQ(ends("", "size(collect(DISTINCT c.id))"), ends("p = ", "size(collect(DISTINCT c.id))"));
    // Existence between two bound nodes (a search that stops at c), and to a new end.
    auto pairs = [&](const std::string& path) {
      const QueryResult r = conn->Query("MATCH (a:N), (c:N) WHERE a.id % 9 = 2 AND c.id % 5 = 1 AND EXISTS { MATCH " +
                                        path + "(a)" + shape + "(c) } RETURN count(*)");
      return ToTckString(r.rows().at(0).at(0));
    };
    EXPECT_EQ(pairs(""), pairs("p = "));
    EXPECT_NE(pairs(""), "0");
    auto sources = [&](const std::string& path) {
      const QueryResult r =
          conn->Query("MATCH (a:N) WHERE EXISTS { MATCH " + path + "(a)" + shape + "(:N {id: 7}) } RETURN count(*)");
      return ToTckString(r.rows().at(0).at(0));
    };
    EXPECT_EQ(sources(""), sources("p = "));
  }
}

TEST(VarExpandDistinctEndsTest, NotAppliedWhereRowsOrPathsCount) {
  auto db = Database::OpenInMemory();
  auto conn = db->Connect();
  const std::string prefix = "MATCH (a:N {id: $id})";
  for (const char* query : {
           "-[:A*1..3]-(c) RETURN count(DISTINCT c)",           // undirected: a-b-a is a walk, not a path
           "-[:A*2..3]->(c) RETURN count(DISTINCT c)",          // min >= 2
           "-[:A*1..3]->(c) RETURN count(c)",                   // counts paths
           "-[r:A*1..3]->(c) RETURN count(DISTINCT r)",         // reads the list
           "-[:A*1..3]->(c), (a)-[:A]->(d) RETURN count(DISTINCT c)",  // uniqueness with another hop
       }) {
    SCOPED_TRACE(query);
    EXPECT_EQ(Plan(*conn, prefix + query).find("distinct ends"), std::string::npos) << Plan(*conn, prefix + query);
  }
}

// A triangle with a self-loop: min 1 reaches the start again only through a cycle.
TEST(VarExpandDistinctEndsTest, TheStartCountsOnlyWhenACycleReturnsToIt) {
  auto db = Database::OpenInMemory();
  auto conn = db->Connect();
  conn->Query(
      "CREATE (a:N {id: 0})-[:A]->(b:N {id: 1})-[:A]->(c:N {id: 2})-[:A]->(a), "
      "(d:N {id: 3})-[:A]->(d), (e:N {id: 4})-[:A]->(f:N {id: 5})");
  const std::string q = "MATCH (a:N {id: $id})-[:A*1..2]->(c) RETURN count(DISTINCT c)";
  EXPECT_EQ(CountFor(*conn, q, 0), 2);  // 1, 2: the cycle back to 0 needs 3 hops
  EXPECT_EQ(CountFor(*conn, "MATCH (a:N {id: $id})-[:A*1..3]->(c) RETURN count(DISTINCT c)", 0), 3);
  EXPECT_EQ(CountFor(*conn, q, 3), 1);  // the self-loop
  EXPECT_EQ(CountFor(*conn, q, 4), 1);
  EXPECT_EQ(CountFor(*conn, "MATCH (a:N {id: $id})-[:A*0..2]->(c) RETURN count(DISTINCT c)", 4), 2);
}

}  // namespace
}  // namespace quiver
