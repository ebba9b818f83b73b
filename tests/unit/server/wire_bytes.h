#pragma once
// Bytes for the Bolt tests: written out in hex as the specification shows them, or
// packed by hand with a PackWriter (what a client would send).

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "server/bolt/bolt_version.h"
#include "server/bolt/packstream.h"

namespace quiver::server::bolt::testing {

using Bytes = std::vector<uint8_t>;

inline const BoltVersion kBolt44{4, 4, false};
inline const BoltVersion kBolt44Utc{4, 4, true};
inline const BoltVersion kBolt54{5, 4, false};

// "C8 EF" -> {0xC8, 0xEF}; spaces are ignored.
inline Bytes Hex(std::string_view hex) {
  Bytes out;
  for (size_t i = 0; i < hex.size();) {
    if (hex[i] == ' ') {
      ++i;
      continue;
    }
    out.push_back(static_cast<uint8_t>(std::stoi(std::string(hex.substr(i, 2)), nullptr, 16)));
    i += 2;
  }
  return out;
}

// What `write(PackWriter&)` writes.
template <typename F>
Bytes Packed(F&& write) {
  std::string out;
  PackWriter w(out);
  write(w);
  return Bytes(out.begin(), out.end());
}

// `depth` lists, each holding the next; the innermost is empty.
inline Bytes NestedLists(int depth) {
  Bytes bytes(static_cast<size_t>(depth), 0x91);
  bytes.back() = 0x90;
  return bytes;
}

}  // namespace quiver::server::bolt::testing
