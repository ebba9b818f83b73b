#include "bench/source_paths.h"

#ifndef QUIVER_SOURCE_DIR
#define QUIVER_SOURCE_DIR "."
#endif

namespace quiver::bench {

std::string SourceDir() { return QUIVER_SOURCE_DIR; }
std::string DefaultGateLimitsPath() { return SourceDir() + "/bench/gate_limits.json"; }
std::string DefaultKuzuPeerDir() { return SourceDir() + "/bench/peers/kuzu"; }
std::string DefaultKuzuScratchDir() { return SourceDir() + "/build/peers/kuzu"; }

}  // namespace quiver::bench
