#include "index_progress.h"

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <memory>
#include <string>

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
  struct Line {
    bool terminal = ::isatty(STDERR_FILENO) != 0;
    std::chrono::steady_clock::time_point started, shown;
    uint64_t done = 0;
  };
  auto line = std::make_shared<Line>();
  return [line](uint64_t done, uint64_t total) {
    const auto now = std::chrono::steady_clock::now();
    if (done < line->done || line->started == std::chrono::steady_clock::time_point()) {
      line->started = line->shown = now;  // the first report of a build
    }
    line->done = done;
    const bool finished = done >= total;
    // On a terminal one line redrawn in place; elsewhere a line every 5 s, and the last.
    const auto every = line->terminal ? std::chrono::milliseconds(200) : std::chrono::milliseconds(5000);
    if (!finished && now - line->shown < every) return;
    line->shown = now;
    const double seconds = std::chrono::duration<double>(now - line->started).count();
    std::fprintf(stderr, "%sbuilding index: %3.0f%% %s/%s entities read, %.1f s%s", line->terminal ? "\r" : "",
                 total == 0 ? 100.0 : 100.0 * static_cast<double>(done) / static_cast<double>(total),
                 Count(done).c_str(), Count(total).c_str(), seconds, finished || !line->terminal ? "\n" : "");
    if (finished) line->started = {};
  };
}

}  // namespace quiver::cli
