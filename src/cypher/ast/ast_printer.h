#pragma once
// Prints an AST back to Cypher text that parses to an equal AST (see ast_equal.h):
// the basis of the round-trip checks, and of readable plans and error messages.

#include <string>

#include "cypher/ast/statement.h"

namespace quiver::cypher {

struct PrintOptions {
  // Parenthesize every operator expression, e.g. `((1 + (2 * 3)) = x)`: shows the
  // tree shape, which is how the precedence tests read it.
  bool fully_parenthesize = false;
};

std::string ToCypher(const Statement& statement, const PrintOptions& options = {});
std::string ToCypher(const Expr& expr, const PrintOptions& options = {});
std::string ToCypher(const PatternElement& element, const PrintOptions& options = {});
// A label expression as written after the colon: `A|B`, `!A&%`.
std::string ToCypher(const LabelExpression& expression);

// Cypher spellings of names and literals, shared with tools that generate Cypher.
// A variable or function name, back-quoted when it is not a plain identifier or is a
// reserved word.
std::string QuoteVariableName(std::string_view name);
// A label, type or property key: reserved words need no quotes there.
std::string QuoteSchemaName(std::string_view name);
std::string QuoteString(std::string_view value);
// Shortest text that reads back as the same double, always with '.' or an exponent.
std::string FormatFloat(double value);

}  // namespace quiver::cypher
