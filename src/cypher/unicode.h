#pragma once
// The little Unicode knowledge the lexer and printer need beyond UTF-8 itself
// (common/utf8.h): which code points count as white space or may appear in an identifier.

#include <cstdint>
#include <string>
#include <string_view>

#include "common/utf8.h"  // DecodeUtf8, AppendUtf8

namespace quiver::cypher {

// openCypher's white space beyond ASCII: no-break and typographic spaces, line and
// paragraph separators, and a byte order mark.
bool IsSpaceCodePoint(uint32_t cp);
// Non-ASCII code points allowed in unquoted identifiers. Without Unicode tables this is
// "everything that is not white space, punctuation, a symbol or an emoji", so letters
// of every script work while look-alike operators such as the em dash (U+2014) are
// rejected with InvalidUnicodeCharacter, as the TCK requires.
bool IsIdentifierCodePoint(uint32_t cp);

}  // namespace quiver::cypher
