#pragma once
// UTF-8 helpers shared by the lexer, the string functions and the TCK runner. Cypher
// strings are UTF-8; functions such as size(), left() and substring() count code
// points, not bytes.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace quiver {

// A strict decode (the lexer's view): overlong forms, surrogates and values past
// U+10FFFF are invalid.
struct CodePoint {
  uint32_t value = 0;
  uint32_t length = 1;  // bytes consumed; 1 for an invalid sequence
  bool valid = false;
};
CodePoint DecodeUtf8(std::string_view text, size_t i);

void AppendUtf8(std::string& out, uint32_t code_point);

// Lenient stepping for string functions over values: an invalid byte counts as one
// code point of its own, so no input makes them fail or loop.
size_t Utf8SequenceLength(std::string_view s, size_t i);
size_t CodePointCount(std::string_view s);
size_t ByteOffsetOfCodePoint(std::string_view s, size_t n);
char32_t DecodeAt(std::string_view s, size_t i);

}  // namespace quiver
