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

// The round trip above, then what `query` prints as.
inline std::string Printed(std::string_view query) {
  ExpectRoundTrip(query);
  return ToCypher(*ParseStatement(query));
}

// `query` fails to parse with `detail` and a message containing `message`.
inline void ExpectSyntaxError(std::string_view query, std::string_view detail, std::string_view message) {
  try {
    ParseStatement(query);
    ADD_FAILURE() << query << " parsed";
  } catch (const SyntaxError& e) {
    EXPECT_EQ(e.detail(), detail) << query;
    EXPECT_NE(e.message().find(message), std::string::npos) << e.message();
  }
}

}  // namespace quiver::cypher::testing
