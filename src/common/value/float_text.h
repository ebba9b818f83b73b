#pragma once
// Shortest round-trip text of a double, in the two notations Quiver prints: the TCK's
// value notation (ToTckString: plain between 1e-6 and 1e21, else `1.5e30`) and Java's
// Double.toString that Cypher's toString() follows (plain between 1e-3 and 1e7, else
// `1.5E30`). Both use the same digits; only the layout differs.

#include <string>

namespace quiver {

struct FloatNotation {
  int plain_min_exponent;       // decimal exponents in [min, max) print without one
  int plain_max_exponent;
  char exponent_marker;         // 'e' or 'E'
  bool mantissa_keeps_fraction; // `1.0E7` rather than `1E7`
};

inline constexpr FloatNotation kTckFloatNotation{-6, 21, 'e', false};
inline constexpr FloatNotation kJavaFloatNotation{-3, 7, 'E', true};

// The shortest decimal digits that read back to |d| (finite, non-zero), with no point
// and no trailing zeros beyond the first digit: |d| = D.DDD * 10^exponent.
struct ShortestDigits {
  std::string digits;
  int exponent = 0;
};
ShortestDigits ShortestDecimalDigits(double d);

// NaN, Infinity, -Infinity, 0.0 and -0.0 are spelled out; every other value uses the
// shortest digits that read back to it.
std::string FormatShortestFloat(double d, const FloatNotation& notation);

}  // namespace quiver
