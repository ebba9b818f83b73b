#include "progress_line.h"

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <memory>

namespace quiver::cli {

std::function<void(uint64_t, uint64_t)> ProgressLineOnStderr(
    std::string label, std::function<std::string(uint64_t done, uint64_t total)> amount) {
  struct Line {
    bool terminal = ::isatty(STDERR_FILENO) != 0;
    std::chrono::steady_clock::time_point started, shown;
    uint64_t done = 0;
  };
  auto line = std::make_shared<Line>();
  return [line, label = std::move(label), amount = std::move(amount)](uint64_t done, uint64_t total) {
    const auto now = std::chrono::steady_clock::now();
    if (done < line->done || line->started == std::chrono::steady_clock::time_point()) {
      line->started = line->shown = now;  // the first report of a run
    }
    line->done = done;
    const bool finished = done >= total;
    // On a terminal one line redrawn in place; elsewhere a line every 5 s, and the last.
    const auto every = line->terminal ? std::chrono::milliseconds(200) : std::chrono::milliseconds(5000);
    if (!finished && now - line->shown < every) return;
    line->shown = now;
    const double seconds = std::chrono::duration<double>(now - line->started).count();
    std::fprintf(stderr, "%s%s: %3.0f%% %s, %.1f s%s", line->terminal ? "\r" : "", label.c_str(),
                 total == 0 ? 100.0 : 100.0 * static_cast<double>(done) / static_cast<double>(total),
                 amount(done, total).c_str(), seconds, finished || !line->terminal ? "\n" : "");
    if (finished) line->started = {};
  };
}

}  // namespace quiver::cli
