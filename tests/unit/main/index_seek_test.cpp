// Property-index seeks answer exactly what a scan answers. Two on-disk databases take the
// same writes, one with indexes on :Person(v) and :Person(w, v): every predicate the
// planner turns into a NodeIndexSeek (=, IN, ranges, STARTS WITH; values of every type,
// null, NaN, 1 against 1.0 and '1') gives the same rows in both — over the generation's
// index file alone, with writes in the delta (set, removed, relabelled, created and
// deleted nodes), after a compaction, after reopening, and after DROP INDEX.

#include <gtest/gtest.h>

#include <random>

#include "quiver/database.h"
#include "test_util/index_test_util.h"
#include "test_util/temp_dir.h"

namespace quiver {
namespace {

using quiver::testing::PlanText;
using quiver::testing::Rows;

class IndexSeekTest : public quiver::testing::TwinDatabaseTest {
 protected:
  void Load() {
    std::mt19937 rng(7);
    const auto values = quiver::testing::IndexSeekValues();
    for (int i = 0; i < 600; ++i) {
      ValueMap p{{"i", Value::Int(i)},
                 {"v", values[rng() % values.size()]},
                 {"w", values[rng() % values.size()]},
                 {"label", Value::Bool(rng() % 5 != 0)}};
      Both("CREATE (n:Node {i: $i, v: $v, w: $w}) WITH n WHERE $label SET n:Person", p);
    }
  }

  // Random writes: the delta over the indexed generation.
  void Churn(int seed) {
    std::mt19937 rng(seed);
    const auto values = quiver::testing::IndexSeekValues();
    for (int step = 0; step < 300; ++step) {
      ValueMap p{{"i", Value::Int(rng() % 700)}, {"v", values[rng() % values.size()]}};
      switch (rng() % 6) {
        case 0: Both(rng() % 2 ? "MATCH (n:Node {i: $i}) SET n.v = $v" : "MATCH (n:Node {i: $i}) SET n.w = $v", p); break;
        case 1: Both("MATCH (n:Node {i: $i}) REMOVE n.v", p); break;
        case 2: Both("MATCH (n:Node {i: $i}) SET n:Person", p); break;
        case 3: Both("MATCH (n:Node {i: $i}) REMOVE n:Person", p); break;
        case 4: Both("CREATE (:Node:Person {i: $i + 1000, v: $v})", p); break;
        case 5: Both("MATCH (n:Node {i: $i}) DETACH DELETE n", p); break;
      }
    }
  }

  // Every seekable predicate over every value: the same rows; and the indexed database
  // plans a seek for each (while its index is online).
  void Compare(bool expect_seek, const std::string& stage) {
    const std::vector<std::string> predicates = {
        "n.v = $x",       "$x = n.v",        "n.v IN [$x, 'ab', 7]", "n.v IN $list", "n.v > $x",
        "n.v >= $x",      "n.v < $x",        "$x < n.v",             "n.v <= $x",    "n.v STARTS WITH $s",
        "n.w = $x",       "n.v = $x AND n.w >= $x", "n.v >= $x AND n.v < 7", "n.v > $x AND n.v <= 'b'",
        "$x <= n.v < 2", "n.w = $x AND n.v >= $x", "n.w = $x AND n.v IN [$x, 1, 'a']",
        "n.w = 'a' AND n.v STARTS WITH $s", "n.w = $x AND n.v = 7"};
    auto ci = indexed_->Connect();
    auto cp = plain_->Connect();
    int checked = 0;
    for (const Value& x : quiver::testing::IndexSeekValues()) {
      const ValueMap params = quiver::testing::SeekParams(x);
      for (const std::string& predicate : predicates) {
        const std::string q = "MATCH (n:Person) WHERE " + predicate + " RETURN n.i, n.v ORDER BY n.i";
        ASSERT_EQ(Rows(ci->Query(q, params)), Rows(cp->Query(q, params)))
            << stage << ": " << q << " with x = " << ToTckString(x);
        if (expect_seek && predicate.find("n.w") == std::string::npos) {
          EXPECT_NE(PlanText(*ci, q, params).find("NodeIndexSeek"), std::string::npos) << stage << ": " << q;
        }
        ++checked;
      }
    }
    EXPECT_GT(checked, 200);
  }
};

TEST_F(IndexSeekTest, SeeksAnswerAsScansDoThroughDeltaCompactionReopenAndDrop) {
  Load();
  CompactBoth();  // the nodes in the generation: the index is built from it
  auto conn = indexed_->Connect();
  QueryResult created = conn->Query("CREATE INDEX person_v FOR (n:Person) ON (n.v)");
  EXPECT_EQ(created.summary().counters.indexes_added, 1u);
  conn->Query("CREATE INDEX person_wv FOR (n:Person) ON (n.w, n.v)");
  QueryResult listed = conn->Query("SHOW INDEXES YIELD name, state WHERE name STARTS WITH 'person' RETURN state");
  while (listed.Next()) EXPECT_EQ(listed.row()[0].AsString(), "ONLINE");
  Compare(true, "generation only");
  // A composite index is sought on its leading equality and the next key.
  const std::string composite = PlanText(*indexed_->Connect(), "MATCH (n:Person) WHERE n.w = $x AND n.v > 1 RETURN n",
                                         {{"x", Value::Int(1)}});
  EXPECT_NE(composite.find("person_wv n:Person(w, v) WHERE w = $x AND v > 1"), std::string::npos) << composite;
  Churn(1);
  Compare(true, "with a delta");
  CompactBoth();
  Compare(true, "after compaction");
  Churn(2);
  Reopen();
  Compare(true, "reopened, delta replayed");
  indexed_->Connect()->Query("DROP INDEX person_v");
  Compare(false, "dropped");
}

// An index created while the delta holds writes: they are its candidates too.
TEST_F(IndexSeekTest, CreatedOverADelta) {
  Load();
  Churn(3);
  indexed_->Connect()->Query("CREATE INDEX FOR (n:Person) ON (n.v)");
  Compare(true, "index created over a delta");
  Churn(4);
  Compare(true, "more writes");
}

// The in-memory database plans and answers the same way.
TEST(IndexSeekInMemoryTest, SeeksAndAnswers) {
  auto db = Database::OpenInMemory();
  auto conn = db->Connect();
  conn->Query("UNWIND range(1, 100) AS i CREATE (:P {k: i % 10, s: 'x' + i})");
  conn->Query("CREATE INDEX FOR (n:P) ON (n.k)");
  const std::string q = "MATCH (n:P) WHERE n.k IN [3, 4.0, '5'] RETURN count(*) AS c";
  EXPECT_NE(PlanText(*conn, q, {}).find("NodeIndexSeek"), std::string::npos);
  EXPECT_EQ(Rows(conn->Query(q)), "20 \n");
  EXPECT_EQ(Rows(conn->Query("MATCH (n:P) WHERE n.k >= 8 RETURN count(*)")), "20 \n");
  conn->Query("MATCH (n:P {k: 3}) SET n.k = 100");
  EXPECT_EQ(Rows(conn->Query(q)), "10 \n");
}

}  // namespace
}  // namespace quiver
