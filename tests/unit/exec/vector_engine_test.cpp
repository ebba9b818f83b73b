// The vectorized engine (src/exec/vector/) against the row engine: the same queries on
// the same graph must give the same results in every execution configuration — 1 to 4
// workers, vectors of 1 to 2,048 rows, morsels of 1 to 16,384 nodes — on a base
// generation with a delta merged in (created, relabelled, re-propertied and deleted
// nodes and relationships, a property whose type the delta changes) and on the
// in-memory graph. The graph has nulls (missing properties), mixed-type properties,
// several labels and relationship types, self-loops and parallel relationships.

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "quiver/database.h"
#include "test_util/query_error.h"
#include "test_util/temp_dir.h"
#include "unit/exec/base_graph_util.h"

namespace quiver {
namespace {

constexpr int kPeople = 300;
constexpr int kKnows = 2000;

struct Config {
  const char* name;
  DatabaseOptions options;
};

std::vector<Config> Configs() {
  auto make = [](uint32_t workers, uint32_t vector, uint32_t morsel) {
    DatabaseOptions o;
    o.query_workers = workers;
    o.vector_size = vector;
    o.morsel_nodes = morsel;
    return o;
  };
  return {{"w1 v2048 m16384", make(1, 2048, 16384)},
          {"w4 v3 m2", make(4, 3, 2)},
          {"w2 v1 m1", make(2, 1, 1)},
          {"w3 v7 m5", make(3, 7, 5)},
          {"w2 default", make(2, 0, 0)}};
}

DatabaseOptions RowEngine() {
  DatabaseOptions o;
  o.vectorize = false;
  o.query_workers = 1;
  return o;
}

// Node and relationship CSV of a seeded graph: Person nodes (some also Admin) with an
// int age (missing on every 7th), a float score, a string name, `mixed` (an int or a
// string), a low-cardinality string `city` (missing on every 11th, empty on every
// 13th) and an int `level` (0..4); KNOWS relationships with an int `since` (missing on every 5th) and LIKES.
std::vector<testing::CsvGroup> GraphCsv() {
  std::mt19937 rng(7);
  std::ostringstream people, admins, knows, likes;
  people << "id:ID{id-type:int},age:int,score:float,name,mixed,city,level:int\n";
  admins << "id:ID{id-type:int},age:int,score:float,name,mixed,city,level:int\n";
  const char* const cities[] = {"Oslo", "Lima", "Lisbon", "Lille", "Bergen", "Berlin"};
  for (int i = 0; i < kPeople; ++i) {
    std::ostringstream& out = i % 10 == 3 ? admins : people;
    out << i << ",";
    if (i % 7 != 0) out << (18 + rng() % 60);
    out << "," << (rng() % 1000) / 1000.0 << ",p" << i << ",";
    if (i % 3 == 0) {
      out << i % 11;
    } else {
      out << "s" << i % 4;
    }
    out << ",";
    if (i % 13 == 0) {
      out << "\"\"";
    } else if (i % 11 != 0) {
      out << cities[rng() % std::size(cities)];
    }
    out << "," << i % 5 << "\n";
  }
  knows << ":START_ID,:END_ID,since:int\n";
  for (int i = 0; i < kKnows; ++i) {
    const int a = static_cast<int>(rng() % kPeople);
    const int b = i % 9 == 0 ? a : static_cast<int>(rng() % (i % 2 ? 40 : kPeople));  // skew, self-loops
    knows << a << "," << b << ",";
    if (i % 5 != 0) knows << 1990 + rng() % 30;
    knows << "\n";
  }
  likes << ":START_ID,:END_ID\n";
  for (int i = 0; i < 500; ++i) likes << rng() % kPeople << "," << rng() % kPeople << "\n";
  return {{true, {"Person"}, people.str()},
          {true, {"Person", "Admin"}, admins.str()},
          {false, {"KNOWS"}, knows.str()},
          {false, {"LIKES"}, likes.str()}};
}

// Writes that leave a delta over the base: every kind of change the batch reads merge in.
const char* const kDeltaWrites[] = {
    "UNWIND range(0, 29) AS i CREATE (:Person {id: 1000 + i, age: CASE WHEN i % 2 = 0 THEN 'old' ELSE i END, score: i * 0.5, "
    "name: 'new' + i})",
    "MATCH (a:Person {id: 1000}), (b:Person) WHERE b.id < 40 CREATE (a)-[:KNOWS {since: 2024}]->(b)",
    "MATCH (a:Person), (b:Person {id: 1001}) WHERE a.id % 13 = 0 AND a.id < 300 CREATE (a)-[:KNOWS]->(b)",
    "MATCH (n:Person) WHERE n.id % 17 = 1 SET n.age = 99, n.score = null",
    "MATCH (n:Person) WHERE n.id % 23 = 2 SET n.age = 'text'",
    "MATCH (n:Person) WHERE n.id % 19 = 4 SET n:Admin",
    "MATCH (n:Admin) WHERE n.id % 29 = 3 REMOVE n:Admin",
    "MATCH (a)-[r:KNOWS]->(b) WHERE (a.id + b.id) % 31 = 0 DELETE r",
    "MATCH (n:Person) WHERE n.id IN [5, 77, 123, 1003] DETACH DELETE n",
    // Strings in the delta: a changed city, a city that is no longer a string; a float
    // level equal to an integer one (one group with it).
    "MATCH (n:Person) WHERE n.id % 41 = 6 SET n.city = 'Zürich'",
    "MATCH (n:Person) WHERE n.id % 43 = 8 SET n.city = 7",
    "MATCH (n:Person) WHERE n.id % 37 = 5 SET n.level = toFloat(n.level)",
};

const char* const kQueries[] = {
    "MATCH (n) RETURN count(*)",
    "MATCH (n:Person) RETURN count(n), count(n.age), min(n.score), max(n.name)",
    "MATCH (n:Admin) RETURN count(*), count(n.mixed)",
    "MATCH (n:Person) WHERE n.age > 30 AND n.score < 0.5 RETURN n.age % 5 AS k, count(*)",
    "MATCH (n:Person) WHERE n.age IS NULL OR n.score IS NULL RETURN count(*)",
    "MATCH (n) RETURN n.score > 0.5 OR n.age IS NULL AS f, count(*)",
    "MATCH (n:Person) RETURN n.mixed AS m, count(*)",
    "MATCH (n:Person) RETURN n.age AS a, count(*)",
    "MATCH (n:Person) RETURN n.id * 2 + 1 AS x, count(*)",
    "MATCH (n:Person) WHERE n.score > 0.2 RETURN n.score * 2 - 1 AS x, count(*)",
    "MATCH (n:Person {age: 40}) RETURN count(*)",
    "MATCH (n:Person:Admin) RETURN count(*), collect(n.id)",
    "MATCH (a:Person)-[r:KNOWS]->(b) RETURN b.name AS name, count(a) AS c",
    "MATCH (a:Person)-[:KNOWS]->(b:Person) RETURN b.id AS id, count(a) AS d",
    "MATCH (a:Person)-[:KNOWS]->(b:Person) RETURN b, count(*)",
    "MATCH (a)-[r]->(b) WHERE a.age < b.age RETURN type(r) AS t, count(*), avg(r.since), sum(r.since)",
    "MATCH (a)-[r:KNOWS]->(b) RETURN a.mixed AS m, min(r.since), max(r.since), count(r.since)",
    "MATCH (a:Person)-[:KNOWS]->(b)-[:KNOWS]->(c) WHERE c <> a RETURN count(*), count(DISTINCT c)",
    "MATCH (a)-[:KNOWS|LIKES]-(b) RETURN a, count(*)",
    "MATCH (a)<-[:LIKES]-(b) RETURN count(*)",
    "MATCH (a)-[r1:KNOWS]->(b)-[r2:KNOWS]->(a) RETURN count(*)",
    "MATCH (a)-[r:KNOWS]->(b) WITH a, b, r.since AS s WHERE s IS NOT NULL RETURN a.mixed AS m, sum(s), count(*)",
    "MATCH (a)-[:KNOWS]->(b) WHERE a.name STARTS WITH 'p1' RETURN count(*)",
    "MATCH (a)-[:KNOWS]->(b) WHERE (b)-[:LIKES]->(a) RETURN count(*)",
    "MATCH (a)-[:KNOWS]->(b) RETURN b, count(*) AS c, min(a.age)",
    "MATCH (a)-[:KNOWS]->(b) RETURN toString(a.age) + '/' + b.name AS k, count(*)",
    "MATCH (a)-[r:KNOWS]->(b) WHERE r.since >= 2000 RETURN a.id % 3 AS g, count(*), collect(r.since)",
    "MATCH (a)-[r:KNOWS]->(b) RETURN a.mixed AS m, avg(b.score), sum(b.score), sum(r.since)",
    "MATCH (a)-[r:KNOWS]->(b) WHERE r.since > 2000 AND b.name ENDS WITH '1' RETURN r.since % 4 AS y, count(*)",
    "MATCH (n) WHERE n.name IN ['p1', 'p2', 'new3'] OR n.name =~ 'p1.*7' RETURN count(*), collect(n.id)",
    "MATCH (a:Person)-[:KNOWS]->(b:Admin) RETURN a.mixed AS m, count(*), count(a.age)",
    "MATCH (a)-[:KNOWS]->(b:Person) WHERE a.age > 30 RETURN count(*), count(a.score)",
    "MATCH (a:Person)-[:KNOWS]->(b)-[:LIKES]->(c:Admin) RETURN b.name AS n, count(*)",
    "MATCH (a)-[r1:KNOWS]->(b:Person)-[r2:KNOWS]->(c) RETURN a.id % 4 AS k, count(*)",
    "MATCH (n:Nobody) RETURN count(*)",
    "MATCH (n:Nobody) RETURN n.x, count(*)",
    "MATCH (n)-[:NOTYPE]->(m) RETURN count(*)",
    // String vectors: comparisons between columns and with constants, string predicates,
    // string group keys (alone, two, with an integer), nulls, empty strings, non-strings.
    "MATCH (a:Person)-[:KNOWS]->(b:Person) WHERE a.city = b.city RETURN a.city AS c, count(*)",
    "MATCH (a)-[:KNOWS]->(b) WITH a.city AS x, b.city AS y, count(*) AS n WHERE n >= 3 RETURN count(*), sum(n)",
    "MATCH (a)-[:KNOWS]->(b) RETURN a.city AS x, b.city AS y, count(*)",
    "MATCH (n:Person) WHERE n.city < 'Lima' RETURN n.city AS c, count(*)",
    "MATCH (n:Person) WHERE n.city >= 'Lisbon' OR n.city STARTS WITH 'Li' RETURN count(*)",
    "MATCH (n) WHERE n.city CONTAINS 'l' AND NOT n.city ENDS WITH 'le' RETURN n.city AS c, count(*)",
    "MATCH (n) WHERE n.city STARTS WITH '' RETURN count(*)",
    "MATCH (n:Person) WHERE n.city <> n.name OR n.city = '' RETURN count(*)",
    "MATCH (n:Person) RETURN n.city AS c, n.id % 3 AS k, avg(n.score), count(*)",
    "MATCH (n:Person) WHERE n.city = 'Oslo' AND n.name STARTS WITH 'p2' RETURN count(*), min(n.name), max(n.city)",
    "MATCH (n:Person) WITH n.level AS l, count(*) AS c RETURN count(*), sum(c)",
    // Factorized expands: by degree where the end's labels are on every node, else by
    // listing; grouped by the scan's node (one row per node: the hash table).
    "MATCH (a:Person)-[:KNOWS]->(b:Person) RETURN a.id % 5 AS k, count(*)",
    "MATCH (a)<-[:KNOWS|LIKES]-(b) RETURN a.age AS k, count(*), count(b)",
    "MATCH (a:Person)-[:KNOWS]->(b:Admin) RETURN a.id % 5 AS k, count(*)",
    // Comparisons with a constant, tested into the keep flags; a run over one operand
    // evaluates it once: floats, integers, strings, mixed types, the constant first, an
    // integer constant against floats and a float one against integers, null.
    "MATCH (n:Person) WHERE n.score >= 0.25 AND n.score < 0.5 RETURN count(*), min(n.age), avg(n.score)",
    "MATCH (n:Person) WHERE 0.5 > n.score AND 0.1 <= n.score AND n.score <> 0.3 RETURN count(*)",
    "MATCH (n) WHERE n.age >= 30 AND n.age < 40 AND n.name STARTS WITH 'p1' RETURN count(*)",
    "MATCH (n) WHERE n.score >= 0 AND n.score <= 1 AND n.age > 30.5 RETURN count(*)",
    "MATCH (n) WHERE n.mixed > 3 RETURN count(*)",
    "MATCH (n) WHERE n.mixed = 's1' OR n.mixed = 4 RETURN count(*)",
    "MATCH (n) WHERE n.city >= 'L' AND n.city < 'Lj' RETURN n.city AS c, count(*)",
    "MATCH (n) WHERE n.age > null RETURN count(*)",
    // Integers against float constants, compared exactly: fractions, integral floats,
    // constants past the integers' range, NaN.
    "MATCH (n) WHERE n.age >= 30.5 AND n.age < 40.5 AND n.age <> 35.0 RETURN count(*), min(n.age), max(n.age)",
    "MATCH (n) WHERE n.age <= 30.0 OR n.age > 70.2 OR n.age = 44.0 OR n.age = 44.5 RETURN count(*)",
    "MATCH (n) WHERE n.age < 1e300 AND n.age > -1e300 AND n.age <> 1e300 RETURN count(*)",
    "MATCH (n) WHERE n.age > 1e300 OR n.age <= -1e300 OR n.age = -1e300 RETURN count(*)",
    "MATCH (n) WHERE n.id >= 9223372036854775807.0 OR n.id < -9223372036854775808.0 RETURN count(*)",
    "MATCH (n) WHERE n.age < 0.0 / 0.0 OR n.age <> 0.0 / 0.0 RETURN count(*)",
    "MATCH (n) WHERE n.id % 7 = 3 AND n.id % 7 <> 4 RETURN count(*)",
    "MATCH (a)-[r:KNOWS]->(b) WHERE r.since >= 2000 AND r.since < 2010 RETURN count(*)",
    // Integer division by a literal (a multiplication by its inverse), negative dividends
    // and divisors included, and the smallest integer.
    "MATCH (n) RETURN (n.id - 150) % 7 AS m, (n.id - 150) / 7 AS q, count(*)",
    "MATCH (n) RETURN n.id % -3 AS m, (n.id - 150) / -7 AS q, count(*)",
    "MATCH (n) RETURN (n.id - 9223372036854775807 - 1) / 3 AS q, (n.id - 9223372036854775807 - 1) % 10 AS m, "
    "count(*)",
    "MATCH (n) RETURN n.score % 3 AS m, n.level / 2 AS q, count(*)",
    // A fragment that starts at a key seek (one morsel, the workers sharing its expands):
    // nodes of the base and of the delta, a deleted one, none, no label.
    "MATCH (a:Person {id: 1000})-[:KNOWS]->(b)-[:KNOWS]->(c) WHERE c <> a RETURN count(*), count(DISTINCT c)",
    "MATCH (a:Person {id: 3})-[:KNOWS]->(b) RETURN b.city AS c, count(*), min(b.age)",
    "MATCH (a:Person {id: 5})-[:KNOWS]->(b) RETURN count(*)",
    "MATCH (a:Person {id: 123456}) RETURN count(*)",
    "MATCH (a {id: 7})<-[:KNOWS|LIKES]-(b) RETURN count(*), sum(b.id)",
    "MATCH (a:Person:Admin {id: 4}) RETURN count(*)",
};

// ORDER BY [... LIMIT] (vectorized top-k and sort): compared in order, ties included — they must
// come in the row engine's order (the order rows reach the sort) in every configuration.
const char* const kOrderedQueries[] = {
    "MATCH (n:Person) RETURN n.id, n.age ORDER BY n.age LIMIT 7",
    "MATCH (n:Person) RETURN n.name ORDER BY n.age DESC, n.score LIMIT 12",
    "MATCH (n) RETURN n ORDER BY n.mixed SKIP 3 LIMIT 9",
    "MATCH (a:Person)-[r:KNOWS]->(b) RETURN a.id, b.id, r.since ORDER BY r.since DESC LIMIT 25",
    "MATCH (a)-[r:KNOWS]->(b) WHERE a.age > b.age RETURN r ORDER BY a.score + b.score LIMIT 4",
    "MATCH (a)-[:KNOWS]->(b)-[:KNOWS]->(c) RETURN a.id, c.id ORDER BY c.name LIMIT 30",
    "MATCH (n:Person) RETURN n.id ORDER BY n.id LIMIT 0",
    "MATCH (n:Person) RETURN n.id, n.age ORDER BY n.age",
    "MATCH (a)-[r:KNOWS]->(b) WHERE b.score < 0.3 RETURN a.id, r.since ORDER BY r.since DESC",
    "MATCH (n:Nobody) RETURN n ORDER BY n.x LIMIT 3",
    "MATCH (n:Person) WHERE n.city = 'Oslo' RETURN n.name, n.score ORDER BY n.score DESC LIMIT 6",
    "MATCH (n:Person) RETURN n.city, n.id ORDER BY n.city DESC, n.id LIMIT 8",
};

// A result as sorted rows of TCK text (so the order of groups does not matter; the
// order inside a collected list does).
std::vector<std::string> Rows(Connection& conn, const std::string& query, bool sorted = true) {
  std::vector<std::string> rows;
  auto result = conn.Query(query);
  for (const auto& row : result.rows()) {
    std::string text;
    for (const auto& v : row) text += ToTckString(v) + " | ";
    rows.push_back(text);
  }
  if (sorted) std::sort(rows.begin(), rows.end());
  return rows;
}

class VectorEngineTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = new testing::TempDir();
    db_path_ = dir_->Join("db");
    testing::ImportCsvGraph(db_path_, dir_->path(), GraphCsv());
    auto db = Database::Open(db_path_, RowEngine());
    auto conn = db->Connect();
    for (const char* w : kDeltaWrites) conn->Query(w).rows();
  }
  static void TearDownTestSuite() {
    delete dir_;
    dir_ = nullptr;
  }

