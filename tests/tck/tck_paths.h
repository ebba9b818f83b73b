#pragma once
// Where the openCypher TCK lives: $QUIVER_TCK_DIR, else ../shared/tck beside the
// source tree (../../shared/tck for a worktree one level deeper; CMake picks the one
// that exists). The TCK is read at run time and never copied into the repository.
#include <cstdlib>
#include <string>

namespace quiver::tck {

inline std::string TckRoot() {
  if (const char* dir = std::getenv("QUIVER_TCK_DIR"); dir != nullptr && *dir != '\0') return dir;
  return QUIVER_DEFAULT_TCK_DIR;
}
inline std::string TckFeaturesDir() {
  return TckRoot() + "/features";
}
inline std::string TckGraphsDir() {
  return TckRoot() + "/graphs";
}

}  // namespace quiver::tck
