// CREATE / DROP INDEX and CONSTRAINT (parser_schema.cpp): every Neo4j 5 form parses to one
// SchemaCommandClause, prints as Cypher that reads back to the same AST, and the forms
// Quiver does not have (FULLTEXT, VECTOR, Neo4j 4's ON :L(p) and ASSERT) are named in
// the error rather than reported as typos.

#include <gtest/gtest.h>

#include <string>

#include "parser_test_util.h"

namespace quiver::cypher {
namespace {

using testing::ExpectSyntaxError;
using testing::Printed;

const SchemaCommandClause& Command(const Statement& statement) {
  EXPECT_EQ(statement.queries.size(), 1u);
  EXPECT_EQ(statement.queries[0].clauses.size(), 1u);
  return statement.queries[0].clauses[0]->As<SchemaCommandClause>();
}

TEST(SchemaParserTest, NodeIndex) {
  auto statement =
      ParseStatement("create index person_name if not exists for (p:Person) on (p.name, p.`born at`)");
  const SchemaCommandClause& c = Command(*statement);
  EXPECT_EQ(c.action, SchemaCommandClause::Action::kCreateIndex);
  EXPECT_EQ(c.index_type, IndexType::kDefault);
  EXPECT_EQ(c.name, "person_name");
  EXPECT_TRUE(c.if_not_exists);
  EXPECT_FALSE(c.relationship);
  EXPECT_EQ(c.label_or_type, "Person");
  EXPECT_EQ(c.properties, (std::vector<std::string>{"name", "born at"}));
  EXPECT_EQ(Printed("create index person_name if not exists for (p:Person) on (p.name, p.`born at`)"),
            "CREATE INDEX person_name IF NOT EXISTS FOR (p:Person) ON (p.name, p.`born at`)");
  EXPECT_EQ(
      Printed("CREATE RANGE INDEX FOR (n:L) ON (n.p) OPTIONS {indexProvider: 'range-1.0', indexConfig: {}}"),
      "CREATE RANGE INDEX FOR (n:L) ON (n.p) OPTIONS {indexProvider: 'range-1.0', indexConfig: {}}");
  EXPECT_EQ(Printed("CREATE TEXT INDEX t FOR (n:L) ON (n.p)"), "CREATE TEXT INDEX t FOR (n:L) ON (n.p)");
  EXPECT_EQ(Printed("CREATE POINT INDEX FOR (n:L) ON (n.p)"), "CREATE POINT INDEX FOR (n:L) ON (n.p)");
}

TEST(SchemaParserTest, NamesThatLookLikeKeywords) {
  // `if` names the index when IF NOT EXISTS does not follow; `index = ...` is a path.
  EXPECT_EQ(Command(*ParseStatement("CREATE INDEX if IF NOT EXISTS FOR (n:L) ON (n.p)")).name, "if");
  EXPECT_EQ(Command(*ParseStatement("CREATE INDEX `my index` FOR (n:L) ON (n.p)")).name, "my index");
  EXPECT_EQ(Printed("CREATE INDEX `my index` FOR (n:L) ON (n.p)"),
            "CREATE INDEX `my index` FOR (n:L) ON (n.p)");
  EXPECT_EQ(Printed("CREATE index = (a)-[:R]->(b)"), "CREATE index = (a)-[:R]->(b)");
}

TEST(SchemaParserTest, RelationshipIndexInEveryDirection) {
  const std::string expected = "CREATE INDEX knows_since FOR ()-[r:KNOWS]-() ON (r.since)";
  EXPECT_EQ(Printed("CREATE INDEX knows_since FOR ()-[r:KNOWS]-() ON (r.since)"), expected);
  EXPECT_EQ(Printed("CREATE INDEX knows_since FOR ()-[r:KNOWS]->() ON (r.since)"), expected);
  EXPECT_EQ(Printed("CREATE INDEX knows_since FOR ()<-[r:KNOWS]-() ON (r.since)"), expected);
  EXPECT_TRUE(Command(*ParseStatement(expected)).relationship);
}

TEST(SchemaParserTest, LookupIndexes) {
  EXPECT_EQ(Printed("CREATE LOOKUP INDEX node_labels IF NOT EXISTS FOR (n) ON EACH labels(n)"),
            "CREATE LOOKUP INDEX node_labels IF NOT EXISTS FOR (n) ON EACH labels(n)");
  EXPECT_EQ(Printed("CREATE LOOKUP INDEX FOR ()-[r]-() ON type(r)"),
            "CREATE LOOKUP INDEX FOR ()-[r]-() ON EACH type(r)");
  EXPECT_EQ(Printed("CREATE LOOKUP INDEX FOR ()-[r]->() ON EACH type(r)"),
            "CREATE LOOKUP INDEX FOR ()-[r]-() ON EACH type(r)");
  EXPECT_EQ(Command(*ParseStatement("CREATE LOOKUP INDEX FOR (n) ON EACH labels(n)")).index_type,
            IndexType::kLookup);
}

TEST(SchemaParserTest, DropIndex) {
  auto statement = ParseStatement("DROP INDEX person_name IF EXISTS");
  EXPECT_EQ(Command(*statement).action, SchemaCommandClause::Action::kDropIndex);
  EXPECT_TRUE(Command(*statement).if_exists);
  EXPECT_EQ(Printed("drop index person_name if exists;"), "DROP INDEX person_name IF EXISTS");
  EXPECT_EQ(Printed("DROP INDEX `a b`"), "DROP INDEX `a b`");
}

TEST(SchemaParserTest, FormsQuiverDoesNotHaveAreNamed) {
  ExpectSyntaxError("CREATE FULLTEXT INDEX f FOR (n:A) ON EACH [n.p]", "UnsupportedCommand",
                    "CREATE FULLTEXT INDEX is not supported");
  ExpectSyntaxError("CREATE VECTOR INDEX v FOR (n:A) ON n.embedding", "UnsupportedCommand",
                    "CREATE VECTOR INDEX is not supported");
  ExpectSyntaxError("CREATE INDEX ON :Person(name)", "UnsupportedCommand", "Neo4j 4's syntax");
  ExpectSyntaxError("CREATE CONSTRAINT ON (n:A) ASSERT n.p IS UNIQUE", "UnsupportedCommand", "Neo4j 4's syntax");
  ExpectSyntaxError("DROP CONSTRAINT ON (n:A) ASSERT n.p IS UNIQUE", "UnsupportedCommand", "Neo4j 4's syntax");
}

TEST(SchemaParserTest, ConstraintForms) {
  auto statement = ParseStatement("create constraint c if not exists for (p:Person) require (p.a, p.b) is node key");
  const SchemaCommandClause& c = Command(*statement);
  EXPECT_EQ(c.action, SchemaCommandClause::Action::kCreateConstraint);
  EXPECT_EQ(c.constraint_type, ConstraintType::kNodeKey);
  EXPECT_EQ(c.name, "c");
  EXPECT_TRUE(c.if_not_exists);
  EXPECT_EQ(c.label_or_type, "Person");
  EXPECT_EQ(c.properties, (std::vector<std::string>{"a", "b"}));
  // Canonical prints, each read back to the same AST (Printed checks the round trip).
  const std::pair<const char*, const char*> cases[] = {
      {"CREATE CONSTRAINT c FOR (p:Person) REQUIRE p.a IS UNIQUE", "CREATE CONSTRAINT c FOR (p:Person) REQUIRE p.a IS UNIQUE"},
      {"CREATE CONSTRAINT FOR (p:Person) REQUIRE (p.a) IS NODE UNIQUE", "CREATE CONSTRAINT FOR (p:Person) REQUIRE p.a IS UNIQUE"},
      {"CREATE CONSTRAINT FOR (p:P) REQUIRE (p.a, p.b) IS UNIQUE", "CREATE CONSTRAINT FOR (p:P) REQUIRE (p.a, p.b) IS UNIQUE"},
      {"CREATE CONSTRAINT FOR (p:P) REQUIRE p.a IS KEY", "CREATE CONSTRAINT FOR (p:P) REQUIRE p.a IS NODE KEY"},
      {"CREATE CONSTRAINT FOR (p:P) REQUIRE p.a IS NOT NULL", "CREATE CONSTRAINT FOR (p:P) REQUIRE p.a IS NOT NULL"},
      {"CREATE CONSTRAINT FOR (p:P) REQUIRE p.a IS TYPED INT", "CREATE CONSTRAINT FOR (p:P) REQUIRE p.a IS :: INTEGER"},
      {"CREATE CONSTRAINT FOR (p:P) REQUIRE p.a IS :: LIST<STRING NOT NULL> | BOOL",
       "CREATE CONSTRAINT FOR (p:P) REQUIRE p.a IS :: LIST<STRING NOT NULL> | BOOLEAN"},
      {"CREATE CONSTRAINT k FOR ()-[r:T]->() REQUIRE r.p IS NOT NULL",
       "CREATE CONSTRAINT k FOR ()-[r:T]-() REQUIRE r.p IS NOT NULL"},
      {"CREATE CONSTRAINT FOR ()-[r:T]-() REQUIRE (r.a, r.b) IS REL KEY",
       "CREATE CONSTRAINT FOR ()-[r:T]-() REQUIRE (r.a, r.b) IS RELATIONSHIP KEY"},
      {"CREATE CONSTRAINT c FOR (n:A) REQUIRE n.p IS UNIQUE OPTIONS {indexProvider: 'range-1.0'}",
       "CREATE CONSTRAINT c FOR (n:A) REQUIRE n.p IS UNIQUE OPTIONS {indexProvider: 'range-1.0'}"},
      {"drop constraint c if exists", "DROP CONSTRAINT c IF EXISTS"},
      {"DROP CONSTRAINT `my c`", "DROP CONSTRAINT `my c`"},
  };
  for (const auto& [text, expected] : cases) EXPECT_EQ(Printed(text), expected) << text;
  EXPECT_EQ(Command(*ParseStatement("DROP CONSTRAINT c")).action, SchemaCommandClause::Action::kDropConstraint);
}

TEST(SchemaParserTest, MalformedConstraints) {
  ExpectSyntaxError("CREATE CONSTRAINT FOR (n:A) REQUIRE m.p IS UNIQUE", "VariableNotDefined", "named after FOR");
  ExpectSyntaxError("CREATE CONSTRAINT FOR (n:A) REQUIRE (n.p, n.q) IS NOT NULL", "InvalidConstraint",
                    "take one property");
  ExpectSyntaxError("CREATE CONSTRAINT FOR (n:A) REQUIRE n.p IS :: MAP", "InvalidPropertyType", "MAP");
  ExpectSyntaxError("CREATE CONSTRAINT FOR (n:A) REQUIRE n.p IS :: LIST<INTEGER>", "InvalidPropertyType",
                    "LIST<INTEGER>");
  ExpectSyntaxError("CREATE CONSTRAINT FOR (n:A) REQUIRE n.p IS RELATIONSHIP KEY", "InvalidConstraint",
                    "does not fit");
  ExpectSyntaxError("CREATE CONSTRAINT FOR (n:A) REQUIRE n.p IS SPECIAL", "UnexpectedSyntax",
                    "expected UNIQUE, KEY, NOT NULL");
  ExpectSyntaxError("DROP CONSTRAINT", "UnexpectedSyntax", "expected a constraint name");
}

TEST(SchemaParserTest, MalformedCommands) {
  ExpectSyntaxError("CREATE INDEX i FOR (n:A) ON (m.p)", "VariableNotDefined",
                    "the variable n named after FOR");
  ExpectSyntaxError("CREATE INDEX i FOR (n) ON (n.p)", "UnexpectedSyntax", "expected ':' and a label");
  ExpectSyntaxError("CREATE INDEX i FOR ()-[r]-() ON (r.p)", "UnexpectedSyntax",
                    "expected ':' and a relationship type");
  ExpectSyntaxError("CREATE LOOKUP INDEX FOR (n:A) ON EACH labels(n)", "InvalidLookupIndex",
                    "covers every label");
  ExpectSyntaxError("CREATE LOOKUP INDEX FOR (n) ON labels(n)", "UnexpectedSyntax",
                    "expected EACH labels(n)");
  ExpectSyntaxError("CREATE LOOKUP INDEX FOR (n) ON EACH labels(m)", "VariableNotDefined",
                    "takes the variable n");
  ExpectSyntaxError("CREATE INDEX i IF EXISTS FOR (n:A) ON (n.p)", "UnexpectedSyntax", "expected NOT");
  ExpectSyntaxError("CREATE INDEX i FOR (n:A) ON (n.p) RETURN 1", "UnexpectedSyntax",
                    "expected UNION, ';' or end of input");
  ExpectSyntaxError("DROP INDEX", "UnexpectedSyntax", "expected an index name");
  ExpectSyntaxError("DROP i", "UnexpectedSyntax", "expected INDEX or CONSTRAINT");
  ExpectSyntaxError("MATCH (n) DROP INDEX i", "UnexpectedSyntax", "Invalid input 'DROP'");
}

}  // namespace
}  // namespace quiver::cypher
