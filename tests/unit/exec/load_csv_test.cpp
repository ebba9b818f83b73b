// LOAD CSV: rows as lists or maps, RFC 4180 quoting, FIELDTERMINATOR, linenumber() and
// file(), files larger than a read segment, the import directory as the only place
// files come from (`..` and symbolic links that lead out are refused), and errors that
// name the file, line and column.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include <zlib.h>

#include "quiver/database.h"
#include "test_util/query_error.h"
#include "test_util/temp_dir.h"

namespace quiver {
namespace {

namespace fs = std::filesystem;
using quiver::testing::ErrorOf;

class LoadCsvTest : public ::testing::Test {
 protected:
  void SetUp() override {
    import_ = dir_.Join("import");
    fs::create_directories(import_);
    DatabaseOptions options;
    options.import_directory = import_;
    db_ = Database::OpenInMemory(options);
    conn_ = db_->Connect();
  }
  void Write(const std::string& name, const std::string& text) {
    fs::create_directories(fs::path(import_ + "/" + name).parent_path());
    std::ofstream(import_ + "/" + name, std::ios::binary) << text;
  }
  std::vector<std::string> Column(const std::string& query) {
    std::vector<std::string> out;
    QueryResult result = conn_->Query(query);
    for (const auto& row : result.rows()) out.push_back(ToTckString(row.at(0)));
    return out;
  }
  std::string Message(const std::string& query) {
    try {
      conn_->Query(query).rows();
    } catch (const QuiverError& e) {
      return e.message();
    }
    return "";
  }

