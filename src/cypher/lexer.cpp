#include "cypher/lexer.h"

#include <charconv>
#include <cstdint>
#include <limits>

#include "cypher/unicode.h"

namespace quiver::cypher {
namespace {

constexpr std::string_view kUnexpectedSyntax = "UnexpectedSyntax";
constexpr std::string_view kInvalidNumberLiteral = "InvalidNumberLiteral";
constexpr std::string_view kInvalidUnicodeLiteral = "InvalidUnicodeLiteral";
constexpr std::string_view kInvalidUnicodeCharacter = "InvalidUnicodeCharacter";
constexpr std::string_view kFloatingPointOverflow = "FloatingPointOverflow";

bool IsDigit(char c) {
  return c >= '0' && c <= '9';
}
bool IsAsciiLetter(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

int HexDigitValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// Accumulates digits of `base` into a uint64 magnitude; false if any character is not a
// digit of that base. `overflow` is set when the magnitude does not fit in 64 bits.
bool ParseMagnitude(std::string_view digits, int base, uint64_t& value, bool& overflow) {
  value = 0;
  overflow = false;
  for (char c : digits) {
    int d = HexDigitValue(c);
    if (d < 0 || d >= base) return false;
    if (value > (std::numeric_limits<uint64_t>::max() - static_cast<uint64_t>(d)) / base) {
      overflow = true;
    } else {
      value = value * base + static_cast<uint64_t>(d);
    }
  }
  return true;
}

class Lexer {
 public:
  explicit Lexer(std::string_view source) : src_(source) {}

  std::vector<Token> Run() {
    // Most tokens are a few bytes; reserving avoids regrowth for typical queries.
    tokens_.reserve(src_.size() / 3 + 2);
    while (true) {
      SkipTrivia();
      if (pos_ >= src_.size()) break;
      LexToken();
    }
    Emit(TokenKind::kEnd, src_.size(), src_.size());
    return std::move(tokens_);
  }

 private:
  // Positions are computed by walking a cursor forward to each token start, so the whole
  // pass stays linear even for long single-line queries.
  SourcePosition PositionAt(size_t offset) {
    while (cursor_.offset < offset) {
      auto byte = static_cast<unsigned char>(src_[cursor_.offset]);
      if (byte == '\n') {
        ++cursor_.line;
        cursor_.column = 1;
      } else if ((byte & 0xC0) != 0x80) {
        ++cursor_.column;
      }
      ++cursor_.offset;
    }
    return cursor_;
  }

  Token& Emit(TokenKind kind, size_t start, size_t end) {
    Token& token = tokens_.emplace_back();
    token.kind = kind;
    token.pos = PositionAt(start);
    token.text = src_.substr(start, end - start);
    pos_ = end;
    return token;
  }

  // An error token at [start, end); lexing resumes at `resume`.
  void EmitError(size_t start, size_t end, size_t resume, std::string_view detail, std::string message) {
    Token& token = Emit(TokenKind::kError, start, end);
    token.detail = detail;
    token.value = std::move(message);
    pos_ = resume;
  }

  char At(size_t i) const { return i < src_.size() ? src_[i] : '\0'; }

  // Byte length of the identifier character at `i`, or 0 if there is none.
  size_t IdentifierCharAt(size_t i, bool first) const {
    if (i >= src_.size()) return 0;
    char c = src_[i];
    if (static_cast<unsigned char>(c) < 0x80) {
      if (IsAsciiLetter(c) || c == '_') return 1;
      return (!first && IsDigit(c)) ? 1 : 0;
    }
    CodePoint cp = DecodeUtf8(src_, i);
    return (cp.valid && IsIdentifierCodePoint(cp.value)) ? cp.length : 0;
  }

  size_t SkipIdentifierChars(size_t i) const {
    while (size_t n = IdentifierCharAt(i, false)) i += n;
    return i;
  }

  void SkipTrivia() {
    while (pos_ < src_.size()) {
      char c = src_[pos_];
      if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f' ||
          (c >= 0x1C && c <= 0x1F)) {
        ++pos_;
      } else if (c == '/' && At(pos_ + 1) == '/') {
        size_t end = src_.find('\n', pos_);
        pos_ = end == std::string_view::npos ? src_.size() : end;
      } else if (c == '/' && At(pos_ + 1) == '*') {
        size_t end = src_.find("*/", pos_ + 2);
        if (end == std::string_view::npos) {
          EmitError(pos_, pos_ + 2, src_.size(), kUnexpectedSyntax, "unterminated comment");
          return;
        }
        pos_ = end + 2;
      } else if (static_cast<unsigned char>(c) >= 0x80) {
        CodePoint cp = DecodeUtf8(src_, pos_);
        if (!cp.valid || !IsSpaceCodePoint(cp.value)) return;
        pos_ += cp.length;
      } else {
        return;
      }
    }
  }

  void LexToken() {
    size_t start = pos_;
    char c = src_[start];
    switch (c) {
      case '(':
        Emit(TokenKind::kLParen, start, start + 1);
        return;
      case ')':
        Emit(TokenKind::kRParen, start, start + 1);
        return;
      case '[':
        Emit(TokenKind::kLBracket, start, start + 1);
        return;
      case ']':
        Emit(TokenKind::kRBracket, start, start + 1);
        return;
      case '{':
        Emit(TokenKind::kLBrace, start, start + 1);
        return;
      case '}':
        Emit(TokenKind::kRBrace, start, start + 1);
        return;
      case ',':
        Emit(TokenKind::kComma, start, start + 1);
        return;
      case ':':
        Emit(TokenKind::kColon, start, start + 1);
        return;
      case ';':
        Emit(TokenKind::kSemicolon, start, start + 1);
        return;
      case '|':
        Emit(TokenKind::kPipe, start, start + 1);
        return;
      case '&':
        Emit(TokenKind::kAmpersand, start, start + 1);
        return;
      case '!':
        Emit(TokenKind::kBang, start, start + 1);
        return;
      case '*':
        Emit(TokenKind::kStar, start, start + 1);
        return;
      case '/':
        Emit(TokenKind::kSlash, start, start + 1);
        return;
      case '%':
        Emit(TokenKind::kPercent, start, start + 1);
        return;
      case '^':
        Emit(TokenKind::kCaret, start, start + 1);
        return;
      case '-':
        Emit(TokenKind::kMinus, start, start + 1);
        return;
      case '+':
        if (At(start + 1) == '=') return (void)Emit(TokenKind::kPlusEq, start, start + 2);
        Emit(TokenKind::kPlus, start, start + 1);
        return;
      case '=':
        if (At(start + 1) == '~') return (void)Emit(TokenKind::kRegexMatch, start, start + 2);
        Emit(TokenKind::kEq, start, start + 1);
        return;
      case '<':
        if (At(start + 1) == '>') return (void)Emit(TokenKind::kNe, start, start + 2);
        if (At(start + 1) == '=') return (void)Emit(TokenKind::kLe, start, start + 2);
        Emit(TokenKind::kLt, start, start + 1);
        return;
      case '>':
        if (At(start + 1) == '=') return (void)Emit(TokenKind::kGe, start, start + 2);
        Emit(TokenKind::kGt, start, start + 1);
        return;
      case '.':
        if (At(start + 1) == '.') return (void)Emit(TokenKind::kDotDot, start, start + 2);
        if (IsDigit(At(start + 1))) return LexNumber(start);
        Emit(TokenKind::kDot, start, start + 1);
        return;
      case '\'':
      case '"':
        LexString(start);
        return;
      case '`':
        LexQuotedIdentifier(start, start);
        return;
      case '$':
        LexParameter(start);
        return;
      default:
        break;
    }
    if (IsDigit(c)) return LexNumber(start);
    if (size_t n = IdentifierCharAt(start, true)) {
      size_t end = SkipIdentifierChars(start + n);
      Token& token = Emit(TokenKind::kIdentifier, start, end);
      token.value = std::string(token.text);
      token.keyword = LookupKeyword(token.text);
      return;
    }
    if (static_cast<unsigned char>(c) >= 0x80) {
      CodePoint cp = DecodeUtf8(src_, start);
      size_t end = start + cp.length;
      EmitError(start, end, end, kInvalidUnicodeCharacter,
                "invalid character '" + std::string(src_.substr(start, cp.length)) + "'");
      return;
    }
    EmitError(start, start + 1, start + 1, kUnexpectedSyntax,
              "unexpected character '" + std::string(1, c) + "'");
  }

  void LexNumber(size_t start) {
    char prefix = At(start + 1);
    if (src_[start] == '0' && (prefix == 'x' || prefix == 'X' || prefix == 'o' || prefix == 'O')) {
      bool hex = prefix == 'x' || prefix == 'X';
      size_t end = SkipIdentifierChars(start + 2);
      std::string_view digits = src_.substr(start + 2, end - start - 2);
      uint64_t value = 0;
      bool overflow = false;
      if (digits.empty() || !ParseMagnitude(digits, hex ? 16 : 8, value, overflow)) {
        EmitError(start, end, end, kInvalidNumberLiteral,
                  std::string("invalid ") + (hex ? "hexadecimal" : "octal") + " integer literal '" +
                      std::string(src_.substr(start, end - start)) + "'");
        return;
      }
      Token& token = Emit(TokenKind::kInteger, start, end);
      token.integer = value;
      token.integer_too_large = overflow;
      return;
    }
    size_t i = start;
    bool is_float = false;
    while (IsDigit(At(i))) ++i;
    if (At(i) == '.' && IsDigit(At(i + 1))) {
      is_float = true;
      ++i;
      while (IsDigit(At(i))) ++i;
    }
    if (At(i) == 'e' || At(i) == 'E') {
      size_t j = i + 1;
      if (At(j) == '-' || At(j) == '+') ++j;
      if (IsDigit(At(j))) {
        is_float = true;
        i = j;
        while (IsDigit(At(i))) ++i;
      }
    }
    if (IdentifierCharAt(i, false) != 0) {
      // `123abc`, `1B2c3e67`: letters glued to a number make no valid token.
      size_t end = SkipIdentifierChars(i);
      EmitError(start, end, end, kInvalidNumberLiteral,
                "invalid number literal '" + std::string(src_.substr(start, end - start)) + "'");
      return;
    }
    std::string_view text = src_.substr(start, i - start);
    if (is_float) {
      double value = 0;
      auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
      if (ec == std::errc::result_out_of_range) {
        // from_chars reports underflow and overflow alike; a tiny literal is just zero.
        size_t e = text.find_first_of("eE");
        if (e != std::string_view::npos && text[e + 1] == '-') {
          value = 0.0;
        } else {
          EmitError(start, i, i, kFloatingPointOverflow,
                    "floating point literal '" + std::string(text) + "' is too large");
          return;
        }
      } else if (ec != std::errc() || ptr != text.data() + text.size()) {
        EmitError(start, i, i, kInvalidNumberLiteral, "invalid number literal '" + std::string(text) + "'");
        return;
      }
      Token& token = Emit(TokenKind::kFloat, start, i);
      token.floating = value;
      return;
    }
    // A leading zero makes a legacy octal literal (`0123`), as openCypher 9 allows.
    bool octal = text.size() > 1 && text[0] == '0';
    uint64_t value = 0;
    bool overflow = false;
    if (!ParseMagnitude(octal ? text.substr(1) : text, octal ? 8 : 10, value, overflow)) {
      EmitError(start, i, i, kInvalidNumberLiteral,
                "invalid octal integer literal '" + std::string(text) + "'");
      return;
    }
    Token& token = Emit(TokenKind::kInteger, start, i);
    token.integer = value;
    token.integer_too_large = overflow;
  }

  void LexString(size_t start) {
    char quote = src_[start];
    std::string value;
    size_t i = start + 1;
    // The first bad escape is remembered and reported once the string's end is found,
    // so lexing resumes after the whole literal.
    size_t error_at = std::string_view::npos;
    size_t error_end = 0;
    std::string_view error_detail;
    std::string error_message;
    auto fail = [&](size_t at, size_t end, std::string_view detail, std::string message) {
      if (error_at != std::string_view::npos) return;
      error_at = at;
      error_end = end;
      error_detail = detail;
      error_message = std::move(message);
    };
    while (true) {
      if (i >= src_.size()) {
        EmitError(start, start + 1, src_.size(), kUnexpectedSyntax, "unterminated string literal");
        return;
      }
      char c = src_[i];
      if (c == quote) {
        ++i;
        break;
      }
      if (c != '\\') {
        size_t run = i;
        while (run < src_.size() && src_[run] != quote && src_[run] != '\\') ++run;
        value.append(src_.substr(i, run - i));
        i = run;
        continue;
      }
      char e = At(i + 1);
      size_t escape_start = i;
      i += 2;
      switch (e) {
        case '\\':
          value.push_back('\\');
          break;
        case '\'':
          value.push_back('\'');
          break;
        case '"':
          value.push_back('"');
          break;
        case 'b':
        case 'B':
          value.push_back('\b');
          break;
        case 'f':
        case 'F':
          value.push_back('\f');
          break;
        case 'n':
        case 'N':
          value.push_back('\n');
          break;
        case 'r':
        case 'R':
          value.push_back('\r');
          break;
        case 't':
        case 'T':
          value.push_back('\t');
          break;
        case 'u':
        case 'U':
          i = LexUnicodeEscape(escape_start, e == 'u' ? 4 : 8, value, fail);
          break;
        case '\0':
          if (escape_start + 1 >= src_.size()) {
            EmitError(start, start + 1, src_.size(), kUnexpectedSyntax, "unterminated string literal");
            return;
          }
          [[fallthrough]];
        default:
          fail(escape_start, i, kUnexpectedSyntax,
               "invalid escape sequence '" + std::string(src_.substr(escape_start, 2)) + "'");
          break;
      }
    }
    if (error_at != std::string_view::npos) {
      EmitError(error_at, error_end, i, error_detail, std::move(error_message));
      return;
    }
    Token& token = Emit(TokenKind::kString, start, i);
    token.value = std::move(value);
  }

  // `\uXXXX` or `\UXXXXXXXX` at `at`; returns the offset after it. A UTF-16 surrogate
  // pair written as two \u escapes decodes to one code point.
  template <typename Fail>
  size_t LexUnicodeEscape(size_t at, size_t digits, std::string& value, Fail& fail) {
    size_t i = at + 2;
    uint32_t cp = 0;
    for (size_t k = 0; k < digits; ++k) {
      int d = HexDigitValue(At(i + k));
      if (d < 0) {
        fail(at, i + k, kInvalidUnicodeLiteral,
             "invalid unicode escape '" + std::string(src_.substr(at, i + k - at)) + "'");
        return i + k;
      }
      cp = cp * 16 + static_cast<uint32_t>(d);
    }
    i += digits;
    if (cp >= 0xD800 && cp <= 0xDBFF && At(i) == '\\' && At(i + 1) == 'u') {
      uint32_t low = 0;
      bool ok = true;
      for (size_t k = 0; k < 4; ++k) {
        int d = HexDigitValue(At(i + 2 + k));
        if (d < 0) ok = false;
        low = low * 16 + static_cast<uint32_t>(d < 0 ? 0 : d);
      }
      if (ok && low >= 0xDC00 && low <= 0xDFFF) {
        AppendUtf8(value, 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00));
        return i + 6;
      }
    }
    if ((cp >= 0xD800 && cp <= 0xDFFF) || cp > 0x10FFFF) {
      fail(at, i, kInvalidUnicodeLiteral,
           "invalid unicode code point in '" + std::string(src_.substr(at, i - at)) + "'");
      return i;
    }
    AppendUtf8(value, cp);
    return i;
  }

