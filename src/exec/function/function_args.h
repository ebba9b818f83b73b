#pragma once
// Argument checking shared by the function families: the openCypher runtime errors a
// function raises when its arguments do not fit, with one message style.

#include <cstdint>
#include <string>
#include <string_view>

#include "quiver/error.h"
#include "quiver/value.h"

namespace quiver::function_internal {

// TypeError/InvalidArgumentType: `fn` wants `expected` ("a String", "a Number or null").
[[noreturn]] void ThrowArgumentType(std::string_view fn, std::string_view expected, const Value& got);
// TypeError/InvalidArgumentValue: the conversion functions' error for a value of a kind
// they cannot convert (TypeConversion1-4: toBoolean([]), toString({}) ...).
[[noreturn]] void ThrowConversionType(std::string_view fn, const Value& got);
// ArgumentError/<detail>: a well-typed argument out of its domain (range step 0,
// percentile 1.5, a negative length).
[[noreturn]] void ThrowArgumentValue(std::string_view detail, std::string message);
// ArithmeticError/IntegerOverflow.
[[noreturn]] void ThrowIntegerOverflow(std::string_view what);

// The argument as a double; Integer or Float only (null must be handled by the caller).
inline double NumberArg(std::string_view fn, const Value& v) {
  if (v.IsFloat()) return v.AsFloat();
  if (v.IsInt()) return static_cast<double>(v.AsInt());
  ThrowArgumentType(fn, "a Number", v);
}

inline int64_t IntegerArg(std::string_view fn, const Value& v) {
  if (!v.IsInt()) ThrowArgumentType(fn, "an Integer", v);
  return v.AsInt();
}

inline std::string_view StringArg(std::string_view fn, const Value& v) {
  if (!v.IsString()) ThrowArgumentType(fn, "a String", v);
  return v.AsString();
}

}  // namespace quiver::function_internal
