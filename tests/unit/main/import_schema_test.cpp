// `quiver import --schema` through quiver::ImportCsv (ImportOptions::schema_path): the
// statements checked before any data is read, the constraints enforced on every row
// with the commit-time check's messages (a bad row naming the constraint; with
// skip_bad_rows left out and reported), the same report whatever the worker count, the
// indexes ONLINE at the first open, and a replaced database's schema kept.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "quiver/database.h"
#include "quiver/error.h"
#include "quiver/import.h"
#include "test_util/import_test_util.h"
#include "unit/ingest/parquet_fixtures.h"

namespace quiver {
namespace {

class ImportSchemaTest : public quiver::testing::ImportFilesTest {
 protected:
  std::vector<std::vector<Value>> Rows(const std::string& query) {
    DatabaseOptions options;
    options.read_only = true;
    auto db = Database::Open(db_path_, options);
    return db->Connect()->Query(query).rows();
  }
  std::string ImportError(const std::vector<ImportSource>& sources, const ImportOptions& options) {
    return ImportFilesTest::ImportError(db_path_, sources, options);
  }
  ImportOptions WithSchema(const std::string& statements, bool skip = false) {
    ImportOptions o;
    o.schema_path = Write("schema.cypher", statements);
    o.skip_bad_rows = skip;
    o.report_path = ReportPath();
    return o;
  }
  ImportSource Nodes(const std::string& file, const std::string& csv, std::vector<std::string> labels = {"Person"}) {
    return {ImportSource::Kind::kNodes, std::move(labels), {Write(file, csv)}};
  }
  std::string db_path_ = dir_.Join("db");
};

constexpr const char* kPeopleSchema =
    "// people\n"
    "CREATE CONSTRAINT person_name FOR (p:Person) REQUIRE p.name IS NOT NULL;\n"
    "CREATE CONSTRAINT person_email FOR (p:Person) REQUIRE p.email IS UNIQUE;\n"
    "/* codes are integers */ CREATE CONSTRAINT person_code FOR (p:Person) REQUIRE p.code IS :: INTEGER;\n"
    "CREATE INDEX person_city FOR (p:Person) ON (p.city);\n";

TEST_F(ImportSchemaTest, AViolationFailsTheImportNamingRowAndConstraint) {
  const ImportSource people = Nodes("people.csv", "id:ID,name,email\n1,Ann,a@x\n2,,b@x\n");
  EXPECT_EQ(ImportError({people}, WithSchema(kPeopleSchema)),
            dir_.Join("people.csv") +
                ":3:1: Node(1) with label `Person` must have the property `name` (constraint `person_name`)");
  EXPECT_TRUE(Rows("MATCH (n) RETURN n").empty()) << "a failed import published";
}

TEST_F(ImportSchemaTest, ViolatingRowsAreSkippedAndReportedWithTheConstraint) {
  const ImportSource people = Nodes("people.csv",
                                    "id:ID,name,email,code,city\n"
                                    "1,Ann,a@x,,Oslo\n"
                                    "2,,b@x,,Rome\n"     // no name
                                    "3,Cid,a@x,,Oslo\n"  // Ann's email
                                    "4,Dan,,x,Rome\n"    // code is a string
                                    "5,Eve,,,Oslo\n"     // no email: nulls never conflict
                                    "6,Fay,,,Oslo\n");
  ImportSummary s = ImportCsv(db_path_, {people}, WithSchema(kPeopleSchema, /*skip=*/true));
  EXPECT_EQ(s.nodes, 3u);
  EXPECT_EQ(s.bad_rows, 3u);
  const std::string report = Report();
  const std::string file = dir_.Join("people.csv");
  EXPECT_EQ(report,
            file + ":3:1: Node(1) with label `Person` must have the property `name` (constraint `person_name`)\n" +
                file + ":4:1: Node(0) already exists with label `Person` and property `email` = 'a@x' "
                       "(constraint `person_email`; that node is at " + file + ":2:1)\n" +
                file + ":5:1: Node(3) with label `Person` required the property `code` to be of type `INTEGER`, "
                       "but was of type `STRING`. (constraint `person_code`)\n");
  EXPECT_EQ(Rows("MATCH (p:Person) RETURN p.name ORDER BY p.name").size(), 3u);
}

TEST_F(ImportSchemaTest, UniquenessIsCyphersEqualityAcrossFiles) {
  // 1 and 1.0 are equal (two files, two column types); the first row in input order
  // keeps the value.
  const ImportSource ints = Nodes("ints.csv", "id:ID,name,k:int\na,A,1\nb,B,2\n");
  const ImportSource floats = Nodes("floats.csv", "id:ID,name,k:float\nc,C,1.0\nd,D,2.5\n");
  ImportSummary s = ImportCsv(
      db_path_, {ints, floats}, WithSchema("CREATE CONSTRAINT k FOR (n:Person) REQUIRE n.k IS UNIQUE", true));
  EXPECT_EQ(s.nodes, 3u);
  EXPECT_NE(Report().find("floats.csv:2:1: Node(0) already exists with label `Person` and property `k` = 1.0 "
                          "(constraint `k`; that node is at " + dir_.Join("ints.csv") + ":2:1)"),
            std::string::npos)
      << Report();
}

TEST_F(ImportSchemaTest, NodeKeyNeedsEveryKeyAndAUniqueTuple) {
  const ImportSource people = Nodes("people.csv",
                                    "id:ID,first,last\n"
                                    "1,Ann,Lee\n"
                                    "2,Ann,\n"     // no last name
                                    "3,Ann,Lee\n"  // Ann Lee again
                                    "4,Ann,Kim\n");
  ImportSummary s = ImportCsv(db_path_, {people},
                              WithSchema("CREATE CONSTRAINT pk FOR (n:Person) REQUIRE (n.first, n.last) IS NODE KEY;", true));
  EXPECT_EQ(s.nodes, 2u);
  const std::string report = Report();
  EXPECT_NE(report.find(":3:1: Node(1) with label `Person` must have the properties (`first`, `last`) (constraint `pk`)"),
            std::string::npos)
      << report;
  EXPECT_NE(report.find(":4:1: Node(0) already exists with label `Person` and properties `first` = 'Ann', "
                        "`last` = 'Lee' (constraint `pk`"),
            std::string::npos)
      << report;
}

TEST_F(ImportSchemaTest, ADuplicateIdAfterARefusedRowIsNamedWhereItIs) {
  // Row 3 is refused by UNIQUE before ids are matched; row 4 repeats row 2's id, and both
  // are named by their own lines (the refused row shifts the nodes after it).
  const ImportSource people = Nodes("people.csv", "id:ID,name,email\n1,Ann,a@x\n2,Bob,a@x\n1,Cid,c@x\n3,Dan,d@x\n");
  ImportSummary s = ImportCsv(db_path_, {people},
                              WithSchema("CREATE CONSTRAINT e FOR (p:Person) REQUIRE p.email IS UNIQUE", true));
  EXPECT_EQ(s.nodes, 2u);
  const std::string file = dir_.Join("people.csv");
  EXPECT_NE(Report().find(file + ":3:1: Node(0) already exists"), std::string::npos) << Report();
  EXPECT_NE(Report().find(file + ":4:1: duplicate id '1' (first defined at " + file + ":2:1)"), std::string::npos)
      << Report();
  // Strict: a refused key before a malformed row in the same chunk is the error.
  const ImportSource bad = Nodes("bad.csv", "id:ID,name,email,n:int\n1,Ann,a@x,1\n2,Bob,a@x,2\n3,Cy,c@x,x\n");
  ImportOptions strict = WithSchema("CREATE CONSTRAINT e IF NOT EXISTS FOR (p:Person) REQUIRE p.email IS UNIQUE");
  strict.replace = true;
  const std::string error = ImportError({bad}, strict);
  EXPECT_NE(error.find("bad.csv:3:1: Node(0) already exists"), std::string::npos) << error;
}

TEST_F(ImportSchemaTest, AKeyOfTheIdColumnIsItsProperty) {
  const ImportSource a = Nodes("a.csv", "code:ID(A),name\nx,A\n", {"Item"});
  const ImportSource b = Nodes("b.csv", "code:ID(B),name\nx,B\n", {"Item"});
  ImportSummary s = ImportCsv(db_path_, {a, b},
                              WithSchema("CREATE CONSTRAINT FOR (n:Item) REQUIRE n.code IS UNIQUE", true));
  EXPECT_EQ(s.nodes, 1u);
  EXPECT_NE(Report().find("b.csv:2:1: Node(0) already exists with label `Item` and property `code` = 'x'"),
            std::string::npos)
      << Report();
}

TEST_F(ImportSchemaTest, RelationshipRowsAreCheckedAndRowsOfLeftOutNodesAreBad) {
  const ImportSource people = Nodes("people.csv", "id:ID,name\n1,Ann\n2,Bob\n3,\n");
  const ImportSource knows{ImportSource::Kind::kRelationships,
                           {"KNOWS"},
                           {Write("knows.csv", ":START_ID,:END_ID,since:int,note\n1,2,2000,\n2,1,,\n1,3,1999,\n2,2,2001,x\n")}};
  ImportSummary s = ImportCsv(db_path_, {people, knows},
                              WithSchema("CREATE CONSTRAINT FOR (p:Person) REQUIRE p.name IS NOT NULL;\n"
                                         "CREATE CONSTRAINT since FOR ()-[k:KNOWS]-() REQUIRE k.since IS NOT NULL;\n"
                                         "CREATE CONSTRAINT note FOR ()-[k:KNOWS]-() REQUIRE k.note IS :: INTEGER;\n",
                                         true));
  EXPECT_EQ(s.nodes, 2u);
  EXPECT_EQ(s.relationships, 1u);
  const std::string report = Report();
  EXPECT_NE(report.find("knows.csv:3:1: Relationship(1) with type `KNOWS` must have the property `since` "
                        "(constraint `since`)"),
            std::string::npos)
      << report;
  EXPECT_NE(report.find("knows.csv:4:3: unknown end node '3'"), std::string::npos) << report;
  EXPECT_NE(report.find("knows.csv:5:1: Relationship(3) with type `KNOWS` required the property `note` to be of "
                        "type `INTEGER`, but was of type `STRING`. (constraint `note`)"),
            std::string::npos)
      << report;
}

TEST_F(ImportSchemaTest, TheReportIsTheSameWhateverTheWorkers) {
  // Enough rows for several parse chunks a segment, cut differently for 1 and 4 workers.
  std::string csv = "id:ID,name,email,code:int\n";
  for (int i = 0; i < 120000; ++i) {
    csv += std::to_string(i) + ",n" + std::to_string(i) + ",e" + std::to_string(i % 50000) + "@x,";
    if (i % 7777 != 0) csv += std::to_string(i);
    csv += "\n";
    if (i % 10007 == 3) csv += std::to_string(1000000 + i) + ",,none,1\n";  // no name
  }
  const ImportSource people = Nodes("people.csv", csv);
  std::vector<std::string> reports;
  for (uint32_t threads : {1u, 4u}) {
    std::filesystem::remove_all(db_path_);
    ImportOptions o = WithSchema(
        "CREATE CONSTRAINT FOR (p:Person) REQUIRE p.name IS NOT NULL;"
        "CREATE CONSTRAINT email FOR (p:Person) REQUIRE p.email IS UNIQUE;"
        "CREATE CONSTRAINT code FOR (p:Person) REQUIRE p.code IS NOT NULL;",
        true);
    o.threads = threads;
    ImportSummary s = ImportCsv(db_path_, {people}, o);
    EXPECT_EQ(s.nodes, 50000u) << threads << " workers";  // the first row with a code of each email
    reports.push_back(Report());
  }
  EXPECT_EQ(reports[0], reports[1]);
  EXPECT_GT(reports[0].size(), 70000u * 40);
}

TEST_F(ImportSchemaTest, ABadStatementIsNamedBeforeAnyDataIsRead) {
  const ImportSource people = Nodes("people.csv", "id:ID,name\n1,Ann\n");
  const std::string schema = dir_.Join("schema.cypher");
  std::string error = ImportError(
      {people}, WithSchema("CREATE INDEX a FOR (n:Person) ON (n.name);\n// next\nCREATE INDEX FOR (n:Person ON (n.x);\n"));
  EXPECT_EQ(error.rfind(schema + ":3: SyntaxError/", 0), 0u) << error;
  error = ImportError({people}, WithSchema("CREATE INDEX a FOR (n:Person) ON (n.name);\n\nMATCH (n) RETURN n"));
  EXPECT_EQ(error, schema + ":3: only CREATE INDEX and CREATE CONSTRAINT statements belong in a schema file");
  error = ImportError({people}, WithSchema("CREATE INDEX a FOR (n:Person) ON (n.name);\n"
                                           "CREATE INDEX a FOR (n:Person) ON (n.other);"));
  EXPECT_EQ(error.rfind(schema + ":2: SchemaError/IndexWithNameAlreadyExists", 0), 0u) << error;
  EXPECT_FALSE(std::filesystem::exists(db_path_)) << "a bad schema wrote the database";
}

TEST_F(ImportSchemaTest, RelationshipIndexesAreBuiltAndTheirUniquenessIsRefused) {
  const ImportSource people = Nodes("people.csv", "id:ID,name\n1,Ann\n2,Bob\n");
  const ImportSource knows{ImportSource::Kind::kRelationships, {"KNOWS"},
                           {Write("knows.csv", ":START_ID,:END_ID,since:int\n1,2,2000\n2,1,2001\n")}};
  EXPECT_NE(ImportError({people, knows},
                        WithSchema("CREATE CONSTRAINT k FOR ()-[r:KNOWS]-() REQUIRE r.since IS UNIQUE"))
                .find("constraint `k`: relationship UNIQUE and KEY constraints are not enforced by an import yet"),
            std::string::npos);
  ImportCsv(db_path_, {people, knows}, WithSchema("CREATE INDEX since FOR ()-[r:KNOWS]-() ON (r.since)"));
  EXPECT_EQ(Rows("SHOW INDEXES YIELD name, state WHERE name = 'since' RETURN state").at(0).at(0).AsString(), "ONLINE");
  EXPECT_EQ(Rows("MATCH ()-[r:KNOWS]->() WHERE r.since = 2001 RETURN count(r)").at(0).at(0).AsInt(), 1);
}

TEST_F(ImportSchemaTest, IndexesAreOnlineAtTheFirstOpen) {
  const ImportSource people = Nodes("people.csv", "id:ID,name,email,city\n1,Ann,a@x,Oslo\n2,Bob,b@x,Rome\n");
  ImportCsv(db_path_, {people}, WithSchema(kPeopleSchema));
  auto rows = Rows("SHOW INDEXES YIELD name, state WHERE name STARTS WITH 'person' RETURN name, state ORDER BY name");
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0][0].AsString(), "person_city");
  EXPECT_EQ(rows[0][1].AsString(), "ONLINE");
  EXPECT_EQ(rows[1][0].AsString(), "person_email");
  EXPECT_EQ(rows[1][1].AsString(), "ONLINE");
  EXPECT_EQ(Rows("MATCH (p:Person {city: 'Rome'}) RETURN p.name").at(0).at(0).AsString(), "Bob");
  // The constraints hold for writes after the import as for any other.
  auto db = Database::Open(db_path_);
  EXPECT_THROW(db->Connect()->Query("CREATE (:Person {name: 'Cy', email: 'a@x'})"), SchemaError);
}