  static std::vector<std::vector<std::string>> RunAll(Connection& conn) {
    std::vector<std::vector<std::string>> out;
    for (const char* q : kQueries) out.push_back(Rows(conn, q));
    for (const char* q : kOrderedQueries) out.push_back(Rows(conn, q, /*sorted=*/false));
    return out;
  }
  static std::string QueryAt(size_t i) {
    constexpr size_t n = std::size(kQueries);
    return i < n ? kQueries[i] : kOrderedQueries[i - n];
  }

  static testing::TempDir* dir_;
  static std::string db_path_;
};

testing::TempDir* VectorEngineTest::dir_ = nullptr;
std::string VectorEngineTest::db_path_;

TEST_F(VectorEngineTest, EveryConfigurationAgreesWithTheRowEngineOverBaseAndDelta) {
  std::vector<std::vector<std::string>> expected;
  {
    auto db = Database::Open(db_path_, RowEngine());
    auto conn = db->Connect();
    expected = RunAll(*conn);
  }
  // The graph is what the queries say it is (not an empty answer everywhere).
  EXPECT_EQ(expected[0], std::vector<std::string>{std::to_string(kPeople + 30 - 4) + " | "});
  for (const Config& c : Configs()) {
    auto db = Database::Open(db_path_, c.options);
    auto conn = db->Connect();
    auto actual = RunAll(*conn);
    for (size_t q = 0; q < expected.size(); ++q) EXPECT_EQ(actual[q], expected[q]) << c.name << ": " << QueryAt(q);
  }
}

