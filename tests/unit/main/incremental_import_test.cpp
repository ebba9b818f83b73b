// `quiver import --incremental` (ImportOptions::incremental; docs/ingest.md, "Incremental
// import"): a batch of nodes and relationships added to a database that holds a graph,
// through the construction session. The result must be the graph a full import of the
// union of the files gives (counts, labels, properties, relationships between old and
// new nodes, the ids of the old nodes), whether the session spills or not; duplicate ids
// (against the database and within the batch), unknown endpoints and UNIQUE violations
// against existing nodes are bad rows; commits still in the write log survive; indexes
// are ONLINE and answer for the new nodes; and a failed import leaves every byte of the
// database as it was.

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>

#include "common/file/env.h"
#include "main/import_run.h"
#include "quiver/database.h"
#include "quiver/error.h"
#include "quiver/import.h"
#include "ingest/compaction_build.h"
#include "main/import_incremental.h"
#include "storage/database_dir.h"
#include "storage/txn/transactional_store.h"
#include "test_util/import_test_util.h"

namespace quiver {
namespace {

namespace fs = std::filesystem;

// A node row of the test graph: id n<i>, a name, a score, labels by i.
std::string NodeRow(int i) {
  std::string labels = i % 2 == 0 ? "A" : "B";
  if (i % 5 == 0) labels += ";Person";
  if (i >= 60 && i % 3 == 0) labels += ";C";  // a label only the batch has
  std::string row = "n" + std::to_string(i) + ",name" + std::to_string(i) + "," + std::to_string(i * 0.5) + ",";
  row += i >= 60 ? std::to_string(i * 7) : "";  // a property key only the batch has
  return row + "," + labels + "\n";
}
constexpr const char* kNodeHeader = "id:ID,name,score:double,extra:int,:LABEL\n";

// Nodes [first, last) and relationships: each node i to (i*7+3) % bound and, every third,
// to (i+1) % bound, where bound = last: a batch's relationships join old and new nodes.
std::string Nodes(int first, int last) {
  std::string s = kNodeHeader;
  for (int i = first; i < last; ++i) s += NodeRow(i);
  return s;
}
std::string Relationships(int first, int last, bool with_new_type) {
  std::string s = ":START_ID,:END_ID,:TYPE,w:double\n";
  for (int i = first; i < last; ++i) {
    s += "n" + std::to_string(i) + ",n" + std::to_string((i * 7 + 3) % last) + ",R1," + std::to_string(i) + "\n";
    if (i % 3 == 0) s += "n" + std::to_string(i) + ",n" + std::to_string((i + 1) % last) + ",R2,\n";
    if (with_new_type && i % 4 == 0) s += "n" + std::to_string(i % 50) + ",n" + std::to_string(i) + ",R3,1.5\n";
  }
  return s;
}

// What the graph answers: each query's rows as strings, sorted.
const std::vector<std::string> kBattery = {
    "MATCH (n) RETURN toString(count(n))",
    "MATCH ()-[r]->() RETURN toString(count(r))",
    "MATCH (n:A) RETURN toString(count(n))",
    "MATCH (n:B) RETURN toString(count(n))",
    "MATCH (n:C) RETURN toString(count(n))",
    "MATCH (n:Person) RETURN toString(count(n))",
    "MATCH (n) RETURN toString(sum(n.score)) + ' ' + toString(sum(n.extra))",
    "MATCH ()-[r]->() RETURN toString(sum(r.w))",
    "MATCH (n)-[r]->() WITH n.id AS id, count(r) AS c RETURN id + ' ' + toString(c)",
    "MATCH (n)<-[r]-() WITH n.id AS id, count(r) AS c RETURN id + ' ' + toString(c)",
    "MATCH (a)-[r]->(b) RETURN a.id + ' ' + type(r) + ' ' + b.id + ' ' + coalesce(toString(r.w), '-')",
    "MATCH (n) RETURN n.id + ' ' + n.name + ' ' + reduce(s = '', l IN labels(n) | s + l + ';')",
    "MATCH (n {id: 'n3'})-->(m) RETURN m.id",
    "MATCH (n {id: 'n65'})<--(m) RETURN m.id",
};

class IncrementalImportTest : public quiver::testing::ImportFilesTest {
 protected:
  ImportSource NodeSource(const std::string& file, const std::string& csv) {
    return {ImportSource::Kind::kNodes, {}, {Write(file, csv)}};
  }
  ImportSource RelSource(const std::string& file, const std::string& csv) {
    return {ImportSource::Kind::kRelationships, {}, {Write(file, csv)}};
  }
  static std::vector<std::string> Answers(const std::string& db, const std::string& query) {
    DatabaseOptions options;
    options.read_only = true;
    auto database = Database::Open(db, options);
    auto connection = database->Connect();
    const std::vector<std::vector<Value>> rows = connection->Query(query).rows();
    std::vector<std::string> out;
    for (const auto& row : rows) {
      out.emplace_back(row.at(0).IsNull() ? "null" : std::string(row.at(0).AsString()));
    }
    std::sort(out.begin(), out.end());
    return out;
  }
  static void ExpectSameGraph(const std::string& got, const std::string& want) {
    for (const std::string& q : kBattery) EXPECT_EQ(Answers(got, q), Answers(want, q)) << q;
  }
  // The property the live generation records as mirroring the ids (key lookups trust it).
  static std::optional<uint32_t> MirrorKey(const std::string& db) {
    storage::DatabaseOptions options;
    options.read_only = true;
    auto dir = storage::DatabaseDir::Open(Env::Default(), db, options);
    EXPECT_TRUE(dir.ok());
    auto gen = (*dir)->Pin();
    EXPECT_TRUE(gen.ok());
    return (*gen)->manifest().id_mirror_key;
  }
  // Every file of a database directory and its bytes (LOCK's content is not the graph).
  static std::map<std::string, std::string> Files(const std::string& db) {
    std::map<std::string, std::string> out;
    for (const auto& e : fs::recursive_directory_iterator(db)) {
      if (e.is_regular_file() && e.path().filename() != "LOCK") out[e.path().string()] = quiver::testing::ReadFileBytes(e.path().string());
    }
    return out;
  }
  ImportOptions Incremental(bool skip = false) {
    ImportOptions o;
    o.incremental = true;
    o.skip_bad_rows = skip;
    o.report_path = ReportPath();
    return o;
  }
  // The base graph (nodes 0..59) in db_.
  void ImportBase() {
    ImportCsv(db_, {NodeSource("n0.csv", Nodes(0, 60)), RelSource("r0.csv", Relationships(0, 60, false))});
  }
  void Execute(const std::string& statement) {
    auto database = Database::Open(db_);
    database->Connect()->Query(statement);
  }

