// Relationship property-index seeks answer exactly what an expand answers. Two on-disk
// databases take the same writes, one with indexes on [:KNOWS(v)] and [:KNOWS(w, v)]:
// every predicate the planner turns into a Directed/UndirectedRelationshipIndexSeek (=,
// IN, ranges, STARTS WITH, the pattern's {v: …}; values of every type, null, NaN, 1
// against 1.0 and '1') gives the same rows in both — over the generation's index file
// alone, with writes in the delta (relationships created, re-valued, their properties
// removed, deleted, their end nodes detach-deleted), after a compaction, after
// reopening, and after DROP INDEX.

#include <gtest/gtest.h>

#include <random>

#include "quiver/database.h"
#include "test_util/index_test_util.h"
#include "test_util/temp_dir.h"

namespace quiver {
namespace {

using quiver::testing::PlanText;
using quiver::testing::Rows;

class RelIndexSeekTest : public quiver::testing::TwinDatabaseTest {
 protected:
  void Load() {
    Both("UNWIND range(0, 119) AS i CREATE (:N {i: i})");
    std::mt19937 rng(7);
    const auto values = quiver::testing::IndexSeekValues();
    for (int i = 0; i < 500; ++i) {
      ValueMap p{{"i", Value::Int(i)},
                 {"a", Value::Int(rng() % 120)},
                 {"b", Value::Int(rng() % 10 == 0 ? 0 : rng() % 120)},
                 {"v", values[rng() % values.size()]},
                 {"w", values[rng() % values.size()]}};
      Both(rng() % 5 == 0
               ? "MATCH (a:N {i: $a}), (b:N {i: $b}) CREATE (a)-[:LIKES {i: $i, v: $v, w: $w}]->(b)"
               : "MATCH (a:N {i: $a}), (b:N {i: $b}) CREATE (a)-[:KNOWS {i: $i, v: $v, w: $w}]->(b)",
           p);
    }
  }

  // Random writes: the delta over the indexed generation.
  void Churn(int seed) {
    std::mt19937 rng(seed);
    const auto values = quiver::testing::IndexSeekValues();
    for (int step = 0; step < 200; ++step) {
      ValueMap p{{"i", Value::Int(rng() % 560)},
                 {"v", values[rng() % values.size()]},
                 {"a", Value::Int(rng() % 130)},
                 {"b", Value::Int(rng() % 130)}};
      switch (rng() % 7) {
        case 0:
          Both("MATCH ()-[r {i: $i}]->() SET r.v = $v", p);
          break;
        case 1:
          Both("MATCH ()-[r {i: $i}]->() SET r.w = $v", p);
          break;
        case 2:
          Both("MATCH ()-[r {i: $i}]->() REMOVE r.v", p);
          break;
        case 3:
          Both("MATCH ()-[r {i: $i}]->() DELETE r", p);
          break;
        case 4:
          Both("MATCH (a:N {i: $a}), (b:N {i: $b}) CREATE (a)-[:KNOWS {i: $i + 1000, v: $v, w: $v}]->(b)", p);
          break;
        case 5:
          Both("MATCH (n:N {i: $a}) DETACH DELETE n", p);
          break;
        case 6:
          Both("CREATE (:N {i: $a + 200})-[:KNOWS {i: $i + 2000, v: $v}]->(:N {i: $b + 300})", p);
          break;
      }
    }
  }