TEST_F(VectorEngineTest, InMemoryGraphAgreesWithTheRowEngine) {
  auto load = [](Connection& conn) {
    conn.Query("UNWIND range(0, 199) AS i CREATE (:Person {id: i, age: CASE WHEN i % 7 = 0 THEN null ELSE 18 + i % 50 "
               "END, score: (i % 10) / 10.0, name: 'p' + i, mixed: CASE WHEN i % 3 = 0 THEN i ELSE 's' + i END})")
        .rows();
    conn.Query("MATCH (n:Person) WHERE n.id % 10 = 3 SET n:Admin").rows();
    conn.Query("MATCH (a:Person), (b:Person) WHERE (a.id * 7 + b.id) % 53 = 0 CREATE (a)-[:KNOWS {since: 1990 + "
               "(a.id + b.id) % 30}]->(b)")
        .rows();
    conn.Query("MATCH (a:Person), (b:Person) WHERE (a.id + b.id * 3) % 97 = 0 CREATE (a)-[:LIKES]->(b)").rows();
  };
  DatabaseOptions row = RowEngine();
  auto db = Database::OpenInMemory(row);
  auto conn = db->Connect();
  load(*conn);
  auto expected = RunAll(*conn);
  for (const Config& c : Configs()) {
    auto vdb = Database::OpenInMemory(c.options);
    auto vconn = vdb->Connect();
    load(*vconn);
    auto actual = RunAll(*vconn);
    for (size_t q = 0; q < expected.size(); ++q) EXPECT_EQ(actual[q], expected[q]) << c.name << ": " << QueryAt(q);
  }
}

