#pragma once
// RungFigures: the headline numbers of one rung, derived from its stage evidence — what
// the summary table prints, the plot draws and the gate checks. Every figure is
// optional: a rung that was killed in its query stage still has its ingest figures, and
// a figure that could not be measured (no /proc/self/io) is absent, not zero, so the
// gate can fail closed on it.
//
// Bytes read and written are /proc/self/io `rchar` and `wchar` over the ingest phases
// (begin..commit): the bytes the process passed through read/write system calls. They
// reproduce to the byte from run to run. `read_bytes`/`write_bytes` (what reached the
// block device) are kept in the evidence but not gated: they depend on the page cache,
// writeback timing and the filesystem (on this container read_bytes is 0 whenever the
// data is cached).

#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>

namespace quiver::bench {

struct RungFigures {
  uint32_t scale = 0;
  uint64_t edges = 0;
  bool ok = false;          // every stage exited 0 (every phase passed)
  std::string status;       // "ok", or what failed: "ingest: killed: time limit 600 s passed"

  std::optional<double> generate_s;
  std::optional<double> ingest_s;        // begin..commit wall
  std::optional<double> edges_per_s;     // edges / ingest_s
  std::optional<double> cpu_us_per_edge; // ingest CPU (user + sys, every thread) / edges
  std::optional<double> effective_cores; // ingest CPU / wall
  std::optional<double> read_per_edge;   // ingest rchar / edges    (gated)
  std::optional<double> write_per_edge;  // ingest wchar / edges    (gated)
  std::optional<double> disk_read_per_edge;   // ingest read_bytes / edges (reported)
  std::optional<double> disk_write_per_edge;  // ingest write_bytes / edges (reported)
  std::optional<double> published_per_edge;   // published generation bytes / edges (gated)
  std::optional<double> ingest_peak_rss;  // bytes: the ingest process's VmHWM
  std::optional<double> query_peak_rss;   // bytes: the query process's VmHWM
  std::optional<double> reopen_us;
  std::optional<double> first_query_us;
  std::optional<double> one_hop_median_us, one_hop_p95_us, one_hop_p99_us;
  std::optional<double> two_hop_median_us, two_hop_p95_us, two_hop_p99_us;
  std::optional<double> k_hop_median_us, k_hop_p95_us, k_hop_p99_us;
  std::optional<double> check_s;

  // From a rung's evidence object (ladder.json "rungs"[i]).
  static RungFigures FromRungJson(const nlohmann::json& rung);
  nlohmann::json ToJson() const;
};

}  // namespace quiver::bench