  std::string db_ = dir_.Join("db");
};

TEST_F(IncrementalImportTest, EqualsAFullImportOfTheUnion) {
  ImportBase();
  const std::vector<std::string> old_ids = Answers(db_, "MATCH (n) RETURN n.id + '@' + toString(id(n))");
  const ImportSummary s = ImportCsv(
      db_, {NodeSource("n1.csv", Nodes(60, 80)), RelSource("r1.csv", Relationships(60, 80, true))}, Incremental());
  EXPECT_EQ(s.nodes, 80u);

  const std::string full = dir_.Join("full");
  ImportCsv(full, {NodeSource("n0.csv", Nodes(0, 60)), NodeSource("n1.csv", Nodes(60, 80)),
                   RelSource("r0.csv", Relationships(0, 60, false)), RelSource("r1.csv", Relationships(60, 80, true))});
  ExpectSameGraph(db_, full);
  EXPECT_TRUE(MirrorKey(full).has_value());
  EXPECT_EQ(MirrorKey(db_), MirrorKey(full)) << "the id column still mirrors the keys";
  EXPECT_EQ(Answers(db_, "MATCH (n:C) RETURN n.id").size(), 7u);
  EXPECT_EQ(Answers(db_, "MATCH ()-[r:R3]->() RETURN toString(count(r))"), std::vector<std::string>{"5"});
  // The old nodes keep their ids; the new ones follow.
  const std::vector<std::string> after = Answers(db_, "MATCH (n) WHERE id(n) < 60 RETURN n.id + '@' + toString(id(n))");
  EXPECT_EQ(after, old_ids);
  EXPECT_EQ(Answers(db_, "MATCH (n {id: 'n60'}) RETURN toString(id(n))"), std::vector<std::string>{"60"});
}

// The live generation of a database (read-only).
std::shared_ptr<const storage::Generation> Live(const std::string& db) {
  storage::DatabaseOptions options;
  options.read_only = true;
  auto dir = storage::DatabaseDir::Open(Env::Default(), db, options);
  EXPECT_TRUE(dir.ok()) << dir.status().ToString();
  auto gen = (*dir)->Pin();
  EXPECT_TRUE(gen.ok()) << gen.status().ToString();
  return *gen;
}

// Segments per relationship type name.
std::map<std::string, uint32_t> Segments(const storage::Generation& g) {
  std::map<std::string, uint32_t> out;
  for (uint32_t t = 0; t < g.RelTypeCount(); ++t) out[std::string(g.RelTypeName(t))] = g.SegmentCount(t);
  return out;
}

// `quiver compact`'s compaction (the session's builder) of the database at `db`.
void Compact(const std::string& db) {
  storage::StoreOptions o;
  o.compaction_builder = ingest::MakeSessionCompactionBuilder({});
  o.create_if_missing = false;
  auto store = storage::TransactionalStore::Open(Env::Default(), db, o);
  ASSERT_TRUE(store.ok()) << store.status().ToString();
  const Status compacted = (*store)->Compact();
  ASSERT_TRUE(compacted.ok()) << compacted.ToString();
}

// Relationships(first, last, false) with `w` an integer column (another type than the
// base's doubles: the segments' columns then differ in type).
std::string IntWeightRelationships(int first, int last) {
  std::string s = Relationships(first, last, false);
  s.replace(s.find("w:double"), 8, "w:int");
  return s;
}

// An incremental import into a database whose write log holds nothing past its generation
// keeps the generation's relationship files (hard links) and appends the batch's as a
// segment per type; reads see the union in every direction, with the edge properties of
// each segment, and the relationship index answers for every segment. A compaction
// builds one CSR per type again, the same graph.
TEST_F(IncrementalImportTest, BatchesAreAppendedAsSegmentsThatACompactionFolds) {
  ImportOptions with_schema;
  with_schema.schema_path = Write("schema.cypher", "CREATE INDEX r1_w FOR ()-[r:R1]-() ON (r.w);\n");
  ImportCsv(db_, {NodeSource("n0.csv", Nodes(0, 60)), RelSource("r0.csv", Relationships(0, 60, false))}, with_schema);
  struct stat base_file {};
  ASSERT_EQ(::stat((Live(db_)->dir() + "/rel-000000.qv").c_str(), &base_file), 0);
  ImportCsv(db_, {NodeSource("n1.csv", Nodes(60, 70)), RelSource("r1.csv", Relationships(60, 70, true))},
            Incremental());
  ImportCsv(db_, {NodeSource("n2.csv", Nodes(70, 80)), RelSource("r2.csv", IntWeightRelationships(70, 80))},
            Incremental());
  {
    const auto g = Live(db_);
    EXPECT_EQ(g->manifest().format_version, storage::kSegmentFormatVersion);
    EXPECT_EQ(Segments(*g), (std::map<std::string, uint32_t>{{"R1", 3}, {"R2", 3}, {"R3", 1}}));
    EXPECT_TRUE(g->VerifyChecksums().ok());
    const Status structure = g->VerifyStructure();
    EXPECT_TRUE(structure.ok()) << structure.ToString();
    // The base's file is the same inode: carried, not rewritten.
    struct stat carried {};
    ASSERT_EQ(::stat((g->dir() + "/rel-000000.qv").c_str(), &carried), 0);
    EXPECT_EQ(carried.st_ino, base_file.st_ino);
  }
  const std::string full = dir_.Join("full");
  ImportCsv(full, {NodeSource("n0.csv", Nodes(0, 60)), NodeSource("n1.csv", Nodes(60, 70)),
                   NodeSource("n2.csv", Nodes(70, 80)), RelSource("r0.csv", Relationships(0, 60, false)),
                   RelSource("r1.csv", Relationships(60, 70, true)), RelSource("r2.csv", IntWeightRelationships(70, 80))});
  ExpectSameGraph(db_, full);
  EXPECT_EQ(Answers(db_, "MATCH (a)-[r:R1 {w: 65.0}]->(b) RETURN a.id + '>' + b.id"),
            std::vector<std::string>{"n65>n38"});
  EXPECT_EQ(Answers(db_, "MATCH (a)-[r:R1 {w: 75}]->(b) RETURN a.id + '>' + b.id"),
            std::vector<std::string>{"n75>n48"});
  EXPECT_EQ(Answers(db_, "MATCH (a)-[r:R1 {w: 5.0}]->(b) RETURN a.id + '>' + b.id"),
            std::vector<std::string>{"n5>n38"});
  EXPECT_EQ(Answers(db_, "SHOW INDEXES YIELD name, state WHERE name = 'r1_w' RETURN state"),
            std::vector<std::string>{"ONLINE"});
  EXPECT_EQ(Answers(db_, "MATCH (a {id: 'n3'})-[r]-(b) RETURN type(r) + ' ' + b.id"),
            Answers(full, "MATCH (a {id: 'n3'})-[r]-(b) RETURN type(r) + ' ' + b.id"));
  EXPECT_EQ(Answers(db_, "MATCH (a {id: 'n3'}) RETURN toString(COUNT { (a)--() })"),
            Answers(full, "MATCH (a {id: 'n3'}) RETURN toString(COUNT { (a)--() })"));

  // A compaction with nothing in the log still folds the segments.
  Compact(db_);
  const auto g = Live(db_);
  EXPECT_EQ(Segments(*g), (std::map<std::string, uint32_t>{{"R1", 1}, {"R2", 1}, {"R3", 1}}));
  EXPECT_LT(g->manifest().format_version, storage::kSegmentFormatVersion);
  ExpectSameGraph(db_, full);
}

// Writes on a database whose relationships lie in segments: a relationship of the
// appended segment deleted, another's property set, one created between old and new
// nodes — through the write log, then folded by a compaction into one segment each — and
// the graph is the one the same writes give on a database imported whole.
TEST_F(IncrementalImportTest, WritesOverSegmentsAndTheirCompaction) {
  ImportBase();
  ImportCsv(db_, {NodeSource("n1.csv", Nodes(60, 80)), RelSource("r1.csv", Relationships(60, 80, true))},
            Incremental());
  ASSERT_EQ(Segments(*Live(db_))["R1"], 2u);
  const std::string full = dir_.Join("full");
  ImportCsv(full, {NodeSource("n0.csv", Nodes(0, 60)), NodeSource("n1.csv", Nodes(60, 80)),
                   RelSource("r0.csv", Relationships(0, 60, false)), RelSource("r1.csv", Relationships(60, 80, true))});
  const std::vector<std::string> writes = {
      "MATCH ({id: 'n65'})-[r:R1]->() DELETE r",
      "MATCH ({id: 'n5'})-[r:R1]->() SET r.w = -1.0",
      "MATCH ({id: 'n70'})-[r:R1]->() SET r.w = -2.0, r.note = 'seg1'",
      "MATCH (a {id: 'n2'}), (b {id: 'n77'}) CREATE (a)-[:R1 {w: 7.5}]->(b)",
      "MATCH (n {id: 'n66'}) DETACH DELETE n",
  };
  for (const std::string& db : {db_, full}) {
    auto database = Database::Open(db);
    auto c = database->Connect();
    for (const std::string& w : writes) c->Query(w);
  }
  ExpectSameGraph(db_, full);
  EXPECT_EQ(Answers(db_, "MATCH ()-[r:R1 {note: 'seg1'}]->(b) RETURN b.id + ' ' + toString(r.w)"),
            Answers(full, "MATCH ()-[r:R1 {note: 'seg1'}]->(b) RETURN b.id + ' ' + toString(r.w)"));
  Compact(db_);
  EXPECT_EQ(Segments(*Live(db_))["R1"], 1u);
  ExpectSameGraph(db_, full);
}

// Past main::kMaxRelationshipSegments segments of a type, the next batch rebuilds the
// relationships into one segment (reads walk a slice per segment), and says why.
TEST_F(IncrementalImportTest, ATypeOfTooManySegmentsIsRebuilt) {
  ImportBase();
  main::ImportRun run;
  run.incremental = true;
  run.resources.workers = 1;
  run.resources.memory_budget = uint64_t{64} << 20;
  for (uint32_t i = 1; i <= main::kMaxRelationshipSegments; ++i) {
    const std::vector<ingest::InputGroup> groups = {
        {ingest::FileKind::kRelationships, {}, {Write("b" + std::to_string(i) + ".csv",
                                                      ":START_ID,:END_ID,:TYPE\nn" + std::to_string(i) + ",n0,R1\n")}}};
    auto outcome = main::ImportIntoDatabase(db_, groups, {}, run);
    ASSERT_TRUE(outcome.ok()) << outcome.status().ToString();
    if (i < main::kMaxRelationshipSegments) {
      EXPECT_TRUE(outcome->appended) << i;
      EXPECT_EQ(Segments(*Live(db_))["R1"], i + 1);
    } else {
      EXPECT_FALSE(outcome->appended);
      EXPECT_EQ(outcome->why_rebuilt, "relationship type R1 has 8 segments");
      EXPECT_EQ(Segments(*Live(db_))["R1"], 1u);
    }
  }
  EXPECT_EQ(Answers(db_, "MATCH (a)-[:R1]->({id: 'n0'}) RETURN a.id").size(),
            Answers(db_, "MATCH (a)-[:R1]->({id: 'n0'}) RETURN a.id + toString(id(a))").size());
  EXPECT_EQ(Answers(db_, "MATCH (a {id: 'n0'})<-[:R1]-(b) WHERE b.id IN ['n1', 'n8'] RETURN b.id"),
            (std::vector<std::string>{"n1", "n8"}));
}

TEST_F(IncrementalImportTest, TheSpillingBuildGivesTheSameGraph) {
  ImportBase();
  const std::string in_memory = dir_.Join("in-memory");
  fs::copy(db_, in_memory, fs::copy_options::recursive);
  fs::remove(fs::path(in_memory) / "LOCK");
  const std::vector<ingest::InputGroup> groups = {
      {ingest::FileKind::kNodes, {}, {Write("n1.csv", Nodes(60, 80))}},
      {ingest::FileKind::kRelationships, {}, {Write("r1.csv", Relationships(60, 80, true))}}};
  main::ImportRun run;
  run.incremental = true;
  run.resources.workers = 2;
  run.resources.memory_budget = uint64_t{256} << 20;
  auto plain = main::ImportIntoDatabase(in_memory, groups, {}, run);
  ASSERT_TRUE(plain.ok()) << plain.status().ToString();
  EXPECT_FALSE(plain->commit.spilled);
  run.spill_edges = 16;
  auto spilled = main::ImportIntoDatabase(db_, groups, {}, run);
  ASSERT_TRUE(spilled.ok()) << spilled.status().ToString();
  EXPECT_TRUE(spilled->commit.spilled);
  EXPECT_EQ(spilled->existing_nodes, 60u);
  EXPECT_EQ(spilled->commit.nodes, 80u);
  ExpectSameGraph(db_, in_memory);
}

TEST_F(IncrementalImportTest, AnIdTheDatabaseHoldsIsADuplicate) {
  ImportBase();
  const auto before = Files(db_);
  const ImportSource nodes = NodeSource("n1.csv", std::string(kNodeHeader) + "n60,x,1,,A\nn7,again,1,,A\n");
  const ImportSource rels = RelSource("r1.csv", ":START_ID,:END_ID,:TYPE\nn60,n7,R1\n");
  EXPECT_EQ(ImportError(db_, {nodes, rels}, Incremental()),
            dir_.Join("n1.csv") + ":3:1: duplicate id 'n7' (first defined at node 7 of the database)");
  EXPECT_EQ(Files(db_), before) << "a failed incremental import changed the database";

  const ImportSummary s = ImportCsv(db_, {nodes, rels}, Incremental(/*skip=*/true));
  EXPECT_EQ(s.bad_rows, 1u);
  EXPECT_EQ(s.nodes, 61u);
  EXPECT_EQ(Report(), dir_.Join("n1.csv") + ":3:1: duplicate id 'n7' (first defined at node 7 of the database)\n");
  EXPECT_EQ(Answers(db_, "MATCH (n {id: 'n7'}) RETURN n.name"), std::vector<std::string>{"name7"});
  EXPECT_EQ(Answers(db_, "MATCH (:A {id: 'n60'})-[:R1]->(m) RETURN m.name"), std::vector<std::string>{"name7"});
}

TEST_F(IncrementalImportTest, AnIdTwiceInTheBatchIsADuplicate) {
  ImportBase();
  const ImportSource nodes = NodeSource("n1.csv", std::string(kNodeHeader) + "n60,x,1,,A\nn60,y,1,,A\n");
  EXPECT_EQ(ImportError(db_, {nodes}, Incremental()),
            dir_.Join("n1.csv") + ":3:1: duplicate id 'n60' (first defined at " + dir_.Join("n1.csv") + ":2:1)");
  const ImportSummary s = ImportCsv(db_, {nodes}, Incremental(/*skip=*/true));
  EXPECT_EQ(s.bad_rows, 1u);
  EXPECT_EQ(Answers(db_, "MATCH (n {id: 'n60'}) RETURN n.name"), std::vector<std::string>{"x"});
  // Nodes alone append no segment, but the relationship files kept cover fewer nodes than
  // the generation now has: format version 5 all the same.
  EXPECT_EQ(Live(db_)->manifest().format_version, storage::kSegmentFormatVersion);
  EXPECT_EQ(Answers(db_, "MATCH (n {id: 'n60'}) RETURN toString(COUNT { (n)--() })"), std::vector<std::string>{"0"});
}

TEST_F(IncrementalImportTest, AnUnknownEndpointIsABadRow) {
  ImportBase();
  const auto before = Files(db_);
  const ImportSource rels = RelSource("r1.csv", ":START_ID,:END_ID,:TYPE\nn1,n2,R9\nn1,nope,R9\n");
  const std::string error = ImportError(db_, {rels}, Incremental());
  EXPECT_NE(error.find(dir_.Join("r1.csv") + ":3:"), std::string::npos) << error;
  EXPECT_NE(error.find("nope"), std::string::npos) << error;
  EXPECT_EQ(Files(db_), before);
  const ImportSummary s = ImportCsv(db_, {rels}, Incremental(/*skip=*/true));
  EXPECT_EQ(s.bad_rows, 1u);
  EXPECT_EQ(Answers(db_, "MATCH (a)-[:R9]->(b) RETURN a.id + '>' + b.id"), std::vector<std::string>{"n1>n2"});
  // A new type only, and no node added: the kept files cover every node, one segment a
  // type: the generation keeps the older format.
  EXPECT_LT(Live(db_)->manifest().format_version, storage::kSegmentFormatVersion);
}

TEST_F(IncrementalImportTest, AUniqueKeyOfAnExistingNodeIsTaken) {
  ImportOptions with_schema;
  with_schema.schema_path =
      Write("schema.cypher",
            "CREATE CONSTRAINT person_email FOR (p:Person) REQUIRE p.email IS UNIQUE;\n"
            "CREATE CONSTRAINT person_name_set FOR (p:Person) REQUIRE p.name IS NOT NULL;\n"
            "CREATE INDEX person_name FOR (p:Person) ON (p.name);\n");
  ImportCsv(db_, {NodeSource("p0.csv", "id:ID,name,email,:LABEL\np1,Ann,a@x,Person\np2,Bob,b@x,Person\n")},
            with_schema);
  const ImportSource batch =
      NodeSource("p1.csv", "id:ID,name,email,:LABEL\np3,Cid,c@x,Person\np4,Dee,b@x,Person\np5,Eve,e@x,Other\n");
  EXPECT_EQ(ImportError(db_, {batch}, Incremental()),
            dir_.Join("p1.csv") +
                ":3:1: Node(1) already exists with label `Person` and property `email` = 'b@x' (constraint "
                "`person_email`; that node is in the database)");
  // Rows count on from the database's nodes: the third row of the batch is Node(4).
  EXPECT_EQ(ImportError(db_, {NodeSource("p2.csv", "id:ID,name,:LABEL\np6,Fay,Person\np7,Gus,Person\np8,,Person\n")},
                        Incremental()),
            dir_.Join("p2.csv") +
                ":4:1: Node(4) with label `Person` must have the property `name` (constraint `person_name_set`)");
  const ImportSummary s = ImportCsv(db_, {batch}, Incremental(/*skip=*/true));
  EXPECT_EQ(s.bad_rows, 1u);
  EXPECT_EQ(s.nodes, 4u);
  // The index answers for the new nodes, ONLINE at the first open.
  EXPECT_EQ(Answers(db_, "MATCH (p:Person {name: 'Cid'}) RETURN p.email"), std::vector<std::string>{"c@x"});
  EXPECT_EQ(Answers(db_, "SHOW INDEXES YIELD name, state WHERE name = 'person_name' RETURN state"),
            std::vector<std::string>{"ONLINE"});
  EXPECT_EQ(Answers(db_, "SHOW CONSTRAINTS YIELD name RETURN name"),
            (std::vector<std::string>{"person_email", "person_name_set"}));
}

TEST_F(IncrementalImportTest, CommitsInTheWriteLogSurvive) {
  ImportBase();
  // Not compacted: these stay in the write log past the generation.
  Execute("MATCH (n {id: 'n1'}) SET n.name = 'renamed'");
  Execute("CREATE (:Cypher {name: 'made'})");
  Execute("MATCH (a {id: 'n2'}), (b {id: 'n3'}) CREATE (a)-[:LOGGED {w: 9.0}]->(b)");
  Execute("CREATE INDEX a_name FOR (n:A) ON (n.name)");
  const ImportSource nodes = NodeSource("n1.csv", std::string(kNodeHeader) + "n60,new,1,,A\n");
  const ImportSource rels = RelSource("r1.csv", ":START_ID,:END_ID,:TYPE\nn60,n1,R1\n");
  const ImportSummary s = ImportCsv(db_, {nodes, rels}, Incremental());
  EXPECT_EQ(s.nodes, 62u);
  EXPECT_EQ(Answers(db_, "MATCH (n {id: 'n60'})-->(m) RETURN m.name"), std::vector<std::string>{"renamed"});
  EXPECT_EQ(Answers(db_, "MATCH (n:Cypher) RETURN n.name"), std::vector<std::string>{"made"});
  EXPECT_EQ(Answers(db_, "MATCH (a)-[r:LOGGED]->(b) RETURN a.id + '>' + b.id + ' ' + toString(r.w)"),
            std::vector<std::string>{"n2>n3 9.0"});
  EXPECT_EQ(Answers(db_, "MATCH (n:A {name: 'new'}) RETURN n.id"), std::vector<std::string>{"n60"});
  EXPECT_EQ(Answers(db_, "SHOW INDEXES YIELD name, state WHERE name = 'a_name' RETURN state"),
            std::vector<std::string>{"ONLINE"});
}

TEST_F(IncrementalImportTest, ADatabaseOpenForWritingIsRefused) {
  ImportBase();
  const auto before = Files(db_);
  auto open = Database::Open(db_);  // holds the writer's lock
  try {
    ImportCsv(db_, {NodeSource("n1.csv", Nodes(60, 61))}, Incremental());
    ADD_FAILURE() << "imported into a database open for writing";
  } catch (const StorageError& e) {
    EXPECT_EQ(e.detail(), "Busy") << e.what();
  }
  open.reset();
  EXPECT_EQ(Files(db_), before);
}

TEST_F(IncrementalImportTest, IntoAnEmptyDatabaseItIsAPlainImport) {
  const std::vector<ImportSource> sources = {NodeSource("n0.csv", Nodes(0, 60)),
                                             RelSource("r0.csv", Relationships(0, 60, false))};
  ImportCsv(db_, sources, Incremental());
  const std::string plain = dir_.Join("plain");
  ImportCsv(plain, sources);
  ExpectSameGraph(db_, plain);
}

TEST_F(IncrementalImportTest, RefusedWithReplaceSeveralIdSpacesOrAnotherKeyType) {
  ImportBase();
  ImportOptions both = Incremental();
  both.replace = true;
  EXPECT_NE(ImportError(db_, {NodeSource("n1.csv", Nodes(60, 61))}, both).find("--incremental and --replace"),
            std::string::npos);
  const ImportSource spaces = NodeSource("s.csv", "id:ID(X),name\nx1,a\n");
  const ImportSource rels = RelSource("r.csv", ":START_ID(X),:END_ID,:TYPE\nx1,n1,R1\n");
  EXPECT_EQ(ImportError(db_, {spaces, rels}, Incremental()),
            "an incremental import into a database whose nodes have keys reads files of one ID space (the "
            "database keeps its keys without the name of their space), and these name (global), 'X'");
  ImportOptions integers = Incremental();
  integers.integer_ids = true;
  EXPECT_EQ(ImportError(db_, {NodeSource("i.csv", "id:ID,name\n5,a\n")}, integers),
            dir_.Join("i.csv") +
                ":1:1: ID space (global) is used with both integer and string ids (the database's node keys are "
                "strings)");
  // A named space of its own is the database's keys' space too.
  const ImportSource named = RelSource("named.csv", ":START_ID(Person),:END_ID(Person),:TYPE\nn1,n2,NAMED\n");
  ImportCsv(db_, {named}, Incremental());
  EXPECT_EQ(Answers(db_, "MATCH (a)-[:NAMED]->(b) RETURN a.id + '>' + b.id"), std::vector<std::string>{"n1>n2"});
}

}  // namespace
}  // namespace quiver
