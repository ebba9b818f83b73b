#pragma once
// UTF-8 helpers shared by the lexer, the string functions and the TCK runner. Cypher
// strings are UTF-8; functions such as size(), left() and substring() count code
// points, not bytes.
//
// Policy: every string value in Quiver is valid UTF-8. Invalid bytes are rejected where
// text enters — query text (the parser), parameters (the query engine), CSV import —
// so nothing downstream (string functions, storage, JSON output) meets them.

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

// The byte offset of the first byte that does not begin a valid sequence (by DecodeUtf8's
// strict rules), or npos when all of `text` is valid UTF-8. ASCII runs are skipped 16
// bytes at a time, so validating ordinary text costs about a memchr.
size_t FindInvalidUtf8(std::string_view text);
inline bool IsValidUtf8(std::string_view text) {
  return FindInvalidUtf8(text) == std::string_view::npos;
}
// "byte 0xFF": how messages name the offending byte.
std::string DescribeInvalidUtf8Byte(std::string_view text, size_t offset);

// Lenient stepping for string functions over values: an invalid byte counts as one
// code point of its own, so no input makes them fail or loop.
size_t Utf8SequenceLength(std::string_view s, size_t i);
size_t CodePointCount(std::string_view s);
size_t ByteOffsetOfCodePoint(std::string_view s, size_t n);
char32_t DecodeAt(std::string_view s, size_t i);

}  // namespace quiver
