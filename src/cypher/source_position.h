#pragma once
// Where a token or AST node starts in the query text. Every node carries one so that
// the parser, the binder and the executor can all point at the offending text.

#include <cstdint>
#include <string>
#include <string_view>

namespace quiver::cypher {

struct SourcePosition {
  uint32_t line = 1;    // 1-based
  uint32_t column = 1;  // 1-based, counted in Unicode code points
  uint32_t offset = 0;  // 0-based byte offset into the query text

  friend bool operator==(const SourcePosition&, const SourcePosition&) = default;
};

// " (line L, column C, offset O)" followed by the source line and a caret under the
// position, e.g.
//   (line 1, column 11, offset 10)
//     MATCH (n) RETRUN n
//               ^
// The binder and executor use it too, so every compile-time message looks the same.
std::string DescribeLocation(std::string_view source, SourcePosition pos);

// Throws quiver::SyntaxError (compile time) with `detail` (a TCK detail code such as
// "UnexpectedSyntax") and `message` followed by DescribeLocation(source, pos).
[[noreturn]] void ThrowSyntaxError(std::string_view source, SourcePosition pos, std::string detail,
                                   std::string_view message);

}  // namespace quiver::cypher
