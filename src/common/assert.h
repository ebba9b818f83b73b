#pragma once
// Quiver's own assertions (Kùzu KU_ASSERT, DuckDB D_ASSERT). Unlike <cassert> they do not
// vanish in release builds: QUIVER_ASSERT checks an invariant whose failure means a bug,
// and reports it as an InternalError with file and line, in every build. Checks too
// costly for release hot paths use QUIVER_DEBUG_ASSERT, which is on in debug and test
// builds (QUIVER_DEBUG_ASSERTS) and compiled out otherwise.

#include <string>

#include "quiver/error.h"

namespace quiver::detail {
[[noreturn]] void AssertionFailed(const char* condition, const char* file, int line, const std::string& note);
}  // namespace quiver::detail

#define QUIVER_ASSERT(cond)                                                              \
  do {                                                                                   \
    if (!(cond)) [[unlikely]] ::quiver::detail::AssertionFailed(#cond, __FILE__, __LINE__, {}); \
  } while (0)

#define QUIVER_ASSERT_MSG(cond, note)                                                      \
  do {                                                                                     \
    if (!(cond)) [[unlikely]] ::quiver::detail::AssertionFailed(#cond, __FILE__, __LINE__, (note)); \
  } while (0)

#if defined(QUIVER_DEBUG_ASSERTS) || !defined(NDEBUG)
#define QUIVER_DEBUG_ASSERT(cond) QUIVER_ASSERT(cond)
#else
#define QUIVER_DEBUG_ASSERT(cond) \
  do {                            \
  } while (0)
#endif
