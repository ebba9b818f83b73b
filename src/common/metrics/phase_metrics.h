#pragma once
// PhaseMetrics: what one phase of work (an import step, a query, a compaction) cost —
// the difference of two ProcessSnapshots — with per-unit ratios ("CPU µs per edge",
// "bytes written per edge") and JSON for benchmark evidence.
//
// CPU and I/O are process-wide (RUSAGE_SELF, /proc/self/io), so a phase's numbers
// include every thread's work, which is what a parallel phase needs; phases measured
// this way should not overlap. Peak RSS is the process's high-water mark at the end of
// the phase (VmHWM cannot be reset per phase without writing /proc/self/clear_refs,
// which sandboxes refuse), so it is an upper bound on the phase's own peak.

#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>

#include "common/metrics/process_snapshot.h"

namespace quiver {

// The work a phase did, to divide its costs by: {"edge", 1000000}.
struct UnitCount {
  std::string unit;
  uint64_t count = 0;
};

struct PhaseMetrics {
  std::string name;
  uint64_t wall_us = 0;
  uint64_t user_cpu_us = 0;
  uint64_t sys_cpu_us = 0;
  bool io_available = false;  // false: the io counters are zero because /proc/self/io was unreadable
  IoCounters io;              // end - start
  bool rss_available = false;
  uint64_t rss_start_bytes = 0;
  uint64_t rss_end_bytes = 0;
  uint64_t peak_rss_bytes = 0;  // the process's high-water mark at the end
  std::optional<UnitCount> units;

  // end - start; counters that went backwards (they never should) count as zero.
  static PhaseMetrics Between(std::string name, const ProcessSnapshot& start, const ProcessSnapshot& end);

  uint64_t cpu_us() const { return user_cpu_us + sys_cpu_us; }
  double wall_seconds() const { return static_cast<double>(wall_us) / 1e6; }
  // CPU time over wall time: how many cores the phase kept busy on average (0 if no time passed).
  double EffectiveCores() const;

  // Per-unit costs; 0 when count is 0.
  double CpuMicrosPer(uint64_t count) const;
  double ReadBytesPer(uint64_t count) const;   // storage reads (read_bytes)
  double WriteBytesPer(uint64_t count) const;  // storage writes (write_bytes)
  double RcharPer(uint64_t count) const;
  double WcharPer(uint64_t count) const;

  // Every field, always present. The per-unit fields use `units` and are null without it:
  // {"name", "wall_us", "user_cpu_us", "sys_cpu_us", "cpu_us", "effective_cores",
  //  "io_available", "rchar", "wchar", "read_bytes", "write_bytes", "rss_available",
  //  "rss_start_bytes", "rss_end_bytes", "peak_rss_bytes", "unit", "unit_count",
  //  "cpu_us_per_unit", "read_bytes_per_unit", "write_bytes_per_unit",
  //  "rchar_per_unit", "wchar_per_unit"}
  nlohmann::json ToJson() const;
};

}  // namespace quiver
