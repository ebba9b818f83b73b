#pragma once
// MachineProbe: the one door through which the resource policy looks at the machine.
//
// Every machine read the policy makes (cgroup files, /proc/meminfo, /proc/self/cgroup,
// the CPU affinity mask, environment variables) goes through here, so a test can fake a
// whole machine: point the root at a temporary directory holding sys/fs/cgroup/... and
// proc/..., inject the affinity core count, and inject the environment as a map. A
// default-constructed probe reads the real machine. The probe holds no global state.
//
// These are reads of kernel-provided pseudo files, not database files, so they do not go
// through quiver::Env: nothing here needs fault injection, and Env is for durable I/O.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace quiver {

class MachineProbe {
 public:
  // The real machine: root "/", sched_getaffinity, getenv.
  MachineProbe() = default;

  // Reads machine files under root instead of "/" (root + "/proc/meminfo", ...).
  MachineProbe& SetRoot(std::string root);
  // Reports this many cores in the affinity mask instead of asking the kernel.
  MachineProbe& SetAffinityCores(uint32_t cores);
  // Uses this map as the whole environment instead of getenv; a name absent from the map
  // is unset.
  MachineProbe& SetEnvironment(std::map<std::string, std::string> env);

  const std::string& root() const { return root_; }

  // The contents of an absolute machine path (e.g. "/proc/self/cgroup") read under the
  // root, or nullopt when it is absent or unreadable: every caller treats a missing file
  // as "this limit does not apply here".
  std::optional<std::string> ReadFile(std::string_view absolute_path) const;

  // CPUs in this process's affinity mask, or 0 when it cannot be read.
  uint32_t AffinityCores() const;
  // std::thread::hardware_concurrency(), a fallback when the mask cannot be read; with an
  // injected affinity count this reports the same count, so fakes stay hermetic.
  uint32_t HardwareConcurrency() const;

  // The variable's value, or nullopt when unset.
  std::optional<std::string> GetEnv(const std::string& name) const;

 private:
  std::string Resolve(std::string_view absolute_path) const;

  std::string root_ = "/";
  std::optional<uint32_t> affinity_cores_;
  std::optional<std::map<std::string, std::string>> env_;
};

}  // namespace quiver
