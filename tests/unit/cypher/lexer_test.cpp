#include "cypher/lexer.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace quiver::cypher {
namespace {

std::vector<TokenKind> Kinds(std::string_view source) {
  std::vector<TokenKind> kinds;
  for (const Token& token : Tokenize(source)) kinds.push_back(token.kind);
  return kinds;
}

// The single token of `source` (followed by kEnd).
Token Single(std::string_view source) {
  std::vector<Token> tokens = Tokenize(source);
  EXPECT_EQ(tokens.size(), 2u) << source;
  EXPECT_EQ(tokens.back().kind, TokenKind::kEnd);
  return tokens.front();
}

using K = TokenKind;

TEST(LexerTest, EmptyAndWhitespaceOnlyInputEndWithOneEndToken) {
  EXPECT_EQ(Kinds(""), std::vector<K>{K::kEnd});
  EXPECT_EQ(Kinds(" \t\r\n // comment\n /* block\n comment */ "), std::vector<K>{K::kEnd});
  // No-break space, em space, ideographic space and a byte order mark are white space.
  EXPECT_EQ(Kinds("\xC2\xA0\xE2\x80\x83\xE3\x80\x80\xEF\xBB\xBF"), std::vector<K>{K::kEnd});
}

TEST(LexerTest, Punctuation) {
  EXPECT_EQ(Kinds("( ) [ ] { } , . .. : ; | + += - * / % ^ = <> < > <= >= =~"),
            (std::vector<K>{
                K::kLParen, K::kRParen, K::kLBracket, K::kRBracket,  K::kLBrace,     K::kRBrace, K::kComma,
                K::kDot,    K::kDotDot, K::kColon,    K::kSemicolon, K::kPipe,       K::kPlus,   K::kPlusEq,
                K::kMinus,  K::kStar,   K::kSlash,    K::kPercent,   K::kCaret,      K::kEq,     K::kNe,
                K::kLt,     K::kGt,     K::kLe,       K::kGe,        K::kRegexMatch, K::kEnd}));
}

TEST(LexerTest, ArrowsAreSeparateTokens) {
  EXPECT_EQ(Kinds("<-->"), (std::vector<K>{K::kLt, K::kMinus, K::kMinus, K::kGt, K::kEnd}));
  EXPECT_EQ(Kinds("-[r]->"), (std::vector<K>{K::kMinus, K::kLBracket, K::kIdentifier, K::kRBracket, K::kMinus,
                                             K::kGt, K::kEnd}));
}

TEST(LexerTest, KeywordsAreCaseInsensitiveIdentifiers) {
  for (std::string_view spelling : {"MATCH", "match", "Match", "mAtCh"}) {
    Token token = Single(spelling);
    EXPECT_EQ(token.kind, K::kIdentifier);
    EXPECT_EQ(token.keyword, Keyword::kMatch);
    EXPECT_EQ(token.value, spelling);
  }
  EXPECT_EQ(Single("matches").keyword, Keyword::kNotKeyword);
  EXPECT_EQ(Single("DESCENDING").keyword, Keyword::kDescending);
  EXPECT_EQ(KeywordName(Keyword::kStarts), "STARTS");
  EXPECT_TRUE(IsReservedKeyword(Keyword::kMatch));
  EXPECT_FALSE(IsReservedKeyword(Keyword::kCount));
}

TEST(LexerTest, Identifiers) {
  EXPECT_EQ(Single("_a1").value, "_a1");
  Token unicode = Single("caf\xC3\xA9");
  EXPECT_EQ(unicode.kind, K::kIdentifier);
  EXPECT_EQ(unicode.value, "caf\xC3\xA9");
  Token quoted = Single("`a ``b`` c`");
  EXPECT_EQ(quoted.kind, K::kQuotedIdentifier);
  EXPECT_EQ(quoted.value, "a `b` c");
  EXPECT_EQ(Single("`MATCH`").keyword, Keyword::kNotKeyword);
}

TEST(LexerTest, Parameters) {
  EXPECT_EQ(Single("$name").value, "name");
  EXPECT_EQ(Single("$0").value, "0");
  Token quoted = Single("$`a b`");
  EXPECT_EQ(quoted.kind, K::kParameter);
  EXPECT_EQ(quoted.value, "a b");
  EXPECT_EQ(Single("$").kind, K::kError);
}

TEST(LexerTest, IntegerLiterals) {
  EXPECT_EQ(Single("0").integer, 0u);
  EXPECT_EQ(Single("42").integer, 42u);
  EXPECT_EQ(Single("0x1A2b3c4D5E6f7").integer, 460367961908983u);
  EXPECT_EQ(Single("0XfF").integer, 255u);
  EXPECT_EQ(Single("0o17").integer, 15u);
  EXPECT_EQ(Single("017").integer, 15u);  // legacy octal
  EXPECT_EQ(Single("9223372036854775808").integer, 9223372036854775808u);
  EXPECT_FALSE(Single("18446744073709551615").integer_too_large);
  EXPECT_TRUE(Single("18446744073709551616").integer_too_large);
  EXPECT_TRUE(Single("0x10000000000000000").integer_too_large);
}

TEST(LexerTest, FloatLiterals) {
  EXPECT_DOUBLE_EQ(Single("3.25").floating, 3.25);
  EXPECT_DOUBLE_EQ(Single(".5").floating, 0.5);
  EXPECT_DOUBLE_EQ(Single("1e9").floating, 1e9);
  EXPECT_DOUBLE_EQ(Single("1E-3").floating, 1e-3);
  EXPECT_DOUBLE_EQ(Single("1.5e+2").floating, 150.0);
  EXPECT_DOUBLE_EQ(Single(".5e1").floating, 5.0);
  EXPECT_EQ(Single("1e-400").floating, 0.0);  // underflow reads as zero
  Token overflow = Single("1.34E999");
  EXPECT_EQ(overflow.kind, K::kError);
  EXPECT_EQ(overflow.detail, "FloatingPointOverflow");
}

TEST(LexerTest, RangeDotsAreNotFloats) {
  EXPECT_EQ(Kinds("*1..3"), (std::vector<K>{K::kStar, K::kInteger, K::kDotDot, K::kInteger, K::kEnd}));
  EXPECT_EQ(Kinds("[0..]"), (std::vector<K>{K::kLBracket, K::kInteger, K::kDotDot, K::kRBracket, K::kEnd}));
  EXPECT_EQ(Kinds("1.x"), (std::vector<K>{K::kInteger, K::kDot, K::kIdentifier, K::kEnd}));
}

TEST(LexerTest, InvalidNumbersAreErrorTokens) {
  for (std::string_view bad : {"0x", "0x1A2b3j4D5E6f7", "0o8", "09", "9223372h54775808", "1B2c3e67", "0xZ"}) {
    Token token = Single(bad);
    EXPECT_EQ(token.kind, K::kError) << bad;
    EXPECT_EQ(token.detail, "InvalidNumberLiteral") << bad;
    EXPECT_EQ(token.text, bad) << "the whole run is one token";
  }
}

TEST(LexerTest, StringLiteralsAndEscapes) {
  EXPECT_EQ(Single("'single'").value, "single");
  EXPECT_EQ(Single("\"double\"").value, "double");
  EXPECT_EQ(Kinds("'it''s'").size(), 3u);  // two strings: there is no '' escape
  EXPECT_EQ(Single(R"('a\\b\'c\"d\ne\tf\rg\bh\fi')").value, "a\\b'c\"d\ne\tf\rg\bh\fi");
  EXPECT_EQ(Single(R"('\N\T')").value, "\n\t");
  EXPECT_EQ(Single(R"('\u0041\u01FF')").value, "A\xC7\xBF");
  EXPECT_EQ(Single(R"('\U0001F600')").value, "\xF0\x9F\x98\x80");
  EXPECT_EQ(Single(R"('\uD83D\uDE00')").value, "\xF0\x9F\x98\x80");  // surrogate pair
  EXPECT_EQ(Single("\"it's\"").value, "it's");
  EXPECT_EQ(Single("'multi\nline'").value, "multi\nline");
  EXPECT_EQ(Single("'// not a comment'").value, "// not a comment");
}

TEST(LexerTest, BadStringsAreErrorTokens) {
  Token unicode = Single(R"('\uH')");
  EXPECT_EQ(unicode.kind, K::kError);
  EXPECT_EQ(unicode.detail, "InvalidUnicodeLiteral");
  EXPECT_EQ(unicode.pos.offset, 1u) << "points at the escape";
  EXPECT_EQ(Single(R"('\uD800')").detail, "InvalidUnicodeLiteral");  // lone surrogate
  EXPECT_EQ(Single(R"('\q')").detail, "UnexpectedSyntax");
  std::vector<Token> unterminated = Tokenize("RETURN 'abc");
  ASSERT_EQ(unterminated.size(), 3u);
  EXPECT_EQ(unterminated[1].kind, K::kError);
  EXPECT_EQ(unterminated[1].value, "unterminated string literal");
  // Lexing resumes after the bad literal.
  std::vector<Token> resumed = Tokenize(R"('\q' x)");
  ASSERT_EQ(resumed.size(), 3u);
  EXPECT_EQ(resumed[1].value, "x");
}

TEST(LexerTest, InvalidCharacters) {
  Token dash = Tokenize("42 \xE2\x80\x94 41")[1];  // em dash
  EXPECT_EQ(dash.kind, K::kError);
  EXPECT_EQ(dash.detail, "InvalidUnicodeCharacter");
  Token hash = Tokenize("a # b")[1];
  EXPECT_EQ(hash.kind, K::kError);
  EXPECT_EQ(hash.detail, "UnexpectedSyntax");
  EXPECT_EQ(Tokenize("/* open")[0].kind, K::kError);
  EXPECT_EQ(Tokenize("`open")[0].kind, K::kError);
}

TEST(LexerTest, PositionsCountLinesAndCodePoints) {
  std::vector<Token> tokens = Tokenize("MATCH (n)\n  WHERE n.x = '\xC3\xA9' AND\r\n\tn.y");
  auto find = [&](std::string_view text) {
    for (const Token& token : tokens) {
      if (token.text == text) return token.pos;
    }
    ADD_FAILURE() << "no token " << text;
    return SourcePosition{};
  };
  EXPECT_EQ(find("MATCH"), (SourcePosition{1, 1, 0}));
  EXPECT_EQ(find("n"), (SourcePosition{1, 8, 7}));
  EXPECT_EQ(find("WHERE"), (SourcePosition{2, 3, 12}));
  // The two-byte 'é' counts as one column.
  EXPECT_EQ(find("AND"), (SourcePosition{2, 19, 29}));
  EXPECT_EQ(find("y"), (SourcePosition{3, 4, 37}));
  EXPECT_EQ(tokens.back().pos, (SourcePosition{3, 5, 38}));
}

TEST(LexerTest, TokenTextAndEndOffset) {
  std::vector<Token> tokens = Tokenize("RETURN 0x1F + 'ab'");
  EXPECT_EQ(tokens[1].text, "0x1F");
  EXPECT_EQ(tokens[1].end_offset(), 11u);
  EXPECT_EQ(tokens[3].text, "'ab'");
}

}  // namespace
}  // namespace quiver::cypher
