// SHOW and TERMINATE commands (parser_show.cpp): each parses to the CALL + projection it
// means, prints as that query and reads back to the same AST; commands Quiver does not
// have are an UnsupportedCommand error, not a typo.

#include <gtest/gtest.h>

#include <string>

#include "cypher/ast/ast_equal.h"
#include "cypher/ast/ast_printer.h"
#include "cypher/parser.h"
#include "quiver/error.h"

namespace quiver::cypher {
namespace {

constexpr std::string_view kAllProcedureColumns =
    "CALL dbms.procedures() YIELD name, description, mode, worldReadable, signature, argumentDescription, "
    "returnDescription, admin, rolesExecution, rolesBoostedExecution, isDeprecated, option";

std::string Print(std::string_view query) {
  auto first = ParseStatement(query);
  std::string printed = ToCypher(*first);
  auto second = ParseStatement(printed);
  EXPECT_TRUE(Equal(*first, *second)) << query << "\nprinted as\n" << printed;
  return printed;
}

TEST(ShowParserTest, ShowProceduresReturnsTheDefaultColumns) {
  EXPECT_EQ(Print("SHOW PROCEDURES"),
            std::string(kAllProcedureColumns) + " RETURN name, description, mode, worldReadable");
  EXPECT_EQ(Print("show procedure executable by current user"), Print("SHOW PROCEDURES"));
  EXPECT_EQ(Print("SHOW ALL PROCEDURES EXECUTABLE BY alice"), Print("SHOW PROCEDURES"));
}

TEST(ShowParserTest, WhereWithoutYieldFiltersOnEveryColumn) {
  EXPECT_EQ(Print("SHOW PROCEDURES WHERE admin"),
            std::string(kAllProcedureColumns) + " WHERE admin RETURN name, description, mode, worldReadable");
}

TEST(ShowParserTest, YieldBecomesAWithAndReturn) {
  EXPECT_EQ(Print("SHOW FUNCTIONS YIELD name, category AS c ORDER BY name SKIP 1 LIMIT 2 WHERE c = 'List'"),
            "CALL dbms.functions() YIELD name, category, description, signature, isBuiltIn, argumentDescription, "
            "returnDescription, aggregating, rolesExecution, rolesBoostedExecution, isDeprecated "
            "WITH name, category AS c ORDER BY name SKIP 1 LIMIT 2 WHERE c = 'List' RETURN name, c");
  const std::string star = Print("SHOW TRANSACTIONS YIELD * RETURN count(*) AS n");
  EXPECT_NE(star.find("WITH * RETURN count(*) AS n"), std::string::npos) << star;
}

TEST(ShowParserTest, NamesAndIdsBecomeFilters) {
  EXPECT_NE(Print("SHOW DATABASE neo4j").find("YIELD name, type") , std::string::npos);
  EXPECT_NE(Print("SHOW DATABASE neo4j").find("WHERE name = 'neo4j'"), std::string::npos);
  EXPECT_NE(Print("SHOW TRANSACTIONS 'neo4j-transaction-1', $id").find(
                "WHERE transactionId IN ['neo4j-transaction-1', $id]"),
            std::string::npos);
  EXPECT_NE(Print("SHOW BUILT IN FUNCTIONS").find("WHERE isBuiltIn = true"), std::string::npos);
  EXPECT_NE(Print("SHOW USER DEFINED FUNCTIONS WHERE name = 'x'").find("WHERE isBuiltIn = false AND name = 'x'"),
            std::string::npos);
}

TEST(ShowParserTest, TerminateCallsKillTransactions) {
  EXPECT_EQ(Print("TERMINATE TRANSACTIONS 'neo4j-transaction-3', 'neo4j-transaction-4'"),
            "CALL dbms.killTransactions(['neo4j-transaction-3', 'neo4j-transaction-4']) YIELD transactionId, "
            "username, message RETURN transactionId, username, message");
  EXPECT_NE(Print("TERMINATE TRANSACTION $id YIELD message").find("RETURN message"), std::string::npos);
}

void ExpectError(std::string_view query, std::string_view detail, std::string_view message) {
  try {
    ParseStatement(query);
    ADD_FAILURE() << query << " parsed";
  } catch (const SyntaxError& e) {
    EXPECT_EQ(e.detail(), detail) << query;
    EXPECT_NE(e.message().find(message), std::string::npos) << e.message();
  }
}

TEST(ShowParserTest, IndexesAndConstraintsAreNotSupportedYet) {
  ExpectError("SHOW INDEXES", "UnsupportedCommand", "SHOW INDEXES is not supported yet");
  ExpectError("SHOW RANGE INDEXES YIELD *", "UnsupportedCommand", "SHOW RANGE INDEXES is not supported yet");
  ExpectError("SHOW CONSTRAINTS", "UnsupportedCommand", "SHOW CONSTRAINTS is not supported yet");
  ExpectError("SHOW BUILT IN PROCEDURES", "UnsupportedCommand", "BUILT IN and USER DEFINED apply to SHOW FUNCTIONS");
  ExpectError("SHOW", "UnexpectedSyntax", "expected PROCEDURES, FUNCTIONS, DATABASES or TRANSACTIONS");
  ExpectError("TERMINATE 'x'", "UnexpectedSyntax", "expected TRANSACTION or TRANSACTIONS");
  ExpectError("SHOW PROCEDURES YIELD name RETURN name LIMIT", "UnexpectedSyntax", "Unexpected end of input");
}

TEST(ShowParserTest, ShowIsStillAName) {
  // Only a statement's first word starts a command: `show` names things elsewhere.
  EXPECT_EQ(Print("MATCH (show:SHOW) RETURN show.show AS terminate"),
            "MATCH (show:SHOW) RETURN show.show AS terminate");
}

}  // namespace
}  // namespace quiver::cypher
