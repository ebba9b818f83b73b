#pragma once
// The printer's contract, checked by the parser tests: parse -> print -> parse gives an
// equal AST, printing is then stable, and so is fully parenthesized printing.

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <string_view>

#include "cypher/ast/ast_equal.h"
#include "cypher/ast/ast_printer.h"
#include "cypher/parser.h"

namespace quiver::cypher {

inline void ExpectRoundTrip(std::string_view query) {
  auto first = ParseStatement(query);
  std::string printed = ToCypher(*first);
  std::unique_ptr<Statement> second;
  ASSERT_NO_THROW(second = ParseStatement(printed)) << query << "\nprinted as\n" << printed;
  EXPECT_TRUE(Equal(*first, *second)) << query << "\nprinted as\n" << printed;
  EXPECT_EQ(ToCypher(*second), printed);
  std::string grouped = ToCypher(*first, PrintOptions{true});
  std::unique_ptr<Statement> third;
  ASSERT_NO_THROW(third = ParseStatement(grouped)) << grouped;
  EXPECT_TRUE(Equal(*first, *third)) << query << "\nfully parenthesized as\n" << grouped;
}

}  // namespace quiver::cypher