TEST_F(VectorEngineTest, ErrorsAreTheRowEnginesErrors) {
  const char* const queries[] = {
      "MATCH (n:Person) WHERE n.age IS NOT NULL AND NOT n.age = 'text' RETURN sum(n.age * 9223372036854775807)",
      "MATCH (n:Person) WHERE n.name RETURN count(*)",
      "MATCH (n:Person) WHERE n.id < 300 AND n.id % 23 <> 2 AND n.age IS NOT NULL "
      "RETURN count(n.age / (n.age - n.age))",
      "MATCH (n:Person) RETURN n.age + 1 AS x, count(*)",
      // Short-circuits: the row engine never reads the operand that would fail.
      "MATCH (n:Person) RETURN (n.id < 0 AND n.name) AS x, count(*)",
      "MATCH (n:Person) RETURN (n.id >= 0 OR n.name) AS x, count(*)",
      "MATCH (n:Person) WHERE n.id < 0 AND 1 / 0 = 1 RETURN count(*)",
  };
  std::vector<std::string> expected;
  {
    auto db = Database::Open(db_path_, RowEngine());
    auto conn = db->Connect();
    for (const char* q : queries) expected.push_back(testing::ErrorOf(*conn, q));
  }
  EXPECT_EQ(expected[0], "ArithmeticError/IntegerOverflow");
  EXPECT_EQ(expected[1], "TypeError/InvalidArgumentType");
  EXPECT_EQ(expected[4], "");  // no error: short-circuited
  EXPECT_EQ(expected[5], "");
  for (const Config& c : Configs()) {
    auto db = Database::Open(db_path_, c.options);
    auto conn = db->Connect();
    for (size_t q = 0; q < expected.size(); ++q) EXPECT_EQ(testing::ErrorOf(*conn, queries[q]), expected[q]) << c.name << ": " << queries[q];
  }
}

