#pragma once
// RunSupervised: runs one program as a child process under a memory limit and a wall
// time limit, and always comes back — with the exit status, or with the reason the child
// was killed. A rung that hangs (the livelock of ../shared/reference/000) or grows past
// its memory limit is reported as such; it never stalls the ladder.
//
// The child is fork+exec'd in a process group of its own (setpgid), with stdout and
// stderr redirected to a log file, so a kill takes its whole group and its output is
// kept as evidence. Memory is enforced by a cgroup v2 group when one can be created
// (cgroup_memory.h), and otherwise — and in addition — by a watchdog: the supervisor
// samples the child's VmRSS from /proc/PID/status every `sample_interval` and sends
// SIGKILL to the group when it passes the limit. Sampling can miss a spike shorter than
// the interval; the evidence names the enforcement used.

#include <chrono>
#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

namespace quiver::bench {

struct SupervisorLimits {
  uint64_t memory_bytes = 0;  // 0: no memory limit
  std::chrono::milliseconds wall_time{0};  // 0: no time limit
  std::chrono::milliseconds sample_interval{20};
  bool try_cgroup = true;  // false: the watchdog only (tests)
};

enum class ChildEnd : uint8_t {
  kExited,        // exit status in exit_code (0 = success)
  kSignaled,      // died of a signal it did not get from us (signal)
  kMemoryKilled,  // passed the memory limit: killed by the watchdog or the cgroup's OOM killer
  kTimeKilled,    // passed the wall-time limit
  kSpawnFailed,   // fork or exec failed (error)
};

std::string_view ChildEndName(ChildEnd end);

struct ChildOutcome {
  ChildEnd end = ChildEnd::kSpawnFailed;
  int exit_code = -1;
  int signal = 0;
  double wall_seconds = 0;
  uint64_t peak_rss_sampled = 0;  // the largest VmRSS the watchdog saw
  uint64_t cgroup_peak = 0;       // memory.peak of the cgroup, when one was used and readable
  std::string enforcement;        // "cgroup v2 memory.max (path) + rss watchdog" / "rss watchdog" / "none"
  std::string error;              // kSpawnFailed
  bool ok() const { return end == ChildEnd::kExited && exit_code == 0; }
  // "exit 0", "exit 3", "killed: memory limit (4 GiB) passed, VmRSS 4.1 GiB", ...
  std::string Describe(const SupervisorLimits& limits) const;
  nlohmann::json ToJson(const SupervisorLimits& limits) const;
};

// Runs argv[0] (a path; not searched in PATH) with argv, output appended to log_path.
ChildOutcome RunSupervised(const std::vector<std::string>& argv, const std::string& log_path,
                           const SupervisorLimits& limits);

// VmRSS of a process in bytes, from /proc/PID/status; 0 when it cannot be read.
uint64_t ReadVmRss(int pid);

// The last `max_bytes` of a file (a child's log), for failure messages.
std::string FileTail(const std::string& path, size_t max_bytes);

}  // namespace quiver::bench
