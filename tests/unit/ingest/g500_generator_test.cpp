// The Graph500 generator: deterministic per seed and independent of how edges are split
// into ranges; the initiator's quadrant frequencies; a bijective permutation; and a
// degree distribution with the Kronecker shape (heavy tail, many isolated vertices,
// self-loops and duplicates present).
#include "ingest/g500_generator.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <vector>

namespace quiver::ingest {
namespace {

std::vector<std::pair<uint32_t, uint32_t>> Edges(const G500Generator& g, uint64_t step) {
  std::vector<uint32_t> src(g.edge_count()), dst(g.edge_count());
  for (uint64_t b = 0; b < g.edge_count(); b += step) {
    const uint64_t e = std::min(g.edge_count(), b + step);
    g.Generate(b, e, src.data() + b, dst.data() + b);
  }
  std::vector<std::pair<uint32_t, uint32_t>> out;
  for (uint64_t i = 0; i < src.size(); ++i) out.emplace_back(src[i], dst[i]);
  return out;
}

TEST(G500GeneratorTest, DeterministicForSeedWhateverTheRanges) {
  const G500Generator a({12, 16, 7}), b({12, 16, 7}), c({12, 16, 8});
  const auto e1 = Edges(a, a.edge_count());
  EXPECT_EQ(e1, Edges(b, 1000));
  EXPECT_EQ(e1, Edges(a, 1));
  EXPECT_NE(e1, Edges(c, c.edge_count()));
  EXPECT_EQ(a.vertex_count(), 4096u);
  EXPECT_EQ(a.edge_count(), 65536u);
  for (const auto& [s, d] : e1) {
    ASSERT_LT(s, a.vertex_count());
    ASSERT_LT(d, a.vertex_count());
  }
}

TEST(G500GeneratorTest, QuadrantFrequenciesFollowTheInitiator) {
  const G500Generator g({16, 4, 3});
  const uint64_t m = g.edge_count();
  // Per level, the share of (row bit, column bit) = (0,0), (0,1), (1,0), (1,1).
  std::vector<std::array<uint64_t, 4>> q(16, {0, 0, 0, 0});
  for (uint64_t i = 0; i < m; ++i) {
    const auto [s, d] = g.RawEdge(i);
    for (uint32_t l = 0; l < 16; ++l) ++q[l][((s >> l) & 1) * 2 + ((d >> l) & 1)];
  }
  const double want[4] = {0.57, 0.19, 0.19, 0.05};
  for (uint32_t l = 0; l < 16; ++l) {
    for (int k = 0; k < 4; ++k) {
      const double got = static_cast<double>(q[l][k]) / static_cast<double>(m);
      // m = 262144 draws: the standard error is below 0.001.
      EXPECT_NEAR(got, want[k], 0.005) << "level " << l << " quadrant " << k;
    }
  }
}

TEST(G500GeneratorTest, PermutationIsABijection) {
  for (uint32_t scale : {1u, 2u, 5u, 13u}) {
    const G500Generator g({scale, 1, 99});
    std::vector<bool> seen(g.vertex_count(), false);
    uint64_t fixed_points = 0;
    for (uint64_t v = 0; v < g.vertex_count(); ++v) {
      const uint64_t p = g.Permute(v);
      ASSERT_LT(p, g.vertex_count());
      ASSERT_FALSE(seen[p]) << "scale " << scale << ": " << p << " twice";
      seen[p] = true;
      fixed_points += p == v;
    }
    if (scale >= 13) {
      EXPECT_LT(fixed_points, 16u);  // it does move vertices
    }
  }
}

TEST(G500GeneratorTest, DegreeDistributionHasTheKroneckerShape) {
  const G500Generator g({14, 16, 1});
  const auto edges = Edges(g, g.edge_count());
  std::vector<uint64_t> degree(g.vertex_count(), 0);
  uint64_t self_loops = 0;
  for (const auto& [s, d] : edges) {
    ++degree[s];
    ++degree[d];
    self_loops += s == d;
  }
  const double mean = 2.0 * static_cast<double>(edges.size()) / static_cast<double>(g.vertex_count());
  const uint64_t max = *std::max_element(degree.begin(), degree.end());
  const uint64_t isolated = static_cast<uint64_t>(std::count(degree.begin(), degree.end(), 0));
  EXPECT_GT(static_cast<double>(max), 50 * mean) << "a heavy tail: hubs far above the mean";
  EXPECT_GT(isolated, g.vertex_count() / 10) << "Kronecker graphs leave many vertices isolated";
  EXPECT_LT(isolated, g.vertex_count() * 7 / 10);
  EXPECT_GT(self_loops, 0u);
  std::set<std::pair<uint32_t, uint32_t>> distinct(edges.begin(), edges.end());
  EXPECT_LT(distinct.size(), edges.size()) << "duplicates are kept";
  EXPECT_GT(distinct.size(), edges.size() * 7 / 10);
  // The hubs are spread over the id range by the permutation, not packed at 0.
  const auto hub = static_cast<uint64_t>(std::max_element(degree.begin(), degree.end()) - degree.begin());
  EXPECT_NE(hub, 0u);
}

}  // namespace
}  // namespace quiver::ingest
