// The optimizer's "count by degree" rewrite (planner/optimizer.cpp) on the last hop of a
// longer pattern: `MATCH (a)-[r1]->(b)-[r2]->(c) RETURN count(c)` sums degree(b), less r1
// where b's adjacency holds it (a self-loop: r2 may not bind r1 again), instead of
// listing every r2. It must answer exactly as listing does — checked against the same
// query written so the rewrite cannot apply (count of a property, which every node has)
// on seeded random multigraphs with self-loops and parallel relationships — and must not
// apply to an undirected last hop, where a self-loop is met from both ends.

#include <gtest/gtest.h>

#include <string>

#include "query_test_util.h"

namespace quiver {
namespace {

TEST(CountByDegreeTest, LastHopCountsAnswerAsListingDoes) {
  auto db = Database::OpenInMemory();
  auto conn = db->Connect();
  BuildRandomGraph(*conn, 30, 150, 11);
  const char* shapes[] = {
      "-[:A]->()-[:A]->(c)",          "-[:A]->()<-[:A]-(c)",  "<-[:A]-()-[:A]->(c)",
      "-[]->()-[]->(c)",              "-[:A]->()-[:B]->(c)",  "-[:A|B]->()-[:A]->(c)",
      "-[:A]->()-[:A]->()-[:A]->(c)", "-[:A]-()-[:A]->(c)",   "-[r1:A]->()-[:A]->(c)",
  };
  for (const char* shape : shapes) {
    SCOPED_TRACE(shape);
    const std::string fast = std::string("MATCH (a:N {id: $id})") + shape + " RETURN count(c)";
    const std::string slow = std::string("MATCH (a:N {id: $id})") + shape + " RETURN count(c.id)";
    EXPECT_NE(Plan(*conn, fast).find("degree("), std::string::npos) << Plan(*conn, fast);
    EXPECT_EQ(Plan(*conn, slow).find("degree("), std::string::npos) << Plan(*conn, slow);
    int64_t total = 0;
    for (int64_t id = 0; id < 30; ++id) {
      const int64_t want = CountFor(*conn, slow, id);
      EXPECT_EQ(CountFor(*conn, fast, id), want) << "source " << id;
      total += want;
    }
    EXPECT_GT(total, 0);
  }
  // count(*) over every start node at once, and grouped by the start.
  const std::string all = "MATCH (a:N)-[:A]->(b)-[:A]->(c) RETURN count(*)";
  EXPECT_NE(Plan(*conn, all).find("degree("), std::string::npos);
  EXPECT_EQ(conn->Query(all).rows().at(0).at(0).AsInt(),
            conn->Query("MATCH (a:N)-[:A]->(b)-[:A]->(c) RETURN count(c.id)").rows().at(0).at(0).AsInt());
}

// A self-loop is the only relationship a directed second hop could meet again.
TEST(CountByDegreeTest, ASelfLoopIsNotCountedTwice) {
  auto db = Database::OpenInMemory();
  auto conn = db->Connect();
  conn->Query("CREATE (a:N {id: 0})-[:A]->(a), (a)-[:A]->(b:N {id: 1}), (b)-[:A]->(b)");
  // From a: a-loop then a->b (the loop may not repeat); a->b then b's loop.
  EXPECT_EQ(CountFor(*conn, "MATCH (a:N {id: $id})-[:A]->()-[:A]->(c) RETURN count(c)", 0), 2);
  // From b: only the loop, and it may not be taken twice.
  EXPECT_EQ(CountFor(*conn, "MATCH (a:N {id: $id})-[:A]->()-[:A]->(c) RETURN count(c)", 1), 0);
  // Three hops from a: loop, a->b, b-loop; the loop twice is not a path.
  EXPECT_EQ(CountFor(*conn, "MATCH (a:N {id: $id})-[:A]->()-[:A]->()-[:A]->(c) RETURN count(c)", 0), 1);
}

TEST(CountByDegreeTest, NotAppliedToAnUndirectedLastHopOfALongerPattern) {
  auto db = Database::OpenInMemory();
  auto conn = db->Connect();
  const std::string q = "MATCH (a:N {id: $id})-[:A]->()-[:A]-(c) RETURN count(c)";
  EXPECT_EQ(Plan(*conn, q).find("degree("), std::string::npos) << Plan(*conn, q);
  conn->Query("CREATE (a:N {id: 0})-[:A]->(b:N {id: 1}), (b)-[:A]->(b)");
  EXPECT_EQ(CountFor(*conn, q, 0), 1);  // a->b, then b's loop (a->b may not repeat)
}

}  // namespace
}  // namespace quiver
