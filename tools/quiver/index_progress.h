#pragma once
// The progress line of a property index build (DatabaseOptions::index_build_progress)
// for the commands that open a database for writing — `quiver query`, the shell,
// `quiver serve`: a progress line on stderr (redrawn in place on a
// terminal, a line every few seconds otherwise), one phase per index built.

#include <cstdint>
#include <functional>

namespace quiver::cli {

std::function<void(uint64_t nodes_done, uint64_t nodes_total)> IndexBuildProgressOnStderr();

}  // namespace quiver::cli
