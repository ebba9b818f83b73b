// `quiver import` of Parquet files (ImportCsv's .parquet sources) over files DuckDB
// writes in the test setup: the same property graph imported from Parquet and from CSV
// gives byte-identical generations, whatever the workers; columns without a :type take
// the Parquet type; bad rows name file, row group, row and column, and --skip-bad-rows
// leaves them out and reports them.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "ingest/csv_import.h"
#include "unit/ingest/ingest_test_util.h"
#include "unit/ingest/parquet_fixtures.h"

namespace quiver::ingest {
namespace {

using storage::PropertyValue;
using testing::GenerationFiles;
using testing::OpenDb;
using testing::TempDir;

Status Import(const std::string& path, const std::vector<InputGroup>& groups, uint32_t workers = 2,
              ImportOptions options = {}, ImportStats* stats = nullptr) {
  auto db = OpenDb(path);
  SessionOptions so;
  so.workers = workers;
  so.memory_budget = 1ull << 30;
  auto s = ConstructionSession::Begin(db.get(), so);
  if (!s.ok()) return s.status();
  auto imported = ImportCsv(groups, options, s->get());
  if (!imported.ok()) return imported.status();
  if (stats) *stats = *imported;
  return (*s)->Commit().status();
}

InputGroup Nodes(std::vector<std::string> files, std::vector<std::string> labels = {}) {
  return {FileKind::kNodes, std::move(labels), std::move(files)};
}
InputGroup Rels(std::vector<std::string> files, std::vector<std::string> type = {}) {
  return {FileKind::kRelationships, std::move(type), std::move(files)};
}

PropertyValue NodeProp(const storage::Generation& g, uint64_t node, const std::string& key) {
  auto k = g.FindPropertyKey(key);
  if (!k) return {};
  auto v = g.NodeProperty(node, *k);
  return v.ok() ? *v : PropertyValue();
}

TEST(ParquetImport, SameDatabaseAsTheSameGraphInCsv) {
  QUIVER_REQUIRE_PARQUET_FIXTURES(fixtures);
  TempDir dir;
  ImportOptions o;
  o.default_id_type = KeyType::kInteger;  // the CSV's ids as integers, as the Parquet's are
  auto groups = [&](const char* ext) {
    return std::vector<InputGroup>{Nodes({fixtures + "/graph_person." + ext}, {"Human"}),
                                   Rels({fixtures + "/graph_knows." + ext})};
  };
  ASSERT_TRUE(Import(dir.Join("csv"), groups("csv"), 2, o).ok());
  const auto want = GenerationFiles(dir.Join("csv"));
  for (uint32_t workers : {1u, 2u, 5u}) {
    const std::string path = dir.Join("parquet" + std::to_string(workers));
    Status s = Import(path, groups("parquet"), workers, o);
    ASSERT_TRUE(s.ok()) << s.ToString();
    EXPECT_EQ(GenerationFiles(path), want) << workers << " workers";
  }
  auto db = OpenDb(dir.Join("parquet1"));
  auto g = db->Pin();
  ASSERT_TRUE(g.ok());
  EXPECT_EQ((*g)->NodeCount(), 300u);
  EXPECT_EQ((*g)->EdgeCount(), 3000u);
}

TEST(ParquetImport, AHeaderFileNamesTheColumnsOfPlainlyNamedFiles) {
  QUIVER_REQUIRE_PARQUET_FIXTURES(fixtures);
  TempDir dir;
  ImportOptions o;
  o.default_id_type = KeyType::kInteger;
  ASSERT_TRUE(Import(dir.Join("csv"),
                     {Nodes({fixtures + "/graph_person.csv"}, {"Human"}), Rels({fixtures + "/graph_knows.csv"})}, 2, o)
                  .ok());
  const std::string person_header = dir.Join("person-header.csv"), knows_header = dir.Join("knows-header.csv");
  std::ofstream(person_header) << "id:ID(Person),name,age:int,score:double,active:boolean,:LABEL,tags:string[]\n";
  std::ofstream(knows_header) << ":START_ID(Person),:END_ID(Person),:TYPE,since:int,weight:double\n";
  Status s = Import(dir.Join("headed"),
                    {Nodes({person_header, fixtures + "/plain_person.parquet"}, {"Human"}),
                     Rels({knows_header, fixtures + "/plain_knows.parquet"})},
                    2, o);
  ASSERT_TRUE(s.ok()) << s.ToString();
  EXPECT_EQ(GenerationFiles(dir.Join("headed")), GenerationFiles(dir.Join("csv")));
  // A header that names another number of columns than the file has is named.
  std::ofstream(dir.Join("short.csv")) << "id:ID(Person),name\n";
  s = Import(dir.Join("short"), {Nodes({dir.Join("short.csv"), fixtures + "/plain_person.parquet"})});
  EXPECT_NE(s.message().find("short.csv for " + fixtures + "/plain_person.parquet: header: the header file names 2 "
                             "columns; the file has 7"),
            std::string::npos)
      << s.ToString();
}

TEST(ParquetImport, RelationshipsWithoutPropertiesSkipAndFallBackAsCsvDoes) {
  QUIVER_REQUIRE_PARQUET_FIXTURES(fixtures);
  TempDir dir;
  ImportOptions o;
  o.default_id_type = KeyType::kInteger;
  o.skip_bad_rows = true;
  auto run = [&](const char* ext, uint32_t workers, ImportStats* stats) {
    o.report_path = dir.Join(std::string("report.") + ext);
    return Import(dir.Join(std::string(ext) + std::to_string(workers)),
                  {Nodes({fixtures + "/graph_person." + ext}),
                   Rels({fixtures + "/graph_plain_edges." + ext}, {"OTHER"})},
                  workers, o, stats);
  };
  ImportStats csv, parquet;
  ASSERT_TRUE(run("csv", 2, &csv).ok());
  ASSERT_TRUE(run("parquet", 3, &parquet).ok());
  EXPECT_EQ(parquet.bad_rows, csv.bad_rows);
  EXPECT_GT(parquet.bad_rows, 0u);
  EXPECT_EQ(GenerationFiles(dir.Join("parquet3")), GenerationFiles(dir.Join("csv2")));
  EXPECT_NE(testing::ReadFileBytes(dir.Join("report.parquet"))
                .find("graph_plain_edges.parquet: row group 0, row 43, column ':START_ID(Person)': unknown start node "
                      "'301'\n"),
            std::string::npos);
}

TEST(ParquetImport, ColumnsWithoutATypeTakeTheParquetType) {
  QUIVER_REQUIRE_PARQUET_FIXTURES(fixtures);
  TempDir dir;
  // types_*: no :ID column, every column a property of the type DuckDB wrote.
  Status s = Import(dir.Join("db"), {Nodes({fixtures + "/types_v2_zstd.parquet"}, {"T"})});
  ASSERT_TRUE(s.ok()) << s.ToString();
  auto db = OpenDb(dir.Join("db"));
  auto g = *db->Pin();
  std::ifstream in(fixtures + "/expected.json");
  const auto expected = nlohmann::json::parse(in);
  ASSERT_EQ(g->NodeCount(), expected.size());
  for (uint64_t row : {1u, 7u, 2222u, 4999u}) {
    SCOPED_TRACE(row);
    const auto& e = expected[row];
    EXPECT_EQ(NodeProp(*g, row, "i64").as_int(), std::stoll(e["i64"].get<std::string>()));
    EXPECT_EQ(NodeProp(*g, row, "u64").as_int(), std::stoll(e["u64"].get<std::string>()));
    EXPECT_EQ(NodeProp(*g, row, "s"), e["s"].is_null() ? PropertyValue() : PropertyValue(e["s"].get<std::string>()));
    EXPECT_EQ(NodeProp(*g, row, "dt").as_date().days, std::stoll(e["dt"].get<std::string>()));
    EXPECT_EQ(NodeProp(*g, row, "d").as_double(), std::strtod(e["d"].get<std::string>().c_str(), nullptr));
    EXPECT_EQ(NodeProp(*g, row, "dec18").as_double(), std::strtod(e["dec18"].get<std::string>().c_str(), nullptr));
    const auto ts = NodeProp(*g, row, "tstz").as_date_time();
    EXPECT_EQ(ts.seconds * 1'000'000 + ts.nanos / 1000, std::stoll(e["tstz"].get<std::string>()));
    EXPECT_EQ(NodeProp(*g, row, "b").is_null(), e["b"].is_null());
    const auto list = NodeProp(*g, row, "list_i");
    ASSERT_EQ(list.is_null(), e["list_i"].is_null());
    if (!list.is_null()) {
      ASSERT_EQ(list.as_list().size(), e["list_i"].size());
      for (size_t i = 0; i < list.as_list().size(); ++i) {
        EXPECT_EQ(list.as_list()[i].as_int(), std::stoll(e["list_i"][i].get<std::string>()));
      }
    }
  }
}

TEST(ParquetImport, BadRowsNameFileRowGroupRowAndColumn) {
  QUIVER_REQUIRE_PARQUET_FIXTURES(fixtures);
  TempDir dir;
  const std::string big = fixtures + "/uint64_big.parquet";
  ASSERT_TRUE(Import(dir.Join("db"), {Nodes({fixtures + "/graph_person.parquet"})}).ok());
  const auto before = GenerationFiles(dir.Join("db"));
  Status s = Import(dir.Join("db"), {Nodes({big})});
  EXPECT_TRUE(s.code() == StatusCode::kInvalidArgument) << s.ToString();
  EXPECT_EQ(s.message(), big + ": row group 0, row 2, column 'big': field 'big': UINT64 value 18446744073709551615 "
                               "is above the largest integer Quiver holds (9223372036854775807)");
  EXPECT_EQ(GenerationFiles(dir.Join("db")), before);  // nothing published
  // --skip-bad-rows: left out, counted, reported.
  ImportOptions o;
  o.skip_bad_rows = true;
  o.report_path = dir.Join("report.txt");
  ImportStats stats;
  const std::string nulls = fixtures + "/list_null_element.parquet";
  s = Import(dir.Join("skip"), {Nodes({big}), Nodes({nulls})}, 2, o, &stats);
  ASSERT_TRUE(s.ok()) << s.ToString();
  EXPECT_EQ(stats.bad_rows, 2u);
  EXPECT_EQ(stats.nodes, 5u);
  EXPECT_EQ(testing::ReadFileBytes(dir.Join("report.txt")),
            "# quiver import: 2 rows skipped (file:line:column: reason)\n" + big +
                ": row group 0, row 2, column 'big': field 'big': UINT64 value 18446744073709551615 is above the "
                "largest integer Quiver holds (9223372036854775807)\n" +
                nulls + ": row group 0, row 1, column 'l': field 'l': the list holds a null element (a Quiver list "
                        "cannot hold null)\n");
}

TEST(ParquetImport, HeaderAndFileErrorsAreNamed) {
  QUIVER_REQUIRE_PARQUET_FIXTURES(fixtures);
  TempDir dir;
  const std::string unsupported = fixtures + "/unsupported.parquet";
  Status s = Import(dir.Join("a"), {Nodes({unsupported})});
  EXPECT_EQ(s.message(), unsupported + ": column 'st': unsupported type group (struct)");
  // A group is all Parquet or all CSV.
  s = Import(dir.Join("b"), {Nodes({fixtures + "/graph_person.parquet", fixtures + "/graph_person.csv"})});
  EXPECT_NE(s.message().find("all Parquet or all CSV"), std::string::npos) << s.ToString();
  // A declared type that disagrees with the Parquet column.
  const std::string mismatch = fixtures + "/declared_mismatch.parquet";
  s = Import(dir.Join("c"), {Nodes({mismatch})});
  EXPECT_EQ(s.message(), mismatch + ": column 'score:int': declared int but the Parquet column is DOUBLE");
  // Damage is the reader's named Corruption.
  std::string bytes = testing::ReadFileBytes(fixtures + "/graph_person.parquet");
  bytes[0] = 'X';
  std::ofstream(dir.Join("bad.parquet"), std::ios::binary) << bytes;
  s = Import(dir.Join("d"), {Nodes({dir.Join("bad.parquet")})});
  EXPECT_TRUE(s.IsCorruption()) << s.ToString();
  EXPECT_NE(s.message().find("bad.parquet: footer: not a Parquet file"), std::string::npos) << s.ToString();
}

}  // namespace
}  // namespace quiver::ingest
