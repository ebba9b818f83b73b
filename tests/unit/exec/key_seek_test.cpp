// Key lookups as seeks: `MATCH (a:V {id: $v})` on an imported graph becomes a NodeSeek
// answered by the base generation's external-id index ⊕ the delta, and must return
// exactly what the scan returns — checked value by value (type-sensitive openCypher
// equality, labels, null) after import, after writes of every kind that touch the key,
// inside a writing statement, after compaction and after reopening.

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "quiver/database.h"
#include "test_util/temp_dir.h"
#include "unit/exec/base_graph_util.h"
#include "unit/exec/value_matchers.h"

namespace quiver {
namespace {

std::string Plan(Connection& conn, const std::string& query) {
  auto r = conn.Query("EXPLAIN " + query, ValueMap{{"v", Value::Int(0)}});
  return FormatPlan(*r.summary().plan);
}

// The names of the nodes the query finds for $v, sorted.
std::vector<std::string> Names(Connection& conn, const std::string& query, const Value& v) {
  auto r = conn.Query(query, ValueMap{{"v", v}});
  std::vector<std::string> out;
  for (const auto& row : r.rows()) out.push_back(ToTckString(row.at(0)));
  std::sort(out.begin(), out.end());
  return out;
}

constexpr const char* kSeekV = "MATCH (a:V {id: $v}) RETURN a.name";
constexpr const char* kScanV = "MATCH (a:V) WHERE (a.id = $v) = true RETURN a.name";
constexpr const char* kSeekAny = "MATCH (a {id: $v}) RETURN a.name";
constexpr const char* kScanAny = "MATCH (a) WHERE (a.id = $v) = true RETURN a.name";

// The seek and the scan agree for `v`; returns the seek's answer for :V.
std::vector<std::string> Agreed(Connection& conn, const Value& v) {
  auto seek = Names(conn, kSeekV, v);
  EXPECT_EQ(seek, Names(conn, kScanV, v)) << "value " << ToTckString(v);
  EXPECT_EQ(Names(conn, kSeekAny, v), Names(conn, kScanAny, v)) << "value " << ToTckString(v);
  return seek;
}

std::vector<Value> Probes() {
  std::vector<Value> probes;
  for (int64_t i : {-1, 0, 100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 150, 1000, 3000, 4000, 5000}) {
    probes.push_back(Value::Int(i));
  }
  for (double d : {101.0, 106.0, 101.5, 2.5, -0.0}) probes.push_back(Value::Float(d));
  for (const char* s : {"101", "107", "x"}) probes.push_back(Value::String(s));
  probes.push_back(Value::Null());
  probes.push_back(Value::Bool(true));
  probes.push_back(Value::List({Value::Int(101)}));
  return probes;
}

using NameList = std::vector<std::string>;

class KeySeekTest : public ::testing::Test {
 protected:
  void SetUp() override {
    testing::ImportCsvGraph(dir_.Join("db"), dir_.path(),
                            {{true,
                              {"V"},
                              "id:ID{id-type:int},name\n100,n100\n101,n101\n102,n102\n103,n103\n104,n104\n"
                              "105,n105\n106,n106\n107,n107\n108,n108\n"},
                             {true, {"W"}, "id:ID{id-type:int},name\n150,w150\n"},
                             {true, {"V", "W"}, "id:ID{id-type:int},name\n109,vw109\n"},
                             {false, {"E"}, ":START_ID,:END_ID\n100,101\n104,100\n100,150\n"}});
    Open();
  }
  void Open() {
    Close();
    db_ = Database::Open(dir_.Join("db"));
    conn_ = db_->Connect();
  }
  void Close() {
    conn_.reset();
    db_.reset();
  }

