#include "tck_value.h"

#include <charconv>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include "common/utf8.h"

namespace quiver::tck {
namespace {

bool IsIdentifierChar(char c, bool first) {
  const auto u = static_cast<unsigned char>(c);
  const bool letter = (u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z') || u == '_' || u >= 0x80;
  return letter || (!first && u >= '0' && u <= '9');
}

class NotationParser {
 public:
  explicit NotationParser(std::string_view text) : text_(text) {}

  Value ParseWhole() {
    Value v = ParseValue();
    SkipSpace();
    if (pos_ != text_.size()) Fail("unexpected trailing text");
    return v;
  }

 private:
  [[noreturn]] void Fail(const std::string& what) const {
    throw std::runtime_error("bad TCK value '" + std::string(text_) + "' at offset " + std::to_string(pos_) +
                             ": " + what);
  }

  void SkipSpace() {
    while (pos_ < text_.size() &&
           (text_[pos_] == ' ' || text_[pos_] == '\t' || text_[pos_] == '\n' || text_[pos_] == '\r')) {
      ++pos_;
    }
  }
  bool AtEnd() const { return pos_ >= text_.size(); }
  char Peek(size_t ahead = 0) const { return pos_ + ahead < text_.size() ? text_[pos_ + ahead] : '\0'; }
  bool LookingAt(std::string_view s) const { return text_.substr(pos_, s.size()) == s; }
  void Expect(std::string_view s) {
    SkipSpace();
    if (!LookingAt(s)) Fail("expected '" + std::string(s) + "'");
    pos_ += s.size();
  }
  bool Accept(std::string_view s) {
    SkipSpace();
    if (!LookingAt(s)) return false;
    pos_ += s.size();
    return true;
  }

  // A keyword only when not followed by more identifier characters ("nullable" is not null).
  bool AcceptWord(std::string_view word) {
    if (!LookingAt(word)) return false;
    if (IsIdentifierChar(Peek(word.size()), false)) return false;
    pos_ += word.size();
    return true;
  }

  Value ParseValue() {
    SkipSpace();
    if (AtEnd()) Fail("expected a value");
    const char c = Peek();
    if (c == '\'' || c == '"') return Value::String(ParseString());
    if (c == '(') return Value::Node(ParseNode(0));
    if (c == '[') {
      // "[:" opens a relationship; anything else a list.
      size_t look = pos_ + 1;
      while (look < text_.size() && text_[look] == ' ') ++look;
      if (look < text_.size() && text_[look] == ':') return Value::Relationship(ParseRelationship(0, 0, 0));
      return ParseList();
    }
    if (c == '{') return Value::Map(ParseMap());
    if (c == '<') return ParsePath();
    if (AcceptWord("null")) return Value::Null();
    if (AcceptWord("true")) return Value::Bool(true);
    if (AcceptWord("false")) return Value::Bool(false);
    return ParseNumber();
  }

  Value ParseNumber() {
    const size_t start = pos_;
    bool negative = false;
    if (Peek() == '-' || Peek() == '+') {
      negative = Peek() == '-';
      ++pos_;
    }
    if (AcceptWord("NaN")) return Value::Float(std::numeric_limits<double>::quiet_NaN());
    if (AcceptWord("Infinity") || AcceptWord("Inf")) {
      const double inf = std::numeric_limits<double>::infinity();
      return Value::Float(negative ? -inf : inf);
    }
    bool is_float = false;
    while (!AtEnd()) {
      const char c = Peek();
      if (c >= '0' && c <= '9') {
        ++pos_;
      } else if (c == '.' || c == 'e' || c == 'E') {
        is_float = true;
        ++pos_;
        if ((c == 'e' || c == 'E') && (Peek() == '-' || Peek() == '+')) ++pos_;
      } else {
        break;
      }
    }
    std::string_view digits = text_.substr(start, pos_ - start);
    if (!digits.empty() && digits.front() == '+') digits.remove_prefix(1);
    if (digits.empty() || digits == "-") Fail("expected a value");
    if (is_float) {
      double d = 0;
      const auto [ptr, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), d);
      // from_chars reports out-of-range for values like 1e400; the TCK does not use them.
      if (ec != std::errc() || ptr != digits.data() + digits.size()) Fail("bad float");
      return Value::Float(d);
    }
    int64_t i = 0;
    const auto [ptr, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), i);
    if (ec != std::errc() || ptr != digits.data() + digits.size()) Fail("bad integer");
    return Value::Int(i);
  }

  uint32_t ParseHex(size_t count) {
    if (pos_ + count > text_.size()) Fail("short unicode escape");
    uint32_t cp = 0;
    const auto [ptr, ec] = std::from_chars(text_.data() + pos_, text_.data() + pos_ + count, cp, 16);
    if (ec != std::errc() || ptr != text_.data() + pos_ + count) Fail("bad unicode escape");
    pos_ += count;
    return cp;
  }