TEST_F(VectorEngineTest, ProfileCountsTheFragmentsRows) {
  DatabaseOptions o;
  o.query_workers = 2;
  o.morsel_nodes = 16;
  auto db = Database::Open(db_path_, o);
  auto conn = db->Connect();
  const int64_t rels = conn->Query("MATCH ()-[r:KNOWS]->() RETURN count(r)").rows().at(0).at(0).AsInt();
  const int64_t nodes = conn->Query("MATCH (n) RETURN count(n)").rows().at(0).at(0).AsInt();
  // (A filter on b: without one, the count would be a sum of degrees, no expand at all.
  // And one on a, so that the pattern starts at a: with b's alone, b has fewer estimated
  // rows and the count becomes a sum of b's degrees again.)
  auto r = conn->Query("PROFILE MATCH (a)-[:KNOWS]->(b) WHERE a.id >= 0 AND b.id >= 0 RETURN count(*)");
  std::string plan(FormatPlan(*r.summary().plan));
  const uint64_t morsels = (nodes + 15) / 16;
  EXPECT_NE(plan.find("Aggregate count(*) AS count(*)  [rows=1] vectorized: 2 workers, " + std::to_string(morsels) +
                      " morsels"),
            std::string::npos)
      << plan;
  EXPECT_NE(plan.find("[rows=" + std::to_string(rels) + "]"), std::string::npos) << plan;
  EXPECT_NE(plan.find("NodeScan (a)  [rows=" + std::to_string(nodes) + "]"), std::string::npos) << plan;
  EXPECT_NE(plan.find("Start  [rows=1]"), std::string::npos) << plan;
  // A run of comparisons over one operand is one stage, which still reports each
  // Filter's rows.
  auto count = [&](const std::string& where) {
    return conn->Query("MATCH (n:Person) WHERE " + where + " RETURN count(*)").rows().at(0).at(0).AsInt();
  };
  const int64_t above = count("n.score >= 0.25");
  const int64_t both = count("n.score >= 0.25 AND n.score < 0.5");
  ASSERT_GT(above, both);
  // Each Filter of the run with its own rows, whichever bound comes first (the range is
  // tested in one pass).
  auto expect_filters = [&](const std::string& first, int64_t first_rows, const std::string& second,
                            int64_t second_rows) {
    auto profiled = conn->Query("PROFILE MATCH (n:Person) WHERE " + first + " AND " + second + " RETURN count(*)");
    const std::string text(FormatPlan(*profiled.summary().plan));
    EXPECT_NE(text.find("Filter (" + first + ")  [rows=" + std::to_string(first_rows) + "]"), std::string::npos)
        << text;
    EXPECT_NE(text.find("Filter (" + second + ")  [rows=" + std::to_string(second_rows) + "]"), std::string::npos)
        << text;
  };
  expect_filters("n.score >= 0.25", above, "n.score < 0.5", both);
  const int64_t below = count("n.score < 0.5");
  ASSERT_GT(below, both);
  expect_filters("n.score < 0.5", below, "n.score >= 0.25", both);
  // Grouped by a property of one node: counted per node id, keys computed per node.
  r = conn->Query("PROFILE MATCH (a)-[:KNOWS]->(b) RETURN b.id % 10 AS k, count(a)");
  EXPECT_NE(FormatPlan(*r.summary().plan).find(", grouped by node"), std::string::npos);
  // An aggregate whose result depends on the row order runs on one worker.
  r = conn->Query("PROFILE MATCH (a)-[:KNOWS]->(b) RETURN collect(b.id)");
  EXPECT_NE(FormatPlan(*r.summary().plan).find("vectorized: 1 worker,"), std::string::npos);
  // Sums run on every worker: integers add exactly in 128 bits, floats by ExactSum.
  r = conn->Query("PROFILE MATCH (a)-[r:KNOWS]->(b) RETURN sum(r.since)");
  EXPECT_NE(FormatPlan(*r.summary().plan).find("vectorized: 2 workers,"), std::string::npos);
  r = conn->Query("PROFILE MATCH (a)-[r:KNOWS]->(b) RETURN sum(b.score), avg(b.score)");
  EXPECT_NE(FormatPlan(*r.summary().plan).find("vectorized: 2 workers,"), std::string::npos);
  // A fragment from a key seek: its one morsel, the workers sharing the expands.
  r = conn->Query("PROFILE MATCH (a:Person {id: 3})-[:KNOWS]->(b)-[:KNOWS]->(c) RETURN count(c)");
  EXPECT_NE(FormatPlan(*r.summary().plan).find("vectorized: 2 workers, a seek"), std::string::npos)
      << FormatPlan(*r.summary().plan);
  // ORDER BY ... LIMIT over a fragment: a top-k per worker.
  r = conn->Query("PROFILE MATCH (a)-[:KNOWS]->(b) RETURN b.id ORDER BY b.id LIMIT 3");
  EXPECT_NE(FormatPlan(*r.summary().plan).find("vectorized top-k: 2 workers"), std::string::npos);
  // The row engine says nothing of the kind.
  DatabaseOptions row = RowEngine();
  conn.reset();
  db.reset();
  db = Database::Open(db_path_, row);
  conn = db->Connect();
  r = conn->Query("PROFILE MATCH (a)-[:KNOWS]->(b) WHERE b.id >= 0 RETURN count(*)");
  EXPECT_EQ(FormatPlan(*r.summary().plan).find("vectorized"), std::string::npos);
}

