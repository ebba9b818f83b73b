// SHOW and TERMINATE commands (parser_show.cpp): each parses to the CALL + projection it
// means, prints as that query and reads back to the same AST; commands Quiver does not
// have are an UnsupportedCommand error, not a typo. CREATE / DROP INDEX: schema_parser_test.cpp.

#include <gtest/gtest.h>

#include <string>

#include "parser_test_util.h"

namespace quiver::cypher {
namespace {

using testing::ExpectSyntaxError;
using testing::Printed;

constexpr std::string_view kAllProcedureColumns =
    "CALL dbms.procedures() YIELD name, description, mode, worldReadable, signature, argumentDescription, "
    "returnDescription, admin, rolesExecution, rolesBoostedExecution, isDeprecated, option";

TEST(ShowParserTest, ShowProceduresReturnsTheDefaultColumns) {
  EXPECT_EQ(Printed("SHOW PROCEDURES"),
            std::string(kAllProcedureColumns) + " RETURN name, description, mode, worldReadable");
  EXPECT_EQ(Printed("show procedure executable by current user"), Printed("SHOW PROCEDURES"));
  EXPECT_EQ(Printed("SHOW ALL PROCEDURES EXECUTABLE BY alice"), Printed("SHOW PROCEDURES"));
}

TEST(ShowParserTest, WhereWithoutYieldFiltersOnEveryColumn) {
  EXPECT_EQ(Printed("SHOW PROCEDURES WHERE admin"),
            std::string(kAllProcedureColumns) + " WHERE admin RETURN name, description, mode, worldReadable");
}

TEST(ShowParserTest, YieldBecomesAWithAndReturn) {
  EXPECT_EQ(
      Printed("SHOW FUNCTIONS YIELD name, category AS c ORDER BY name SKIP 1 LIMIT 2 WHERE c = 'List'"),
      "CALL dbms.functions() YIELD name, category, description, signature, isBuiltIn, argumentDescription, "
      "returnDescription, aggregating, rolesExecution, rolesBoostedExecution, isDeprecated "
      "WITH name, category AS c ORDER BY name SKIP 1 LIMIT 2 WHERE c = 'List' RETURN name, c");
  const std::string star = Printed("SHOW TRANSACTIONS YIELD * RETURN count(*) AS n");
  EXPECT_NE(star.find("WITH * RETURN count(*) AS n"), std::string::npos) << star;
}

TEST(ShowParserTest, NamesAndIdsBecomeFilters) {
  EXPECT_NE(Printed("SHOW DATABASE neo4j").find("YIELD name, type"), std::string::npos);
  EXPECT_NE(Printed("SHOW DATABASE neo4j").find("WHERE name = 'neo4j'"), std::string::npos);
  EXPECT_NE(Printed("SHOW TRANSACTIONS 'neo4j-transaction-1', $id")
                .find("WHERE transactionId IN ['neo4j-transaction-1', $id]"),
            std::string::npos);
  EXPECT_NE(Printed("SHOW BUILT IN FUNCTIONS").find("WHERE isBuiltIn = true"), std::string::npos);
  EXPECT_NE(
      Printed("SHOW USER DEFINED FUNCTIONS WHERE name = 'x'").find("WHERE isBuiltIn = false AND name = 'x'"),
      std::string::npos);
}

TEST(ShowParserTest, TerminateCallsKillTransactions) {
  EXPECT_EQ(Printed("TERMINATE TRANSACTIONS 'neo4j-transaction-3', 'neo4j-transaction-4'"),
            "CALL dbms.killTransactions(['neo4j-transaction-3', 'neo4j-transaction-4']) YIELD transactionId, "
            "username, message RETURN transactionId, username, message");
  EXPECT_NE(Printed("TERMINATE TRANSACTION $id YIELD message").find("RETURN message"), std::string::npos);
}

TEST(ShowParserTest, ShowIndexesCallsDbIndexes) {
  const std::string all = Printed("SHOW INDEXES");
  EXPECT_EQ(all.rfind("CALL db.indexes() YIELD id, name, state, populationPercent, type, entityType", 0), 0u)
      << all;
  EXPECT_NE(
      all.find("RETURN id, name, state, populationPercent, type, entityType, labelsOrTypes, properties, "
               "indexProvider, owningConstraint, lastRead, readCount"),
      std::string::npos)
      << all;
  EXPECT_EQ(Printed("SHOW ALL INDEX"), all);
  EXPECT_NE(Printed("SHOW RANGE INDEXES YIELD name").find("WHERE type = 'RANGE' WITH name RETURN name"),
            std::string::npos);
  EXPECT_NE(Printed("show lookup indexes where entityType = 'NODE'")
                .find("WHERE type = 'LOOKUP' AND entityType = 'NODE'"),
            std::string::npos);
}

TEST(ShowParserTest, ShowConstraintsCallsDbConstraints) {
  EXPECT_NE(Printed("SHOW CONSTRAINTS").find("CALL db.constraints()"), std::string::npos);
  EXPECT_EQ(Printed("SHOW ALL CONSTRAINTS"), Printed("SHOW CONSTRAINTS"));
  EXPECT_NE(Printed("SHOW NODE KEY CONSTRAINTS YIELD name").find("WHERE type IN ['NODE_KEY'] WITH name RETURN name"),
            std::string::npos);
  EXPECT_NE(Printed("show unique constraint").find("WHERE type IN ['UNIQUENESS', 'RELATIONSHIP_UNIQUENESS']"),
            std::string::npos);
  EXPECT_NE(Printed("SHOW REL PROPERTY EXISTENCE CONSTRAINTS").find("['RELATIONSHIP_PROPERTY_EXISTENCE']"),
            std::string::npos);
  EXPECT_NE(Printed("SHOW PROPERTY TYPE CONSTRAINTS").find("['NODE_PROPERTY_TYPE', 'RELATIONSHIP_PROPERTY_TYPE']"),
            std::string::npos);
  ExpectSyntaxError("SHOW FANCY CONSTRAINTS", "InvalidSyntax", "expected ALL, UNIQUE, KEY");
}

TEST(ShowParserTest, CommandsQuiverDoesNotHave) {
  ExpectSyntaxError("SHOW USERS", "UnsupportedCommand", "SHOW USERS is not supported yet");
  ExpectSyntaxError("SHOW INDEXES EXECUTABLE BY alice", "UnexpectedSyntax", "Invalid input 'EXECUTABLE'");
  ExpectSyntaxError("SHOW BUILT IN PROCEDURES", "UnsupportedCommand",
                    "BUILT IN and USER DEFINED apply to SHOW FUNCTIONS");
  ExpectSyntaxError("SHOW", "UnexpectedSyntax",
                    "expected PROCEDURES, FUNCTIONS, DATABASES, INDEXES, CONSTRAINTS or TRANSACTIONS");
  ExpectSyntaxError("TERMINATE 'x'", "UnexpectedSyntax", "expected TRANSACTION or TRANSACTIONS");
  ExpectSyntaxError("SHOW PROCEDURES YIELD name RETURN name LIMIT", "UnexpectedSyntax",
                    "Unexpected end of input");
}

TEST(ShowParserTest, ShowIsStillAName) {
  // Only a statement's first word starts a command: `show` names things elsewhere.
  EXPECT_EQ(Printed("MATCH (show:SHOW) RETURN show.show AS terminate"),
            "MATCH (show:SHOW) RETURN show.show AS terminate");
}

}  // namespace
}  // namespace quiver::cypher
