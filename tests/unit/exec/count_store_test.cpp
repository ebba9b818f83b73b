// Counts from the store (optimizer.cpp, "Counts from the store"): `MATCH (n:L) RETURN
// count(n)` and `MATCH ()-[r:T]->() RETURN count(r)` plan as one CountStore row and
// must equal what a scan counts — on a generation alone (the store's counts), with a
// delta over it (counted), and in memory.

#include <gtest/gtest.h>

#include <string>

#include "quiver/database.h"
#include "test_util/temp_dir.h"
#include "unit/exec/base_graph_util.h"

namespace quiver {
namespace {

int64_t Count(Connection& conn, const std::string& query) {
  auto r = conn.Query(query);
  return r.rows().at(0).at(0).AsInt();
}

std::string Plan(Connection& conn, const std::string& query) {
  auto r = conn.Query("EXPLAIN " + query);
  return FormatPlan(*r.summary().plan);
}

// Each store count against the same count written so that no rewrite applies.
void ExpectCountsMatchScans(Connection& conn) {
  const std::pair<const char*, const char*> cases[] = {
      {"MATCH (n) RETURN count(n)", "MATCH (n) WHERE n.id IS NULL OR n.id IS NOT NULL RETURN count(*)"},
      {"MATCH (n:A) RETURN count(*)", "MATCH (n:A) WHERE n.id IS NULL OR n.id IS NOT NULL RETURN count(*)"},
      {"MATCH (n:B) RETURN count(n)", "MATCH (n:B) WHERE n.id IS NULL OR n.id IS NOT NULL RETURN count(*)"},
      {"MATCH (n:Nobody) RETURN count(n)", "MATCH (n:Nobody) WHERE n.id IS NULL RETURN count(*)"},
      {"MATCH ()-[r]->() RETURN count(r)", "MATCH (a)-[r]->(b) WHERE b.id IS NULL OR b.id IS NOT NULL RETURN count(*)"},
      {"MATCH ()-[r:R]->() RETURN count(r)",
       "MATCH (a)-[r:R]->(b) WHERE b.id IS NULL OR b.id IS NOT NULL RETURN count(*)"},
      {"MATCH (a)<-[r:S]-(b) RETURN count(*)",
       "MATCH (a)-[r:S]->(b) WHERE b.id IS NULL OR b.id IS NOT NULL RETURN count(*)"},
      {"MATCH ()-[r:NOTYPE]->() RETURN count(r)", "MATCH (a)-[r:NOTYPE]->(b) WHERE b.id IS NULL RETURN count(*)"},
  };
  for (const auto& [store, scan] : cases) {
    EXPECT_NE(Plan(conn, store).find("CountStore"), std::string::npos) << store;
    EXPECT_EQ(Plan(conn, scan).find("CountStore"), std::string::npos) << scan;
    EXPECT_EQ(Count(conn, store), Count(conn, scan)) << store;
  }
}

const char* const kWrites[] = {
    "UNWIND range(1, 20) AS i CREATE (:A {id: 1000 + i})",
    "MATCH (a:A {id: 1001}), (b:B) CREATE (a)-[:R]->(b)",
    "MATCH (n:B) WHERE n.id % 3 = 0 SET n:A",
    "MATCH ()-[r:S]->() WITH r LIMIT 5 DELETE r",
    "MATCH (n:A) WHERE n.id % 7 = 1 DETACH DELETE n",
};

TEST(CountStoreTest, CountsMatchScansOverAGenerationThenADelta) {
  testing::TempDir dir;
  std::string nodes_a = "id:ID{id-type:int}\n", nodes_b = "id:ID{id-type:int}\n", r = ":START_ID,:END_ID\n",
              s = ":START_ID,:END_ID\n";
  for (int i = 0; i < 50; ++i) nodes_a += std::to_string(i) + "\n";
  for (int i = 50; i < 80; ++i) nodes_b += std::to_string(i) + "\n";
  for (int i = 0; i < 200; ++i) r += std::to_string(i % 80) + "," + std::to_string((i * 7) % 80) + "\n";
  for (int i = 0; i < 60; ++i) s += std::to_string((i * 3) % 80) + "," + std::to_string(i % 50) + "\n";
  testing::ImportCsvGraph(dir.Join("db"), dir.path(),
                          {{true, {"A"}, nodes_a}, {true, {"B"}, nodes_b}, {false, {"R"}, r}, {false, {"S"}, s}});
  auto db = Database::Open(dir.Join("db"));
  auto conn = db->Connect();
  EXPECT_EQ(Count(*conn, "MATCH (n:A) RETURN count(n)"), 50);
  EXPECT_EQ(Count(*conn, "MATCH ()-[r:R]->() RETURN count(r)"), 200);
  ExpectCountsMatchScans(*conn);
  for (const char* w : kWrites) conn->Query(w).rows();
  ExpectCountsMatchScans(*conn);
}

TEST(CountStoreTest, CountsMatchScansInMemory) {
  auto db = Database::OpenInMemory();
  auto conn = db->Connect();
  conn->Query("UNWIND range(0, 49) AS i CREATE (:A {id: i})").rows();
  conn->Query("UNWIND range(50, 79) AS i CREATE (:B {id: i})").rows();
  conn->Query("MATCH (a:A), (b:B) WHERE (a.id + b.id) % 9 = 0 CREATE (a)-[:R]->(b), (b)-[:S]->(a)").rows();
  ExpectCountsMatchScans(*conn);
  for (const char* w : kWrites) conn->Query(w).rows();
  ExpectCountsMatchScans(*conn);
}

}  // namespace
}  // namespace quiver
