#include "bench/latency_stats.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

namespace quiver::bench {
namespace {

TEST(LatencyStatsTest, NearestRankPicksMeasuredValues) {
  std::vector<uint64_t> v;
  for (uint64_t i = 1; i <= 100; ++i) v.push_back(i * 10);
  EXPECT_EQ(NearestRank(v, 50), 500u);
  EXPECT_EQ(NearestRank(v, 95), 950u);
  EXPECT_EQ(NearestRank(v, 99), 990u);
  EXPECT_EQ(NearestRank(v, 100), 1000u);
  EXPECT_EQ(NearestRank({}, 50), 0u);
  EXPECT_EQ(NearestRank({7}, 99), 7u);
}

TEST(LatencyStatsTest, SummarySortsAndAverages) {
  const LatencySummary s = LatencySummary::Of({5000, 1000, 3000, 2000, 4000});
  EXPECT_EQ(s.count, 5u);
  EXPECT_EQ(s.min_ns, 1000u);
  EXPECT_EQ(s.median_ns, 3000u);
  EXPECT_EQ(s.p99_ns, 5000u);
  EXPECT_EQ(s.max_ns, 5000u);
  EXPECT_DOUBLE_EQ(s.mean_ns, 3000.0);
  const nlohmann::json j = s.ToJson();
  EXPECT_DOUBLE_EQ(j["median_us"].get<double>(), 3.0);
  EXPECT_EQ(j["count"].get<uint64_t>(), 5u);
}

TEST(LatencyStatsTest, EmptyInputIsAllZero) {
  const LatencySummary s = LatencySummary::Of({});
  EXPECT_EQ(s.count, 0u);
  EXPECT_EQ(s.median_ns, 0u);
}

}  // namespace
}  // namespace quiver::bench
