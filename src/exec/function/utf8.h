#pragma once
// Code-point views of UTF-8 strings: Cypher's string functions count and slice by
// Unicode code point (size('ä') = 1), while quiver::Value stores UTF-8 bytes. Malformed
// bytes count as one code point each, so every byte string has a defined answer.

#include <cstddef>
#include <string>
#include <string_view>

namespace quiver::function_internal {

// The byte length of the code point starting at s[i] (1 for a malformed byte).
size_t Utf8SequenceLength(std::string_view s, size_t i);
size_t CodePointCount(std::string_view s);
// The byte offset of code point number `n` (s.size() when n >= the count).
size_t ByteOffsetOfCodePoint(std::string_view s, size_t n);
// Decodes the code point at s[i] (malformed bytes decode as themselves).
char32_t DecodeAt(std::string_view s, size_t i);
void AppendUtf8(std::string& out, char32_t cp);

}  // namespace quiver::function_internal