  std::string ParseString() {
    const char quote = Peek();
    ++pos_;
    std::string out;
    while (true) {
      if (AtEnd()) Fail("unterminated string");
      const char c = text_[pos_++];
      if (c == quote) return out;
      if (c != '\\') {
        out.push_back(c);
        continue;
      }
      if (AtEnd()) Fail("unterminated escape");
      const char e = text_[pos_++];
      switch (e) {
        case '\\':
          out.push_back('\\');
          break;
        case '\'':
          out.push_back('\'');
          break;
        case '"':
          out.push_back('"');
          break;
        case 'n':
          out.push_back('\n');
          break;
        case 't':
          out.push_back('\t');
          break;
        case 'r':
          out.push_back('\r');
          break;
        case 'b':
          out.push_back('\b');
          break;
        case 'f':
          out.push_back('\f');
          break;
        case 'u': {
          uint32_t cp = ParseHex(4);
          // A UTF-16 surrogate pair written as two escapes.
          if (cp >= 0xD800 && cp < 0xDC00 && LookingAt("\\u")) {
            pos_ += 2;
            const uint32_t low = ParseHex(4);
            cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
          }
          AppendUtf8(out, cp);
          break;
        }
        case 'U':
          AppendUtf8(out, ParseHex(8));
          break;
        default:
          Fail(std::string("unknown escape \\") + e);
      }
    }
  }

  // A map key, label or relationship type: an identifier, `backticked`, or 'quoted'.
  std::string ParseSymbol() {
    SkipSpace();
    if (Peek() == '\'' || Peek() == '"') return ParseString();
    if (Peek() == '`') {
      ++pos_;
      std::string out;
      while (true) {
        if (AtEnd()) Fail("unterminated backtick name");
        const char c = text_[pos_++];
        if (c == '`') {
          if (Peek() == '`') {  // a doubled backtick is a literal one
            out.push_back('`');
            ++pos_;
            continue;
          }
          return out;
        }
        out.push_back(c);
      }
    }
    const size_t start = pos_;
    while (!AtEnd() && IsIdentifierChar(Peek(), pos_ == start)) ++pos_;
    if (pos_ == start) Fail("expected a name");
    return std::string(text_.substr(start, pos_ - start));
  }

  Value ParseList() {
    Expect("[");
    std::vector<Value> items;
    if (!Accept("]")) {
      do {
        items.push_back(ParseValue());
      } while (Accept(","));
      Expect("]");
    }
    return Value::List(std::move(items));
  }

  ValueMap ParseMap() {
    Expect("{");
    std::vector<ValueMap::Entry> entries;
    if (!Accept("}")) {
      do {
        std::string key = ParseSymbol();
        Expect(":");
        entries.emplace_back(std::move(key), ParseValue());
      } while (Accept(","));
      Expect("}");
    }
    return ValueMap(std::move(entries));
  }

  NodeValue ParseNode(uint64_t id) {
    NodeValue node;
    node.id = id;
    Expect("(");
    while (Accept(":")) node.labels.push_back(ParseSymbol());
    SkipSpace();
    if (Peek() == '{') node.properties = ParseMap();
    Expect(")");
    return node;
  }

  RelationshipValue ParseRelationship(uint64_t id, uint64_t start, uint64_t end) {
    RelationshipValue rel;
    rel.id = id;
    rel.start_id = start;
    rel.end_id = end;
    Expect("[");
    Expect(":");
    rel.type = ParseSymbol();
    SkipSpace();
    if (Peek() == '{') rel.properties = ParseMap();
    Expect("]");
    return rel;
  }

  Value ParsePath() {
    Expect("<");
    PathValue path;
    path.nodes.push_back(ParseNode(0));
    while (true) {
      SkipSpace();
      const uint64_t from = path.nodes.size() - 1;
      const uint64_t to = path.nodes.size();
      if (LookingAt("<-")) {
        pos_ += 2;
        path.relationships.push_back(ParseRelationship(from, to, from));
        Expect("-");
      } else if (LookingAt("-")) {
        ++pos_;
        path.relationships.push_back(ParseRelationship(from, from, to));
        Expect("->");
      } else {
        break;
      }
      path.nodes.push_back(ParseNode(to));
    }
    Expect(">");
    return Value::Path(std::move(path));
  }

  std::string_view text_;
  size_t pos_ = 0;
};

}  // namespace

Value ParseTckValue(std::string_view text) {
  return NotationParser(text).ParseWhole();
}

}  // namespace quiver::tck
