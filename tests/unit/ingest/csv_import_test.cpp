// CSV import end to end: typed headers, labels, ID spaces, quoting, dialects, gzip,
// every error path (file:line:column, database untouched), --skip-bad-rows and its
// report, and byte-identical output across workers and chunk sizes.
#include "ingest/csv_import.h"

#include <gtest/gtest.h>
#include <zlib.h>

#include <fstream>

#include "ingest/g500_output.h"
#include "quiver/value_ops.h"
#include "storage/txn/value_convert.h"
#include "ingest_test_util.h"

namespace quiver::ingest {
namespace {

using testing::GenerationFiles;
using testing::OpenDb;
using testing::TempDir;

// Concatenation by appends (g++ 12 warns falsely on "literal" + std::string chains).
template <typename... Parts>
std::string Cat(const Parts&... parts) {
  std::ostringstream s;
  (s << ... << parts);
  return s.str();
}

void Write(const std::string& path, std::string_view text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
}

struct ImportRun {
  uint32_t workers = 2;
  uint64_t chunk_bytes = 0;
  uint64_t segment_bytes = 0;
  uint64_t spill_edges = 0;
  ImportOptions options;
};

// Imports into the database at path; on success commits. Returns the import status.
Status Import(const std::string& path, const std::vector<InputGroup>& groups, const ImportRun& r = {},
              ImportStats* stats = nullptr) {
  auto db = OpenDb(path);
  SessionOptions so;
  so.workers = r.workers;
  so.memory_budget = 1ull << 30;
  so.spill_edges = r.spill_edges;
  auto s = ConstructionSession::Begin(db.get(), so);
  if (!s.ok()) return s.status();
  ImportOptions o = r.options;
  o.chunk_bytes = r.chunk_bytes;
  o.segment_bytes = r.segment_bytes;
  auto imported = ImportCsv(groups, o, s->get());
  if (!imported.ok()) return imported.status();
  if (stats) *stats = *imported;
  return (*s)->Commit().status();
}

std::shared_ptr<const storage::Generation> Pin(const std::string& path) {
  auto db = OpenDb(path);
  auto g = db->Pin();
  EXPECT_TRUE(g.ok());
  return *g;
}

InputGroup Nodes(std::vector<std::string> files, std::vector<std::string> labels = {}) {
  return {FileKind::kNodes, std::move(labels), std::move(files)};
}
InputGroup Rels(std::vector<std::string> files, std::vector<std::string> type = {}) {
  return {FileKind::kRelationships, std::move(type), std::move(files)};
}

storage::PropertyValue NodeProp(const storage::Generation& g, uint64_t node, const std::string& key) {
  auto k = g.FindPropertyKey(key);
  if (!k) return {};
  auto v = g.NodeProperty(node, *k);
  return v.ok() ? *v : storage::PropertyValue();
}

TEST(CsvImportTest, TypedPropertiesLabelsAndQuoting) {
  TempDir dir;
  Write(dir.Join("people.csv"),
        "id:ID,name,age:int,score:float,ok:boolean,tags:string[],:LABEL\n"
        "p1,Ada,36,1.5,true,a;b,Person;Admin\n"
        "p2,\"Bob, \"\"the\"\" builder\",,2e3,FALSE,,Person\n"
        "p3,\"multi\nline\r\nname\",41,-0.25,true,\"x;y;z\",\n"
        "p4,\"\",0,nan,false,single,Robot\n");
  Write(dir.Join("knows.csv"),
        ":START_ID,:END_ID,since:long,w:double\n"
        "p1,p2,2001,0.5\n"
        "p2,p3,,\n"
        "p3,p1,1999,1e-3\n");
  ASSERT_TRUE(Import(dir.Join("db"),
                     {Nodes({dir.Join("people.csv")}, {"Human"}), Rels({dir.Join("knows.csv")}, {"KNOWS"})})
                  .ok());
  auto g = Pin(dir.Join("db"));
  ASSERT_EQ(g->NodeCount(), 4u);
  ASSERT_EQ(g->EdgeCount(), 3u);
  using PV = storage::PropertyValue;
  const uint64_t p2 = *g->FindNode(std::string_view("p2"));
  const uint64_t p3 = *g->FindNode(std::string_view("p3"));
  EXPECT_EQ(NodeProp(*g, p2, "name"), PV("Bob, \"the\" builder"));
  EXPECT_EQ(NodeProp(*g, p3, "name"), PV("multi\nline\r\nname"));
  EXPECT_EQ(NodeProp(*g, 0, "age"), PV(int64_t{36}));
  EXPECT_TRUE(NodeProp(*g, p2, "age").is_null());
  EXPECT_EQ(NodeProp(*g, p2, "score"), PV(2000.0));
  EXPECT_EQ(NodeProp(*g, p2, "ok"), PV(false));
  EXPECT_EQ(NodeProp(*g, 0, "tags"), PV(PV::List{PV("a"), PV("b")}));
  EXPECT_EQ(NodeProp(*g, p3, "tags"), PV(PV::List{PV("x"), PV("y"), PV("z")}));
  EXPECT_EQ(NodeProp(*g, 3, "name"), PV(""));  // quoted empty string is a value
  EXPECT_EQ(NodeProp(*g, 0, "id"), PV("p1"));  // the ID column's name stores the id
  EXPECT_TRUE(std::isnan(NodeProp(*g, 3, "score").as_double()));
  // Labels: the file's plus the column's.
  EXPECT_TRUE(g->HasLabel(0, *g->FindLabel("Human")));
  EXPECT_TRUE(g->HasLabel(0, *g->FindLabel("Admin")));
  EXPECT_TRUE(g->HasLabel(3, *g->FindLabel("Robot")));
  EXPECT_EQ(g->LabelNodeCount(*g->FindLabel("Human")), 4u);
  EXPECT_EQ(g->LabelNodeCount(*g->FindLabel("Person")), 2u);
  // Relationship properties follow their edges into CSR order.
  const uint32_t knows = *g->FindRelType("KNOWS");
  const auto out = g->Neighbors(knows, 0, 0, storage::Direction::kOut);
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out.neighbors[0], p2);
  auto since = g->EdgeProperty({knows, out.EdgeAt(0)}, *g->FindPropertyKey("since"));
  EXPECT_EQ(*since, PV(int64_t{2001}));
}

// neo4j-admin's temporal column types: ISO-8601 text as Cypher's date('…') reads it, a
// time or datetime without an offset taken as UTC; arrays of them; bad text a bad field.
TEST(CsvImportTest, TemporalColumns) {
  TempDir dir;
  Write(dir.Join("events.csv"),
        "id:ID,d:date,lt:localtime,t:time,ldt:localdatetime,dt:datetime,span:duration,days:date[]\n"
        "e1,2024-01-31,12:30:15.5,12:30+02:00,2024-01-31T12:30,2024-01-31T12:30:00[Europe/Stockholm],P1DT2H,"
        "2024-01-01;2024-02-29\n"
        "e2,,,,,2015-07-21T21:40:32.142Z,PT0.5S,\n"
        "e3,2024-02-30,,,,,,\n");
  ImportRun run;
  run.options.skip_bad_rows = true;
  ImportStats stats;
  ASSERT_TRUE(Import(dir.Join("db"), {Nodes({dir.Join("events.csv")})}, run, &stats).ok());
  EXPECT_EQ(stats.bad_rows, 1u);  // e3: February has no 30th
  auto g = Pin(dir.Join("db"));
  ASSERT_EQ(g->NodeCount(), 2u);
  auto text = [&](uint64_t node, const std::string& key) { return ToTckString(storage::ToValue(NodeProp(*g, node, key))); };
  EXPECT_EQ(text(0, "d"), "'2024-01-31'");
  EXPECT_EQ(text(0, "lt"), "'12:30:15.5'");
  EXPECT_EQ(text(0, "t"), "'12:30+02:00'");
  EXPECT_EQ(text(0, "ldt"), "'2024-01-31T12:30'");
  EXPECT_EQ(text(0, "dt"), "'2024-01-31T12:30+01:00[Europe/Stockholm]'");
  EXPECT_EQ(text(0, "span"), "'P1DT2H'");
  EXPECT_EQ(text(0, "days"), "['2024-01-01', '2024-02-29']");
  EXPECT_EQ(text(1, "dt"), "'2015-07-21T21:40:32.142Z'");
  EXPECT_EQ(text(1, "span"), "'PT0.5S'");
  EXPECT_EQ(text(1, "d"), "null");

  Write(dir.Join("bad.csv"), "id:ID,d:date\nx,yesterday\n");
  const Status bad = Import(dir.Join("db2"), {Nodes({dir.Join("bad.csv")})});
  EXPECT_NE(bad.message().find("bad.csv:2:3: field 'd': 'yesterday' is not a date"), std::string::npos)
      << bad.ToString();
  Write(dir.Join("point.csv"), "id:ID,p:point\nx,\n");
  EXPECT_NE(Import(dir.Join("db3"), {Nodes({dir.Join("point.csv")})}).message().find("no spatial values"),
            std::string::npos);
}

TEST(CsvImportTest, IdSpacesTypeColumnAndDialect) {
  TempDir dir;
  Write(dir.Join("people.tsv"), "pid:ID(Person){id-type:int}\tname\n1\tAda\n2\tBob\n");
  Write(dir.Join("movies.tsv"), "mid:ID(Movie)\ttitle\n1\tAlien\n'2\t1'\tHeat\n");
  Write(dir.Join("rels.tsv"),
        ":START_ID(Person)\t:END_ID(Movie)\t:TYPE\trole\n"
        "1\t1\tACTED_IN\t'Ripley'\n"
        "2\t'2\t1'\tDIRECTED\t\n"
        "2\t1\t\t'x'\n");
  ImportRun r;
  r.options.dialect.delimiter = '\t';
  r.options.dialect.quote = '\'';
  ASSERT_TRUE(Import(dir.Join("db"),
                     {Nodes({dir.Join("people.tsv")}, {"Person"}), Nodes({dir.Join("movies.tsv")}, {"Movie"}),
                      Rels({dir.Join("rels.tsv")}, {"LIKES"})},
                     r)
                  .ok());
  auto g = Pin(dir.Join("db"));
  EXPECT_EQ(g->NodeCount(), 4u);
  EXPECT_EQ(g->ExternalIds(), storage::ExternalIdKind::kNone);  // two spaces: keys are properties only
  EXPECT_EQ(NodeProp(*g, 0, "pid"), storage::PropertyValue(int64_t{1}));
  EXPECT_EQ(NodeProp(*g, 3, "mid"), storage::PropertyValue("2\t1"));
  ASSERT_TRUE(g->FindRelType("ACTED_IN") && g->FindRelType("DIRECTED") && g->FindRelType("LIKES"));
  EXPECT_EQ(g->RelTypeEdgeCount(*g->FindRelType("DIRECTED")), 1u);
  EXPECT_EQ(g->RelTypeEdgeCount(*g->FindRelType("LIKES")), 1u);  // empty :TYPE falls back
  const auto out = g->Neighbors(*g->FindRelType("DIRECTED"), 0, 1, storage::Direction::kOut);
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out.neighbors[0], 3u);
}

