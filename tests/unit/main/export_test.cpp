// quiver export through the public API (quiver/data_export.h): a graph with every kind
// of property value, labels, relationship types and schema, written as CSV and imported
// again (ImportExported) answers every query of a battery as the original does; JSON
// lines hold the same entities; the export reads one snapshot while a writer goes on;
// misuse is a named error, and a failed export leaves nothing behind.

#include "quiver/data_export.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <thread>

#include "quiver/checkpoint.h"
#include "quiver/database.h"
#include "quiver/error.h"
#include "quiver/value_ops.h"
#include "test_util/index_test_util.h"
#include "test_util/query_error.h"
#include "test_util/temp_dir.h"

namespace quiver {
namespace {

using quiver::testing::ErrorOfCall;
using quiver::testing::TempDir;

// The rows of `query`, each as the TCK writes values, sorted: answers compared as bags.
std::vector<std::string> SortedRows(Connection& conn, const std::string& query) {
  std::vector<std::string> rows;
  QueryResult result = conn.Query(query);
  while (result.Next()) {
    std::string row;
    for (const Value& v : result.row()) row += ToTckString(v) + " | ";
    rows.push_back(std::move(row));
  }
  std::sort(rows.begin(), rows.end());
  return rows;
}

// What the round trip must keep: every node and relationship with its labels, type and
// properties (and each value's type), the adjacency, the token lists and the schema.
const std::vector<std::string> kBattery = {
    "MATCH (n) RETURN n",
    "MATCH (a)-[r]->(b) RETURN a, r, b",
    "MATCH (n) UNWIND keys(n) AS k RETURN labels(n), k, valueType(n[k]), count(*)",
    "MATCH ()-[r]->() UNWIND keys(r) AS k RETURN type(r), k, valueType(r[k]), count(*)",
    "MATCH (n) RETURN size([(n)-->() | 1]) AS out, size([(n)<--() | 1]) AS inc, count(*)",
    "MATCH (n) RETURN labels(n), count(*)",
    "MATCH ()-[r]->() RETURN type(r), count(*)",
    "MATCH (a)-[r]->(a) RETURN a.name, type(r)",
    "MATCH (a)-[r1]->(b)<-[r2]-(a) WHERE id(r1) < id(r2) RETURN a.name, b.name, type(r1), type(r2)",
    "CALL db.labels()",
    "CALL db.relationshipTypes()",
    "SHOW INDEXES YIELD name, type, entityType, labelsOrTypes, properties, state WHERE type <> 'LOOKUP' "
    "RETURN *",
    "SHOW CONSTRAINTS YIELD name, type, entityType, labelsOrTypes, properties, propertyType RETURN *",
};

// A graph of every property kind and shape an export must carry, written partly before
// a compaction (in the generation) and partly after (in the write log's delta), with
// deleted nodes leaving holes in the ids.
void BuildGraph(std::unique_ptr<Database>& db, const std::string& path) {
  auto conn = db->Connect();
  conn->Query(
      "CREATE (a:Person {name: 'Ada', age: 36, score: 0.1, ok: true, born: date('1815-12-10'), "
      "  tags: ['math', 'poet;ry', ''], nums: [1, -2, 9223372036854775807], "
      "  text: 'comma, \"quote\", new\nline, tab\t, é ☃', pad: '  spaced  ', empty: ''}), "
      "(b:Person:Admin {name: 'Bob', age: -9223372036854775807 - 1, score: -0.0, ok: false, "
      "  at: datetime('2020-01-01T10:00:00.123456789+01:00[Europe/Paris]'), "
      "  off: datetime('2021-06-01T12:00-05:30'), lt: localtime('23:59:59.999999999'), "
      "  t: time('08:00+02:00'), ldt: localdatetime('1999-12-31T23:59:59'), d: duration('P1Y2M3DT4H5M6.7S'), "
      "  none: [], flags: [true, false], floats: [1.5, -0.0, 1e300], dates: [date('2000-01-01')]}), "
      "(c:Person {name: 'Cy', age: 'forty', score: 0.0 / 0.0, big: 1.0 / 0.0, small: -1.0 / 0.0, x: 5e-324}), "
      "(d {name: 'no label'}), (e:Thing), (f:`Odd Label;|`:`x:y` {`odd key`: 1, `a:b`: 'colon'}), "
      "(a)-[:KNOWS {since: 2001, w: 0.5}]->(b), (b)-[:KNOWS]->(a), (a)-[:KNOWS {since: 2001}]->(b), "
      "(c)-[:SELF {note: 'loop'}]->(c), (d)-[:`ODD TYPE` {list: ['x', 'y']}]->(e), (e)-[:KNOWS]->(f)");
  conn->Query("CREATE INDEX person_name FOR (n:Person) ON (n.name)");
  conn->Query("CREATE INDEX knows_since FOR ()-[r:KNOWS]-() ON (r.since)");
  conn->Query("CREATE CONSTRAINT admin_name FOR (n:Admin) REQUIRE n.name IS UNIQUE");
  conn->Query("CREATE CONSTRAINT thing_kind FOR (n:Thing) REQUIRE n.kind IS :: STRING");
  conn->Query("CREATE CONSTRAINT knows_w FOR ()-[r:KNOWS]-() REQUIRE r.w IS :: FLOAT");
  conn.reset();
  quiver::testing::CompactOnDisk(db, path);
  conn = db->Connect();
  // After the compaction: the delta over the generation, and holes in the ids.
  conn->Query("UNWIND range(1, 50) AS i CREATE (:Bulk {i: i, half: i / 2, mixed: CASE i % 3 WHEN 0 THEN i "
              "WHEN 1 THEN toString(i) ELSE [i] END})");
  conn->Query("MATCH (b:Bulk) WHERE b.i % 7 = 0 DETACH DELETE b");
  conn->Query("MATCH (b:Bulk {i: 1}), (p:Person {name: 'Ada'}) CREATE (b)-[:LIKES {at: date('2024-02-29')}]->(p)");
  conn->Query("MATCH (b:Bulk {i: 2}) SET b:Extra REMOVE b.half");
  // Not enforced by an import row by row: created after the data (schema_after_import.cypher).
  conn->Query("CREATE CONSTRAINT likes_at FOR ()-[r:LIKES]-() REQUIRE r.at IS UNIQUE");
  conn->Query("MATCH (n {name: 'no label'}) DETACH DELETE n");
}

void ExpectSameAnswers(Database& original, Database& copy) {
  auto a = original.Connect();
  auto b = copy.Connect();
  for (const std::string& query : kBattery) {
    const std::vector<std::string> expected = SortedRows(*a, query);
    EXPECT_FALSE(expected.empty()) << query;
    EXPECT_EQ(expected, SortedRows(*b, query)) << query;
  }
}

class ExportRoundTripTest : public ::testing::TestWithParam<const char*> {};

TEST_P(ExportRoundTripTest, AnswersEveryQueryAsTheOriginal) {
  TempDir dir;
  auto db = Database::Open(dir.Join("db"));
  BuildGraph(db, dir.Join("db"));
  for (uint32_t threads : {1u, 3u}) {
    const std::string out = dir.Join("out" + std::to_string(threads));
    ExportOptions options;
    options.format = GetParam();
    options.threads = threads;
    const ExportSummary s = ExportDatabase(dir.Join("db"), out, options);
    EXPECT_EQ(s.nodes, uint64_t(db->Connect()->Query("MATCH (n) RETURN count(n)").rows()[0][0].AsInt()));
    EXPECT_EQ(s.files.back(), "export.json");
    const std::string copy = dir.Join("copy" + std::to_string(threads));
    const ImportSummary i = ImportExported(copy, out);
    EXPECT_EQ(i.nodes, s.nodes);
    EXPECT_EQ(i.relationships, s.relationships);
    auto imported = Database::Open(copy);
    ExpectSameAnswers(*db, *imported);
  }
  // The same files at any worker count.
  for (const auto& entry : std::filesystem::directory_iterator(dir.Join("out1"))) {
    if (entry.path().filename() == "export.json") continue;
    std::ifstream one(entry.path()), three(dir.Join("out3") + "/" + entry.path().filename().string());
    EXPECT_EQ(std::string(std::istreambuf_iterator<char>(one), {}), std::string(std::istreambuf_iterator<char>(three), {}))
        << entry.path();
  }
}

INSTANTIATE_TEST_SUITE_P(Formats, ExportRoundTripTest, ::testing::Values("csv", "parquet"));

TEST(ExportTest, MixedTypesOfOneKeySplitALabelsFile) {
  TempDir dir;
  auto db = Database::Open(dir.Join("db"));
  db->Connect()->Query("CREATE (:L {x: 1}), (:L {x: 'one'}), (:L {x: 2, y: true}), (:L {y: false})");
  db.reset();
  ExportDatabase(dir.Join("db"), dir.Join("out"));
  const auto manifest = nlohmann::json::parse(std::ifstream(dir.Join("out/export.json")));
  std::vector<std::string> files;
  for (const auto& f : manifest["files"]) files.push_back(f["name"]);
  // x as an integer (with y), x as a string, and the node without x.
  EXPECT_EQ(files, (std::vector<std::string>{"nodes_L.csv", "nodes_L_2.csv", "nodes_L_3.csv", "schema.cypher"}));
  std::ifstream first(dir.Join("out/nodes_L.csv"));
  std::string header;
  std::getline(first, header);
  EXPECT_EQ(header, ":ID{id-type:int},:LABEL,x:long,y:boolean");
  std::ifstream third(dir.Join("out/nodes_L_3.csv"));
  std::getline(third, header);
  EXPECT_EQ(header, ":ID{id-type:int},:LABEL,y:boolean");
  // And they import back as the one label they were.
  ImportExported(dir.Join("copy"), dir.Join("out"));
  auto copy = Database::Open(dir.Join("copy"));
  EXPECT_EQ(SortedRows(*copy->Connect(), "MATCH (n:L) RETURN n.x, n.y"),
            (std::vector<std::string>{"'one' | null | ", "1 | null | ", "2 | true | ", "null | false | "}));
}

TEST(ExportTest, JsonLinesHoldEveryEntityInApocShape) {
  TempDir dir;
  auto db = Database::Open(dir.Join("db"));
  BuildGraph(db, dir.Join("db"));
  ExportOptions options;
  options.format = "jsonl";
  const ExportSummary s = ExportDatabase(dir.Join("db"), dir.Join("out"), options);
  std::ifstream in(dir.Join("out/graph.jsonl"));
  uint64_t nodes = 0, rels = 0;
  bool saw_ada = false;
  for (std::string line; std::getline(in, line);) {
    const auto j = nlohmann::json::parse(line);
    if (j["type"] == "node") {
      ++nodes;
      EXPECT_EQ(rels, 0u) << "nodes come first";
      if (j["properties"].value("name", "") == "Ada") {
        saw_ada = true;
        EXPECT_EQ(j["labels"], nlohmann::json::array({"Person"}));
        EXPECT_EQ(j["properties"]["born"], "1815-12-10");
        EXPECT_EQ(j["properties"]["tags"], nlohmann::json::array({"math", "poet;ry", ""}));
        EXPECT_EQ(j["properties"]["nums"][2], 9223372036854775807LL);
      }
    } else {
      ++rels;
      EXPECT_EQ(j["type"], "relationship");
      EXPECT_TRUE(j["start"].contains("id") && j["end"].contains("labels"));
    }
  }
  EXPECT_TRUE(saw_ada);
  EXPECT_EQ(nodes, s.nodes);
  EXPECT_EQ(rels, s.relationships);
}

TEST(ExportTest, ReadsOneSnapshotWhileAWriterCommits) {
  TempDir dir;
  const std::string path = dir.Join("db");
  auto db = Database::Open(path);
  db->Connect()->Query("UNWIND range(1, 2000) AS i CREATE (:T {i: i})-[:NEXT]->(:U {i: i})");
  std::atomic<bool> stop{false};
  std::thread writer([&] {
    auto conn = db->Connect();
    // Each commit adds a pair and its relationship: a consistent snapshot holds as many
    // :T as :U nodes and as many relationships as either.
    for (int64_t i = 2001; !stop.load(); ++i) conn->Query("CREATE (:T {i: $i})-[:NEXT]->(:U {i: $i})", {{"i", Value::Int(i)}});
  });
  for (int round = 0; round < 3; ++round) {
    const std::string out = dir.Join("out" + std::to_string(round));
    const ExportSummary s = ExportDatabase(path, out);
    EXPECT_EQ(s.nodes, 2 * s.relationships);
    const auto manifest = nlohmann::json::parse(std::ifstream(out + "/export.json"));
    uint64_t t = 0, u = 0;
    for (const auto& f : manifest["files"]) {
      if (f["kind"] == "nodes") (f["labels"][0] == "T" ? t : u) = f["rows"];
    }
    EXPECT_EQ(t, u);
    EXPECT_EQ(t, s.relationships);
  }
  stop = true;
  writer.join();
}

TEST(ExportTest, ANamedCheckpointIsExportedAsItWas) {
  TempDir dir;
  const std::string path = dir.Join("db");
  Database::Open(path)->Connect()->Query("UNWIND range(1, 10) AS i CREATE (:Before {i: i})");
  CreateCheckpoint(path, "monday");
  Database::Open(path)->Connect()->Query("CREATE (:After)");
  ExportOptions options;
  options.at_checkpoint = "monday";
  const ExportSummary at = ExportDatabase(path, dir.Join("monday"), options);
  EXPECT_EQ(at.nodes, 10u);
  EXPECT_EQ(ExportDatabase(path, dir.Join("now")).nodes, 11u);
}

TEST(ExportTest, MisuseIsANamedErrorAndAFailedExportLeavesNothing) {
  TempDir dir;
  auto db = Database::Open(dir.Join("db"));
  db->Connect()->Query("CREATE (:A {m: 1})");
  db.reset();
  ExportOptions bad;
  bad.format = "xml";
  EXPECT_NE(ErrorOfCall([&] { ExportDatabase(dir.Join("db"), dir.Join("x"), bad); }).find("unknown export format 'xml'"),
            std::string::npos);
  std::filesystem::create_directories(dir.Join("full"));
  std::ofstream(dir.Join("full/file")) << "x";
  EXPECT_NE(ErrorOfCall([&] { ExportDatabase(dir.Join("db"), dir.Join("full")); }).find("exists and is not empty"),
            std::string::npos);
  ExportOptions at;
  at.at_checkpoint = "nope";
  EXPECT_NE(ErrorOfCall([&] { ExportDatabase(dir.Join("db"), dir.Join("y"), at); }).find("nope"), std::string::npos);
  EXPECT_FALSE(std::filesystem::exists(dir.Join("x")));
  EXPECT_FALSE(std::filesystem::exists(dir.Join("y")));
  // Not an export, and an export import does not read.
  EXPECT_NE(ErrorOfCall([&] { ImportExported(dir.Join("new"), dir.Join("full")); }).find("holds no export.json"),
            std::string::npos);
  ExportOptions cypher;
  cypher.format = "cypher";
  ExportDatabase(dir.Join("db"), dir.Join("c"), cypher);
  EXPECT_NE(ErrorOfCall([&] { ImportExported(dir.Join("new"), dir.Join("c")); }).find("quiver shell"),
            std::string::npos);
}

}  // namespace
}  // namespace quiver
