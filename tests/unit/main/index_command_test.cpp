// The index commands through the public API, in memory and on disk: SHOW INDEXES lists
// the two LOOKUP indexes every database has and the property indexes created since;
// CREATE INDEX and DROP INDEX follow Neo4j 5's conflict rules and errors (SchemaError,
// IF NOT EXISTS / IF EXISTS as no-ops), count in the summary, commit and roll back with
// their transaction, and survive reopening.

#include <gtest/gtest.h>

#include "common/file/env.h"
#include "quiver/database.h"
#include "storage/txn/transactional_store.h"
#include "test_util/query_error.h"
#include "test_util/temp_dir.h"

namespace quiver {
namespace {

using quiver::testing::ErrorOf;

std::vector<std::string> PropertyIndexes(Connection& conn) {
  std::vector<std::string> out;
  QueryResult r = conn.Query("SHOW RANGE INDEXES YIELD name, state RETURN name + ':' + state ORDER BY name");
  while (r.Next()) out.push_back(std::string(r.row()[0].AsString()));
  return out;
}

void CreatesListsAndDropsIndexes(Database& db) {
  auto conn = db.Connect();
  conn->Query("CREATE (:Person {name: 'Ann'})");
  const QueryResult all = conn->Query("SHOW INDEXES");
  EXPECT_EQ(all.columns(),
            (std::vector<std::string>{"id", "name", "state", "populationPercent", "type", "entityType",
                                      "labelsOrTypes", "properties", "indexProvider", "owningConstraint",
                                      "lastRead", "readCount"}));
  ASSERT_EQ(all.rows().size(), 2u);
  EXPECT_EQ(all.rows()[0].at(1).AsString(), "index_343aff4e");
  EXPECT_EQ(all.rows()[1].at(5).AsString(), "RELATIONSHIP");

  QueryResult created = conn->Query("CREATE INDEX person_name FOR (n:Person) ON (n.name)");
  EXPECT_EQ(created.summary().counters.indexes_added, 1u);
  EXPECT_EQ(PropertyIndexes(*conn), (std::vector<std::string>{"person_name:ONLINE"}));
  // What Neo4j scripts call after CREATE INDEX: the index is ONLINE already.
  EXPECT_TRUE(conn->Query("CALL db.awaitIndexes(300)").rows().empty());
  EXPECT_TRUE(conn->Query("CALL db.awaitIndex('person_name')").rows().empty());
  EXPECT_EQ(ErrorOf(*conn, "CALL db.awaitIndex('nope', 10)"), "ProcedureError/ProcedureCallFailed");
  EXPECT_EQ(conn->Query("CREATE INDEX person_name IF NOT EXISTS FOR (n:Person) ON (n.name)").summary().counters,
            UpdateCounters{});
  EXPECT_EQ(ErrorOf(*conn, "CREATE INDEX person_name FOR (n:Person) ON (n.name)"),
            "SchemaError/EquivalentSchemaRuleAlreadyExists");
  EXPECT_EQ(ErrorOf(*conn, "CREATE INDEX person_name FOR (n:Person) ON (n.age)"),
            "SchemaError/IndexWithNameAlreadyExists");
  EXPECT_EQ(ErrorOf(*conn, "CREATE INDEX other FOR (n:Person) ON (n.name)"), "SchemaError/IndexAlreadyExists");
  EXPECT_EQ(ErrorOf(*conn, "CREATE INDEX x FOR (n:P) ON (n.a) OPTIONS {indexProvider: 'text-2.0'}"),
            "SemanticError/InvalidArgument");
  EXPECT_EQ(ErrorOf(*conn, "DROP INDEX index_343aff4e"), "SchemaError/IndexDropFailed");
  EXPECT_EQ(ErrorOf(*conn, "DROP INDEX nothing"), "SchemaError/IndexDropFailed");
  EXPECT_EQ(conn->Query("DROP INDEX nothing IF EXISTS").summary().counters, UpdateCounters{});

  // An explicit transaction that rolls back leaves no index.
  conn->Begin();
  conn->Query("CREATE TEXT INDEX person_text FOR (n:Person) ON (n.nick)");
  conn->Rollback();
  EXPECT_EQ(PropertyIndexes(*conn), (std::vector<std::string>{"person_name:ONLINE"}));

  conn->Query("CREATE INDEX FOR (n:Person) ON (n.age, n.name)");
  EXPECT_EQ(PropertyIndexes(*conn), (std::vector<std::string>{"index_c400b635:ONLINE", "person_name:ONLINE"}));
  EXPECT_EQ(conn->Query("DROP INDEX person_name").summary().counters.indexes_removed, 1u);
  EXPECT_EQ(PropertyIndexes(*conn), (std::vector<std::string>{"index_c400b635:ONLINE"}));
  EXPECT_EQ(conn->Query("MATCH (n:Person) WHERE n.age IS NULL RETURN n.name").rows().size(), 1u);
}

TEST(IndexCommandTest, InMemory) {
  auto db = Database::OpenInMemory();
  CreatesListsAndDropsIndexes(*db);
}

TEST(IndexCommandTest, OnDiskAndReopened) {
  quiver::testing::TempDir dir;
  {
    auto db = Database::Open(dir.Join("db"));
    CreatesListsAndDropsIndexes(*db);
  }
  auto db = Database::Open(dir.Join("db"));
  auto conn = db->Connect();
  EXPECT_EQ(PropertyIndexes(*conn), (std::vector<std::string>{"index_c400b635:ONLINE"}));
  QueryResult create = conn->Query("SHOW INDEXES YIELD name, createStatement WHERE name = 'index_c400b635'");
  ASSERT_TRUE(create.Next());
  EXPECT_EQ(create.row()[1].AsString(),
            "CREATE RANGE INDEX `index_c400b635` FOR (n:`Person`) ON (n.`age`, n.`name`)");
}

// DatabaseOptions::index_build_progress hears each build, from 0 up to every node.
TEST(IndexCommandTest, ReportsBuildProgress) {
  quiver::testing::TempDir dir;
  std::vector<std::pair<uint64_t, uint64_t>> reports;
  DatabaseOptions options;
  options.index_build_progress = [&](uint64_t done, uint64_t total) { reports.emplace_back(done, total); };
  Database::Open(dir.Join("db"))->Connect()->Query("UNWIND range(1, 100000) AS i CREATE (:P {k: i})");
  {  // the nodes into the generation, which the build reads
    auto store = storage::TransactionalStore::Open(Env::Default(), dir.Join("db"), {}).value();
    ASSERT_TRUE(store->Compact().ok());
  }
  auto db = Database::Open(dir.Join("db"), options);
  db->Connect()->Query("CREATE INDEX FOR (n:P) ON (n.k)");
  ASSERT_FALSE(reports.empty());
  for (size_t i = 1; i < reports.size(); ++i) EXPECT_LE(reports[i - 1].first, reports[i].first);
  EXPECT_EQ(reports.back().first, reports.back().second);
}

}  // namespace
}  // namespace quiver
