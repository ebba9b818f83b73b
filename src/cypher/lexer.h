#pragma once
// The openCypher lexer: query text to tokens, in one pass.
//
// Lexical errors do not throw here. They become TokenKind::kError tokens carrying the
// TCK detail code (InvalidNumberLiteral, InvalidUnicodeLiteral, ...), and the parser
// raises them when it reaches one. That keeps the first error in reading order the one
// reported, and lets the parser report a context-specific error instead where the TCK
// wants one (`{1B2c3e67: 1}` is UnexpectedSyntax, not InvalidNumberLiteral, because a
// map key was expected).

#include <string_view>
#include <vector>

#include "cypher/token.h"

namespace quiver::cypher {

// Every token of `source`, ending with exactly one TokenKind::kEnd. Token::text views
// point into `source`, which must outlive them.
std::vector<Token> Tokenize(std::string_view source);

}  // namespace quiver::cypher
