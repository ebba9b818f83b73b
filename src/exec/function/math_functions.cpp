// Mathematical functions: numeric, logarithmic and trigonometric (round() is in
// math_round.cpp). As in Neo4j, every function returns null for a null argument, raises
// TypeError/InvalidArgumentType for a non-number, and computes in double precision except
// abs() and sign(), which keep Integers Integers. Domain errors are IEEE results, not
// errors: sqrt(-1) and log(-1) are NaN, log(0) is -Infinity.

#include <cmath>
#include <limits>
#include <numbers>

#include "exec/function/builtin_functions.h"
#include "exec/function/function_args.h"
#include "exec/function/math_round.h"

namespace quiver::function_internal {
namespace {

using Args = std::span<const Value>;

bool AnyNull(Args args) {
  for (const Value& v : args) {
    if (v.IsNull()) return true;
  }
  return false;
}

Value Abs(Args args, FunctionContext&) {
  const Value& x = args[0];
  if (x.IsNull()) return x;
  if (x.IsInt()) {
    const int64_t i = x.AsInt();
    if (i == std::numeric_limits<int64_t>::min()) ThrowIntegerOverflow("abs()");
    return Value::Int(i < 0 ? -i : i);
  }
  return Value::Float(std::fabs(NumberArg("abs", x)));
}

Value Sign(Args args, FunctionContext&) {
  const Value& x = args[0];
  if (x.IsNull()) return x;
  if (x.IsInt()) return Value::Int(x.AsInt() > 0 ? 1 : (x.AsInt() < 0 ? -1 : 0));
  const double d = NumberArg("sign", x);  // Neo4j: an Integer for Floats too; NaN gives 0
  return Value::Int(d > 0 ? 1 : (d < 0 ? -1 : 0));
}

Value IsNaN(Args args, FunctionContext&) {
  const Value& x = args[0];
  if (x.IsNull()) return x;
  if (x.IsFloat()) return Value::Bool(std::isnan(x.AsFloat()));
  NumberArg("isNaN", x);  // raises for a non-number
  return Value::Bool(false);
}

// One double -> double function per row of the table below; kName only for messages.
template <const char* kName, double (*F)(double)>
Value Unary(Args args, FunctionContext&) {
  const Value& x = args[0];
  if (x.IsNull()) return x;
  return Value::Float(F(NumberArg(kName, x)));
}

Value Atan2(Args args, FunctionContext&) {
  if (AnyNull(args)) return Value::Null();
  return Value::Float(std::atan2(NumberArg("atan2", args[0]), NumberArg("atan2", args[1])));
}

Value E(Args, FunctionContext&) {
  return Value::Float(std::numbers::e);
}
Value Pi(Args, FunctionContext&) {
  return Value::Float(std::numbers::pi);
}
Value Rand(Args, FunctionContext& ctx) {
  return Value::Float(ctx.NextRandom());
}

double Ceil(double x) {
  return std::ceil(x);
}
double Floor(double x) {
  return std::floor(x);
}
double Sqrt(double x) {
  return std::sqrt(x);
}
double Exp(double x) {
  return std::exp(x);
}
double Log(double x) {
  return std::log(x);
}
double Log10(double x) {
  return std::log10(x);
}
double Sin(double x) {
  return std::sin(x);
}
double Cos(double x) {
  return std::cos(x);
}
double Tan(double x) {
  return std::tan(x);
}
double Cot(double x) {
  return 1.0 / std::tan(x);
}  // cot(0) = Infinity, as Neo4j
double Asin(double x) {
  return std::asin(x);
}
double Acos(double x) {
  return std::acos(x);
}
double Atan(double x) {
  return std::atan(x);
}
double Degrees(double x) {
  return x * (180.0 / std::numbers::pi);
}
double Radians(double x) {
  return x * (std::numbers::pi / 180.0);
}
double Haversin(double x) {
  return (1.0 - std::cos(x)) / 2.0;
}

constexpr char kCeil[] = "ceil", kFloor[] = "floor", kSqrt[] = "sqrt", kExp[] = "exp", kLog[] = "log",
               kLog10[] = "log10", kSin[] = "sin", kCos[] = "cos", kTan[] = "tan", kCot[] = "cot",
               kAsin[] = "asin", kAcos[] = "acos", kAtan[] = "atan", kDegrees[] = "degrees",
               kRadians[] = "radians", kHaversin[] = "haversin";

constexpr ScalarFunction kFunctions[] = {
    {"abs", 1, 1, Abs},
    {"sign", 1, 1, Sign},
    {"isNaN", 1, 1, IsNaN},
    {"ceil", 1, 1, Unary<kCeil, Ceil>},
    {"floor", 1, 1, Unary<kFloor, Floor>},
    {"round", 1, 3, Round},
    {"sqrt", 1, 1, Unary<kSqrt, Sqrt>},
    {"exp", 1, 1, Unary<kExp, Exp>},
    {"log", 1, 1, Unary<kLog, Log>},
    {"log10", 1, 1, Unary<kLog10, Log10>},
    {"sin", 1, 1, Unary<kSin, Sin>},
    {"cos", 1, 1, Unary<kCos, Cos>},
    {"tan", 1, 1, Unary<kTan, Tan>},
    {"cot", 1, 1, Unary<kCot, Cot>},
    {"asin", 1, 1, Unary<kAsin, Asin>},
    {"acos", 1, 1, Unary<kAcos, Acos>},
    {"atan", 1, 1, Unary<kAtan, Atan>},
    {"atan2", 2, 2, Atan2},
    {"degrees", 1, 1, Unary<kDegrees, Degrees>},
    {"radians", 1, 1, Unary<kRadians, Radians>},
    {"haversin", 1, 1, Unary<kHaversin, Haversin>},
    {"e", 0, 0, E},
    {"pi", 0, 0, Pi},
    {"rand", 0, 0, Rand, /*deterministic=*/false},
};

}  // namespace

std::span<const ScalarFunction> MathFunctions() {
  return kFunctions;
}

}  // namespace quiver::function_internal