TEST(CsvImportTest, GzipAndMultiFileSources) {
  TempDir dir;
  Write(dir.Join("h.csv"), "id:ID{id-type:int},:LABEL\n");
  Write(dir.Join("part1.csv"), "0,A\n1,A\n");
  Write(dir.Join("part2.csv"), "2,B\n");
  const std::string rels = ":START_ID,:END_ID\n0,1\n1,2\n2,0\n";
  gzFile gz = gzopen(dir.Join("rels.csv.gz").c_str(), "wb");
  gzwrite(gz, rels.data(), static_cast<unsigned>(rels.size()));
  gzclose(gz);
  ImportStats stats;
  ASSERT_TRUE(Import(dir.Join("db"),
                     {Nodes({dir.Join("h.csv"), dir.Join("part1.csv"), dir.Join("part2.csv")}),
                      Rels({dir.Join("rels.csv.gz")}, {"R"})},
                     {}, &stats)
                  .ok());
  EXPECT_EQ(stats.nodes, 3u);
  EXPECT_EQ(stats.edges, 3u);
  auto g = Pin(dir.Join("db"));
  EXPECT_EQ(g->ExternalIds(), storage::ExternalIdKind::kDense);
  EXPECT_EQ(g->Degree(2, storage::Direction::kOut, 0), 1u);
}