  // Every probe agrees with the scan, and these answer as expected.
  void CheckChanged() {
    for (const Value& v : Probes()) Agreed(*conn_, v);
    EXPECT_EQ(Agreed(*conn_, Value::Int(101)), (NameList{"'dup101'", "'n101'"}));
    EXPECT_EQ(Agreed(*conn_, Value::Float(101.0)), (NameList{"'dup101'", "'n101'"}));
    EXPECT_EQ(Agreed(*conn_, Value::Int(1000)), (NameList{"'new1000'"}));
    EXPECT_EQ(Agreed(*conn_, Value::Int(102)), NameList{});
    EXPECT_EQ(Agreed(*conn_, Value::Int(5000)), (NameList{"'n102'"}));
    EXPECT_EQ(Agreed(*conn_, Value::Int(103)), NameList{});
    EXPECT_EQ(Agreed(*conn_, Value::Int(104)), NameList{});
    EXPECT_EQ(Agreed(*conn_, Value::Int(105)), NameList{});  // no longer :V
    EXPECT_EQ(Names(*conn_, kSeekAny, Value::Int(105)), (NameList{"'n105'"}));
    EXPECT_EQ(Agreed(*conn_, Value::Int(106)), (NameList{"'n106'"}));  // now 106.0
    EXPECT_EQ(Agreed(*conn_, Value::Float(106.0)), (NameList{"'n106'"}));
    EXPECT_EQ(Agreed(*conn_, Value::Int(107)), NameList{});
    EXPECT_EQ(Agreed(*conn_, Value::String("107")), (NameList{"'n107'"}));
    EXPECT_EQ(Agreed(*conn_, Value::Int(108)), (NameList{"'renamed'"}));
    EXPECT_EQ(Agreed(*conn_, Value::Float(2.5)), (NameList{"'float'"}));
    EXPECT_EQ(Agreed(*conn_, Value::Int(3000)), NameList{});
    EXPECT_EQ(Agreed(*conn_, Value::Int(4000)), (NameList{"'x'"}));
  }

