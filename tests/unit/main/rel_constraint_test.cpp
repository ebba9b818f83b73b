// Relationship UNIQUE and KEY constraints (Neo4j 5.7+) through the public API, in memory
// and on disk: their backing relationship index ONLINE and sought, enforcement at commit
// (CREATE, SET, several written at once), creation verifying the data, and on disk the
// check answered from the compacted generation's index file after a reopen.

#include <gtest/gtest.h>

#include "quiver/database.h"
#include "test_util/index_test_util.h"
#include "test_util/query_error.h"
#include "test_util/temp_dir.h"

namespace quiver {
namespace {

using quiver::testing::ErrorOf;
using quiver::testing::MessageOf;

int64_t Count(Connection& conn, const std::string& text) {
  return quiver::testing::FirstInt(conn, text);
}

void ExpectEnforced(Connection& conn) {
  const std::string message =
      MessageOf(conn, "MATCH (a:N {i: 1}), (b:N {i: 2}) CREATE (b)-[:R {k: 1.0}]->(a)");
  EXPECT_NE(message.find("already exists with type `R` and property `k` = 1.0"), std::string::npos)
      << message;
  EXPECT_EQ(ErrorOf(conn, "MATCH ()-[r:R {k: 2}]->() SET r.k = 1"), "SchemaError/ConstraintValidationFailed");
  EXPECT_EQ(ErrorOf(conn,
                    "MATCH (a:N {i: 1}), (b:N {i: 2}) UNWIND range(3, 30) AS k CREATE (a)-[:R {k: k}]->(b) "
                    "WITH a, b LIMIT 1 CREATE (b)-[:R {k: 2}]->(a)"),
            "SchemaError/ConstraintValidationFailed");
  EXPECT_EQ(Count(conn, "MATCH ()-[r:R]->() RETURN count(r)"), 2);
  // A value freed by a delete may be taken again; other types are not covered.
  conn.Query("MATCH ()-[r:R {k: 2}]->() DELETE r");
  conn.Query("MATCH (a:N {i: 1}), (b:N {i: 2}) CREATE (b)-[:R {k: 2}]->(a), (a)-[:Q {k: 1}]->(b)");
  EXPECT_EQ(Count(conn, "MATCH ()-[r:R]->() RETURN count(r)"), 2);
}

void UniqueAndKey(Database& db) {
  auto conn = db.Connect();
  conn->Query("CREATE (a:N {i: 1})-[:R {k: 1}]->(b:N {i: 2}), (b)-[:R {k: 1.0}]->(a)");
  const std::string failed = MessageOf(*conn, "CREATE CONSTRAINT r_k FOR ()-[r:R]-() REQUIRE r.k IS UNIQUE");
  EXPECT_NE(failed.find("have the type `R` and property `k` = 1"), std::string::npos) << failed;
  conn->Query("MATCH ()-[r:R {k: 1.0}]->(:N {i: 1}) SET r.k = 2");
  const QueryResult created = conn->Query("CREATE CONSTRAINT r_k FOR ()-[r:R]-() REQUIRE r.k IS UNIQUE");
  EXPECT_EQ(created.summary().counters.constraints_added, 1u);
  const QueryResult index = conn->Query(
      "SHOW INDEXES YIELD name, state, entityType WHERE name = 'r_k' "
      "RETURN state, entityType");
  EXPECT_EQ(index.rows().at(0).at(0).AsString(), "ONLINE");
  EXPECT_EQ(index.rows().at(0).at(1).AsString(), "RELATIONSHIP");
  const QueryResult explained = conn->Query("EXPLAIN MATCH (a)-[r:R {k: 1}]->(b) RETURN b");
  ASSERT_TRUE(explained.summary().plan);
  EXPECT_NE(FormatPlan(*explained.summary().plan).find("DirectedRelationshipIndexSeek"), std::string::npos);
  ExpectEnforced(*conn);

  conn->Query("CREATE CONSTRAINT s_key FOR ()-[r:S]-() REQUIRE (r.a, r.b) IS RELATIONSHIP KEY");
  EXPECT_EQ(Count(*conn, "SHOW CONSTRAINTS YIELD name, type WHERE type = 'RELATIONSHIP_KEY' RETURN count(*)"),
            1);
  const std::string missing =
      MessageOf(*conn, "MATCH (a:N {i: 1}), (b:N {i: 2}) CREATE (a)-[:S {a: 1}]->(b)");
  EXPECT_NE(missing.find("with type `S` must have the properties (`a`, `b`)"), std::string::npos) << missing;
  conn->Query(
      "MATCH (a:N {i: 1}), (b:N {i: 2}) CREATE (a)-[:S {a: 1, b: 1}]->(b), (a)-[:S {a: 1, b: 2}]->(b)");
  EXPECT_EQ(ErrorOf(*conn, "MATCH (a:N {i: 1}), (b:N {i: 2}) CREATE (b)-[:S {a: 1.0, b: 1}]->(a)"),
            "SchemaError/ConstraintValidationFailed");
  EXPECT_EQ(ErrorOf(*conn, "MATCH ()-[s:S {b: 2}]->() SET s.b = 1"),
            "SchemaError/ConstraintValidationFailed");
  EXPECT_EQ(Count(*conn, "MATCH ()-[s:S]->() RETURN count(s)"), 2);
}

class RelConstraintStoreTest : public ::testing::TestWithParam<bool> {
 protected:
  std::unique_ptr<Database> Open() {
    return GetParam() ? Database::Open(dir_.Join("db")) : Database::OpenInMemory();
  }
  quiver::testing::TempDir dir_;
};

TEST_P(RelConstraintStoreTest, UniqueAndKey) {
  UniqueAndKey(*Open());
}

INSTANTIATE_TEST_SUITE_P(Stores, RelConstraintStoreTest, ::testing::Values(false, true),
                         [](const ::testing::TestParamInfo<bool>& info) {
                           return info.param ? "OnDisk" : "InMemory";
                         });

// After a compaction the backing index is a file of the generation: the check seeks it.
TEST(RelConstraintTest, EnforcedFromTheCompactedGeneration) {
  quiver::testing::TempDir dir;
  const std::string path = dir.Join("db");
  auto db = Database::Open(path);
  db->Connect()->Query("CREATE (a:N {i: 1})-[:R {k: 1}]->(b:N {i: 2}), (b)-[:R {k: 2}]->(a)");
  db->Connect()->Query("CREATE CONSTRAINT r_k FOR ()-[r:R]-() REQUIRE r.k IS UNIQUE");
  quiver::testing::CompactOnDisk(db, path);
  ExpectEnforced(*db->Connect());
}

}  // namespace
}  // namespace quiver