TEST_F(VectorEngineTest, GroupTablesCountAgainstTheMemoryLimit) {
  DatabaseOptions o;
  o.query_workers = 2;
  o.morsel_nodes = 8;
  o.query_memory_limit = 1 << 20;
  auto db = Database::Open(db_path_, o);
  auto conn = db->Connect();
  // Over 100,000 distinct string keys: several MiB of groups.
  EXPECT_EQ(testing::ErrorOf(*conn, "MATCH (a)-[]->(b)-[]->(c) RETURN a.name + b.name + c.name AS k, count(*)"),
            "ResourceExhausted/MemoryLimitExceeded");
  // The connection goes on.
  EXPECT_EQ(conn->Query("MATCH (n:Person) RETURN count(*)").rows().at(0).at(0).AsInt(), kPeople + 30 - 4);
}

TEST_F(VectorEngineTest, ATimeoutStopsAVectorizedAggregation) {
  DatabaseOptions o;
  o.query_workers = 2;
  o.morsel_nodes = 4;
  o.vector_size = 16;
  auto db = Database::Open(db_path_, o);
  auto conn = db->Connect();
  conn->SetQueryTimeout(std::chrono::milliseconds(200));
  // Hundreds of millions of rows: far longer than the timeout.
  EXPECT_EQ(testing::ErrorOf(*conn,
                             "MATCH (a)-[:KNOWS]-(b)-[:KNOWS]-(c)-[:KNOWS]-(d)-[:KNOWS]-(e)-[:KNOWS]-(f) "
                             "RETURN count(*)"),
            "Interrupted/Timeout");
}

