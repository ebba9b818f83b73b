#pragma once
// The CPU and memory limits the process's control groups impose.
//
// Where the hierarchies are: /proc/self/mountinfo names every cgroup2 mount and every
// cgroup v1 mount with its controllers (a hybrid host has both); when it lists none (or
// cannot be read) we assume the usual places, /sys/fs/cgroup for v2 and
// /sys/fs/cgroup/<controller> for v1. Which cgroup: /proc/self/cgroup ("0::/path" for
// v2, "N:cpu,cpuacct:/path" for v1), taken relative to the mount's root so that a
// container that sees only its own subtree still finds its files.
//
// Limits are hierarchical: a parent's cpu.max or memory.max binds every child. So each
// file is read from the process's cgroup up to the hierarchy's root, and the tightest
// value of every level and every version wins.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace quiver {

class MachineProbe;

struct CgroupCpuLimit {
  uint32_t cores = 0;       // ceil(quota / period), at least 1
  bool v1 = false;          // from cpu.cfs_quota_us rather than cpu.max
  std::string description;  // "cgroup cpu.max (200000 100000) in /sys/fs/cgroup/a"
};

struct CgroupMemoryLimit {
  uint64_t bytes = 0;
  bool v1 = false;          // from memory.limit_in_bytes rather than memory.max
  std::string description;  // "cgroup memory.max (1073741824) in /sys/fs/cgroup/a"
};

struct CgroupLimits {
  std::optional<CgroupCpuLimit> cpu;        // nullopt: no quota anywhere
  std::optional<CgroupMemoryLimit> memory;  // nullopt: no limit anywhere
  std::vector<std::string> notes;           // files that were present but malformed, ignored
};

CgroupLimits ReadCgroupLimits(const MachineProbe& probe);

}  // namespace quiver
