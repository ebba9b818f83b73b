#include "cypher/source_position.h"

#include <algorithm>

#include "common/utf8.h"
#include "quiver/error.h"

namespace quiver::cypher {

namespace {

// A long line (a generated query is often one line) is shown as this many code points
// either side of the position, so a message stays readable and small.
constexpr size_t kContext = 60;

// The next code point's byte length; an invalid byte is one code point of its own.
size_t Step(std::string_view text, size_t i) {
  CodePoint cp = DecodeUtf8(text, i);
  return cp.valid ? cp.length : 1;
}

}  // namespace

std::string DescribeLocation(std::string_view source, SourcePosition pos) {
  std::string out = "(line " + std::to_string(pos.line) + ", column " + std::to_string(pos.column) +
                    ", offset " + std::to_string(pos.offset) + ")";
  size_t offset = std::min<size_t>(pos.offset, source.size());
  size_t begin = 0;
  if (offset > 0) {
    size_t newline = source.rfind('\n', offset - 1);
    if (newline != std::string_view::npos) begin = newline + 1;
  }
  size_t end = source.find('\n', offset);
  if (end == std::string_view::npos) end = source.size();
  if (end > begin && source[end - 1] == '\r') --end;
  // The window shown: up to kContext code points before the position and after it.
  size_t before = 0;
  for (size_t i = begin; i < offset; i += Step(source, i)) ++before;
  size_t first = begin;
  for (size_t skip = before > kContext ? before - kContext : 0; skip > 0; --skip) first += Step(source, first);
  size_t last = std::min(offset, end);
  for (size_t n = 0; n < kContext && last < end; ++n) last += Step(source, last);
  out.append("\n  ");
  if (first > begin) out.append("...");
  // Invalid UTF-8 (what the error may be about) is shown as U+FFFD: a message is text.
  for (size_t i = first; i < last;) {
    CodePoint cp = DecodeUtf8(source, i);
    if (cp.valid) {
      out.append(source.substr(i, cp.length));
      i += cp.length;
    } else {
      AppendUtf8(out, 0xFFFD);
      ++i;
    }
  }
  if (last < end) out.append("...");
  out.append("\n  ");
  if (first > begin) out.append("   ");
  // The caret lines up under the offending character: tabs stay tabs, every other code
  // point before it becomes one space, so the caret is right in a terminal too.
  for (size_t i = first; i < offset; i += Step(source, i)) out.push_back(source[i] == '\t' ? '\t' : ' ');
  out.push_back('^');
  return out;
}

void ThrowSyntaxError(std::string_view source, SourcePosition pos, std::string detail,
                      std::string_view message) {
  std::string text(message);
  text.append(" ").append(DescribeLocation(source, pos));
  throw SyntaxError(std::move(detail), std::move(text), ErrorPhase::kCompileTime);
}

}  // namespace quiver::cypher
