#include "exec/function/function_args.h"

namespace quiver::function_internal {

void ThrowArgumentType(std::string_view fn, std::string_view expected, const Value& got) {
  throw TypeError("InvalidArgumentType", std::string(fn) + "() expects " + std::string(expected) + ", got " +
                                             std::string(got.TypeName()));
}

void ThrowConversionType(std::string_view fn, const Value& got) {
  throw TypeError("InvalidArgumentValue",
                  std::string(fn) + "() cannot convert a value of type " + std::string(got.TypeName()));
}

void ThrowArgumentValue(std::string_view detail, std::string message) {
  throw ArgumentError(std::string(detail), std::move(message));
}

void ThrowIntegerOverflow(std::string_view what) {
  throw ArithmeticError("IntegerOverflow", std::string(what) + ": integer overflow");
}

}  // namespace quiver::function_internal
