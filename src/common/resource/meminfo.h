#pragma once
// /proc/meminfo: the machine's memory as the kernel sees it, outside any cgroup.

#include <cstdint>
#include <optional>
#include <string_view>

namespace quiver {

class MachineProbe;

struct MemInfo {
  std::optional<uint64_t> total_bytes;      // MemTotal
  std::optional<uint64_t> available_bytes;  // MemAvailable (kernels since 3.14)
};

// Parses the text of /proc/meminfo ("MemTotal:  24684084 kB" lines); absent or
// malformed fields stay nullopt.
MemInfo ParseMemInfo(std::string_view text);

// Reads /proc/meminfo through the probe; all nullopt when it cannot be read.
MemInfo ReadMemInfo(const MachineProbe& probe);

}  // namespace quiver
