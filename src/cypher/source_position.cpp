#include "cypher/source_position.h"

#include "quiver/error.h"

namespace quiver::cypher {

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
  std::string_view line = source.substr(begin, end - begin);
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  out.append("\n  ").append(line).append("\n  ");
  // The caret lines up under the offending character: tabs stay tabs, every other code
  // point before it becomes one space, so the caret is right in a terminal too.
  for (size_t i = begin; i < offset && i < begin + line.size(); ++i) {
    auto byte = static_cast<unsigned char>(source[i]);
    if ((byte & 0xC0) == 0x80) continue;  // UTF-8 continuation byte
    out.push_back(byte == '\t' ? '\t' : ' ');
  }
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
