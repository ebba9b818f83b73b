// SHOW INDEXES and the index commands through the public API, as they stand now
// (docs/design.md, "Indexes and constraints", status): SHOW INDEXES lists the two LOOKUP
// indexes every database has and nothing else; CREATE INDEX and DROP INDEX parse but are
// refused by name, in memory and on disk, and change nothing.

#include <gtest/gtest.h>

#include "quiver/database.h"
#include "test_util/query_error.h"
#include "test_util/temp_dir.h"

namespace quiver {
namespace {

using quiver::testing::ErrorOf;

void ListsTheLookupIndexesAndRefusesPropertyIndexes(Database& db) {
  auto conn = db.Connect();
  conn->Query("CREATE (:Person {name: 'Ann'})");
  const QueryResult all = conn->Query("SHOW INDEXES");
  EXPECT_EQ(all.columns(),
            (std::vector<std::string>{"id", "name", "state", "populationPercent", "type", "entityType",
                                      "labelsOrTypes", "properties", "indexProvider", "owningConstraint",
                                      "lastRead", "readCount"}));
  ASSERT_EQ(all.rows().size(), 2u);
  EXPECT_EQ(all.rows()[0].at(1).AsString(), "index_343aff4e");
  EXPECT_EQ(all.rows()[0].at(2).AsString(), "ONLINE");
  EXPECT_EQ(all.rows()[0].at(5).AsString(), "NODE");
  EXPECT_EQ(all.rows()[1].at(5).AsString(), "RELATIONSHIP");
  EXPECT_TRUE(conn->Query("SHOW RANGE INDEXES").rows().empty());
  const QueryResult create = conn->Query(
      "SHOW INDEXES YIELD name, createStatement WHERE name = 'index_f7700477' RETURN createStatement");
  ASSERT_EQ(create.rows().size(), 1u);
  EXPECT_EQ(create.rows()[0].at(0).AsString(),
            "CREATE LOOKUP INDEX `index_f7700477` FOR ()-[r]-() ON EACH type(r)");

  EXPECT_EQ(ErrorOf(*conn, "CREATE INDEX person_name FOR (n:Person) ON (n.name)"),
            "SyntaxError/UnsupportedSchemaCommand");
  EXPECT_EQ(ErrorOf(*conn, "CREATE INDEX IF NOT EXISTS FOR ()-[r:KNOWS]-() ON (r.since)"),
            "SyntaxError/UnsupportedSchemaCommand");
  EXPECT_EQ(ErrorOf(*conn, "DROP INDEX person_name IF EXISTS"), "SyntaxError/UnsupportedSchemaCommand");
  try {
    conn->Query("DROP INDEX person_name");
    ADD_FAILURE() << "DROP INDEX ran";
  } catch (const QuiverError& e) {
    EXPECT_NE(std::string(e.what()).find("DROP INDEX is not supported yet"), std::string::npos) << e.what();
  }
  EXPECT_EQ(conn->Query("SHOW INDEXES").rows().size(), 2u);  // nothing was created
  EXPECT_EQ(conn->Query("MATCH (n:Person) RETURN n.name").rows().size(), 1u);
}

TEST(IndexCommandTest, InMemory) {
  auto db = Database::OpenInMemory();
  ListsTheLookupIndexesAndRefusesPropertyIndexes(*db);
}

TEST(IndexCommandTest, OnDisk) {
  quiver::testing::TempDir dir;
  auto db = Database::Open(dir.Join("db"));
  ListsTheLookupIndexesAndRefusesPropertyIndexes(*db);
}

}  // namespace
}  // namespace quiver