  quiver::testing::TempDir dir_;
  std::string import_;
  std::unique_ptr<Database> db_;
  std::unique_ptr<Connection> conn_;
};

TEST_F(LoadCsvTest, RowsAreListsOfStrings) {
  Write("plain.csv", "1,ann,\n2,\"bob, jr\",x\n\n3,\"say \"\"hi\"\"\",\"two\nlines\"\n");
  EXPECT_EQ(Column("LOAD CSV FROM 'file:///plain.csv' AS row RETURN row"),
            (std::vector<std::string>{"['1', 'ann', '']", "['2', 'bob, jr', 'x']",
                                      "['3', 'say \"hi\"', 'two\nlines']"}));
}

TEST_F(LoadCsvTest, WithHeadersRowsAreMapsAndEmptyFieldsNull) {
  Write("people.csv", "id,name,age\r\n1,ann,30\r\n2,,\"\"\r\n3,cy\r\n");
  EXPECT_EQ(Column("LOAD CSV WITH HEADERS FROM 'file:///people.csv' AS row RETURN row"),
            (std::vector<std::string>{"{age: '30', id: '1', name: 'ann'}", "{age: '', id: '2', name: null}",
                                      "{age: null, id: '3', name: 'cy'}"}));
  conn_->Query(
      "LOAD CSV WITH HEADERS FROM 'file:///people.csv' AS row "
      "CREATE (:P {id: toInteger(row.id), name: row.name})");
  EXPECT_EQ(Column("MATCH (p:P) RETURN p.name ORDER BY p.id"), (std::vector<std::string>{"'ann'", "null", "'cy'"}));
  Write("empty.csv", "");
  EXPECT_TRUE(Column("LOAD CSV WITH HEADERS FROM 'file:///empty.csv' AS row RETURN row").empty());
}

TEST_F(LoadCsvTest, FieldTerminatorLineNumberAndFile) {
  Write("dir/semi.tsv", "a;b\n\"x;y\";z\n");
  EXPECT_EQ(Column("LOAD CSV FROM 'file:///dir/semi.tsv' AS row FIELDTERMINATOR ';' RETURN row"),
            (std::vector<std::string>{"['a', 'b']", "['x;y', 'z']"}));
  Write("tabs.tsv", "a\tb\n");
  EXPECT_EQ(Column("LOAD CSV FROM 'file:///tabs.tsv' AS row FIELDTERMINATOR '\\t' RETURN row"),
            (std::vector<std::string>{"['a', 'b']"}));
  Write("lines.csv", "h\n\"1\n1\"\n2\n");
  EXPECT_EQ(Column("LOAD CSV WITH HEADERS FROM 'file:///lines.csv' AS row RETURN linenumber()"),
            (std::vector<std::string>{"2", "4"}));
  const std::string file = Column("LOAD CSV FROM 'file:///lines.csv' AS row RETURN file() LIMIT 1").at(0);
  EXPECT_NE(file.find("lines.csv"), std::string::npos) << file;
  EXPECT_EQ(Column("RETURN linenumber()"), (std::vector<std::string>{"null"}));
  // Each row keeps its own line through eager operators (CREATE, ORDER BY, aggregates).
  conn_->Query("LOAD CSV FROM 'file:///lines.csv' AS row CREATE (:Line {n: linenumber(), f: file()})");
  EXPECT_EQ(Column("MATCH (l:Line) RETURN l.n ORDER BY l.n"), (std::vector<std::string>{"1", "2", "4"}));
  EXPECT_EQ(Column("LOAD CSV FROM 'file:///lines.csv' AS row WITH row ORDER BY linenumber() DESC "
                   "RETURN collect(linenumber())"),
            (std::vector<std::string>{"[4, 2, 1]"}));
  // Inside a CALL body they are the outer LOAD CSV's row's; a body's own stay inside it.
  EXPECT_EQ(Column("LOAD CSV FROM 'file:///lines.csv' AS row CALL () { RETURN linenumber() AS inner } "
                   "RETURN inner"),
            (std::vector<std::string>{"1", "2", "4"}));
  QueryResult inner = conn_->Query(
      "CALL { LOAD CSV FROM 'file:///lines.csv' AS row RETURN linenumber() AS inner } RETURN inner, linenumber()");
  ASSERT_EQ(inner.size(), 3u);
  EXPECT_EQ(inner.rows()[2][0].AsInt(), 4);
  EXPECT_TRUE(inner.rows()[2][1].IsNull());
}

TEST_F(LoadCsvTest, TheUrlMayComeFromRowsAndParameters) {
  Write("a.csv", "1\n2\n");
  Write("b.csv", "3\n");
  EXPECT_EQ(Column("UNWIND ['a', 'b'] AS f LOAD CSV FROM 'file:///' + f + '.csv' AS row RETURN row[0]"),
            (std::vector<std::string>{"'1'", "'2'", "'3'"}));
  QueryResult r = conn_->Query("LOAD CSV FROM $url AS row RETURN count(*)", {{"url", Value::String("file:/b.csv")}});
  EXPECT_EQ(r.rows().at(0).at(0).AsInt(), 1);
}

TEST_F(LoadCsvTest, ALargeFileStreamsAcrossReads) {
  // Over 3 MiB with a quoted line break in every row, so rows straddle the 1 MiB reads.
  std::string text = "id,text\n";
  const int rows = 60000;
  for (int i = 0; i < rows; ++i) text += std::to_string(i) + ",\"row " + std::to_string(i) + "\nsecond line\"\n";
  Write("big.csv", text);
  QueryResult r = conn_->Query(
      "LOAD CSV WITH HEADERS FROM 'file:///big.csv' AS row "
      "RETURN count(*) AS n, sum(toInteger(row.id)) AS s, max(linenumber()) AS last");
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r.rows()[0][0].AsInt(), rows);
  EXPECT_EQ(r.rows()[0][1].AsInt(), int64_t{rows} * (rows - 1) / 2);
  EXPECT_EQ(r.rows()[0][2].AsInt(), 2 + 2 * (rows - 1));
}

TEST_F(LoadCsvTest, ImportsInBatchesWithCallInTransactions) {
  std::string text = "n\n";
  for (int i = 1; i <= 25; ++i) text += std::to_string(i) + "\n";
  Write("nums.csv", text);
  QueryResult r = conn_->Query(
      "LOAD CSV WITH HEADERS FROM 'file:///nums.csv' AS row "
      "CALL (row) { CREATE (:Num {n: toInteger(row.n)}) } IN TRANSACTIONS OF 10 ROWS");
  EXPECT_EQ(r.summary().counters.nodes_created, 25u);
  EXPECT_EQ(conn_->Query("MATCH (x:Num) RETURN sum(x.n)").rows().at(0).at(0).AsInt(), 325);
  const std::string plan = FormatPlan(
      *conn_->Query("EXPLAIN LOAD CSV WITH HEADERS FROM 'file:///nums.csv' AS row RETURN row").summary().plan);
  EXPECT_NE(plan.find("LoadCSV with headers 'file:///nums.csv' AS row"), std::string::npos) << plan;
  // The file streams into the batches: nothing holds its rows (no Eager).
  const std::string import = FormatPlan(*conn_->Query("EXPLAIN LOAD CSV WITH HEADERS FROM 'file:///nums.csv' AS row "
                                                      "CALL (row) { CREATE (:Num {n: toInteger(row.n)}) } IN TRANSACTIONS")
                                            .summary()
                                            .plan);
  EXPECT_EQ(import.find("Eager"), std::string::npos) << import;
  EXPECT_NE(import.find("Apply unit in transactions of 1000 rows"), std::string::npos) << import;
}

TEST_F(LoadCsvTest, GzipFilesAreDecompressed) {
  gzFile out = gzopen((import_ + "/z.csv.gz").c_str(), "wb");
  ASSERT_NE(out, nullptr);
  const std::string text = "a,b\n1,2\n3,4\n";
  gzwrite(out, text.data(), static_cast<unsigned>(text.size()));
  gzclose(out);
  EXPECT_EQ(Column("LOAD CSV WITH HEADERS FROM 'file:///z.csv.gz' AS row RETURN row.b"),
            (std::vector<std::string>{"'2'", "'4'"}));
}

TEST_F(LoadCsvTest, OnlyFilesInTheImportDirectory) {
  std::ofstream(dir_.Join("secret.csv")) << "top,secret\n";
  Write("ok.csv", "1\n");
  EXPECT_EQ(ErrorOf(*conn_, "LOAD CSV FROM 'file:///../secret.csv' AS row RETURN row"),
            "ArgumentError/ExternalResourceFailed");
  EXPECT_NE(Message("LOAD CSV FROM 'file:///../secret.csv' AS row RETURN row").find("outside the import directory"),
            std::string::npos);
  EXPECT_EQ(ErrorOf(*conn_, "LOAD CSV FROM 'file:///sub/../../secret.csv' AS row RETURN row"),
            "ArgumentError/ExternalResourceFailed");
  EXPECT_EQ(ErrorOf(*conn_, "LOAD CSV FROM 'file:///%2e%2e/secret.csv' AS row RETURN row"),
            "ArgumentError/ExternalResourceFailed");
  fs::create_symlink(dir_.Join("secret.csv"), import_ + "/link.csv");
  EXPECT_NE(Message("LOAD CSV FROM 'file:///link.csv' AS row RETURN row").find("outside the import directory"),
            std::string::npos);
  fs::create_directory_symlink(dir_.path(), import_ + "/up");
  EXPECT_EQ(ErrorOf(*conn_, "LOAD CSV FROM 'file:///up/secret.csv' AS row RETURN row"),
            "ArgumentError/ExternalResourceFailed");
  // `..` that stays inside is fine, and so is the directory's own absolute-looking path.
  EXPECT_EQ(Column("LOAD CSV FROM 'file:///x/../ok.csv' AS row RETURN row[0]"), (std::vector<std::string>{"'1'"}));
}

TEST_F(LoadCsvTest, OtherUrlsAndMissingFilesAreClearErrors) {
  EXPECT_NE(Message("LOAD CSV FROM 'https://example.com/x.csv' AS row RETURN row").find("https URLs are not supported"),
            std::string::npos);
  EXPECT_EQ(ErrorOf(*conn_, "LOAD CSV FROM 'http://example.com/x.csv' AS row RETURN row"),
            "ArgumentError/ExternalResourceFailed");
  EXPECT_NE(Message("LOAD CSV FROM '/etc/passwd' AS row RETURN row").find("expected a file:/// URL"),
            std::string::npos);
  EXPECT_NE(Message("LOAD CSV FROM 'file:///nope.csv' AS row RETURN row").find("file:///nope.csv"),
            std::string::npos);
  EXPECT_EQ(ErrorOf(*conn_, "LOAD CSV FROM 'file:///nope.csv' AS row RETURN row"),
            "ArgumentError/ExternalResourceFailed");
  EXPECT_EQ(ErrorOf(*conn_, "LOAD CSV FROM 1 AS row RETURN row"), "SyntaxError/InvalidArgumentType");
  EXPECT_EQ(ErrorOf(*conn_, "LOAD CSV FROM 'file:///x.csv' AS row FIELDTERMINATOR ';;' RETURN row"),
            "SyntaxError/InvalidArgumentValue");
}

TEST_F(LoadCsvTest, MalformedRecordsNameFileLineAndColumn) {
  Write("bad.csv", "a,b\nc,\"d\n");
  const std::string message = Message("LOAD CSV FROM 'file:///bad.csv' AS row RETURN row");
  EXPECT_NE(message.find("file:///bad.csv, line 2, column 3: unterminated quoted field"), std::string::npos)
      << message;
  Write("latin1.csv", "ok\nbad\xe9\n");
  const std::string encoding = Message("LOAD CSV FROM 'file:///latin1.csv' AS row RETURN row");
  EXPECT_NE(encoding.find("line 2, column 1: not UTF-8"), std::string::npos) << encoding;
}

TEST(LoadCsvDefaultTest, TheDefaultImportDirectoryIsImportInTheWorkingDirectory) {
  quiver::testing::TempDir dir;
  const fs::path saved = fs::current_path();
  fs::current_path(dir.path());
  fs::create_directories("import");
  std::ofstream("import/here.csv") << "x\n";
  auto db = Database::OpenInMemory();
  fs::current_path(saved);  // the directory was fixed when the database opened
  auto conn = db->Connect();
  EXPECT_EQ(conn->Query("LOAD CSV FROM 'file:///here.csv' AS row RETURN row[0]").rows().at(0).at(0).AsString(), "x");
}

}  // namespace
}  // namespace quiver
