#pragma once
// LatencySummary: the distribution of one query shape's latencies in a rung — median,
// p95, p99 — for the evidence file and the summary table.
//
// Percentiles are nearest-rank (the value at rank ceil(p/100 * n)), so every reported
// figure is a latency that was actually measured, never an interpolation between two.

#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <vector>

namespace quiver::bench {

struct LatencySummary {
  uint64_t count = 0;
  uint64_t min_ns = 0;
  uint64_t median_ns = 0;
  uint64_t p95_ns = 0;
  uint64_t p99_ns = 0;
  uint64_t max_ns = 0;
  double mean_ns = 0;

  // Sorts a copy; an empty input gives an all-zero summary.
  static LatencySummary Of(std::vector<uint64_t> latencies_ns);
  // {"count", "min_us", "median_us", "p95_us", "p99_us", "max_us", "mean_us"}
  nlohmann::json ToJson() const;
};

// Nearest-rank percentile of sorted values (p in (0, 100]); 0 for an empty input.
uint64_t NearestRank(const std::vector<uint64_t>& sorted, double p);

}  // namespace quiver::bench