TEST_F(ImportSchemaTest, ReplaceKeepsTheSchemaAndAddsTheFilesStatements) {
  {
    auto db = Database::Open(db_path_);
    auto c = db->Connect();
    c->Query("CREATE CONSTRAINT kept FOR (p:Person) REQUIRE p.name IS NOT NULL");  // in the log only
    c->Query("CREATE INDEX kept_city FOR (p:Person) ON (p.city)");
    c->Query("CREATE (:Person {name: 'Old'})");
  }
  const ImportSource people = Nodes("people.csv", "id:ID,name,email\n1,Ann,a@x\n2,,b@x\n3,Cid,a@x\n");
  ImportOptions o = WithSchema("CREATE CONSTRAINT email IF NOT EXISTS FOR (p:Person) REQUIRE p.email IS UNIQUE", true);
  o.replace = true;
  ImportSummary s = ImportCsv(db_path_, {people}, o);
  EXPECT_EQ(s.nodes, 1u);
  EXPECT_NE(Report().find("(constraint `kept`)"), std::string::npos) << "the kept constraint is enforced";
  auto names = Rows("SHOW CONSTRAINTS YIELD name RETURN name ORDER BY name");
  ASSERT_EQ(names.size(), 2u);
  EXPECT_EQ(names[0][0].AsString(), "email");
  EXPECT_EQ(names[1][0].AsString(), "kept");
  EXPECT_EQ(Rows("SHOW INDEXES YIELD name, state WHERE name = 'kept_city' RETURN state").at(0).at(0).AsString(),
            "ONLINE");
  // The same statement without IF NOT EXISTS conflicts with the kept one, as CREATE does.
  o = WithSchema("CREATE CONSTRAINT email FOR (p:Person) REQUIRE p.email IS UNIQUE");
  o.replace = true;
  EXPECT_NE(ImportError({people}, o).find(":1: SchemaError/EquivalentSchemaRuleAlreadyExists"), std::string::npos);
}

