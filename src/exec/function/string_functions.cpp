// String functions. Positions and lengths count Unicode code points, not bytes
// (left('äb', 1) = 'ä'). A null string gives null; a non-string raises
// TypeError/InvalidArgumentType. A null or negative length/start is the caller's mistake,
// not missing data, so it raises ArgumentError as Neo4j does (left('abc', null),
// substring('abc', -1)) instead of hiding it behind a null.

#include <utf8proc.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "common/utf8.h"
#include "exec/function/builtin_functions.h"
#include "exec/function/function_args.h"
#include "exec/function/string_case.h"

namespace quiver::function_internal {
namespace {

using Args = std::span<const Value>;

Value ToUpper(Args args, FunctionContext&) {
  if (args[0].IsNull()) return args[0];
  return Value::String(ToUpperUtf8(StringArg("toUpper", args[0])));
}

Value ToLower(Args args, FunctionContext&) {
  if (args[0].IsNull()) return args[0];
  return Value::String(ToLowerUtf8(StringArg("toLower", args[0])));
}

// Java's Character.isWhitespace, which Neo4j's trim functions use: Unicode space
// separators except the non-breaking ones, and the ASCII controls \t \n \v \f \r, FS..US.
bool IsWhitespace(char32_t c) {
  if ((c >= 0x09 && c <= 0x0D) || (c >= 0x1C && c <= 0x20)) return true;
  if (c < 0x1680) return false;
  return c == 0x1680 || (c >= 0x2000 && c <= 0x2006) || (c >= 0x2008 && c <= 0x200A) || c == 0x2028 ||
         c == 0x2029 || c == 0x205F || c == 0x3000;
}

// What the trim functions strip: whitespace, or the code points of their optional second
// argument (btrim('xxaxx', 'x') = 'a'; Neo4j 5's trimCharacterString).
struct TrimSet {
  std::u32string chars;
  bool whitespace = true;
  bool Contains(char32_t c) const {
    return whitespace ? IsWhitespace(c) : chars.find(c) != std::u32string::npos;
  }
};

size_t LeadingBytes(std::string_view s, const TrimSet& set) {
  size_t i = 0;
  while (i < s.size() && set.Contains(DecodeAt(s, i))) i += Utf8SequenceLength(s, i);
  return i;
}

// The byte length of s without its trailing characters of `set`.
size_t WithoutTrailing(std::string_view s, const TrimSet& set) {
  size_t end = 0;
  for (size_t i = 0; i < s.size(); i += Utf8SequenceLength(s, i)) {
    if (!set.Contains(DecodeAt(s, i))) end = i + Utf8SequenceLength(s, i);
  }
  return end;
}

// trim(s), ltrim(s [, chars]), rtrim(s [, chars]), btrim(s [, chars]): null when s or
// chars is null.
template <bool kLeading, bool kTrailing>
Value TrimImpl(std::string_view fn, Args args) {
  if (args[0].IsNull() || (args.size() > 1 && args[1].IsNull())) return Value::Null();
  std::string_view s = StringArg(fn, args[0]);
  TrimSet set;
  if (args.size() > 1) {
    const std::string_view chars = StringArg(fn, args[1]);
    set.whitespace = false;
    for (size_t i = 0; i < chars.size(); i += Utf8SequenceLength(chars, i))
      set.chars.push_back(DecodeAt(chars, i));
  }
  if (kTrailing) s = s.substr(0, WithoutTrailing(s, set));
  if (kLeading) s = s.substr(LeadingBytes(s, set));
  return Value::String(s);
}

Value Trim(Args args, FunctionContext&) {
  return TrimImpl<true, true>("trim", args);
}

Value BTrim(Args args, FunctionContext&) {
  return TrimImpl<true, true>("btrim", args);
}

Value LTrim(Args args, FunctionContext&) {
  return TrimImpl<true, false>("ltrim", args);
}

Value RTrim(Args args, FunctionContext&) {
  return TrimImpl<false, true>("rtrim", args);
}

// normalize(s [, form]): the Unicode normal form NFC (the default), NFD, NFKC or NFKD,
// by utf8proc. The binder turns Neo4j's bare form word (normalize(s, NFKC)) into the
// string 'NFKC'.
Value Normalize(Args args, FunctionContext&) {
  if (args[0].IsNull() || (args.size() > 1 && args[1].IsNull())) return Value::Null();
  const std::string_view s = StringArg("normalize", args[0]);
  const std::string form = args.size() > 1 ? ToUpperUtf8(StringArg("normalize", args[1])) : "NFC";
  int options = UTF8PROC_STABLE;
  if (form == "NFC") {
    options |= UTF8PROC_COMPOSE;
  } else if (form == "NFD") {
    options |= UTF8PROC_DECOMPOSE;
  } else if (form == "NFKC") {
    options |= UTF8PROC_COMPOSE | UTF8PROC_COMPAT;
  } else if (form == "NFKD") {
    options |= UTF8PROC_DECOMPOSE | UTF8PROC_COMPAT;
  } else {
    ThrowArgumentValue("InvalidArgumentValue",
                       "normalize(): unknown normal form '" + form + "'; use NFC, NFD, NFKC or NFKD");
  }
  utf8proc_uint8_t* out = nullptr;
  const utf8proc_ssize_t n =
      utf8proc_map(reinterpret_cast<const utf8proc_uint8_t*>(s.data()),
                   static_cast<utf8proc_ssize_t>(s.size()), &out, static_cast<utf8proc_option_t>(options));
  // Strings are valid UTF-8 (docs/cypher.md), so utf8proc fails only out of memory.
  if (n < 0) ThrowArgumentValue("InvalidArgumentValue", std::string("normalize(): ") + utf8proc_errmsg(n));
  std::string result(reinterpret_cast<const char*>(out), static_cast<size_t>(n));
  std::free(out);
  return Value::String(std::move(result));
}

// A length or start argument: a non-negative Integer.
size_t CountArg(std::string_view fn, std::string_view what, const Value& v) {
  if (v.IsNull())
    ThrowArgumentValue("InvalidArgumentValue", std::string(fn) + "(): " + std::string(what) + " is null");
  const int64_t n = IntegerArg(fn, v);
  if (n < 0) {
    ThrowArgumentValue("NegativeIntegerArgument", std::string(fn) + "(): " + std::string(what) +
                                                      " must not be negative, got " + std::to_string(n));
  }
  return static_cast<size_t>(n);
}

Value Left(Args args, FunctionContext&) {
  if (args[0].IsNull()) return args[0];  // left(null, null) is null too (Neo4j)
  const size_t n = CountArg("left", "length", args[1]);
  const std::string_view s = StringArg("left", args[0]);
  return Value::String(s.substr(0, ByteOffsetOfCodePoint(s, n)));
}

Value Right(Args args, FunctionContext&) {
  if (args[0].IsNull()) return args[0];
  const size_t n = CountArg("right", "length", args[1]);
  const std::string_view s = StringArg("right", args[0]);
  const size_t count = CodePointCount(s);
  return Value::String(s.substr(ByteOffsetOfCodePoint(s, count > n ? count - n : 0)));
}

// substring(original, start [, length]): start is 0-based; past the end gives ''.
Value Substring(Args args, FunctionContext&) {
  if (args[0].IsNull()) return args[0];
  const size_t start = CountArg("substring", "start", args[1]);
  const bool has_length = args.size() == 3;
  const size_t length = has_length ? CountArg("substring", "length", args[2]) : 0;
  std::string_view s = StringArg("substring", args[0]);
  s.remove_prefix(ByteOffsetOfCodePoint(s, start));
  if (has_length) s = s.substr(0, ByteOffsetOfCodePoint(s, length));
  return Value::String(s);
}

Value Replace(Args args, FunctionContext&) {
  for (const Value& v : args) {
    if (v.IsNull()) return Value::Null();
  }
  const std::string_view s = StringArg("replace", args[0]);
  const std::string_view search = StringArg("replace", args[1]);
  const std::string_view replacement = StringArg("replace", args[2]);
  std::string out;
  if (search.empty()) {
    // Java's String.replace: the empty string matches before every character and at the end.
    for (size_t i = 0; i < s.size();) {
      const size_t len = Utf8SequenceLength(s, i);
      out.append(replacement).append(s.substr(i, len));
      i += len;
    }
    out.append(replacement);
    return Value::String(std::move(out));
  }
  size_t pos = 0;
  for (size_t hit; (hit = s.find(search, pos)) != std::string_view::npos; pos = hit + search.size()) {
    out.append(s.substr(pos, hit - pos)).append(replacement);
  }
  out.append(s.substr(pos));
  return Value::String(std::move(out));
}

// split(original, delimiter): every token is kept, empty ones included
// (split(',a,', ',') = ['', 'a', '']). The delimiter may be a list of strings (Neo4j 5):
// the earliest match of any splits. An empty delimiter splits into code points.
Value Split(Args args, FunctionContext&) {
  if (args[0].IsNull() || args[1].IsNull()) return Value::Null();
  const std::string_view s = StringArg("split", args[0]);
  std::vector<std::string_view> delimiters;
  if (args[1].IsList()) {
    for (const Value& d : args[1].AsList()) {
      if (d.IsNull()) return Value::Null();
      const std::string_view delimiter = StringArg("split", d);
      if (!delimiter.empty()) delimiters.push_back(delimiter);
    }
  } else if (!StringArg("split", args[1]).empty()) {
    delimiters.push_back(args[1].AsString());
  }
  std::vector<Value> parts;
  if (delimiters.empty()) {
    for (size_t i = 0; i < s.size(); i += Utf8SequenceLength(s, i)) {
      parts.push_back(Value::String(s.substr(i, Utf8SequenceLength(s, i))));
    }
    return Value::List(std::move(parts));
  }
  size_t pos = 0;
  while (true) {
    size_t best = std::string_view::npos, best_len = 0;
    for (std::string_view d : delimiters) {
      const size_t hit = s.find(d, pos);
      if (hit < best) best = hit, best_len = d.size();
    }
    if (best == std::string_view::npos) break;
    parts.push_back(Value::String(s.substr(pos, best - pos)));
    pos = best + best_len;
  }
  parts.push_back(Value::String(s.substr(pos)));
  return Value::List(std::move(parts));
}

Value CharLength(Args args, FunctionContext&) {
  if (args[0].IsNull()) return args[0];
  return Value::Int(static_cast<int64_t>(CodePointCount(StringArg("char_length", args[0]))));
}

constexpr ScalarFunction kFunctions[] = {
    {"toUpper", 1, 1, ToUpper},
    {"upper", 1, 1, ToUpper},
    {"toLower", 1, 1, ToLower},
    {"lower", 1, 1, ToLower},
    {"trim", 1, 1, Trim},
    {"btrim", 1, 2, BTrim},
    {"ltrim", 1, 2, LTrim},
    {"rtrim", 1, 2, RTrim},
    {"normalize", 1, 2, Normalize},
    {"left", 2, 2, Left},
    {"right", 2, 2, Right},
    {"substring", 2, 3, Substring},
    {"replace", 3, 3, Replace},
    {"split", 2, 2, Split},
    {"char_length", 1, 1, CharLength},
    {"character_length", 1, 1, CharLength},
};

}  // namespace

std::span<const ScalarFunction> StringFunctions() {
  return kFunctions;
}

}  // namespace quiver::function_internal
