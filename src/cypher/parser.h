#pragma once
// The openCypher front end's entry points: query text in, AST out.
//
// Errors are thrown as quiver::SyntaxError raised at compile time, whose detail is the
// openCypher TCK code (UnexpectedSyntax, InvalidNumberLiteral, IntegerOverflow, ...) and
// whose message gives line, column, offset, the source line and a caret under the
// offending token. docs/cypher.md lists which codes the parser raises and which are left
// to the binder.

#include <memory>
#include <string_view>

#include "cypher/ast/statement.h"

namespace quiver::cypher {

// Parses one statement: single queries joined by UNION [ALL], or a standalone CALL. A
// trailing ';' is allowed. The AST does not reference `query`, except that
// ProjectionItem::text copies of it are kept.
std::unique_ptr<Statement> ParseStatement(std::string_view query);

// Parses a lone expression, e.g. for tests and tools. Pattern predicates are allowed, as
// in a WHERE clause.
ExprPtr ParseExpression(std::string_view text);

}  // namespace quiver::cypher
