// The introspection procedures (main/schema_procedures.cpp, main/dbms_procedures.cpp)
// and the SHOW commands that call them, through the public API: what is in use (Neo4j 5
// semantics: a label is listed while some node carries it), on the in-memory database
// and on disk (writes in the delta and after reopening), and transactions listed and
// terminated across connections.

#include <gtest/gtest.h>

#include <algorithm>
#include <thread>

#include "quiver/database.h"
#include "test_util/query_error.h"
#include "test_util/temp_dir.h"

namespace quiver {
namespace {

using quiver::testing::ErrorOf;

std::vector<std::string> Column(Connection& conn, const std::string& query) {
  std::vector<std::string> out;
  const QueryResult result = conn.Query(query);
  for (const auto& row : result.rows()) out.emplace_back(row.at(0).AsString());
  return out;
}

void ExpectInUse(Connection& conn, std::vector<std::string> labels, std::vector<std::string> types) {
  EXPECT_EQ(Column(conn, "CALL db.labels()"), labels);
  EXPECT_EQ(Column(conn, "CALL db.relationshipTypes() YIELD relationshipType RETURN relationshipType"), types);
}

void ListsOnlyWhatIsInUse(Database& db) {
  auto conn = db.Connect();
  ExpectInUse(*conn, {}, {});
  conn->Query("CREATE (:A {x: 1})-[:R]->(:B:C), (:D)");
  ExpectInUse(*conn, {"A", "B", "C", "D"}, {"R"});
  conn->Query("MATCH (d:D) DELETE d");
  conn->Query("MATCH ()-[r:R]->() DELETE r");
  conn->Query("MATCH (n:C) REMOVE n:C");
  ExpectInUse(*conn, {"A", "B"}, {});
  // Property keys are every key the database has a name for (as in Neo4j).
  EXPECT_EQ(Column(*conn, "CALL db.propertyKeys()"), std::vector<std::string>{"x"});
  // A rolled-back write leaves nothing in use.
  conn->Begin();
  conn->Query("CREATE (:E)-[:S]->()");
  ExpectInUse(*conn, {"A", "B", "E"}, {"S"});  // the transaction sees its own writes
  conn->Rollback();
  ExpectInUse(*conn, {"A", "B"}, {});
}

TEST(IntrospectionTest, LabelsAndTypesInUseInMemory) {
  auto db = Database::OpenInMemory();
  ListsOnlyWhatIsInUse(*db);
}

TEST(IntrospectionTest, LabelsAndTypesInUseOnDiskAndAfterReopening) {
  quiver::testing::TempDir dir;
  {
    auto db = Database::Open(dir.Join("db"));
    ListsOnlyWhatIsInUse(*db);  // the writes are in the delta
  }
  auto db = Database::Open(dir.Join("db"));  // replayed from the log
  auto conn = db->Connect();
  ExpectInUse(*conn, {"A", "B"}, {});
}

TEST(IntrospectionTest, SchemaProcedures) {
  auto db = Database::OpenInMemory();
  auto conn = db->Connect();
  conn->Query("CREATE (:P {name: 'a', age: 1})-[:KNOWS {since: 2.5}]->(:P {name: 'b'}), (:P:Q {tags: ['x']})");
  auto nodes = conn->Query(
                       "CALL db.schema.nodeTypeProperties() YIELD nodeType, propertyName, propertyTypes, `mandatory` "
                       "RETURN nodeType, propertyName, propertyTypes, `mandatory` ORDER BY nodeType, propertyName")
                   .rows();
  ASSERT_EQ(nodes.size(), 3u);
  EXPECT_EQ(nodes[0][0].AsString(), ":`P`");
  EXPECT_EQ(nodes[0][1].AsString(), "age");
  EXPECT_FALSE(nodes[0][3].AsBool());  // one P of two has it
  EXPECT_EQ(nodes[1][1].AsString(), "name");
  EXPECT_TRUE(nodes[1][3].AsBool());
  EXPECT_EQ(nodes[2][0].AsString(), ":`P`:`Q`");
  EXPECT_EQ(nodes[2][2].AsList().at(0).AsString(), "StringArray");
  auto rels = conn->Query("CALL db.schema.relTypeProperties()").rows();
  ASSERT_EQ(rels.size(), 1u);
  EXPECT_EQ(rels[0][0].AsString(), ":`KNOWS`");
  EXPECT_EQ(rels[0][2].AsList().at(0).AsString(), "Double");

  auto schema = conn->Query("CALL db.schema.visualization()").rows();
  ASSERT_EQ(schema.size(), 1u);
  const auto& labels = schema[0][0].AsList();
  ASSERT_EQ(labels.size(), 2u);
  EXPECT_EQ(labels[0].AsMap().Find("labels")->AsList().at(0).AsString(), "P");
  EXPECT_EQ(labels[0].AsMap().Find("id")->AsInt(), -1);
  const auto& types = schema[0][1].AsList();
  ASSERT_EQ(types.size(), 1u);  // (P)-[:KNOWS]->(P)
  EXPECT_EQ(types[0].AsMap().Find("type")->AsString(), "KNOWS");
  EXPECT_EQ(types[0].AsMap().Find("start")->AsInt(), -1);
}

TEST(IntrospectionTest, ComponentsAndInfo) {
  auto db = Database::OpenInMemory();
  auto conn = db->Connect();
  auto rows = conn->Query("CALL dbms.components() YIELD name, versions, edition "
                          "WHERE name = 'Neo4j Kernel' RETURN versions[0] AS v, edition")
                  .rows();
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0][0].AsString().substr(0, 2), "5.");
  EXPECT_EQ(Column(*conn, "CALL db.info() YIELD name RETURN name"), std::vector<std::string>{"neo4j"});
}

