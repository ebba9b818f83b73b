#include "cypher/token.h"

#include <array>

namespace quiver::cypher {
namespace {

struct KeywordEntry {
  std::string_view spelling;  // upper case
  Keyword keyword;
  bool reserved;
};

// In enum order, which is also alphabetical, so LookupKeyword can binary-search it.
constexpr std::array kKeywords = {
#define QUIVER_KEYWORD_ENTRY(name, spelling, reserved) KeywordEntry{#spelling, Keyword::k##name, reserved},
    QUIVER_CYPHER_KEYWORDS(QUIVER_KEYWORD_ENTRY)
#undef QUIVER_KEYWORD_ENTRY
};

constexpr bool IsSortedTable() {
  for (size_t i = 1; i < kKeywords.size(); ++i) {
    if (!(kKeywords[i - 1].spelling < kKeywords[i].spelling)) return false;
    if (static_cast<size_t>(kKeywords[i].keyword) != i + 1) return false;
  }
  return true;
}
static_assert(IsSortedTable(), "QUIVER_CYPHER_KEYWORDS must stay sorted by spelling");

constexpr size_t kMaxKeywordLength = 10;  // DESCENDING, CONSTRAINT

}  // namespace

Keyword LookupKeyword(std::string_view word) {
  if (word.size() < 2 || word.size() > kMaxKeywordLength) return Keyword::kNotKeyword;
  // Upper-case into a stack buffer: lookup runs for every word of every query.
  char buffer[kMaxKeywordLength];
  for (size_t i = 0; i < word.size(); ++i) {
    char c = word[i];
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    buffer[i] = c;
  }
  std::string_view upper(buffer, word.size());
  size_t lo = 0;
  size_t hi = kKeywords.size();
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    int cmp = kKeywords[mid].spelling.compare(upper);
    if (cmp == 0) return kKeywords[mid].keyword;
    if (cmp < 0) {
      lo = mid + 1;
    } else {
      hi = mid;
    }
  }
  return Keyword::kNotKeyword;
}

std::string_view KeywordName(Keyword keyword) {
  if (keyword == Keyword::kNotKeyword) return "";
  return kKeywords[static_cast<size_t>(keyword) - 1].spelling;
}

bool IsReservedKeyword(Keyword keyword) {
  if (keyword == Keyword::kNotKeyword) return false;
  return kKeywords[static_cast<size_t>(keyword) - 1].reserved;
}

std::string_view TokenKindName(TokenKind kind) {
  switch (kind) {
    case TokenKind::kEnd:
      return "end of input";
    case TokenKind::kError:
      return "invalid token";
    case TokenKind::kIdentifier:
      return "identifier";
    case TokenKind::kQuotedIdentifier:
      return "quoted identifier";
    case TokenKind::kInteger:
      return "integer";
    case TokenKind::kFloat:
      return "float";
    case TokenKind::kString:
      return "string";
    case TokenKind::kParameter:
      return "parameter";
    case TokenKind::kLParen:
      return "'('";
    case TokenKind::kRParen:
      return "')'";
    case TokenKind::kLBracket:
      return "'['";
    case TokenKind::kRBracket:
      return "']'";
    case TokenKind::kLBrace:
      return "'{'";
    case TokenKind::kRBrace:
      return "'}'";
    case TokenKind::kComma:
      return "','";
    case TokenKind::kDot:
      return "'.'";
    case TokenKind::kDotDot:
      return "'..'";
    case TokenKind::kColon:
      return "':'";
    case TokenKind::kSemicolon:
      return "';'";
    case TokenKind::kPipe:
      return "'|'";
    case TokenKind::kAmpersand:
      return "'&'";
    case TokenKind::kBang:
      return "'!'";
    case TokenKind::kPlus:
      return "'+'";
    case TokenKind::kPlusEq:
      return "'+='";
    case TokenKind::kMinus:
      return "'-'";
    case TokenKind::kStar:
      return "'*'";
    case TokenKind::kSlash:
      return "'/'";
    case TokenKind::kPercent:
      return "'%'";
    case TokenKind::kCaret:
      return "'^'";
    case TokenKind::kEq:
      return "'='";
    case TokenKind::kNe:
      return "'<>'";
    case TokenKind::kLt:
      return "'<'";
    case TokenKind::kGt:
      return "'>'";
    case TokenKind::kLe:
      return "'<='";
    case TokenKind::kGe:
      return "'>='";
    case TokenKind::kRegexMatch:
      return "'=~'";
  }
  return "token";
}

}  // namespace quiver::cypher