  void Compare(bool expect_seek, const std::string& stage) {
    const std::vector<std::string> predicates = {"r.v = $x",
                                                 "$x = r.v",
                                                 "r.v IN [$x, 'ab', 7]",
                                                 "r.v IN $list",
                                                 "r.v > $x",
                                                 "r.v >= $x",
                                                 "r.v < $x",
                                                 "$x < r.v",
                                                 "r.v <= $x",
                                                 "r.v STARTS WITH $s",
                                                 "r.v >= $x AND r.v < 7",
                                                 "$x <= r.v < 2",
                                                 "r.w = $x AND r.v >= $x",
                                                 "r.w = $x AND r.v IN [$x, 1, 'a']",
                                                 "r.w = 'a' AND r.v STARTS WITH $s"};
    const std::vector<std::string> patterns = {"(a)-[r:KNOWS]->(b)", "(a)<-[r:KNOWS]-(b)",
                                               "(a)-[r:KNOWS]-(b)"};
    auto ci = indexed_->Connect();
    auto cp = plain_->Connect();
    int checked = 0;
    for (const Value& x : quiver::testing::IndexSeekValues()) {
      const ValueMap params = quiver::testing::SeekParams(x);
      for (const std::string& pattern : patterns) {
        for (const std::string& predicate : predicates) {
          const std::string q =
              "MATCH " + pattern + " WHERE " + predicate + " RETURN a.i, r.i, b.i, r.v ORDER BY r.i, a.i";
          ASSERT_EQ(Rows(ci->Query(q, params)), Rows(cp->Query(q, params)))
              << stage << ": " << q << " with x = " << ToTckString(x);
          if (expect_seek) {
            EXPECT_NE(PlanText(*ci, q, params).find("RelationshipIndexSeek"), std::string::npos)
                << stage << ": " << q;
          }
          ++checked;
        }
        const std::string q = "MATCH " + pattern.substr(0, pattern.find("r:KNOWS") + 7) + " {v: $x}" +
                              pattern.substr(pattern.find("r:KNOWS") + 7) +
                              " RETURN a.i, r.i, b.i ORDER BY r.i, a.i";
        ASSERT_EQ(Rows(ci->Query(q, params)), Rows(cp->Query(q, params))) << stage << ": " << q;
      }
    }
    EXPECT_GT(checked, 500);
  }
};

TEST_F(RelIndexSeekTest, SeeksAnswerAsExpandsDoThroughDeltaCompactionReopenAndDrop) {
  Load();
  CompactBoth();
  auto conn = indexed_->Connect();
  QueryResult created = conn->Query("CREATE INDEX knows_v FOR ()-[r:KNOWS]-() ON (r.v)");
  EXPECT_EQ(created.summary().counters.indexes_added, 1u);
  conn->Query("CREATE INDEX knows_wv FOR ()-[r:KNOWS]-() ON (r.w, r.v)");
  EXPECT_EQ(Rows(conn->Query(
                "SHOW INDEXES YIELD name, state, entityType, labelsOrTypes, properties "
                "WHERE name STARTS WITH 'knows' RETURN name, state, entityType, labelsOrTypes, properties "
                "ORDER BY name")),
            "'knows_v' 'ONLINE' 'RELATIONSHIP' ['KNOWS'] ['v'] \n"
            "'knows_wv' 'ONLINE' 'RELATIONSHIP' ['KNOWS'] ['w', 'v'] \n");
  Compare(true, "generation only");
  Churn(1);
  Compare(true, "with a delta");
  CompactBoth();
  Compare(true, "after compaction");
  Churn(2);
  Reopen();
  Compare(true, "reopened, delta replayed");
  indexed_->Connect()->Query("DROP INDEX knows_v");
  indexed_->Connect()->Query("DROP INDEX knows_wv");
  Compare(false, "dropped");
  EXPECT_EQ(
      PlanText(*indexed_->Connect(), "MATCH (a)-[r:KNOWS]->(b) WHERE r.v = 1 RETURN b").find("IndexSeek"),
      std::string::npos);
}

// An index created while the delta holds relationships: they are its candidates too.
TEST_F(RelIndexSeekTest, CreatedOverADelta) {
  Load();
  Churn(3);
  indexed_->Connect()->Query("CREATE INDEX FOR ()-[r:KNOWS]-() ON (r.v)");
  indexed_->Connect()->Query("CREATE INDEX FOR ()-[r:KNOWS]-() ON (r.w, r.v)");
  Compare(true, "index created over a delta");
  Churn(4);
  Compare(true, "more writes");
  Reopen();
  Compare(true, "reopened");
}

TEST_F(RelIndexSeekTest, ExplainNamesTheIndexThePatternAndTheTest) {
  Load();
  auto conn = indexed_->Connect();
  conn->Query("CREATE INDEX knows_v FOR ()-[r:KNOWS]-() ON (r.v)");
  conn->Query("CREATE INDEX knows_wv FOR ()-[r:KNOWS]-() ON (r.w, r.v)");
  std::string plan =
      PlanText(*conn, "MATCH (a)-[r:KNOWS]->(b) WHERE r.v = $v RETURN a, b", {{"v", Value::Int(1)}});
  EXPECT_NE(plan.find("DirectedRelationshipIndexSeek"), std::string::npos) << plan;
  EXPECT_NE(plan.find("RANGE INDEX knows_v (a)-[r:KNOWS(v)]->(b) WHERE v = $v"), std::string::npos) << plan;
  plan = PlanText(*conn, "MATCH (a)-[r:KNOWS]-(b) WHERE r.v > 1 AND r.v <= 5 RETURN a, b");
  EXPECT_NE(plan.find("UndirectedRelationshipIndexSeek"), std::string::npos) << plan;
  EXPECT_NE(plan.find("(a)-[r:KNOWS(v)]-(b) WHERE v > 1 AND v <= 5"), std::string::npos) << plan;
  plan = PlanText(*conn, "MATCH (a)<-[r:KNOWS {w: 'x'}]-(b) WHERE r.v STARTS WITH 'a' RETURN a, b");
  EXPECT_NE(plan.find("knows_wv (a)<-[r:KNOWS(w, v)]-(b) WHERE w = 'x' AND v STARTS WITH 'a'"),
            std::string::npos)
      << plan;
  // An endpoint's label stays a Filter; a bound endpoint, another type, or no index: Expand.
  plan = PlanText(*conn, "MATCH (a:N)-[r:KNOWS]->(b:N) WHERE r.v = 1 RETURN a, b");
  EXPECT_NE(plan.find("RelationshipIndexSeek"), std::string::npos) << plan;
  // From a labelled start only an equality or IN replaces the scan (a range might give
  // more relationships than the label has nodes).
  plan = PlanText(*conn, "MATCH (a:N)-[r:KNOWS]->(b) WHERE r.v > 1 RETURN a, b");
  EXPECT_EQ(plan.find("RelationshipIndexSeek"), std::string::npos) << plan;
  plan = PlanText(*conn, "MATCH (a {i: 1})-[r:KNOWS]->(b) WHERE r.v = 1 RETURN b");
  EXPECT_EQ(plan.find("RelationshipIndexSeek"), std::string::npos) << plan;
  plan = PlanText(*conn, "MATCH (a)-[r:LIKES]->(b) WHERE r.v = 1 RETURN b");
  EXPECT_EQ(plan.find("RelationshipIndexSeek"), std::string::npos) << plan;
  plan = PlanText(*conn, "MATCH (a)-[r:KNOWS|LIKES]->(b) WHERE r.v = 1 RETURN b");
  EXPECT_EQ(plan.find("RelationshipIndexSeek"), std::string::npos) << plan;
  plan = PlanText(*conn, "MATCH (a)-[r:KNOWS]->(b) WHERE r.i = 1 RETURN b");
  EXPECT_EQ(plan.find("RelationshipIndexSeek"), std::string::npos) << plan;
}

// The in-memory database plans and answers the same way.
TEST(RelIndexSeekInMemoryTest, SeeksAndAnswers) {
  auto db = Database::OpenInMemory();
  auto conn = db->Connect();
  conn->Query("UNWIND range(1, 100) AS i CREATE (a:P {i: i})-[:R {k: i % 10}]->(b:P {i: -i})");
  conn->Query("MATCH (a:P {i: 1}) CREATE (a)-[:R {k: 3}]->(a)");
  conn->Query("CREATE INDEX FOR ()-[r:R]-() ON (r.k)");
  const std::string q = "MATCH (a)-[r:R]->(b) WHERE r.k IN [3, 4.0, '5'] RETURN count(*) AS c";
  EXPECT_NE(PlanText(*conn, q).find("DirectedRelationshipIndexSeek"), std::string::npos);
  EXPECT_EQ(Rows(conn->Query(q)), "21 \n");
  // Undirected: each relationship from both ends, the self-loop once.
  EXPECT_EQ(Rows(conn->Query("MATCH (a)-[r:R]-(b) WHERE r.k = 3 RETURN count(*)")), "21 \n");
  // A test reading an end the seek would bind is left to the Filter.
  const std::string ends = "MATCH (a)-[r:R]->(b) WHERE r.k = a.i % 10 RETURN count(*)";
  EXPECT_EQ(PlanText(*conn, ends).find("RelationshipIndexSeek"), std::string::npos);
  EXPECT_EQ(Rows(conn->Query(ends)), "100 \n");
  conn->Query("MATCH ()-[r:R {k: 3}]->() SET r.k = 100");
  EXPECT_EQ(Rows(conn->Query(q)), "10 \n");
}

}  // namespace
}  // namespace quiver
