#pragma once
// round(x), round(x, precision), round(x, precision, mode).

#include <span>

#include "exec/function/function.h"

namespace quiver::function_internal {

Value Round(std::span<const Value> args, FunctionContext& ctx);

// The rounding modes of round(x, precision, mode), as java.math.RoundingMode names them.
enum class RoundingMode { kUp, kDown, kCeiling, kFloor, kHalfUp, kHalfDown, kHalfEven, kUnnecessary };

// x rounded to `precision` decimal places (negative: tens, hundreds...), as Neo4j does it:
// BigDecimal.valueOf(x).setScale(precision, mode).doubleValue(). So the decimal digits
// rounded are x's shortest round-trip digits, not its exact binary value: 2.675 rounds to
// 2.68 at precision 2 (HALF_UP), as a user reading "2.675" expects.
double RoundDecimal(double x, int64_t precision, RoundingMode mode);

}  // namespace quiver::function_internal