TEST_F(ImportSchemaTest, AnEmptyDatabaseKeepsItsSchemaToo) {
  Database::Open(db_path_)->Connect()->Query("CREATE CONSTRAINT FOR (p:Person) REQUIRE p.name IS NOT NULL");
  const ImportSource people = Nodes("people.csv", "id:ID,name\n1,Ann\n2,\n");
  EXPECT_NE(ImportError({people}, ImportOptions{}).find("must have the property `name`"), std::string::npos);
}

// Parquet rows are checked as CSV rows are: the same graph written by DuckDB as CSV and
// as Parquet gives the same nodes and the same bad rows, each naming the constraint.
TEST_F(ImportSchemaTest, ParquetRowsAreCheckedAsCsvRowsAre) {
  QUIVER_REQUIRE_PARQUET_FIXTURES(fixtures);
  const std::string schema =
      "CREATE CONSTRAINT person_age FOR (p:Person) REQUIRE p.age IS NOT NULL;\n"
      "CREATE CONSTRAINT person_score FOR (p:Person) REQUIRE p.score IS UNIQUE;\n";
  for (const std::string ext : {"csv", "parquet"}) {
    SCOPED_TRACE(ext);
    db_path_ = dir_.Join("db-" + ext);
    const ImportSource people{ImportSource::Kind::kNodes, {}, {fixtures + "/graph_person." + ext}};
    const ImportSummary s = ImportCsv(db_path_, {people}, WithSchema(schema, /*skip=*/true));
    EXPECT_EQ(s.nodes, 225u);  // every fourth person has no age
    EXPECT_EQ(s.bad_rows, 75u);
    EXPECT_NE(Report().find("must have the property `age` (constraint `person_age`)"), std::string::npos)
        << Report();
    EXPECT_EQ(Rows("MATCH (p:Person) WHERE p.age IS NULL RETURN count(p)").at(0).at(0).AsInt(), 0);
    // UNIQUE keys compared across the rows (and row groups) of the file: the first
    // person of each `active` value stays.
    db_path_ = dir_.Join("db-unique-" + ext);
    const ImportSummary u = ImportCsv(
        db_path_, {people},
        WithSchema("CREATE CONSTRAINT person_active FOR (p:Person) REQUIRE p.active IS UNIQUE;\n", true));
    EXPECT_EQ(u.nodes, 2u);
    EXPECT_EQ(u.bad_rows, 298u);
  }
}

}  // namespace
}  // namespace quiver