// Every error names file:line:column and leaves the published generation as it was.
TEST(CsvImportTest, ErrorsNameFileLineColumnAndPublishNothing) {
  TempDir dir;
  Write(dir.Join("base.csv"), "id:ID\nx\n");
  ASSERT_TRUE(Import(dir.Join("db"), {Nodes({dir.Join("base.csv")})}).ok());
  const auto before = GenerationFiles(dir.Join("db"));
  const auto tree = testing::TreeEntries(dir.Join("db"));
  struct Case {
    std::string nodes, rels, want;  // % in want stands for the test directory
    bool typed = true;              // the relationship group names a type
  };
  const std::vector<Case> cases = {
      {"id:ID,age:int\na,1\nb,x1\n", "", "n.csv:3:3: field 'age': 'x1' is not an integer"},
      {"id:ID,ok:boolean\na,yes\n", "", "n.csv:2:3: field 'ok': 'yes' is not a boolean"},
      {"id:ID,s:float\na,1.5.2\n", "", "n.csv:2:3: field 's': '1.5.2' is not a number"},
      {"id:ID,v:int[]\na,1;z\n", "", "n.csv:2:3: field 'v': 'z' is not an integer"},
      {"id:ID,name\na,x\nb\n", "", "n.csv:3:2: expected 2 fields, found 1"},
      {"id:ID,name\na,x,y\n", "", "n.csv:2:5: expected 2 fields, found 3"},
      {"id:ID,name\na,x\"y\n", "", "n.csv:2:4: quote character inside an unquoted field"},
      {"id:ID,name\na,\"x\"y\n", "", "n.csv:2:6: unexpected character after a closing quote"},
      {"id:ID,name\na,\"x\n", "", "n.csv:2:3: unterminated quoted field"},
      {"id:ID,name\na,1\nb,2\n\na,3\n", "", "n.csv:5:1: duplicate id 'a' (first defined at %/n.csv:2:1)"},
      {"name,id:ID{id-type:int}\nx,1\ny,2\nz,1\n", "",
       "n.csv:4:3: duplicate id 1 (first defined at %/n.csv:2:3)"},
      {"name,id:ID{id-type:int}\nx,1\ny,zz\n", "", "n.csv:3:3: 'zz' is not an integer id"},
      {"id:ID,name\n,x\n", "", "n.csv:2:1: missing id"},
      {"id:ID,at:point\n", "", "n.csv:1:7: header: column 7 (at:point): type 'point' is not supported"},
      {"id:ID,age:wat\n", "", "n.csv:1:7: header: column 7 (age:wat): unknown type 'wat'"},
      {"id:ID,x,x:int\n", "", "n.csv:1:9: header: column 9 (x:int): property 'x' appears twice"},
      {"id:ID,:START_ID\n", "", "n.csv:1:7: header: column 7 (:START_ID): START_ID, END_ID and TYPE belong"},
      {"id:ID\na\nb\n", ":START_ID,:END_ID\na,b\nb,c\n", "r.csv:3:3: unknown end node 'c'"},
      {"id:ID\na\nb\n", ":START_ID,:END_ID\na,b\n\"q\",a\n", "r.csv:3:1: unknown start node 'q'"},
      {"id:ID\na\n", ":START_ID,:END_ID,:TYPE\na,a,\n", "r.csv:2:5: missing relationship type", false},
      // Integer ids without quotes take the fast path: the same messages.
      {"id:ID{id-type:int}\n1\n2\n", ":START_ID,:END_ID\n1,2\n2,3\n", "r.csv:3:3: unknown end node '3'"},
      {"id:ID{id-type:int}\n1\n2\n", ":START_ID,:END_ID\n1,2\r\n\r\n2,x\n",
       "r.csv:4:3: unknown end node 'x'"},
      {"id:ID{id-type:int}\n1\n2\n", ":START_ID,:END_ID\n1,2,\n", "r.csv:2:5: expected 2 fields, found 3"},
      {"id:ID{id-type:int}\n1\n2\n", ":START_ID,:END_ID\n-7,2\n", "r.csv:2:1: unknown start node '-7'"},
      {"id:ID\na\n", ":START_ID(X),:END_ID\na,a\n",
       "r.csv:1:1: ID space 'X' is not defined by any node file"},
      {"id:ID\na\n", ":START_ID,w:int\na,1\n", "a relationship header needs :START_ID and :END_ID"},
      {"id:ID\na\n", ":START_ID,:END_ID,w:int\na,a,\"1\n2\"\n",
       "r.csv:2:5: field 'w': '1\\n2' is not an integer"},
  };
  for (const Case& c : cases) {
    std::string want = c.want;
    if (const size_t pct = want.find('%'); pct != std::string::npos) want.replace(pct, 1, dir.path());
    SCOPED_TRACE(want);
    Write(dir.Join("n.csv"), c.nodes);
    std::vector<InputGroup> groups = {Nodes({dir.Join("n.csv")})};
    if (!c.rels.empty()) {
      Write(dir.Join("r.csv"), c.rels);
      groups.push_back(
          Rels({dir.Join("r.csv")}, c.typed ? std::vector<std::string>{"R"} : std::vector<std::string>{}));
    }
    for (uint64_t chunk : {uint64_t{0}, uint64_t{1}, uint64_t{3}}) {
      ImportRun r;
      r.chunk_bytes = chunk;
      Status s = Import(dir.Join("db"), groups, r);
      ASSERT_FALSE(s.ok());
      EXPECT_EQ(s.code(), StatusCode::kInvalidArgument);
      // Paths are absolute: match from the file name on.
      EXPECT_NE(s.message().find(want), std::string::npos) << s.message();
    }
    EXPECT_EQ(GenerationFiles(dir.Join("db")), before);
    EXPECT_EQ(testing::TreeEntries(dir.Join("db")), tree);
  }
}

