#include "index_progress.h"

#include <cstdio>
#include <string>

#include "progress_line.h"

namespace quiver::cli {

namespace {

// "1.05M", "470.2K", "512": as the import's progress line writes counts.
std::string Count(uint64_t n) {
  char text[32];
  if (n >= 1'000'000) {
    std::snprintf(text, sizeof text, "%.2fM", static_cast<double>(n) / 1e6);
  } else if (n >= 1'000) {
    std::snprintf(text, sizeof text, "%.1fK", static_cast<double>(n) / 1e3);
  } else {
    std::snprintf(text, sizeof text, "%llu", static_cast<unsigned long long>(n));
  }
  return text;
}

}  // namespace

std::function<void(uint64_t, uint64_t)> IndexBuildProgressOnStderr() {
  return ProgressLineOnStderr("building index", [](uint64_t done, uint64_t total) {
    return Count(done) + "/" + Count(total) + " entities read";
  });
}

}  // namespace quiver::cli
