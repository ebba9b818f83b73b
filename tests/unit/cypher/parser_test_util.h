#pragma once
// What the parser tests share: a statement's syntax error detail, and the round trip
// through the printer.

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <string_view>

#include "cypher/ast/ast_equal.h"
#include "cypher/ast/ast_printer.h"
#include "cypher/parser.h"
#include "quiver/error.h"

namespace quiver::cypher::testing {

// The SyntaxError detail ParseStatement raises for `query`, or "no error".
inline std::string ErrorDetail(std::string_view query) {
  try {
    ParseStatement(query);
  } catch (const SyntaxError& e) {
    return e.detail();
  }
  return "no error";
}

// parse -> print -> parse gives an equal AST, and printing is then stable (fully
// parenthesized too).
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

}  // namespace quiver::cypher::testing
