#include "bench/latency_stats.h"

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>
#include <numeric>

namespace quiver::bench {

uint64_t NearestRank(const std::vector<uint64_t>& sorted, double p) {
  if (sorted.empty()) return 0;
  const double rank = std::ceil(p / 100.0 * static_cast<double>(sorted.size()));
  const size_t index = static_cast<size_t>(std::clamp(rank, 1.0, static_cast<double>(sorted.size()))) - 1;
  return sorted[index];
}

LatencySummary LatencySummary::Of(std::vector<uint64_t> latencies_ns) {
  LatencySummary s;
  if (latencies_ns.empty()) return s;
  std::sort(latencies_ns.begin(), latencies_ns.end());
  s.count = latencies_ns.size();
  s.min_ns = latencies_ns.front();
  s.max_ns = latencies_ns.back();
  s.median_ns = NearestRank(latencies_ns, 50);
  s.p95_ns = NearestRank(latencies_ns, 95);
  s.p99_ns = NearestRank(latencies_ns, 99);
  const long double total = std::accumulate(latencies_ns.begin(), latencies_ns.end(), 0.0L);
  s.mean_ns = static_cast<double>(total / static_cast<long double>(s.count));
  return s;
}

nlohmann::json LatencySummary::ToJson() const {
  auto us = [](double ns) { return ns / 1000.0; };
  return {{"count", count},
          {"min_us", us(static_cast<double>(min_ns))},
          {"median_us", us(static_cast<double>(median_ns))},
          {"p95_us", us(static_cast<double>(p95_ns))},
          {"p99_us", us(static_cast<double>(p99_ns))},
          {"max_us", us(static_cast<double>(max_ns))},
          {"mean_us", us(mean_ns)}};
}

}  // namespace quiver::bench