// Neo4j Browser asks who it is connected as; the answer is the connection's user.
TEST(IntrospectionTest, ShowCurrentUserIsTheConnectionsUser) {
  auto db = Database::OpenInMemory();
  auto conn = db->Connect();
  EXPECT_EQ(Column(*conn, "CALL dbms.showCurrentUser() YIELD username RETURN username"), std::vector<std::string>{""});
  conn->SetUser("alice");
  EXPECT_EQ(Column(*conn, "CALL dbms.showCurrentUser() YIELD username RETURN username"),
            std::vector<std::string>{"alice"});
  conn->Begin(TransactionMode::kReadOnly);
  EXPECT_EQ(Column(*conn, "CALL dbms.showCurrentUser() YIELD username RETURN username"),
            std::vector<std::string>{"alice"});
  conn->Commit();
  auto rows = conn->Query("CALL dbms.showCurrentUser()").rows();
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_TRUE(rows[0][1].AsList().empty());
}

TEST(IntrospectionTest, ShowProceduresFunctionsAndDatabases) {
  DatabaseOptions options;
  options.name = "graph";
  auto db = Database::OpenInMemory(options);
  auto conn = db->Connect();
  QueryResult procedures = conn->Query("SHOW PROCEDURES");
  EXPECT_EQ(procedures.columns(), (std::vector<std::string>{"name", "description", "mode", "worldReadable"}));
  auto names = Column(*conn, "SHOW PROCEDURES YIELD name");
  for (const char* name : {"db.labels", "db.schema.visualization", "dbms.components", "gds.pageRank.stream"}) {
    EXPECT_NE(std::find(names.begin(), names.end(), name), names.end()) << name;
  }
  EXPECT_TRUE(std::is_sorted(names.begin(), names.end()));
  // Every column the parser yields is one the procedure has (else the CALL would fail).
  for (const char* command :
       {"SHOW PROCEDURES YIELD *", "SHOW FUNCTIONS YIELD *", "SHOW DATABASES YIELD *",
        "SHOW TRANSACTIONS YIELD *", "TERMINATE TRANSACTION 'x' YIELD *", "SHOW INDEXES YIELD *"}) {
    EXPECT_EQ(ErrorOf(*conn, command), "") << command;
  }
  EXPECT_EQ(Column(*conn, "SHOW PROCEDURES YIELD name, signature WHERE name = 'db.labels' RETURN signature"),
            std::vector<std::string>{"db.labels() :: (label :: STRING)"});

  EXPECT_EQ(conn->Query("SHOW FUNCTIONS").columns(), (std::vector<std::string>{"name", "category", "description"}));
  auto functions = Column(*conn, "SHOW FUNCTIONS YIELD name WHERE name IN ['toUpper', 'count', 'date', 'labels']");
  EXPECT_EQ(functions, (std::vector<std::string>{"count", "date", "labels", "toUpper"}));
  EXPECT_EQ(Column(*conn, "SHOW FUNCTIONS YIELD name, aggregating WHERE name = 'count' RETURN toString(aggregating)"),
            std::vector<std::string>{"true"});

  EXPECT_EQ(Column(*conn, "SHOW DATABASES"), std::vector<std::string>{"graph"});
  EXPECT_EQ(Column(*conn, "SHOW DATABASE graph YIELD access"), std::vector<std::string>{"read-write"});
  EXPECT_TRUE(Column(*conn, "SHOW DATABASE neo4j").empty());
  EXPECT_EQ(Column(*conn, "SHOW DEFAULT DATABASE YIELD name"), std::vector<std::string>{"graph"});
}

