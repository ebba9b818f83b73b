#pragma once
// Where the openCypher TCK lives: $QUIVER_TCK_DIR, else the directory CMake found at
// configure time (../shared/tck beside the source tree, or ../../shared/tck for a
// worktree one level deeper; tests/CMakeLists.txt). The TCK is read at run time and
// never copied into the repository. Where it is absent, every test that needs it is
// skipped (GTEST_SKIP, or exit code 77 for the runner) with TckMissingReason(), so a
// fresh clone passes without it.
#include <cstdlib>
#include <filesystem>
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
inline bool TckAvailable() {
  return std::filesystem::is_directory(TckFeaturesDir());
}
// What a skipped test prints: where the TCK was looked for and how to get it.
inline std::string TckMissingReason() {
  return "the openCypher TCK was not found at " + TckRoot() +
         ": get the tck/ folder of https://github.com/opencypher/openCypher (Apache 2.0) and set "
         "QUIVER_TCK_DIR to it";
}

// The ctest exit code of a test binary that skipped (SKIP_RETURN_CODE).
inline constexpr int kSkipExitCode = 77;

}  // namespace quiver::tck

// In a GoogleTest body: skip, saying why, when the TCK is absent.
#define QUIVER_SKIP_WITHOUT_TCK()                                                     \
  do {                                                                                \
    if (!::quiver::tck::TckAvailable()) GTEST_SKIP() << ::quiver::tck::TckMissingReason(); \
  } while (0)
