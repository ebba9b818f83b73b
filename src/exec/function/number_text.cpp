#include "exec/function/number_text.h"

#include "common/value/float_text.h"

#include <charconv>
#include <cmath>

namespace quiver::function_internal {
namespace {

bool IsDigit(char c) {
  return c >= '0' && c <= '9';
}

// Matches [+-]? (digits ('.' digits?)? | '.' digits) ([eE] [+-]? digits)? over all of
// `s`: the decimal number syntax both BigDecimal and parseDouble accept.
bool IsDecimalSyntax(std::string_view s) {
  size_t i = 0;
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
  size_t int_digits = 0, frac_digits = 0;
  while (i < s.size() && IsDigit(s[i])) ++i, ++int_digits;
  if (i < s.size() && s[i] == '.') {
    ++i;
    while (i < s.size() && IsDigit(s[i])) ++i, ++frac_digits;
  }
  if (int_digits + frac_digits == 0) return false;
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
    size_t exp_digits = 0;
    while (i < s.size() && IsDigit(s[i])) ++i, ++exp_digits;
    if (exp_digits == 0) return false;
  }
  return i == s.size();
}

std::string_view TrimJavaWhitespace(std::string_view s) {
  // String.trim(): every char <= U+0020.
  while (!s.empty() && static_cast<unsigned char>(s.front()) <= 0x20) s.remove_prefix(1);
  while (!s.empty() && static_cast<unsigned char>(s.back()) <= 0x20) s.remove_suffix(1);
  return s;
}

// from_chars rejects a leading '+', and reads ".5" fine.
std::optional<double> FromChars(std::string_view s) {
  bool negative = false;
  if (!s.empty() && (s.front() == '+' || s.front() == '-')) {
    negative = s.front() == '-';
    s.remove_prefix(1);
  }
  double d = 0;
  const auto res = std::from_chars(s.data(), s.data() + s.size(), d, std::chars_format::general);
  if (res.ptr != s.data() + s.size()) return std::nullopt;
  if (res.ec == std::errc::result_out_of_range) {
    // from_chars reports the overflow or underflow and leaves d alone; parseDouble gives
    // +-Infinity or 0.
    const size_t e = s.find_first_of("eE");
    const bool tiny = e != std::string_view::npos && s.substr(e + 1).starts_with('-');
    d = tiny ? 0.0 : HUGE_VAL;
  }
  return negative ? -d : d;
}

}  // namespace

std::string FloatToCypherString(double d) { return FormatShortestFloat(d, kJavaFloatNotation); }

std::optional<double> ParseFloat(std::string_view text) {
  std::string_view s = TrimJavaWhitespace(text);
  if (s == "NaN" || s == "+NaN" || s == "-NaN") return std::nan("");
  if (s == "Infinity" || s == "+Infinity") return HUGE_VAL;
  if (s == "-Infinity") return -HUGE_VAL;
  if (!s.empty() && (s.back() == 'd' || s.back() == 'D' || s.back() == 'f' || s.back() == 'F')) {
    s.remove_suffix(1);
  }
  if (!IsDecimalSyntax(s)) return std::nullopt;
  return FromChars(s);
}

IntegerParse ParseIntegerText(std::string_view s, int64_t& out) {
  if (!IsDecimalSyntax(s)) return IntegerParse::kNotANumber;
  // Plain integers exactly, without a trip through double.
  std::string_view digits = s;
  if (!digits.empty() && digits.front() == '+') digits.remove_prefix(1);
  if (digits.find_first_of(".eE") == std::string_view::npos) {
    const auto res = std::from_chars(digits.data(), digits.data() + digits.size(), out);
    if (res.ec == std::errc() && res.ptr == digits.data() + digits.size()) return IntegerParse::kOk;
    return IntegerParse::kOutOfRange;  // the syntax was valid, so only the range can fail
  }
  // A decimal: truncate toward zero. Through double, so digits past the 17th may round;
  // values near +-2^63 decide the range check by the double.
  const std::optional<double> d = FromChars(s);
  if (!d) return IntegerParse::kNotANumber;
  return TruncateToInteger(*d, out) ? IntegerParse::kOk : IntegerParse::kOutOfRange;
}

bool TruncateToInteger(double d, int64_t& out) {
  constexpr double kTwo63 = 9223372036854775808.0;
  const double t = std::trunc(d);
  if (!(t >= -kTwo63 && t < kTwo63)) return false;  // also NaN
  out = static_cast<int64_t>(t);
  return true;
}

}  // namespace quiver::function_internal
