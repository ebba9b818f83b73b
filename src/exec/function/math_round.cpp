#include "exec/function/math_round.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <string>

#include "common/value/float_text.h"
#include "exec/function/function_args.h"

namespace quiver::function_internal {
namespace {

bool EqualsIgnoreCase(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return (x >= 'a' && x <= 'z' ? x - 32 : x) == (y >= 'a' && y <= 'z' ? y - 32 : y);
         });
}

RoundingMode ParseMode(const Value& v) {
  static constexpr std::pair<std::string_view, RoundingMode> kModes[] = {
      {"UP", RoundingMode::kUp},
      {"DOWN", RoundingMode::kDown},
      {"CEILING", RoundingMode::kCeiling},
      {"FLOOR", RoundingMode::kFloor},
      {"HALF_UP", RoundingMode::kHalfUp},
      {"HALF_DOWN", RoundingMode::kHalfDown},
      {"HALF_EVEN", RoundingMode::kHalfEven},
      {"UNNECESSARY", RoundingMode::kUnnecessary},
  };
  const std::string_view name = StringArg("round", v);
  for (const auto& [mode_name, mode] : kModes) {
    if (EqualsIgnoreCase(name, mode_name)) return mode;
  }
  ThrowArgumentValue("InvalidArgumentValue", "round(): unknown rounding mode '" + std::string(name) + "'");
}

// Math.round semantics for round(x): ties towards positive infinity (round(-2.5) = -2.0).
double RoundHalfCeiling(double x) {
  if (!std::isfinite(x)) return x;
  double r = std::floor(x);
  if (x - r >= 0.5) r += 1.0;
  return r + 0.0;  // -0.0 -> 0.0: Neo4j rounds through a long
}

// Increments a string of decimal digits by one ("199" -> "200", "" -> "1").
void IncrementDigits(std::string& digits) {
  for (size_t i = digits.size(); i-- > 0;) {
    if (digits[i] != '9') {
      ++digits[i];
      return;
    }
    digits[i] = '0';
  }
  digits.insert(digits.begin(), '1');
}

}  // namespace

double RoundDecimal(double x, int64_t precision, RoundingMode mode) {
  if (!std::isfinite(x)) return x;
  if (x == 0) return 0.0;
  // A double has at most ~330 significant decimal places either way; clamping keeps the
  // digit arithmetic below in range without changing any result.
  precision = std::clamp<int64_t>(precision, -400, 400);
  // Shortest round-trip digits: x = 0.D * 10^(exponent + 1), D without trailing zeros.
  auto [digits, exponent] = ShortestDecimalDigits(x);

  // How many of the digits stay: those before the decimal point plus `precision` after it.
  const int64_t keep = static_cast<int64_t>(exponent) + 1 + precision;
  if (keep >= static_cast<int64_t>(digits.size())) return x;  // nothing to round away

  // The discarded part: its first digit and whether anything non-zero follows. When even
  // the first digit is past the kept ones by more than a place (keep < 0), the discarded
  // first digit is a leading zero.
  const int first = keep >= 0 ? digits[static_cast<size_t>(keep)] - '0' : 0;
  const bool rest_nonzero =
      keep >= 0 ? digits.find_first_not_of('0', static_cast<size_t>(keep) + 1) != std::string::npos : true;
  std::string kept = keep > 0 ? digits.substr(0, static_cast<size_t>(keep)) : std::string();
  const bool negative = x < 0;
  const bool last_odd = !kept.empty() && (kept.back() - '0') % 2 == 1;
  bool up = false;
  switch (mode) {
    case RoundingMode::kUp:
      up = true;
      break;
    case RoundingMode::kDown:
      up = false;
      break;
    case RoundingMode::kCeiling:
      up = !negative;
      break;
    case RoundingMode::kFloor:
      up = negative;
      break;
    case RoundingMode::kHalfUp:
      up = first >= 5;
      break;
    case RoundingMode::kHalfDown:
      up = first > 5 || (first == 5 && rest_nonzero);
      break;
    case RoundingMode::kHalfEven:
      up = first > 5 || (first == 5 && (rest_nonzero || last_odd));
      break;
    case RoundingMode::kUnnecessary:
      ThrowArgumentValue("InvalidArgumentValue", "round(): rounding necessary with mode UNNECESSARY");
  }
  if (up) IncrementDigits(kept);
  if (kept.empty() || kept.find_first_not_of('0') == std::string::npos) return 0.0;
  std::string text = (negative ? "-" : "") + kept + "e" + std::to_string(-precision);
  return std::strtod(text.c_str(), nullptr);
}

Value Round(std::span<const Value> args, FunctionContext&) {
  for (const Value& v : args) {
    if (v.IsNull()) return Value::Null();
  }
  const double x = NumberArg("round", args[0]);
  if (args.size() == 1) return Value::Float(RoundHalfCeiling(x));
  const int64_t precision = IntegerArg("round", args[1]);
  if (precision < 0) {
    ThrowArgumentValue("NumberOutOfRange",
                       "round(): precision must not be negative, got " + std::to_string(precision));
  }
  const RoundingMode mode = args.size() == 3 ? ParseMode(args[2]) : RoundingMode::kHalfUp;
  return Value::Float(RoundDecimal(x, precision, mode));
}

}  // namespace quiver::function_internal
