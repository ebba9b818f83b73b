#pragma once
// A progress line on stderr for long work a command does (an index build, a backup):
// redrawn in place on a terminal, a line every few seconds otherwise, and always the
// last. `label` leads the line ("building index"); `amount` writes a count of the work's
// unit ("1.05M/1.05M nodes", "2.1 GiB/3.0 GiB"). Reports (done, total) from one thread.

#include <cstdint>
#include <functional>
#include <string>

namespace quiver::cli {

std::function<void(uint64_t done, uint64_t total)> ProgressLineOnStderr(
    std::string label, std::function<std::string(uint64_t done, uint64_t total)> amount);

}  // namespace quiver::cli