// The optimizer's one-hop EXISTS (hasRelationship: a binary search in a sorted adjacency
// slice, the delta merged in) against the same question asked as a pattern comprehension,
// which keeps the general subplan: every direction, type alternatives, any type, an
// unknown type, a self-loop, negation, a null end, over the base with the delta and in
// every configuration.
TEST_F(VectorEngineTest, OneHopExistsAgreesWithTheSubplan) {
  const char* const hops[] = {
      "(b)-[:LIKES]->(a)", "(b)<-[:KNOWS]-(a)", "(a)-[:KNOWS|LIKES]-(b)", "(b)-->(a)",
      "(a)-[:NOTYPE]->(b)", "(a)-[:KNOWS]->(a)", "(b)-[:KNOWS]-(a)",
  };
  std::vector<std::pair<std::string, std::string>> pairs;  // (rewritten, reference)
  for (const char* hop : hops) {
    std::string h(hop);
    std::string list = "size([" + h.substr(0, h.find('[') + 1) + "x" + h.substr(h.find('[') + 1) + " | x]) > 0";
    if (h.find('[') == std::string::npos) {  // (b)-->(a)
      list = "size([(b)-[x]->(a) | x]) > 0";
    }
    for (const char* outer : {"MATCH (a:Person)-[:KNOWS]->(b) WHERE ", "MATCH (a)<-[:LIKES]-(b:Person) WHERE NOT "}) {
      pairs.emplace_back(std::string(outer) + h + " RETURN count(*), count(DISTINCT a)",
                         std::string(outer) + "(" + list + ") RETURN count(*), count(DISTINCT a)");
    }
    // A null end (OPTIONAL MATCH) and a cartesian product (the row engine's path).
    pairs.emplace_back("MATCH (a:Person) OPTIONAL MATCH (a)-[:LIKES]->(b) WITH a, b WHERE NOT " + h +
                           " RETURN count(*)",
                       "MATCH (a:Person) OPTIONAL MATCH (a)-[:LIKES]->(b) WITH a, b WHERE NOT (" + list +
                           ") RETURN count(*)");
    pairs.emplace_back("MATCH (a:Person), (b:Admin) WHERE a.id < 120 AND " + h + " RETURN count(*)",
                       "MATCH (a:Person), (b:Admin) WHERE a.id < 120 AND " + list + " RETURN count(*)");
  }
  std::vector<Config> configs = Configs();
  configs.push_back({"row engine", RowEngine()});
  for (const Config& c : configs) {
    auto db = Database::Open(db_path_, c.options);
    auto conn = db->Connect();
    for (const auto& [rewritten, reference] : pairs) {
      EXPECT_EQ(Rows(*conn, rewritten), Rows(*conn, reference)) << c.name << ": " << rewritten;
    }
  }
  // The rewrite happened, and it finds something (not false everywhere).
  auto db = Database::Open(db_path_, RowEngine());
  auto conn = db->Connect();
  const std::string plan =
      FormatPlan(*conn->Query("EXPLAIN MATCH (a)-[:KNOWS]->(b) WHERE NOT (b)-[:KNOWS]->(a) RETURN count(*)").summary().plan);
  EXPECT_NE(plan.find("Filter NOT (b)-[:KNOWS]->(a)"), std::string::npos) << plan;
  EXPECT_EQ(plan.find("EXISTS"), std::string::npos) << plan;
  EXPECT_GT(conn->Query("MATCH (a)-[:KNOWS]->(b) WHERE (b)-[:LIKES]->(a) RETURN count(*)").rows().at(0).at(0).AsInt(), 0);
}

// The graph without the delta: where the counts are the generation's, a label every node
// carries is known to be one (the factorized expand reads degrees, the one-hop EXISTS
// to any node is a degree) — the same answers as the row engine's.
TEST_F(VectorEngineTest, EveryConfigurationAgreesWithTheRowEngineOverTheBaseAlone) {
  testing::TempDir dir;
  const std::string path = dir.Join("db");
  testing::ImportCsvGraph(path, dir.path(), GraphCsv());
  std::vector<std::vector<std::string>> expected;
  {
    auto db = Database::Open(path, RowEngine());
    auto conn = db->Connect();
    expected = RunAll(*conn);
  }
  EXPECT_EQ(expected[0], std::vector<std::string>{std::to_string(kPeople) + " | "});
  for (const Config& c : Configs()) {
    auto db = Database::Open(path, c.options);
    auto conn = db->Connect();
    auto actual = RunAll(*conn);
    for (size_t q = 0; q < expected.size(); ++q) EXPECT_EQ(actual[q], expected[q]) << c.name << ": " << QueryAt(q);
  }
}