TEST(CsvImportTest, SkipBadRowsCountsAndReports) {
  TempDir dir;
  Write(dir.Join("n.csv"), "id:ID,age:int\na,1\nb,x\nc,3\na,4\nd\n\"e\",5\n");
  Write(dir.Join("r.csv"), ":START_ID,:END_ID\na,c\na,zz\nc,e\nb,a\n");
  ImportRun r;
  r.options.skip_bad_rows = true;
  r.options.report_path = dir.Join("report.txt");
  ImportStats stats;
  ASSERT_TRUE(
      Import(dir.Join("db"), {Nodes({dir.Join("n.csv")}), Rels({dir.Join("r.csv")}, {"R"})}, r, &stats).ok());
  EXPECT_EQ(stats.bad_rows, 5u);
  EXPECT_EQ(stats.nodes, 3u);  // a, c, e
  EXPECT_EQ(stats.edges, 2u);
  const std::string report = testing::ReadFileBytes(dir.Join("report.txt"));
  const std::string n = dir.Join("n.csv"), rr = dir.Join("r.csv");
  EXPECT_EQ(report, "# quiver import: 5 rows skipped (file:line:column: reason)\n" + n +
                        ":3:3: field 'age': 'x' is not an integer\n" + n +
                        ":5:1: duplicate id 'a' (first defined at " + n + ":2:1)\n" + n +
                        ":6:2: expected 2 fields, found 1\n" + rr + ":3:3: unknown end node 'zz'\n" + rr +
                        ":5:1: unknown start node 'b'\n");
  auto g = Pin(dir.Join("db"));
  EXPECT_EQ(g->NodeCount(), 3u);
  EXPECT_EQ(NodeProp(*g, *g->FindNode(std::string_view("e")), "age"), storage::PropertyValue(int64_t{5}));
}

