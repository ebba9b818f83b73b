#pragma once
// The little Unicode knowledge the lexer and printer need: UTF-8 decoding and encoding,
// and which code points count as white space or may appear in an identifier.

#include <cstdint>
#include <string>
#include <string_view>

namespace quiver::cypher {

struct CodePoint {
  uint32_t value = 0;
  uint32_t length = 1;  // bytes consumed; 1 for an invalid sequence
  bool valid = false;
};

// Decodes the UTF-8 sequence starting at text[i] (i < text.size()).
CodePoint DecodeUtf8(std::string_view text, size_t i);
void AppendUtf8(std::string& out, uint32_t code_point);

// openCypher's white space beyond ASCII: no-break and typographic spaces, line and
// paragraph separators, and a byte order mark.
bool IsSpaceCodePoint(uint32_t cp);
// Non-ASCII code points allowed in unquoted identifiers. Without Unicode tables this is
// "everything that is not white space, punctuation, a symbol or an emoji", so letters
// of every script work while look-alike operators such as the em dash (U+2014) are
// rejected with InvalidUnicodeCharacter, as the TCK requires.
bool IsIdentifierCodePoint(uint32_t cp);

}  // namespace quiver::cypher
