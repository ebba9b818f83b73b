// Constraints through the public API (docs/cypher.md, "Constraints"), in memory and on
// disk: enforcement at commit (CREATE, SET, MERGE, a label added, REMOVE of a required
// property, explicit transactions and CALL { } IN TRANSACTIONS), the counters, DROP, and
// on disk the constraint kept by log replay, by compaction and by a reopen after it.

#include <gtest/gtest.h>

#include "quiver/database.h"
#include "test_util/index_test_util.h"
#include "test_util/query_error.h"
#include "test_util/temp_dir.h"

namespace quiver {
namespace {

using quiver::testing::ErrorOf;
using quiver::testing::MessageOf;

int64_t Count(Connection& conn, const std::string& text) { return quiver::testing::FirstInt(conn, text); }

void Enforces(Database& db) {
  auto conn = db.Connect();
  const QueryResult created = conn->Query("CREATE CONSTRAINT person_name FOR (p:Person) REQUIRE p.name IS UNIQUE");
  EXPECT_EQ(created.summary().counters.constraints_added, 1u);
  conn->Query("CREATE CONSTRAINT person_age FOR (p:Person) REQUIRE p.age IS NOT NULL");
  conn->Query("CREATE (:Person {name: 'Ann', age: 30}), (:Person {name: 'Bob', age: 40})");

  // CREATE: the existing node and the value named, as Neo4j does.
  const std::string message = MessageOf(*conn, "CREATE (:Person {name: 'Ann', age: 1})");
  EXPECT_NE(message.find("already exists with label `Person` and property `name` = 'Ann'"), std::string::npos)
      << message;
  EXPECT_EQ(ErrorOf(*conn, "MATCH (p:Person {name: 'Bob'}) SET p.name = 'Ann'"),
            "SchemaError/ConstraintValidationFailed");
  EXPECT_EQ(ErrorOf(*conn, "CREATE (n:Temp {name: 'Ann', age: 2}) SET n:Person"),
            "SchemaError/ConstraintValidationFailed");
  EXPECT_EQ(ErrorOf(*conn, "MATCH (p:Person {name: 'Bob'}) REMOVE p.age"), "SchemaError/ConstraintValidationFailed");
  EXPECT_NE(MessageOf(*conn, "CREATE (:Person {name: 'Cy'})").find("with label `Person` must have the property `age`"),
            std::string::npos);
  // MERGE matches instead of duplicating; ON CREATE must satisfy the constraints.
  conn->Query("MERGE (p:Person {name: 'Ann'}) ON MATCH SET p.seen = true");
  EXPECT_EQ(ErrorOf(*conn, "MERGE (p:Person {name: 'Dee'})"), "SchemaError/ConstraintValidationFailed");
  conn->Query("MERGE (p:Person {name: 'Dee'}) ON CREATE SET p.age = 5");
  EXPECT_EQ(Count(*conn, "MATCH (p:Person) RETURN count(p)"), 3);
  EXPECT_EQ(Count(*conn, "MATCH (p:Temp) RETURN count(p)"), 0);  // the failed statement left nothing

  // An explicit transaction: a node fixed up by a later statement passes at COMMIT.
  conn->Begin();
  conn->Query("CREATE (:Person {name: 'Eve'})");
  conn->Query("MATCH (p:Person {name: 'Eve'}) SET p.age = 20");
  conn->Commit();
  EXPECT_EQ(Count(*conn, "MATCH (p:Person {name: 'Eve'}) RETURN count(p)"), 1);
  // A violation at COMMIT rolls back every statement of the transaction.
  conn->Begin();
  conn->Query("CREATE (:Other {x: 1})");
  conn->Query("CREATE (:Person {name: 'Eve', age: 3})");
  try {
    conn->Commit();
    ADD_FAILURE() << "COMMIT of a duplicate passed";
  } catch (const QuiverError& e) {
    EXPECT_EQ(std::string(ErrorClassName(e.error_class())) + "/" + e.detail(),
              "SchemaError/ConstraintValidationFailed");
  }
  EXPECT_EQ(Count(*conn, "MATCH (o:Other) RETURN count(o)"), 0);
  EXPECT_EQ(Count(*conn, "MATCH (p:Person {name: 'Eve'}) RETURN count(p)"), 1);

  // CALL { } IN TRANSACTIONS: the batch that violates fails; earlier batches stay.
  EXPECT_EQ(ErrorOf(*conn, "UNWIND ['F', 'G', 'Ann'] AS name CALL { WITH name CREATE (:Person {name: name, age: 1}) } "
                           "IN TRANSACTIONS OF 1 ROW"),
            "SchemaError/ConstraintValidationFailed");
  EXPECT_EQ(Count(*conn, "MATCH (p:Person) WHERE p.name IN ['F', 'G'] RETURN count(p)"), 2);

  // DROP CONSTRAINT: its backing index goes with it, and duplicates are allowed again.
  EXPECT_EQ(Count(*conn, "SHOW INDEXES YIELD owningConstraint WHERE owningConstraint = 'person_name' RETURN count(*)"), 1);
  const QueryResult dropped = conn->Query("DROP CONSTRAINT person_name");
  EXPECT_EQ(dropped.summary().counters.constraints_removed, 1u);
  EXPECT_EQ(Count(*conn, "SHOW INDEXES YIELD name WHERE name = 'person_name' RETURN count(*)"), 0);
  conn->Query("CREATE (:Person {name: 'Ann', age: 9})");
  EXPECT_EQ(Count(*conn, "MATCH (p:Person {name: 'Ann'}) RETURN count(p)"), 2);
}

void ExpectConstraintsKept(Database& db) {
  auto conn = db.Connect();
  EXPECT_EQ(Count(*conn, "SHOW CONSTRAINTS YIELD name RETURN count(*)"), 2);
  EXPECT_EQ(Count(*conn, "SHOW INDEXES YIELD owningConstraint WHERE owningConstraint = 'city_name' RETURN count(*)"), 1);
  EXPECT_EQ(ErrorOf(*conn, "CREATE (:City {name: 'Oslo'})"), "SchemaError/ConstraintValidationFailed");
  EXPECT_EQ(ErrorOf(*conn, "CREATE (:City {name: 'Rome', pop: 'many'})"), "SchemaError/ConstraintValidationFailed");
  EXPECT_EQ(conn->Query("SHOW PROPERTY TYPE CONSTRAINTS YIELD propertyType").rows().at(0).at(0).AsString(), "INTEGER");
}

TEST(ConstraintTest, SurvivesReplayAndCompaction) {
  quiver::testing::TempDir dir;
  const std::string path = dir.Join("db");
  {
    auto db = Database::Open(path);
    auto conn = db->Connect();
    conn->Query("CREATE (:City {name: 'Oslo', pop: 700000})");
    conn->Query("CREATE CONSTRAINT city_name FOR (c:City) REQUIRE c.name IS UNIQUE");
    conn->Query("CREATE CONSTRAINT city_pop FOR (c:City) REQUIRE c.pop IS :: INTEGER");
    conn->Query("CREATE CONSTRAINT gone FOR (c:Town) REQUIRE c.x IS NOT NULL");
    conn->Query("DROP CONSTRAINT gone");
  }
  {
    auto db = Database::Open(path);  // the log replayed
    ExpectConstraintsKept(*db);
    quiver::testing::CompactOnDisk(db, path);
    ExpectConstraintsKept(*db);  // from the compacted generation's Schema file
  }
  {
    auto db = Database::Open(path);
    ExpectConstraintsKept(*db);
    auto conn = db->Connect();
    conn->Query("DROP CONSTRAINT city_name");
    conn->Query("CREATE (:City {name: 'Oslo', pop: 1})");
  }
  {
    auto db = Database::Open(path);
    auto conn = db->Connect();
    EXPECT_EQ(Count(*conn, "SHOW CONSTRAINTS YIELD name RETURN count(*)"), 1);
    EXPECT_EQ(Count(*conn, "MATCH (c:City {name: 'Oslo'}) RETURN count(c)"), 2);
  }
}

// The backing index is a property index like any other: built at commit, sought by the
// planner and by the uniqueness check, and holding the delta's nodes written before the
// constraint (the overlay), so a seek misses none of them.
void BackingIndexIsSought(Database& db) {
  auto conn = db.Connect();
  conn->Query("CREATE (:X {k: 1}), (:X {k: 2})");
  conn->Query("CREATE CONSTRAINT x_k FOR (x:X) REQUIRE x.k IS UNIQUE");
  const QueryResult state = conn->Query("SHOW INDEXES YIELD name, state WHERE name = 'x_k' RETURN state");
  EXPECT_EQ(state.rows().at(0).at(0).AsString(), "ONLINE");
  const QueryResult explained = conn->Query("EXPLAIN MATCH (x:X {k: 1}) RETURN x");
  ASSERT_TRUE(explained.summary().plan);
  EXPECT_NE(FormatPlan(*explained.summary().plan).find("NodeIndexSeek"), std::string::npos);
  EXPECT_EQ(Count(*conn, "MATCH (x:X {k: 1}) RETURN count(x)"), 1);
  EXPECT_EQ(ErrorOf(*conn, "CREATE (:X {k: 1.0})"), "SchemaError/ConstraintValidationFailed");
  EXPECT_EQ(ErrorOf(*conn, "UNWIND range(3, 30) AS k CREATE (:X {k: k}) WITH 1 AS one LIMIT 1 CREATE (:X {k: 2})"),
            "SchemaError/ConstraintValidationFailed");
  EXPECT_EQ(Count(*conn, "MATCH (x:X) RETURN count(x)"), 2);
}

// Each body runs on an in-memory database and on one on disk: the stores enforce alike.
class ConstraintStoreTest : public ::testing::TestWithParam<bool> {
 protected:
  std::unique_ptr<Database> Open() { return GetParam() ? Database::Open(dir_.Join("db")) : Database::OpenInMemory(); }
  quiver::testing::TempDir dir_;
};

TEST_P(ConstraintStoreTest, Enforces) { Enforces(*Open()); }
TEST_P(ConstraintStoreTest, BackingIndexIsSought) { BackingIndexIsSought(*Open()); }

INSTANTIATE_TEST_SUITE_P(Stores, ConstraintStoreTest, ::testing::Values(false, true),
                         [](const ::testing::TestParamInfo<bool>& info) { return info.param ? "OnDisk" : "InMemory"; });

TEST(ConstraintTest, CreationVerifiesTheData) {
  auto db = Database::OpenInMemory();
  auto conn = db->Connect();
  conn->Query("CREATE (:Book {isbn: 1}), (:Book {isbn: 1.0}), (:Book)");
  const std::string message = MessageOf(*conn, "CREATE CONSTRAINT isbn FOR (b:Book) REQUIRE b.isbn IS UNIQUE");
  EXPECT_NE(message.find("Unable to create Constraint( name='isbn', type='UNIQUENESS', schema=(:Book {isbn}) )"),
            std::string::npos)
      << message;
  EXPECT_NE(message.find("have the label `Book` and property `isbn` = 1"), std::string::npos) << message;
  EXPECT_EQ(Count(*conn, "SHOW CONSTRAINTS YIELD name RETURN count(*)"), 0);
  EXPECT_EQ(Count(*conn, "SHOW INDEXES YIELD name RETURN count(*)"), 2);  // no backing index left behind
  EXPECT_EQ(ErrorOf(*conn, "CREATE CONSTRAINT FOR (b:Book) REQUIRE b.isbn IS NOT NULL"),
            "SchemaError/ConstraintCreationFailed");
  // A RANGE index on the schema blocks a UNIQUE constraint, as in Neo4j 5.
  conn->Query("CREATE INDEX title FOR (b:Book) ON (b.title)");
  EXPECT_EQ(ErrorOf(*conn, "CREATE CONSTRAINT FOR (b:Book) REQUIRE b.title IS UNIQUE"), "SchemaError/IndexAlreadyExists");
  // IF NOT EXISTS skips only a constraint that is there, not one an index blocks.
  EXPECT_EQ(ErrorOf(*conn, "CREATE CONSTRAINT IF NOT EXISTS FOR (b:Book) REQUIRE b.title IS UNIQUE"),
            "SchemaError/IndexAlreadyExists");
  conn->Query("CREATE CONSTRAINT year FOR (b:Book) REQUIRE b.year IS :: INTEGER");
  EXPECT_EQ(ErrorOf(*conn, "CREATE CONSTRAINT year IF NOT EXISTS FOR (b:Book) REQUIRE b.other IS NOT NULL"), "");
  EXPECT_EQ(ErrorOf(*conn, "CREATE CONSTRAINT IF NOT EXISTS FOR (b:Book) REQUIRE b.year IS :: FLOAT"),
            "SchemaError/ConstraintAlreadyExists");
  EXPECT_EQ(ErrorOf(*conn, "CREATE CONSTRAINT index_343aff4e IF NOT EXISTS FOR (b:Book) REQUIRE b.x IS NOT NULL"),
            "SchemaError/IndexWithNameAlreadyExists");
}

}  // namespace
}  // namespace quiver
