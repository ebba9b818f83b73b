// Property: for random graphs, the reverse CSR is exactly the transpose of the forward
// CSR, checked against an independent brute-force model (not the code's own Verify).

#include <gtest/gtest.h>

#include <map>
#include <random>
#include <tuple>

#include "storage/checker.h"
#include "test_graphs.h"
#include "test_util/temp_dir.h"

namespace quiver::storage {
namespace {

struct Shape {
  uint64_t nodes, edges;
};

TEST(CsrPropertyTest, ReverseIsTheTransposeOfForwardForRandomGraphs) {
  std::mt19937_64 rng(20261130);
  const std::vector<Shape> shapes = {{1, 0}, {1, 5}, {2, 50}, {10, 0}, {10, 100}, {100, 30}, {1000, 5000}, {50, 2000}};
  int graphs = 0;
  for (const Shape& shape : shapes) {
    for (int rep = 0; rep < 8; ++rep, ++graphs) {
      const uint64_t n = shape.nodes, e = shape.edges;
      std::vector<uint64_t> src(e), dst(e);
      // Skewed endpoints: some hubs, many self-loops and parallel edges in small graphs.
      for (uint64_t i = 0; i < e; ++i) {
        src[i] = (rng() % 4 == 0) ? rng() % std::max<uint64_t>(1, n / 10) : rng() % n;
        dst[i] = (rng() % 8 == 0) ? src[i] : rng() % n;
      }
      std::vector<uint64_t> input_of;
      const CsrArrays c = BuildCsr(n, src, dst, &input_of);
      SCOPED_TRACE("n=" + std::to_string(n) + " e=" + std::to_string(e) + " rep=" + std::to_string(rep));
      ASSERT_EQ(c.fwd_offsets.size(), n + 1);
      ASSERT_EQ(c.fwd_targets.size(), e);
      ASSERT_EQ(c.rev_sources.size(), e);

      // Forward: position p holds input edge input_of[p]; slices by source, sorted by
      // (target, input order).
      std::vector<bool> used(e, false);
      for (uint64_t u = 0; u < n; ++u) {
        for (uint64_t p = c.fwd_offsets[u]; p < c.fwd_offsets[u + 1]; ++p) {
          const uint64_t i = input_of[p];
          ASSERT_FALSE(used[i]);
          used[i] = true;
          EXPECT_EQ(src[i], u);
          EXPECT_EQ(dst[i], c.fwd_targets[p]);
          if (p > c.fwd_offsets[u]) {
            const auto prev = std::make_tuple(c.fwd_targets[p - 1], input_of[p - 1]);
            EXPECT_LT(prev, std::make_tuple(c.fwd_targets[p], i));
          }
        }
      }
      // Transpose as multisets of (target, source, position).
      std::vector<std::tuple<uint64_t, uint64_t, uint64_t>> from_fwd, from_rev;
      for (uint64_t u = 0; u < n; ++u) {
        for (uint64_t p = c.fwd_offsets[u]; p < c.fwd_offsets[u + 1]; ++p) from_fwd.emplace_back(c.fwd_targets[p], u, p);
      }
      for (uint64_t v = 0; v < n; ++v) {
        for (uint64_t j = c.rev_offsets[v]; j < c.rev_offsets[v + 1]; ++j) {
          from_rev.emplace_back(v, c.rev_sources[j], c.rev_edge_positions[j]);
        }
      }
      std::sort(from_fwd.begin(), from_fwd.end());
      // from_rev is produced in (target, source, position) order already: check that too.
      EXPECT_TRUE(std::is_sorted(from_rev.begin(), from_rev.end()));
      EXPECT_EQ(from_fwd, from_rev);
    }
  }
  EXPECT_EQ(graphs, 64);
}

TEST(CsrPropertyTest, RandomGraphsOnDiskPassTheCheckerAndReadBack) {
  quiver::testing::TempDir dir;
  DatabaseOptions o;
  o.create_if_missing = true;
  auto db = DatabaseDir::Open(Env::Default(), dir.Join("db"), o);
  ASSERT_TRUE(db.ok());
  for (uint64_t seed = 1; seed <= 4; ++seed) {
    const testing::Model m = testing::RandomModel(seed, 20 * seed, 300 * seed, static_cast<int>(seed));
    ASSERT_TRUE(testing::PublishModel(db->get(), m).ok());
    auto g = (*db)->Pin();
    ASSERT_TRUE(g.ok());
    testing::ExpectMatches(**g, m);
    const CheckReport r = CheckDatabase(Env::Default(), dir.Join("db"));
    EXPECT_TRUE(r.ok()) << r.status.ToString();
  }
}

}  // namespace
}  // namespace quiver::storage
