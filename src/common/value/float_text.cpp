#include "common/value/float_text.h"

#include <charconv>
#include <cmath>
#include <string_view>

namespace quiver {

ShortestDigits ShortestDecimalDigits(double d) {
  // std::to_chars in scientific form gives the shortest round-trip digits: D[.DDD]e(+|-)XX.
  char buf[64];
  const auto result = std::to_chars(buf, buf + sizeof(buf), std::fabs(d), std::chars_format::scientific);
  const std::string_view sci(buf, static_cast<size_t>(result.ptr - buf));
  const size_t e_pos = sci.find('e');
  ShortestDigits out;
  for (char c : sci.substr(0, e_pos)) {
    if (c != '.') out.digits.push_back(c);
  }
  std::from_chars(sci.data() + e_pos + 1 + (sci[e_pos + 1] == '+' ? 1 : 0), sci.data() + sci.size(),
                  out.exponent);
  return out;
}

std::string FormatShortestFloat(double d, const FloatNotation& notation) {
  if (std::isnan(d)) return "NaN";
  if (std::isinf(d)) return d > 0 ? "Infinity" : "-Infinity";
  if (d == 0) return std::signbit(d) ? "-0.0" : "0.0";

  auto [digits, exponent] = ShortestDecimalDigits(d);

  std::string out = d < 0 ? "-" : "";
  if (exponent >= notation.plain_min_exponent && exponent < notation.plain_max_exponent) {
    if (exponent >= 0) {
      const size_t int_len = static_cast<size_t>(exponent) + 1;
      if (digits.size() <= int_len) {
        out.append(digits).append(int_len - digits.size(), '0').append(".0");
      } else {
        out.append(digits, 0, int_len).append(".").append(digits, int_len);
      }
    } else {
      out.append("0.").append(static_cast<size_t>(-exponent - 1), '0').append(digits);
    }
  } else {
    out.push_back(digits[0]);
    if (digits.size() > 1) {
      out.append(".").append(digits, 1);
    } else if (notation.mantissa_keeps_fraction) {
      out.append(".0");
    }
    out.push_back(notation.exponent_marker);
    out.append(std::to_string(exponent));
  }
  return out;
}

}  // namespace quiver
