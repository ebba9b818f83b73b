#include "statements.h"

#include <algorithm>

namespace quiver::cli {

namespace {

bool Blank(const std::string& s) { return s.find_first_not_of(" \t\r\n") == std::string::npos; }

// Calls `statement(text)` for each statement a semicolon ends — and, with `flush_rest`,
// for what follows the last one (unless only blanks and comments) — and returns the
// offset just after the last such semicolon.
template <typename Fn>
size_t ScanStatements(const std::string& text, bool flush_rest, Fn statement) {
  std::string current;
  size_t consumed = 0;
  char quote = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (quote != 0) {
      current += c;
      if (c == '\\' && quote != '`' && i + 1 < text.size()) {
        current += text[++i];
      } else if (c == quote) {
        quote = 0;
      }
      continue;
    }
    if (c == '/' && i + 1 < text.size() && text[i + 1] == '/') {
      while (i < text.size() && text[i] != '\n') ++i;
      current += '\n';
      continue;
    }
    if (c == '/' && i + 1 < text.size() && text[i + 1] == '*') {
      const size_t end = text.find("*/", i + 2);
      if (end == std::string::npos) break;  // an open comment: the statement goes on
      i = end + 1;
      current += ' ';
      continue;
    }
    if (c == '\'' || c == '"' || c == '`') quote = c;
    if (c == ';') {
      if (!Blank(current)) statement(current);
      current.clear();
      consumed = i + 1;
      continue;
    }
    current += c;
  }
  if (flush_rest && !Blank(current)) statement(current);
  return consumed;
}

}  // namespace

std::vector<std::string> SplitStatements(const std::string& text) {
  std::vector<std::string> out;
  ScanStatements(text, /*flush_rest=*/true, [&](const std::string& s) { out.push_back(s); });
  return out;
}

void TakeCompleteStatements(std::string& buffer, std::vector<std::string>& complete) {
  const size_t consumed =
      ScanStatements(buffer, /*flush_rest=*/false, [&](const std::string& s) { complete.push_back(s); });
  buffer.erase(0, consumed);
}

}  // namespace quiver::cli
