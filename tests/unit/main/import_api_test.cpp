// quiver::ImportCsv (include/quiver/import.h): the CSV import of `quiver import` as a
// function — a graph published and queryable, bad input named by file:line:column with
// nothing published, skipped rows counted, a graph already there kept unless replace.

#include <gtest/gtest.h>

#include <fstream>

#include "quiver/database.h"
#include "quiver/import.h"
#include "test_util/temp_dir.h"

namespace quiver {
namespace {

class ImportApiTest : public ::testing::Test {
 protected:
  std::string Write(const std::string& name, const std::string& text) {
    const std::string path = dir_.Join(name);
    std::ofstream(path) << text;
    return path;
  }
  int64_t Count(const std::string& query) {
    DatabaseOptions options;
    options.read_only = true;
    auto db = Database::Open(db_path_, options);
    return db->Connect()->Query(query).rows().at(0).at(0).AsInt();
  }
  quiver::testing::TempDir dir_;
  std::string db_path_ = dir_.Join("db");
};

TEST_F(ImportApiTest, PublishesAGraphThatQueriesSee) {
  const std::string people = Write("people.csv", "id:ID,name,age:int\n1,Ann,30\n2,Bob,40\n3,Cy,50\n");
  const std::string knows = Write("knows.csv", ":START_ID,:END_ID,since:int\n1,2,2001\n2,3,2002\n");
  ImportSummary s = ImportCsv(db_path_, {{ImportSource::Kind::kNodes, {"Person"}, {people}},
                                         {ImportSource::Kind::kRelationships, {"KNOWS"}, {knows}}});
  EXPECT_EQ(s.nodes, 3u);
  EXPECT_EQ(s.relationships, 2u);
  EXPECT_EQ(s.bad_rows, 0u);
  EXPECT_EQ(Count("MATCH (:Person)-[k:KNOWS]->(:Person) WHERE k.since > 2000 RETURN count(k)"), 2);
  EXPECT_EQ(Count("MATCH (p:Person) RETURN sum(p.age)"), 120);
}

TEST_F(ImportApiTest, BadInputIsNamedAndNothingIsPublished) {
  const std::string people = Write("people.csv", "id:ID,age:int\n1,30\n2,forty\n");
  try {
    ImportCsv(db_path_, {{ImportSource::Kind::kNodes, {"Person"}, {people}}});
    FAIL() << "a bad integer was imported";
  } catch (const ArgumentError& e) {
    EXPECT_NE(std::string(e.message()).find("people.csv:3"), std::string::npos) << e.message();
  }
  ImportOptions skip;
  skip.skip_bad_rows = true;
  skip.report_path = dir_.Join("report.txt");
  ImportSummary s = ImportCsv(db_path_, {{ImportSource::Kind::kNodes, {"Person"}, {people}}}, skip);
  EXPECT_EQ(s.nodes, 1u);
  EXPECT_EQ(s.bad_rows, 1u);
  std::ifstream report(skip.report_path);
  const std::string text((std::istreambuf_iterator<char>(report)), std::istreambuf_iterator<char>());
  EXPECT_NE(text.find("people.csv:3"), std::string::npos) << text;
}

TEST_F(ImportApiTest, KeepsAGraphUnlessReplaced) {
  const std::string a = Write("a.csv", "id:ID\n1\n2\n");
  const std::string b = Write("b.csv", "id:ID\n1\n");
  ImportCsv(db_path_, {{ImportSource::Kind::kNodes, {"A"}, {a}}});
  EXPECT_THROW(ImportCsv(db_path_, {{ImportSource::Kind::kNodes, {"B"}, {b}}}), ArgumentError);
  EXPECT_EQ(Count("MATCH (n:A) RETURN count(n)"), 2);
  ImportOptions replace;
  replace.replace = true;
  replace.threads = 1;
  ImportCsv(db_path_, {{ImportSource::Kind::kNodes, {"B"}, {b}}}, replace);
  EXPECT_EQ(Count("MATCH (n) RETURN count(n)"), 1);
  EXPECT_THROW(ImportCsv(db_path_, {}), ArgumentError);
}

}  // namespace
}  // namespace quiver
