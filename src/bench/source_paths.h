#pragma once
// Where the benchmark finds files of the source tree it was built from: the gate's
// limits (bench/gate_limits.json) and the peer's package (bench/peers/kuzu). The build
// records the source directory; flags override both paths.

#include <string>

namespace quiver::bench {

std::string SourceDir();
std::string DefaultGateLimitsPath();  // SourceDir()/bench/gate_limits.json
std::string DefaultKuzuPeerDir();     // SourceDir()/bench/peers/kuzu
std::string DefaultKuzuScratchDir();  // SourceDir()/build/peers/kuzu

}  // namespace quiver::bench