// Text must be UTF-8 (a string in the database always is): a field that is not is a bad
// row, named by file:line:column like the others (the bad byte's column in an unquoted
// field, the field's in a quoted one), on the relationship fast path too.
TEST(CsvImportTest, TextThatIsNotUtf8IsABadRow) {
  TempDir dir;
  struct Case {
    std::string nodes, rels, want;
  };
  const std::vector<Case> cases = {
      {"id:ID,name\na,ok\nb,x\xffy\n", "", "n.csv:3:4: field 'name': not valid UTF-8 (byte 0xFF)"},
      {"id:ID,name\na,\xc3\n", "", "n.csv:2:3: field 'name': not valid UTF-8 (byte 0xC3)"},  // cut short
      {"id:ID,name\na,\xc0\x80\n", "", "n.csv:2:3: field 'name': not valid UTF-8 (byte 0xC0)"},  // overlong
      {"id:ID,name\na,\xed\xa0\x80\n", "", "n.csv:2:3: field 'name': not valid UTF-8 (byte 0xED)"},  // surrogate
      {"id:ID,name\na,\"ok\nstill \xfe\"\n", "", "n.csv:2:3: field 'name': not valid UTF-8 (byte 0xFE)"},
      {"id:ID,v:string[]\na,x;\xff\n", "", "n.csv:2:5: field 'v': not valid UTF-8 (byte 0xFF)"},
      {"id:ID\n\x80\n", "", "n.csv:2:1: field 'id': not valid UTF-8 (byte 0x80)"},
      {":ID,name\n\x80,a\n", "", "n.csv:2:1: the :ID field: not valid UTF-8 (byte 0x80)"},
      {"id:ID,:LABEL\na,L\xe9\n", "", "n.csv:2:4: the :LABEL field: not valid UTF-8 (byte 0xE9)"},
      {"id:ID,n\xffme\na,1\n", "", "n.csv:1:8: header: not valid UTF-8 (byte 0xFF)"},
      {"id:ID\na\n", ":START_ID,:END_ID,note\na,a,\xff\n", "r.csv:2:5: field 'note': not valid UTF-8 (byte 0xFF)"},
      // Integer ids: the fast path sends a type that is not ASCII to the general path.
      {"id:ID{id-type:int}\n1\n2\n", ":START_ID,:END_ID,:TYPE\n1,2,T\n2,1,T\xff\n",
       "r.csv:3:6: the :TYPE field: not valid UTF-8 (byte 0xFF)"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.want);
    Write(dir.Join("n.csv"), c.nodes);
    std::vector<InputGroup> groups = {Nodes({dir.Join("n.csv")})};
    if (!c.rels.empty()) {
      Write(dir.Join("r.csv"), c.rels);
      groups.push_back(Rels({dir.Join("r.csv")}, {"R"}));
    }
    for (uint64_t chunk : {uint64_t{0}, uint64_t{1}, uint64_t{3}}) {
      ImportRun r;
      r.chunk_bytes = chunk;
      Status s = Import(dir.Join("db"), groups, r);
      ASSERT_FALSE(s.ok());
      EXPECT_EQ(s.code(), StatusCode::kInvalidArgument);
      EXPECT_NE(s.message().find(c.want), std::string::npos) << s.message();
    }
  }
  // Valid multi-byte text is imported as it is; with --skip-bad-rows the bad row is
  // left out, counted and reported.
  Write(dir.Join("n.csv"), "id:ID,name\na,caf\xc3\xa9\nb,b\xff" "d\nc,\xf0\x9f\x98\x80\n");
  ImportRun r;
  r.options.skip_bad_rows = true;
  r.options.report_path = dir.Join("report.txt");
  ImportStats stats;
  ASSERT_TRUE(Import(dir.Join("ok"), {Nodes({dir.Join("n.csv")})}, r, &stats).ok());
  EXPECT_EQ(stats.bad_rows, 1u);
  EXPECT_EQ(stats.nodes, 2u);
  EXPECT_NE(testing::ReadFileBytes(dir.Join("report.txt")).find("n.csv:3:4: field 'name': not valid UTF-8 (byte 0xFF)"),
            std::string::npos)
      << testing::ReadFileBytes(dir.Join("report.txt"));
  auto g = Pin(dir.Join("ok"));
  EXPECT_EQ(NodeProp(*g, *g->FindNode(std::string_view("a")), "name"), storage::PropertyValue(std::string("caf\xc3\xa9")));
  // A label given on the command line is checked too.
  Write(dir.Join("n.csv"), "id:ID\na\n");
  Status s = Import(dir.Join("db"), {Nodes({dir.Join("n.csv")}, {"L\xff"})});
  EXPECT_EQ(s.code(), StatusCode::kInvalidArgument);
  EXPECT_NE(s.message().find("not valid UTF-8 (byte 0xFF at byte 1)"), std::string::npos) << s.message();
}