  quiver::testing::TempDir dir_;
  std::unique_ptr<Database> db_;
  std::unique_ptr<Connection> conn_;
};

TEST_F(KeySeekTest, ExplainShowsTheSeekOnlyForTheIndexedKey) {
  EXPECT_NE(Plan(*conn_, kSeekV).find("NodeSeek (a:V {id: $v})"), std::string::npos) << Plan(*conn_, kSeekV);
  EXPECT_NE(Plan(*conn_, "MATCH (a:V) WHERE a.id = 3 RETURN a").find("NodeSeek"), std::string::npos);
  EXPECT_NE(
      Plan(*conn_, "MATCH (a:V {name: 'n101', id: 101}) RETURN a").find("NodeSeek (a:V {id: 101, name:"),
      std::string::npos);
  EXPECT_EQ(Plan(*conn_, kScanV).find("NodeSeek"), std::string::npos);
  EXPECT_EQ(Plan(*conn_, "MATCH (a:V {name: 'n101'}) RETURN a").find("NodeSeek"), std::string::npos);
  // An in-memory graph has no index: the plan scans.
  auto mem = Database::OpenInMemory();
  auto mem_conn = mem->Connect();
  EXPECT_EQ(Plan(*mem_conn, kSeekV).find("NodeSeek"), std::string::npos);
  EXPECT_NE(Plan(*mem_conn, kSeekV).find("NodeScan"), std::string::npos);
}

TEST_F(KeySeekTest, BaseGenerationAgreesWithTheScan) {
  for (const Value& v : Probes()) Agreed(*conn_, v);
  EXPECT_EQ(Agreed(*conn_, Value::Int(101)), (NameList{"'n101'"}));
  EXPECT_EQ(Agreed(*conn_, Value::Float(101.0)), (NameList{"'n101'"}));
  EXPECT_EQ(Agreed(*conn_, Value::Float(101.5)), NameList{});
  EXPECT_EQ(Agreed(*conn_, Value::String("101")), NameList{});
  EXPECT_EQ(Agreed(*conn_, Value::Null()), NameList{});
  EXPECT_EQ(Agreed(*conn_, Value::Int(150)), NameList{});  // :W only
  EXPECT_EQ(Names(*conn_, kSeekAny, Value::Int(150)), (NameList{"'w150'"}));
  EXPECT_EQ(Agreed(*conn_, Value::Int(109)), (NameList{"'vw109'"}));
  auto r = conn_->Query("MATCH (a:V {id: $v})-[:E]->(b) RETURN count(b)", ValueMap{{"v", Value::Int(100)}});
  EXPECT_EQ(r.rows().at(0).at(0), Value::Int(2));
}

TEST_F(KeySeekTest, DeltaOverBaseAgreesWithTheScanThroughCompactionAndReopen) {
  for (const char* write : {
           "CREATE (:V {id: 1000, name: 'new1000'})",
           "CREATE (:V {id: 101, name: 'dup101'})",
           "MATCH (a {id: 102}) SET a.id = 5000",
           "MATCH (a {id: 103}) REMOVE a.id",
           "MATCH (a {id: 104}) DETACH DELETE a",
           "MATCH (a {id: 105}) REMOVE a:V",
           "MATCH (a {id: 106}) SET a.id = 106.0",
           "MATCH (a {id: 107}) SET a.id = '107'",
           "MATCH (a {id: 108}) SET a.name = 'renamed'",
           "CREATE (:V {id: 2.5, name: 'float'})",
           "CREATE (:V {id: 3000, name: 'gone'})",
           "MATCH (a {id: 3000}) DELETE a",
       }) {
    conn_->Query(write);
  }
  // A statement reads its own writes through the seek.
  auto own =
      conn_->Query("CREATE (:V {id: 4000, name: 'x'}) WITH 1 AS one MATCH (b:V {id: 4000}) RETURN b.name");
  ASSERT_EQ(own.size(), 1u);
  EXPECT_EQ(own.rows()[0][0], Value::String("x"));
  EXPECT_NE(Plan(*conn_, kSeekV).find("NodeSeek"), std::string::npos);
  CheckChanged();
  Open();  // replays the log
  CheckChanged();
  Close();
  testing::CompactDatabase(dir_.Join("db"));
  Open();
  CheckChanged();
  Close();
  Open();
  CheckChanged();
}

TEST(KeySeekStringKeys, StringIdsSeekAndCompareByType) {
  quiver::testing::TempDir dir;
  testing::ImportCsvGraph(dir.Join("db"), dir.path(),
                          {{true, {"P"}, "id:ID,name\nalice,A\nbob,B\n7,seven\n"}});
  auto db = Database::Open(dir.Join("db"));
  auto conn = db->Connect();
  const std::string seek = "MATCH (p:P {id: $v}) RETURN p.name";
  const std::string scan = "MATCH (p:P) WHERE (p.id = $v) = true RETURN p.name";
  EXPECT_NE(Plan(*conn, seek).find("NodeSeek"), std::string::npos);
  conn->Query("CREATE (:P {id: 'carol', name: 'C'})");
  conn->Query("MATCH (p:P {id: 'bob'}) SET p.id = 8");
  for (const Value& v :
       {Value::String("alice"), Value::String("bob"), Value::String("carol"), Value::String("7"),
        Value::Int(7), Value::Int(8), Value::Float(8.0), Value::String(""), Value::Null()}) {
    EXPECT_EQ(Names(*conn, seek, v), Names(*conn, scan, v)) << ToTckString(v);
  }
  EXPECT_EQ(Names(*conn, seek, Value::String("7")), (NameList{"'seven'"}));
  EXPECT_EQ(Names(*conn, seek, Value::Int(7)), NameList{});
  EXPECT_EQ(Names(*conn, seek, Value::Float(8.0)), (NameList{"'B'"}));
  EXPECT_EQ(Names(*conn, seek, Value::String("carol")), (NameList{"'C'"}));
}

// An ID column without a name stores no property: `id` is then an ordinary property
// the index does not describe, and the plan must scan.
TEST(KeySeekUnnamedIds, APropertyThatDoesNotMirrorTheIdsIsScanned) {
  quiver::testing::TempDir dir;
  testing::ImportCsvGraph(dir.Join("db"), dir.path(),
                          {{true, {"P"}, ":ID{id-type:int},id:int,name\n1,2,one\n2,1,two\n3,3,three\n"}});
  auto db = Database::Open(dir.Join("db"));
  auto conn = db->Connect();
  const std::string seek = "MATCH (p:P {id: $v}) RETURN p.name";
  EXPECT_EQ(Plan(*conn, seek).find("NodeSeek"), std::string::npos) << Plan(*conn, seek);
  EXPECT_EQ(Names(*conn, seek, Value::Int(1)), (NameList{"'two'"}));
}

}  // namespace
}  // namespace quiver
