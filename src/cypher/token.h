#pragma once
// Tokens of openCypher. Keywords are not token kinds: every word lexes as an
// identifier that also records the keyword it spells (case-insensitively), because
// Cypher lets most keywords serve as label, type and property names.

#include <cstdint>
#include <string>
#include <string_view>

#include "cypher/source_position.h"

namespace quiver::cypher {

enum class TokenKind : uint8_t {
  kEnd,               // end of input
  kError,             // a lexical error, raised when the parser reaches it
  kIdentifier,        // a word; see Token::keyword
  kQuotedIdentifier,  // `back ticked`
  kInteger,           // decimal, hexadecimal (0x), octal (0o or legacy leading 0)
  kFloat,
  kString,
  kParameter,  // $name or $0
  kLParen,
  kRParen,
  kLBracket,
  kRBracket,
  kLBrace,
  kRBrace,
  kComma,
  kDot,
  kDotDot,
  kColon,
  kSemicolon,
  kPipe,
  kPlus,
  kPlusEq,
  kMinus,
  kStar,
  kSlash,
  kPercent,
  kCaret,
  kEq,
  kNe,
  kLt,
  kGt,
  kLe,
  kGe,
  kRegexMatch,  // =~
  kAmpersand,   // & (label expressions)
  kBang,        // ! (label expressions)
};

// KEYWORD(Name, SPELLING, reserved), sorted by spelling (token.cpp checks it).
// Reserved words may not name a variable or a function (openCypher's oC_ReservedWord);
// the others (COUNT, ANY, ...) may.
#define QUIVER_CYPHER_KEYWORDS(KEYWORD) \
  KEYWORD(Add, ADD, true)               \
  KEYWORD(All, ALL, true)               \
  KEYWORD(And, AND, true)               \
  KEYWORD(Any, ANY, false)              \
  KEYWORD(As, AS, true)                 \
  KEYWORD(Asc, ASC, true)               \
  KEYWORD(Ascending, ASCENDING, true)   \
  KEYWORD(By, BY, true)                 \
  KEYWORD(Call, CALL, false)            \
  KEYWORD(Case, CASE, true)             \
  KEYWORD(Constraint, CONSTRAINT, true) \
  KEYWORD(Contains, CONTAINS, true)     \
  KEYWORD(Count, COUNT, false)          \
  KEYWORD(Create, CREATE, true)         \
  KEYWORD(Delete, DELETE, true)         \
  KEYWORD(Desc, DESC, true)             \
  KEYWORD(Descending, DESCENDING, true) \
  KEYWORD(Detach, DETACH, true)         \
  KEYWORD(Distinct, DISTINCT, true)     \
  KEYWORD(Do, DO, true)                 \
  KEYWORD(Drop, DROP, true)             \
  KEYWORD(Else, ELSE, true)             \
  KEYWORD(End, END, true)               \
  KEYWORD(Ends, ENDS, true)             \
  KEYWORD(Exists, EXISTS, true)         \
  KEYWORD(Extract, EXTRACT, false)      \
  KEYWORD(False, FALSE, true)           \
  KEYWORD(Filter, FILTER, false)        \
  KEYWORD(For, FOR, true)               \
  KEYWORD(From, FROM, true)             \
  KEYWORD(In, IN, true)                 \
  KEYWORD(Is, IS, true)                 \
  KEYWORD(Limit, LIMIT, true)           \
  KEYWORD(Mandatory, MANDATORY, true)   \
  KEYWORD(Match, MATCH, true)           \
  KEYWORD(Merge, MERGE, true)           \
  KEYWORD(None, NONE, false)            \
  KEYWORD(Not, NOT, true)               \
  KEYWORD(Null, NULL, true)             \
  KEYWORD(Of, OF, true)                 \
  KEYWORD(On, ON, true)                 \
  KEYWORD(Optional, OPTIONAL, true)     \
  KEYWORD(Or, OR, true)                 \
  KEYWORD(Order, ORDER, true)           \
  KEYWORD(Remove, REMOVE, true)         \
  KEYWORD(Require, REQUIRE, true)       \
  KEYWORD(Return, RETURN, true)         \
  KEYWORD(Scalar, SCALAR, true)         \
  KEYWORD(Set, SET, true)               \
  KEYWORD(Single, SINGLE, false)        \
  KEYWORD(Skip, SKIP, true)             \
  KEYWORD(Starts, STARTS, true)         \
  KEYWORD(Then, THEN, true)             \
  KEYWORD(True, TRUE, true)             \
  KEYWORD(Union, UNION, true)           \
  KEYWORD(Unique, UNIQUE, true)         \
  KEYWORD(Unwind, UNWIND, true)         \
  KEYWORD(When, WHEN, true)             \
  KEYWORD(Where, WHERE, true)           \
  KEYWORD(With, WITH, true)             \
  KEYWORD(Xor, XOR, true)               \
  KEYWORD(Yield, YIELD, false)

enum class Keyword : uint8_t {
  kNotKeyword,
#define QUIVER_KEYWORD_ENUM(name, spelling, reserved) k##name,
  QUIVER_CYPHER_KEYWORDS(QUIVER_KEYWORD_ENUM)
#undef QUIVER_KEYWORD_ENUM
};

// The keyword `word` spells, ignoring case; Keyword::kNotKeyword if none.
Keyword LookupKeyword(std::string_view word);
// Upper-case spelling, e.g. "MATCH"; "" for kNotKeyword.
std::string_view KeywordName(Keyword keyword);
bool IsReservedKeyword(Keyword keyword);
std::string_view TokenKindName(TokenKind kind);

struct Token {
  TokenKind kind = TokenKind::kEnd;
  Keyword keyword = Keyword::kNotKeyword;  // kIdentifier only
  // kInteger: the literal overflowed uint64 (always an error, whatever its sign).
  bool integer_too_large = false;
  SourcePosition pos;
  std::string_view text;  // the raw source text of the token
  // kIdentifier/kQuotedIdentifier: the name; kString: the decoded content;
  // kParameter: the name without '$'; kError: the message.
  std::string value;
  uint64_t integer = 0;     // kInteger: the magnitude (the sign is a separate '-')
  double floating = 0;      // kFloat
  std::string_view detail;  // kError: the TCK detail code

  uint32_t end_offset() const { return pos.offset + static_cast<uint32_t>(text.size()); }
  bool IsWord() const { return kind == TokenKind::kIdentifier || kind == TokenKind::kQuotedIdentifier; }
  bool Is(Keyword kw) const { return kind == TokenKind::kIdentifier && keyword == kw; }
};

}  // namespace quiver::cypher
