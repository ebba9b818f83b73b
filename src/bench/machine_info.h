#pragma once
// MachineInfo: the machine a benchmark ran on, recorded beside every figure so a
// result can be read against where it came from — CPU model, logical cores, memory,
// kernel, and the load average (on a shared host it says how much of the machine the
// run actually got).

#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <string_view>

namespace quiver::bench {

struct LoadAverage {
  double one = 0, five = 0, fifteen = 0;
};

struct MachineInfo {
  std::string cpu_model;  // "model name" of /proc/cpuinfo's first processor; "unknown" if absent
  uint32_t logical_cpus = 0;
  uint64_t mem_total_bytes = 0;
  std::string kernel;  // uname -r
  std::string hostname;
  std::optional<LoadAverage> load;

  static MachineInfo Probe();
  nlohmann::json ToJson() const;
};

// The "model name" of the first processor in /proc/cpuinfo text; empty when absent.
std::string ParseCpuModel(std::string_view cpuinfo);
// "0.52 0.58 0.59 1/467 12345" -> {0.52, 0.58, 0.59}.
std::optional<LoadAverage> ParseLoadAverage(std::string_view loadavg);
std::optional<LoadAverage> ReadLoadAverage();
nlohmann::json LoadAverageJson(const std::optional<LoadAverage>& load);

// The build that produced the evidence: {"version", "git_commit", "build_type", "sanitizers"}.
nlohmann::json BuildJson();

}  // namespace quiver::bench