TEST(IntrospectionTest, ShowTransactionsListsOtherConnections) {
  quiver::testing::TempDir dir;
  auto db = Database::Open(dir.Join("db"));  // reads stream on snapshots (in memory they run to the end)
  auto reader = db->Connect();
  reader->SetUser("alice");
  // A streaming result is a running transaction until it is read or closed.
  QueryResult open = reader->Query("UNWIND range(1, 100000) AS i RETURN i");
  ASSERT_TRUE(open.Next());
  auto admin = db->Connect();
  auto rows = admin->Query("SHOW TRANSACTIONS YIELD transactionId, username, currentQuery, status, elapsedTime "
                           "WHERE username = 'alice'")
                  .rows();
  ASSERT_EQ(rows.size(), 1u);
  const std::string id(rows[0][0].AsString());
  EXPECT_EQ(id.rfind("neo4j-transaction-", 0), 0u) << id;
  EXPECT_EQ(rows[0][2].AsString(), "UNWIND range(1, 100000) AS i RETURN i");
  EXPECT_EQ(rows[0][3].AsString(), "Running");
  EXPECT_TRUE(rows[0][4].IsDuration());
  // The SHOW itself is one too.
  EXPECT_EQ(Column(*admin, "SHOW TRANSACTIONS YIELD currentQuery WHERE currentQuery STARTS WITH 'SHOW'").size(), 1u);

  auto killed = admin->Query("TERMINATE TRANSACTION '" + id + "'").rows();
  ASSERT_EQ(killed.size(), 1u);
  EXPECT_EQ(killed[0][1].AsString(), "alice");
  EXPECT_EQ(killed[0][2].AsString(), "Transaction terminated.");
  EXPECT_THROW(
      {
        while (open.Next()) {
        }
      },
      QueryInterrupted);
  open.Close();
  EXPECT_TRUE(admin->Query("SHOW TRANSACTIONS WHERE username = 'alice'").rows().empty());
  EXPECT_EQ(admin->Query("TERMINATE TRANSACTION '" + id + "'").rows()[0][2].AsString(), "Transaction not found.");
}

TEST(IntrospectionTest, TerminatingAnExplicitTransactionFailsItsNextStatement) {
  quiver::testing::TempDir dir;
  auto db = Database::Open(dir.Join("db"));
  auto writer = db->Connect();
  writer->SetUser("bob");
  writer->Begin();
  writer->Query("CREATE (:T)");
  auto admin = db->Connect();
  auto rows = admin->Query("SHOW TRANSACTIONS YIELD transactionId, currentQuery, username WHERE username = 'bob'")
                  .rows();
  ASSERT_EQ(rows.size(), 1u);  // open between statements: listed, with no current query
  EXPECT_EQ(rows[0][1].AsString(), "");
  admin->Query("TERMINATE TRANSACTIONS '" + std::string(rows[0][0].AsString()) + "'").rows();  // read: it runs
  EXPECT_EQ(ErrorOf(*writer, "CREATE (:T)"), "Interrupted/Terminated");
  EXPECT_THROW(writer->Commit(), ClientError);  // rolled back: nothing to commit
  EXPECT_EQ(admin->Query("MATCH (t:T) RETURN count(t) AS n").rows()[0][0].AsInt(), 0);
}

}  // namespace
}  // namespace quiver
