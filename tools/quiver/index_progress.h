#pragma once
// The progress line of a property index build (DatabaseOptions::index_build_progress)
// for the commands that open a database for writing — `quiver query`, the shell,
// `quiver serve`: the import's ProgressReporter on stderr (redrawn in place on a
// terminal, a line every few seconds otherwise), one phase per index built.

#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>

#include "ingest/progress_reporter.h"

namespace quiver::cli {

inline std::function<void(uint64_t, uint64_t)> IndexBuildProgressOnStderr() {
  struct Line {
    std::unique_ptr<ingest::ProgressReporter> reporter;
    uint64_t done = 0;
  };
  auto line = std::make_shared<Line>();
  return [line](uint64_t done, uint64_t total) {
    if (!line->reporter || done < line->done) {  // the first report of a build
      const bool tty = ::isatty(STDERR_FILENO) != 0;
      line->reporter = std::make_unique<ingest::ProgressReporter>(stderr, tty,
                                                                  std::chrono::milliseconds(tty ? 200 : 5000));
      line->reporter->BeginPhase("building index", total, "nodes");
      line->done = 0;
    }
    line->reporter->Advance(done - line->done, 0);
    line->done = done;
    if (done >= total) {
      line->reporter->EndPhase();
      line->reporter.reset();
    }
  };
}

}  // namespace quiver::cli
