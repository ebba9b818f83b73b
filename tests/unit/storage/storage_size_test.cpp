// Bytes on disk per edge and per node for a graph without properties (gated: sizes are
// deterministic), and open / random-access times (printed, never gated: this machine is
// shared). The 16M-edge figures come from bench/micro/storage_bench.cpp.

#include <gtest/gtest.h>

#include <chrono>
#include <random>

#include "test_graphs.h"
#include "test_util/temp_dir.h"

namespace quiver::storage {
namespace {

using Clock = std::chrono::steady_clock;

double Micros(Clock::duration d) { return std::chrono::duration<double, std::micro>(d).count(); }

TEST(StorageSizeTest, CsrCostsAtMost14BytesPerEdgeWith32BitIds) {
  constexpr uint64_t kNodes = 1 << 16, kEdges = kNodes * 16;  // Graph500's edge factor
  quiver::testing::TempDir dir;
  DatabaseOptions o;
  o.create_if_missing = true;
  auto db = std::move(DatabaseDir::Open(Env::Default(), dir.Join("db"), o)).value();
  std::mt19937_64 rng(42);
  std::vector<uint64_t> src(kEdges), dst(kEdges);
  for (uint64_t i = 0; i < kEdges; ++i) src[i] = rng() % kNodes, dst[i] = rng() % kNodes;
  auto w = std::move(db->BeginGeneration(kNodes)).value();
  ASSERT_TRUE(w->WriteDictionary({{}, {"E"}, {}}).ok());
  ASSERT_TRUE(w->WriteRelationshipType(0, BuildCsr(kNodes, src, dst)).ok());
  ASSERT_TRUE(db->Publish(w.get(), 0).ok());

  const auto t0 = Clock::now();
  DatabaseOptions ro;
  ro.read_only = true;
  auto reader = std::move(DatabaseDir::Open(Env::Default(), dir.Join("db"), ro)).value();
  auto g = *reader->Pin();
  const auto t1 = Clock::now();

  uint64_t csr = 0, labels = 0, total = 0;
  for (const auto& f : g->manifest().files) {
    total += f.size;
    if (f.kind == FileKind::kRelationshipType) csr += f.size;
    if (f.kind == FileKind::kNodeLabels) labels += f.size;
  }
  const double csr_per_edge = static_cast<double>(csr) / kEdges;
  // Per node: one label-set id (1 byte here) and, per type, two offsets (4 bytes each).
  const double node_part = (static_cast<double>(labels) + 2.0 * 4 * (kNodes + 1)) / kNodes;
  EXPECT_LE(csr_per_edge, 14.0);
  EXPECT_GE(csr_per_edge, 12.0) << "12 bytes of ids and positions are the floor of this layout";
  EXPECT_LE(node_part, 10.0);

  std::vector<uint64_t> probes(1 << 20);
  for (auto& p : probes) p = rng() % kNodes;
  const auto t2 = Clock::now();
  uint64_t sum = 0;
  for (uint64_t v : probes) sum += g->Degree(v, Direction::kBoth, 0);
  const auto t3 = Clock::now();
  for (uint64_t v : probes) g->Neighbors(0, 0, v, Direction::kOut).neighbors.ForEach([&](uint64_t x) { sum += x; });
  const auto t4 = Clock::now();
  EXPECT_GT(sum, 0u);
  std::printf("[ sizes    ] %llu nodes, %llu edges: forward+reverse CSR %.3f bytes/edge (offsets included), "
              "node-attributable %.3f bytes/node, all files %.3f bytes/edge\n",
              static_cast<unsigned long long>(kNodes), static_cast<unsigned long long>(kEdges), csr_per_edge, node_part,
              static_cast<double>(total) / kEdges);
  std::printf("[ times    ] open %.1f us; 1M random degree %.1f ms; 1M random out-neighbour scans %.1f ms\n",
              Micros(t1 - t0), Micros(t3 - t2) / 1000, Micros(t4 - t3) / 1000);
}

}  // namespace
}  // namespace quiver::storage
