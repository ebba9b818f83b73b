#pragma once
// ProcessSnapshot: what the process has consumed so far — clock, CPU, I/O, memory — read
// at one instant. Two snapshots make a PhaseMetrics (phase_metrics.h).
//
// Sources: steady_clock for wall time; getrusage(RUSAGE_SELF) for user and system CPU of
// every thread; /proc/self/io for bytes read and written; /proc/self/status for the
// resident set (VmRSS) and its high-water mark (VmHWM). Sandboxes (gVisor, some
// containers, hardened kernels) may hide /proc/self/io: the snapshot then says
// io_available = false and the counters stay zero rather than failing the run.

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace quiver {

struct IoCounters {
  uint64_t rchar = 0;        // bytes passed to read-like syscalls, page cache hits included
  uint64_t wchar = 0;        // bytes passed to write-like syscalls
  uint64_t read_bytes = 0;   // bytes the storage layer fetched for this process
  uint64_t write_bytes = 0;  // bytes this process sent (dirtied) towards storage
};

struct MemoryCounters {
  uint64_t rss_bytes = 0;       // VmRSS
  uint64_t peak_rss_bytes = 0;  // VmHWM: the process's peak since it started
};

struct ProcessSnapshot {
  std::chrono::steady_clock::time_point time{};
  uint64_t user_cpu_us = 0;
  uint64_t sys_cpu_us = 0;
  bool io_available = false;  // false: /proc/self/io unreadable, io is all zero
  IoCounters io;
  bool rss_available = false;  // false: /proc/self/status unreadable; peak from getrusage, rss 0
  MemoryCounters memory;

  // Reads the running process. proc_self is where the /proc/self files are read from, so
  // a test can point it at a directory that lacks some of them.
  static ProcessSnapshot Take(const std::string& proc_self = "/proc/self");
};

// Parses /proc/self/io ("rchar: 6976\nwchar: 0\n..."); nullopt when a field is missing.
std::optional<IoCounters> ParseProcIo(std::string_view text);
// Parses VmRSS and VmHWM from /proc/self/status; nullopt when either is missing.
std::optional<MemoryCounters> ParseProcStatusMemory(std::string_view text);

}  // namespace quiver