// Rows with quoted newlines and many small chunks: the same bytes for every worker
// count, chunk size, segment size and spill threshold.
TEST(CsvImportTest, DeterministicAcrossWorkersChunksAndSpill) {
  TempDir dir;
  std::string nodes = "id:ID{id-type:int},name,:LABEL\n";
  std::string rels = ":START_ID,:END_ID,:TYPE,note\n";
  std::mt19937 rng(5);
  const int n = 500;
  for (int i = 0; i < n; ++i) {
    nodes += std::to_string((i * 37) % n) + ",";
    nodes += (i % 7 == 0) ? "\"line\nbreak, \"\"q\"\"\"" : "plain" + std::to_string(i);
    nodes += i % 3 == 0 ? ",A;B\n" : ",C\n";
  }
  for (int i = 0; i < 4000; ++i) {
    rels += std::to_string(rng() % n) + "," + std::to_string(rng() % n) + (i % 5 == 0 ? ",T2," : ",T1,");
    if (i % 11 == 0) {
      rels += "\"x\ny\"\n";
    } else if (i % 2) {
      rels += 'n';
      rels += std::to_string(i);
      rels += '\n';
    } else {
      rels += '\n';
    }
  }
  Write(dir.Join("n.csv"), nodes);
  Write(dir.Join("r.csv"), rels);
  const std::vector<InputGroup> groups = {Nodes({dir.Join("n.csv")}), Rels({dir.Join("r.csv")})};
  ImportRun base;
  base.workers = 1;
  base.chunk_bytes = 1 << 20;
  base.segment_bytes = 1 << 20;
  ASSERT_TRUE(Import(dir.Join("base"), groups, base).ok());
  const auto want = GenerationFiles(dir.Join("base"));
  int i = 0;
  for (ImportRun r :
       {ImportRun{2, 1, 1 << 20, 0, {}}, ImportRun{8, 7, 4096, 0, {}}, ImportRun{2, 100, 300, 0, {}},
        ImportRun{8, 1000, 1 << 16, 500, {}}, ImportRun{1, 64, 150, 1000, {}},
        ImportRun{2, 3, 16, 0, {}}}) {  // segments shorter than a row
    SCOPED_TRACE("run " + std::to_string(i));
    const std::string path = dir.Join(Cat("r", i++));
    ASSERT_TRUE(Import(path, groups, r).ok());
    EXPECT_EQ(GenerationFiles(path), want);
  }
}