  // `name` with `` for a literal backtick. `token_start` is where the token begins
  // (the '$' of a quoted parameter name).
  void LexQuotedIdentifier(size_t token_start, size_t quote_at) {
    std::string value;
    size_t i = quote_at + 1;
    while (true) {
      size_t close = src_.find('`', i);
      if (close == std::string_view::npos) {
        EmitError(quote_at, quote_at + 1, src_.size(), kUnexpectedSyntax, "unterminated quoted identifier");
        return;
      }
      value.append(src_.substr(i, close - i));
      if (At(close + 1) == '`') {
        value.push_back('`');
        i = close + 2;
        continue;
      }
      i = close + 1;
      break;
    }
    bool parameter = token_start != quote_at;
    Token& token = Emit(parameter ? TokenKind::kParameter : TokenKind::kQuotedIdentifier, token_start, i);
    token.value = std::move(value);
  }

  void LexParameter(size_t start) {
    size_t i = start + 1;
    if (At(i) == '`') return LexQuotedIdentifier(start, i);
    size_t end = i;
    if (IsDigit(At(i))) {
      while (IsDigit(At(end))) ++end;
      if (IdentifierCharAt(end, false) != 0) {
        size_t bad_end = SkipIdentifierChars(end);
        EmitError(start, bad_end, bad_end, kUnexpectedSyntax,
                  "invalid parameter name '" + std::string(src_.substr(start, bad_end - start)) + "'");
        return;
      }
    } else if (size_t n = IdentifierCharAt(i, true)) {
      end = SkipIdentifierChars(i + n);
    } else {
      EmitError(start, start + 1, start + 1, kUnexpectedSyntax, "expected a parameter name after '$'");
      return;
    }
    Token& token = Emit(TokenKind::kParameter, start, end);
    token.value = std::string(src_.substr(i, end - i));
  }

  std::string_view src_;
  size_t pos_ = 0;
  SourcePosition cursor_;
  std::vector<Token> tokens_;
};

}  // namespace

std::vector<Token> Tokenize(std::string_view source) {
  return Lexer(source).Run();
}

}  // namespace quiver::cypher
