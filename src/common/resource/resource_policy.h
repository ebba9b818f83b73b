#pragma once
// ResourcePolicy: how many cores, how much memory and how many workers Quiver may use,
// derived from the machine it runs on, and where each of those numbers came from.
//
// Precedence for every value: an explicit ResourceOverrides field > an environment
// variable > what the machine allows. Derivation:
//   cores         = the affinity mask, lowered by any cgroup CPU quota (v2 cpu.max or v1
//                   cfs quota/period, rounded up, at least 1)
//   memory limit  = min(cgroup memory.max / v1 limit_in_bytes, /proc/meminfo MemAvailable)
//   memory budget = kDefaultBudgetPercent of the memory limit
//   worker buffer = kDefaultWorkerBufferBytes
//   workers       = max(1, min(cores, budget / worker buffer))
// A bad environment value is an InvalidArgument error, not a warning: a mistyped
// QUIVER_MEMORY_BUDGET silently ignored would let Quiver run past the cap its user set.
// An empty value or "auto" means unset.
//
// The machine is read only through a MachineProbe, so tests fake cgroup files, the
// affinity mask and the environment; nothing here touches global state.

#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "quiver/status.h"

namespace quiver {

class MachineProbe;

// Environment variables, for users and for error messages.
inline constexpr std::string_view kEnvThreads = "QUIVER_THREADS";             // worker count
inline constexpr std::string_view kEnvMemoryLimit = "QUIVER_MEMORY_LIMIT";    // a size: 4G
inline constexpr std::string_view kEnvMemoryBudget = "QUIVER_MEMORY_BUDGET";  // a size: 512M
inline constexpr std::string_view kEnvWorkerBuffer = "QUIVER_WORKER_BUFFER";  // a size: 64MiB

// Half the usable memory by default. The budget covers what Quiver accounts for itself
// (import buffers, sort runs, hash tables, the delta store); the other half is for what
// it cannot account for and that still counts against a cgroup limit: page cache for
// mmap'd generations and for writes in flight, allocator overhead and fragmentation,
// thread stacks, and other processes. Being killed by the kernel is the one failure the
// design rules out, so the default leaves a wide margin.
inline constexpr uint64_t kDefaultBudgetPercent = 50;
// Each worker's buffers (a CSV chunk, a partition's run buffer) count against the
// budget; 64 MiB amortises syscalls and sort setup while letting a 1 GiB budget run 8
// workers.
inline constexpr uint64_t kDefaultWorkerBufferBytes = uint64_t{64} << 20;
// Used only when neither /proc/meminfo nor a cgroup says anything: small enough to be
// safe on any machine that can run Quiver at all.
inline constexpr uint64_t kFallbackMemoryBytes = uint64_t{1} << 30;
// Sanity bound on an explicit worker count; beyond it a value is a typo, not a machine.
inline constexpr uint32_t kMaxWorkers = 1u << 16;

// Where a policy value came from.
enum class PolicySource : uint8_t {
  kDefault,              // a built-in constant
  kDerivedAffinity,      // sched_getaffinity
  kHardwareConcurrency,  // std::thread::hardware_concurrency, the mask being unreadable
  kCgroupCpuMax,         // cgroup v2 cpu.max
  kCgroupCpuQuota,       // cgroup v1 cpu.cfs_quota_us / cpu.cfs_period_us
  kMemAvailable,         // /proc/meminfo MemAvailable
  kMemTotal,             // /proc/meminfo MemTotal, MemAvailable being absent
  kCgroupMemoryMax,      // cgroup v2 memory.max
  kCgroupMemoryLimit,    // cgroup v1 memory.limit_in_bytes
  kDerived,              // computed from other policy values
  kEnvironment,          // a QUIVER_* variable
  kOption,               // ResourceOverrides
};

// A stable token for JSON: "affinity", "cgroup_cpu_max", "environment", ...
std::string_view PolicySourceName(PolicySource source);

template <typename T>
struct Sourced {
  T value{};
  PolicySource source = PolicySource::kDefault;
  // For people: "cgroup cpu.max (200000 100000) in /sys/fs/cgroup/a", "QUIVER_THREADS=3".
  std::string description;
};

// Explicit settings (API options, command-line flags); each set field wins.
struct ResourceOverrides {
  std::optional<uint32_t> cores;
  std::optional<uint32_t> workers;  // what QUIVER_THREADS sets
  std::optional<uint64_t> memory_limit_bytes;
  std::optional<uint64_t> memory_budget_bytes;
  std::optional<uint64_t> worker_buffer_bytes;
};

// What the machine reported, before any override; for `quiver info` and evidence files.
struct MachineFacts {
  uint32_t affinity_cores = 0;  // 0: unreadable
  std::optional<uint32_t> cgroup_cpu_cores;
  std::optional<uint64_t> cgroup_memory_bytes;
  std::optional<uint64_t> mem_total_bytes;
  std::optional<uint64_t> mem_available_bytes;
  std::vector<std::string> notes;  // malformed cgroup files that were ignored
};

class ResourcePolicy {
 public:
  // InvalidArgument when an override or environment value is malformed or zero.
  static Result<ResourcePolicy> Derive(const MachineProbe& probe, const ResourceOverrides& overrides = {});
  // The real machine and the process environment.
  static Result<ResourcePolicy> FromMachine(const ResourceOverrides& overrides = {});

  const Sourced<uint32_t>& cores() const { return cores_; }
  const Sourced<uint64_t>& memory_limit() const { return memory_limit_; }
  const Sourced<uint64_t>& memory_budget() const { return memory_budget_; }
  const Sourced<uint64_t>& worker_buffer() const { return worker_buffer_; }
  const Sourced<uint32_t>& workers() const { return workers_; }
  const MachineFacts& machine() const { return machine_; }
  // Settings that are allowed but probably wrong: more workers than cores, a budget
  // above the limit, fixed workers whose buffers overrun the budget.
  const std::vector<std::string>& warnings() const { return warnings_; }

  // One line per value ("workers        2           [min(2 cores, ...)]"), then warnings.
  std::vector<std::string> Describe() const;
  // {"cores": {"value", "source", "description"}, ..., "machine": {...}, "warnings": [...]}
  nlohmann::json ToJson() const;

 private:
  ResourcePolicy() = default;

  Sourced<uint32_t> cores_;
  Sourced<uint64_t> memory_limit_;
  Sourced<uint64_t> memory_budget_;
  Sourced<uint64_t> worker_buffer_;
  Sourced<uint32_t> workers_;
  MachineFacts machine_;
  std::vector<std::string> warnings_;
};

}  // namespace quiver