// The fast path (no quotes, integer ids) and the general path read the same graph:
// CRLF line ends, blank lines, spaces and signs around ids, a quoted field that sends a
// chunk down the general path.
TEST(CsvImportTest, FastAndGeneralPathsAgree) {
  TempDir dir;
  Write(
      dir.Join("n.csv"), "id:ID{id-type:int}\n" + [] {
        std::string s;
        for (int i = 0; i < 300; ++i) s += std::to_string(i) + "\n";
        return s;
      }());
  std::string lf = ":START_ID,:END_ID,:TYPE\n", odd = lf;
  std::mt19937 rng(9);
  for (int i = 0; i < 3000; ++i) {
    const uint32_t a = rng() % 300, b = rng() % 300;
    const char* type = i % 4 == 0 ? "X" : "Y";
    lf += std::to_string(a) + "," + std::to_string(b) + "," + type + "\n";
    switch (i % 7) {
      case 0:
        odd += std::to_string(a) + "," + std::to_string(b) + "," + type + "\r\n";
        break;
      case 1:
        odd += '\n';
        odd += std::to_string(a);
        odd += Cat(", ", b, ",", type, "\n");
        break;
      case 2:
        odd += '+';
        odd += std::to_string(a);
        odd += Cat(",", b, ",\"", type, "\"\n");
        break;
      default:
        odd += std::to_string(a) + "," + std::to_string(b) + "," + type + "\n";
        break;
    }
  }
  Write(dir.Join("lf.csv"), lf);
  Write(dir.Join("odd.csv"), odd);
  ImportRun r;
  r.chunk_bytes = 500;
  ASSERT_TRUE(Import(dir.Join("a"), {Nodes({dir.Join("n.csv")}), Rels({dir.Join("lf.csv")})}, r).ok());
  ASSERT_TRUE(Import(dir.Join("b"), {Nodes({dir.Join("n.csv")}), Rels({dir.Join("odd.csv")})}, r).ok());
  EXPECT_EQ(GenerationFiles(dir.Join("a")), GenerationFiles(dir.Join("b")));
  EXPECT_EQ(Pin(dir.Join("b"))->EdgeCount(), 3000u);
}

// The generator's CSV imported equals the generator streamed into a session.
TEST(CsvImportTest, GeneratorCsvImportsToTheSameGeneration) {
  TempDir dir;
  const G500Generator g({9, 8, 3});
  WorkerPool pool(2);
  ASSERT_TRUE(WriteG500Csv(g, Env::Default(), dir.Join("csv"), &pool, nullptr).ok());
  ImportRun r;
  r.options.default_id_type = KeyType::kString;  // the header's {id-type:int} wins
  ASSERT_TRUE(
      Import(dir.Join("imported"), {Nodes({dir.Join("csv/nodes.csv")}), Rels({dir.Join("csv/edges.csv")})}, r)
          .ok());
  auto db = OpenDb(dir.Join("streamed"));
  SessionOptions so;
  so.workers = 2;
  so.memory_budget = 1ull << 30;
  auto s = ConstructionSession::Begin(db.get(), so);
  ASSERT_TRUE(s.ok());
  ASSERT_TRUE(GenerateIntoSession(g, s->get()).ok());
  ASSERT_TRUE((*s)->Commit().ok());
  EXPECT_EQ(GenerationFiles(dir.Join("imported")), GenerationFiles(dir.Join("streamed")));
}

}  // namespace
}  // namespace quiver::ingest