// EXISTS of one hop from a bound node to a new one, with or without labels on it (a
// degree, or the adjacency read until a neighbour has them), against the same question
// as a pattern comprehension (the general subplan); over the base alone (labels known to
// be on every node) and with the delta.
TEST_F(VectorEngineTest, OneHopExistsToAnyNodeAgreesWithTheSubplan) {
  const char* const hops[] = {
      "(a)-[:KNOWS]->(:Admin)", "(a)<-[:LIKES]-()", "(a)-[:KNOWS|LIKES]-(:Person)", "(a)-->(:Person:Admin)",
      "(a)-[:NOTYPE]->()", "(a)-[:KNOWS]->(:Nobody)", "(a)<-[:KNOWS]-(:Person)",
  };
  testing::TempDir dir;
  const std::string base_only = dir.Join("db");
  testing::ImportCsvGraph(base_only, dir.path(), GraphCsv());
  std::vector<Config> configs = Configs();
  configs.push_back({"row engine", RowEngine()});
  for (const std::string& path : {db_path_, base_only}) {
    for (const Config& c : configs) {
      auto db = Database::Open(path, c.options);
      auto conn = db->Connect();
      for (const char* hop : hops) {
        std::string h(hop);
        const size_t bracket = h.find('[');
        const std::string list = bracket == std::string::npos
                                     ? "size([(a)-[x]->(:Person:Admin) | x]) > 0"
                                     : "size([" + h.substr(0, bracket + 1) + "x" + h.substr(bracket + 1) + " | x]) > 0";
        for (const char* outer : {"MATCH (a:Person) WHERE ", "MATCH (a) WHERE NOT "}) {
          const std::string rewritten = std::string(outer) + h + " RETURN count(*), sum(a.id)";
          const std::string reference = std::string(outer) + "(" + list + ") RETURN count(*), sum(a.id)";
          EXPECT_EQ(Rows(*conn, rewritten), Rows(*conn, reference)) << c.name << " on " << path << ": " << rewritten;
        }
      }
    }
  }
  auto db = Database::Open(base_only, RowEngine());
  auto conn = db->Connect();
  const std::string plan =
      FormatPlan(*conn->Query("EXPLAIN MATCH (n) WHERE NOT (n)-[:KNOWS]->(:Admin) RETURN count(*)").summary().plan);
  EXPECT_NE(plan.find("Filter NOT (n)-[:KNOWS]->(:Admin)"), std::string::npos) << plan;
  EXPECT_GT(conn->Query("MATCH (n) WHERE (n)-[:KNOWS]->(:Admin) RETURN count(*)").rows().at(0).at(0).AsInt(), 0);
}

// Two comparisons over rand() draw it twice, as the row engine does: a run of
// comparisons shares its operand only when it is deterministic. Drawn once, a quarter of
// the rows would not pass but half; the bound is five standard deviations from both.
TEST_F(VectorEngineTest, ComparisonsOverRandDrawItForEach) {
  std::vector<Config> configs = Configs();
  configs.push_back({"row engine", RowEngine()});
  for (const Config& c : configs) {
    auto db = Database::Open(db_path_, c.options);
    auto conn = db->Connect();
    int64_t nodes = 0, kept = 0;
    for (int round = 0; round < 10; ++round) {
      nodes += conn->Query("MATCH (n) RETURN count(*)").rows().at(0).at(0).AsInt();
      kept += conn->Query("MATCH (n) WHERE rand() < 0.5 AND rand() < 0.5 RETURN count(*)").rows().at(0).at(0).AsInt();
    }
    EXPECT_LT(static_cast<double>(kept), 0.33 * static_cast<double>(nodes)) << c.name;
    EXPECT_GT(static_cast<double>(kept), 0.17 * static_cast<double>(nodes)) << c.name;
  }
}

// A type named twice is one type: each relationship matches once (it matched once per
// mention), in the row engine, the vector engine and the degree rewrites alike.
TEST_F(VectorEngineTest, ARelationshipTypeNamedTwiceMatchesOnce) {
  std::vector<Config> configs = Configs();
  configs.push_back({"row engine", RowEngine()});
  for (const Config& c : configs) {
    auto db = Database::Open(db_path_, c.options);
    auto conn = db->Connect();
    const std::pair<const char*, const char*> pairs[] = {
        {"MATCH (a)-[:KNOWS|KNOWS]->(b) RETURN count(*)", "MATCH (a)-[:KNOWS]->(b) RETURN count(*)"},
        {"MATCH (a)-[:KNOWS|LIKES|KNOWS]-(b) RETURN a.id % 3 AS k, count(*)",
         "MATCH (a)-[:KNOWS|LIKES]-(b) RETURN a.id % 3 AS k, count(*)"},
        {"MATCH (a) RETURN size([(a)-[:LIKES|LIKES]->(b) | b]) AS n, count(*)",
         "MATCH (a) RETURN size([(a)-[:LIKES]->(b) | b]) AS n, count(*)"},
    };
    for (const auto& [twice, once] : pairs) {
      EXPECT_EQ(Rows(*conn, twice), Rows(*conn, once)) << c.name << ": " << twice;
    }
  }
}

}  // namespace
}  // namespace quiver
