#include "common/assert.h"

namespace quiver::detail {

void AssertionFailed(const char* condition, const char* file, int line, const std::string& note) {
  std::string msg = std::string("assertion failed: ") + condition + " at " + file + ":" + std::to_string(line);
  if (!note.empty()) msg += " (" + note + ")";
  throw InternalError("AssertionFailed", std::move(msg));
}

}  // namespace quiver::detail
