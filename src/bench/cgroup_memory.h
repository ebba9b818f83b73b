#pragma once
// CgroupMemoryGroup: a cgroup v2 child group with memory.max set, for one rung's child
// process — the kernel then enforces the rung's memory limit exactly (an OOM kill inside
// the group, counted in memory.events), where an RSS watchdog can only sample.
//
// It is used only where it can work: the process's own cgroup (from /proc/self/cgroup's
// "0::/path") must be on a cgroup2 mount at /sys/fs/cgroup, have the memory controller
// delegated (cgroup.subtree_control lists "memory"), and be writable. Anywhere else
// (cgroup v1 hosts, containers without delegation, gVisor) Create returns an error and
// the ladder falls back to its RSS watchdog (child_process.h); the evidence says which
// enforcement a rung ran under.

#include <cstdint>
#include <memory>
#include <string>

#include "quiver/status.h"

namespace quiver::bench {

class CgroupMemoryGroup {
 public:
  // A new group under the process's own cgroup, named `name`, with memory.max = limit
  // and memory.swap.max = 0 (swapping would hide the overrun).
  static Result<std::unique_ptr<CgroupMemoryGroup>> Create(const std::string& name, uint64_t limit_bytes);
  ~CgroupMemoryGroup();  // removes the group (it must be empty by then)

  // The cgroup.procs file: a forked child writes "0" to it before exec to join the group.
  const std::string& procs_path() const { return procs_path_; }
  const std::string& path() const { return path_; }
  // oom_kill count from memory.events; 0 when unreadable.
  uint64_t OomKills() const;
  // memory.peak when the kernel has it (6.x), else 0.
  uint64_t PeakBytes() const;

 private:
  explicit CgroupMemoryGroup(std::string path) : path_(std::move(path)), procs_path_(path_ + "/cgroup.procs") {}
  std::string path_;
  std::string procs_path_;
};

}  // namespace quiver::bench
