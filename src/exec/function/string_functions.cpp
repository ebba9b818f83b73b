// String functions (being filled in).
#include "exec/function/builtin_functions.h"

namespace quiver::function_internal {

std::span<const ScalarFunction> StringFunctions() {
  return {};
}

}  // namespace quiver::function_internal
