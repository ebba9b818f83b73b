// Notifications in the result summary (quiver/result.h): Neo4j's Unknown*Warning for a
// label, relationship type or property key in a read position that the database has
// never seen — with its code, texts and position — and none for names a statement
// creates; EXPLAIN reports them; a prepared statement's warnings follow the graph.

#include <gtest/gtest.h>

#include "quiver/database.h"
#include "test_util/temp_dir.h"

namespace quiver {
namespace {

constexpr std::string_view kPrefix = "Neo.ClientNotification.Statement.";

std::vector<Notification> Warnings(Connection& conn, const std::string& query) {
  QueryResult result = conn.Query(query);
  return result.summary().notifications;
}

// "Code:name@line:column" for each warning.
std::vector<std::string> Short(const std::vector<Notification>& notifications) {
  std::vector<std::string> out;
  for (const Notification& n : notifications) {
    std::string code = n.code.substr(kPrefix.size());
    const std::string name = n.description.substr(n.description.rfind(": ") + 2);
    out.push_back(code + ":" + name.substr(0, name.size() - 1) + "@" + std::to_string(n.position.line) + ":" +
                  std::to_string(n.position.column));
  }
  return out;
}

class NotificationTest : public ::testing::Test {
 protected:
  void SetUp() override {
    db_ = Database::OpenInMemory();
    conn_ = db_->Connect();
    conn_->Query("CREATE (:Person {name: 'a'})-[:KNOWS]->(:Person {name: 'b'})");
  }
  std::unique_ptr<Database> db_;
  std::unique_ptr<Connection> conn_;
};

TEST_F(NotificationTest, UnknownLabelAsNeo4jReportsIt) {
  auto warnings = Warnings(*conn_, "MATCH (n:Perso) RETURN n");
  ASSERT_EQ(warnings.size(), 1u);
  const Notification& n = warnings[0];
  EXPECT_EQ(n.code, "Neo.ClientNotification.Statement.UnknownLabelWarning");
  EXPECT_EQ(n.title, "The provided label is not in the database.");
  EXPECT_EQ(n.description,
            "One of the labels in your query is not available in the database, make sure you didn't misspell it or "
            "that the label is available when you run this statement in your application (the missing label name "
            "is: Perso)");
  EXPECT_EQ(n.severity, "WARNING");
  EXPECT_EQ(n.category, "UNRECOGNIZED");
  EXPECT_EQ(n.position, (NotificationPosition{9, 1, 10}));
  EXPECT_EQ(FormatNotification(n).substr(0, 9), "warning: ");
}

TEST_F(NotificationTest, EveryReadPositionIsChecked) {
  EXPECT_EQ(Short(Warnings(*conn_,
                           "MATCH (a:Person)-[:KNOWZ]->(b {nme: 'x'})\n"
                           "WHERE a.age > 1 AND b:Admin AND exists((a)-[:LIKES]->())\n"
                           "RETURN a.`full name`, [(a)-->(c:City) | c.zip] AS zips")),
            (std::vector<std::string>{"UnknownRelationshipTypeWarning:KNOWZ@1:20",
                                      "UnknownPropertyKeyWarning:nme@1:32", "UnknownPropertyKeyWarning:age@2:9",
                                      "UnknownLabelWarning:Admin@2:23", "UnknownRelationshipTypeWarning:LIKES@2:46",
                                      "UnknownPropertyKeyWarning:full name@3:10", "UnknownLabelWarning:City@3:33",
                                      "UnknownPropertyKeyWarning:zip@3:43"}));
}

TEST_F(NotificationTest, KnownNamesAndNamesAStatementCreatesAreNot) {
  EXPECT_TRUE(Warnings(*conn_, "MATCH (a:Person)-[:KNOWS]->(b) RETURN a.name").empty());
  EXPECT_TRUE(Warnings(*conn_, "CREATE (:City {zip: 1})-[:IN]->(:Country)").empty());
  EXPECT_TRUE(Warnings(*conn_, "MATCH (p:Person) SET p:Admin, p.level = 1 REMOVE p.rank, p:Guest").empty());
  EXPECT_TRUE(Warnings(*conn_, "MERGE (:Town {code: 'x'})").empty());
  // Read before the write that makes it, in the text: still the statement's own name.
  // `Fresh` is only read: the one warning.
  EXPECT_EQ(Short(Warnings(*conn_, "MERGE (p:Person {name: 'Z'}) ON CREATE SET p.made = 1 RETURN p.made, p:Fresh")),
            std::vector<std::string>{"UnknownLabelWarning:Fresh@1:72"});
  // A temporal value's fields and a map literal's keys are not property keys.
  EXPECT_TRUE(Warnings(*conn_, "RETURN datetime().epochMillis, duration('P1D').days, {a: 1}.a").empty());
  // A SET's value is read: its names are checked.
  EXPECT_EQ(Short(Warnings(*conn_, "MATCH (p:Person) SET p.alias = p.nick")),
            std::vector<std::string>{"UnknownPropertyKeyWarning:nick@1:34"});
}

TEST_F(NotificationTest, OneWarningPerNameAndExplainReportsThem) {
  EXPECT_EQ(Short(Warnings(*conn_, "MATCH (a:Nope), (b:Nope) RETURN a.q, b.q")),
            (std::vector<std::string>{"UnknownLabelWarning:Nope@1:10", "UnknownPropertyKeyWarning:q@1:35"}));
  // Positions are in the text as given, EXPLAIN included.
  EXPECT_EQ(Short(Warnings(*conn_, "EXPLAIN MATCH (n:Nope) RETURN n")),
            std::vector<std::string>{"UnknownLabelWarning:Nope@1:18"});
  EXPECT_EQ(Warnings(*conn_, "EXPLAIN MATCH (n:Nope) RETURN n").at(0).position.offset, 17u);
}

TEST_F(NotificationTest, APreparedStatementIsPlannedAgainWhenTheNameAppears) {
  auto statement = conn_->Prepare("MATCH (c:City) RETURN count(c) AS n");
  EXPECT_EQ(conn_->Execute(*statement).summary().notifications.size(), 1u);
  conn_->Query("CREATE (:City)");
  QueryResult again = conn_->Execute(*statement);
  EXPECT_EQ(again.rows().at(0).at(0).AsInt(), 1);
  EXPECT_TRUE(again.summary().notifications.empty());
}

TEST(NotificationOnDiskTest, TokensFromTheLogAndTheGenerationAreKnown) {
  quiver::testing::TempDir dir;
  {
    auto db = Database::Open(dir.Join("db"));
    db->Connect()->Query("CREATE (:Stored {key: 1})");
  }
  auto db = Database::Open(dir.Join("db"));
  auto conn = db->Connect();
  EXPECT_TRUE(conn->Query("MATCH (s:Stored) RETURN s.key").summary().notifications.empty());
  EXPECT_EQ(Short(conn->Query("MATCH (s:Store) RETURN s.key").summary().notifications),
            std::vector<std::string>{"UnknownLabelWarning:Store@1:10"});
}

// The Neo4j 5 forms (label and type expressions, map projections, COUNT/COLLECT,
// reduce, type predicates, CALL subqueries, LOAD CSV) are walked like the rest; a name
// tested with `x:Name` is no warning when it is a known relationship type.
TEST_F(NotificationTest, Neo4jFiveFormsAreChecked) {
  EXPECT_EQ(Short(Warnings(*conn_, "MATCH (n:Person|Persn) RETURN count(*)")),
            std::vector<std::string>{"UnknownLabelWarning:Persn@1:17"});
  EXPECT_EQ(Short(Warnings(*conn_, "MATCH ()-[:!KNWS]->() RETURN count(*)")),
            std::vector<std::string>{"UnknownRelationshipTypeWarning:KNWS@1:13"});
  EXPECT_EQ(Short(Warnings(*conn_, "MATCH (n:Person) RETURN n {.name, .nme}")),
            std::vector<std::string>{"UnknownPropertyKeyWarning:nme@1:36"});
  EXPECT_EQ(Short(Warnings(*conn_, "MATCH (n) RETURN COUNT { (n)-[:FOO]->() } AS c")),
            std::vector<std::string>{"UnknownRelationshipTypeWarning:FOO@1:32"});
  EXPECT_EQ(Short(Warnings(*conn_, "MATCH ()-[r]->() WHERE r:KNOWS|BAR RETURN count(*)")),
            std::vector<std::string>{"UnknownLabelWarning:BAR@1:32"});
  EXPECT_EQ(Short(Warnings(*conn_, "CALL { MATCH (x:Zed) RETURN x } RETURN x")),
            std::vector<std::string>{"UnknownLabelWarning:Zed@1:17"});
  EXPECT_EQ(Short(Warnings(*conn_, "RETURN reduce(s = 0, x IN [{a: 1}] | s + coalesce(x.size, 0)) AS r")),
            std::vector<std::string>{"UnknownPropertyKeyWarning:size@1:53"});
  EXPECT_TRUE(Warnings(*conn_, "MATCH (n:Person&!Person) RETURN count(*)").empty());
}

}  // namespace
}  // namespace quiver
