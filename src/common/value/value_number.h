#pragma once
// Exact comparison of Cypher numbers across Integer and Float, shared by equality,
// comparison, ordering and hashing so that all four agree on which numbers are equal.
// Converting the integer to double would round past 2^53 and make
// 9007199254740993 = 9007199254740992.0 true; comparing exactly avoids that.

#include <cmath>
#include <cstdint>

namespace quiver::value_internal {

// -1, 0 or 1 for i <=> d. d must not be NaN.
inline int CompareIntFloat(int64_t i, double d) {
  constexpr double kTwo63 = 9223372036854775808.0;  // 2^63, exactly representable
  if (d >= kTwo63) return -1;                       // also +Infinity
  if (d < -kTwo63) return 1;                        // also -Infinity
  const double whole = std::trunc(d);               // in [-2^63, 2^63): fits int64_t exactly
  const auto whole_int = static_cast<int64_t>(whole);
  if (i != whole_int) return i < whole_int ? -1 : 1;
  const double fraction = d - whole;  // exact for doubles
  if (fraction > 0) return -1;
  if (fraction < 0) return 1;
  return 0;
}

inline int CompareFloat(double a, double b) {  // neither is NaN; -0.0 == 0.0
  return a < b ? -1 : (a > b ? 1 : 0);
}

template <typename T>
inline int ThreeWay(T a, T b) {
  return a < b ? -1 : (b < a ? 1 : 0);
}

// When d holds an integer value representable as int64_t, stores it and returns true.
// Used by hashing: a float that equals some integer must hash like that integer.
inline bool FloatAsExactInt(double d, int64_t& out) {
  constexpr double kTwo63 = 9223372036854775808.0;
  if (!(d >= -kTwo63 && d < kTwo63)) return false;  // also NaN and the infinities
  const double whole = std::trunc(d);
  if (whole != d) return false;
  out = static_cast<int64_t>(whole);
  return true;
}

}  // namespace quiver::value_internal
