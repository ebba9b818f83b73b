// The worker budget: largest-remainder split across relationship types, auto mode,
// the memory bound, --threads parsing; and the pool's determinism contract.
#include "ingest/worker_budget.h"

#include <gtest/gtest.h>

#include <numeric>
#include <random>

#include "ingest/worker_pool.h"

namespace quiver::ingest {
namespace {

uint32_t Sum(const std::vector<uint32_t>& v) {
  return std::accumulate(v.begin(), v.end(), 0u);
}

TEST(WorkerBudgetTest, DominantTypeGetsMostWorkers) {
  const std::vector<uint64_t> counts = {1'000'000, 10'000, 5'000};
  const auto a = AllocateWorkers(16, counts);
  EXPECT_EQ(a, (std::vector<uint32_t>{14, 1, 1}));
  EXPECT_EQ(Sum(a), 16u);
}

TEST(WorkerBudgetTest, LargestRemainderExample) {
  // 10 workers, 3 types: 1 each, then 7 shared as 7 x (50, 30, 20)/100 = 3.5, 2.1, 1.4:
  // floors 3, 2, 1 (6 given), the spare one to the largest remainder (0.5).
  EXPECT_EQ(AllocateWorkers(10, std::vector<uint64_t>{50, 30, 20}), (std::vector<uint32_t>{5, 3, 2}));
  // Equal remainders go to the larger count, then the lower type id.
  EXPECT_EQ(AllocateWorkers(3, std::vector<uint64_t>{1, 1}), (std::vector<uint32_t>{2, 1}));
  EXPECT_EQ(AllocateWorkers(5, std::vector<uint64_t>{2, 2, 2, 2}), (std::vector<uint32_t>{2, 1, 1, 1}));
}

TEST(WorkerBudgetTest, EmptyTypesGetNothingAndSmallBudgetsGiveOneEach) {
  EXPECT_EQ(AllocateWorkers(8, std::vector<uint64_t>{0, 100, 0}), (std::vector<uint32_t>{0, 8, 0}));
  EXPECT_EQ(AllocateWorkers(8, std::vector<uint64_t>{0, 0}), (std::vector<uint32_t>{0, 0}));
  EXPECT_EQ(AllocateWorkers(2, std::vector<uint64_t>{5, 5, 5}), (std::vector<uint32_t>{1, 1, 1}));
  EXPECT_TRUE(AllocateWorkers(4, {}).empty());
}

TEST(WorkerBudgetTest, PropertiesOverRandomInputs) {
  std::mt19937_64 rng(11);
  for (int iter = 0; iter < 2000; ++iter) {
    const size_t types = 1 + rng() % 12;
    std::vector<uint64_t> counts(types);
    uint32_t non_empty = 0;
    for (auto& c : counts) {
      c = rng() % 4 == 0 ? 0 : rng() % (rng() % 2 ? 1000 : 1'000'000'000);
      non_empty += c > 0;
    }
    const uint32_t budget = 1 + static_cast<uint32_t>(rng() % 64);
    const auto a = AllocateWorkers(budget, counts);
    ASSERT_EQ(a.size(), types);
    EXPECT_EQ(a, AllocateWorkers(budget, counts)) << "deterministic";
    for (size_t t = 0; t < types; ++t) {
      if (counts[t] == 0) {
        EXPECT_EQ(a[t], 0u);
      } else {
        EXPECT_GE(a[t], 1u);
      }
    }
    if (non_empty == 0) continue;
    if (budget >= non_empty) {
      EXPECT_EQ(Sum(a), budget);
      // Proportional: beyond the floor of one, each type is within one worker of its quota.
      const double total = std::accumulate(counts.begin(), counts.end(), 0.0);
      for (size_t t = 0; t < types; ++t) {
        if (counts[t] == 0) continue;
        const double quota = (budget - non_empty) * static_cast<double>(counts[t]) / total;
        EXPECT_LE(std::abs(static_cast<double>(a[t] - 1) - quota), 1.0) << "type " << t;
      }
      // Monotone: a type with more edges never gets fewer workers.
      for (size_t s = 0; s < types; ++s) {
        for (size_t t = 0; t < types; ++t) {
          if (counts[s] > counts[t]) {
            EXPECT_GE(a[s], a[t]);
          }
        }
      }
    } else {
      EXPECT_EQ(Sum(a), non_empty);
    }
  }
}

TEST(WorkerBudgetTest, AutoIsMinOfCoresAndEdges) {
  EXPECT_EQ(AutoWorkers({8, 1.0, 1 << 30, 1 << 16}), 8u);
  EXPECT_EQ(AutoWorkers({8, 0.5, 1 << 30, 1 << 16}), 4u);
  EXPECT_EQ(AutoWorkers({8, 1.0, 3 << 16, 1 << 16}), 3u);
  EXPECT_EQ(AutoWorkers({8, 1.0, (3 << 16) + 1, 1 << 16}), 4u);  // ceil
  EXPECT_EQ(AutoWorkers({8, 1.0, 0, 1 << 16}), 1u);
  EXPECT_EQ(AutoWorkers({2, 0.1, 1 << 30, 1 << 16}), 1u);
  EXPECT_EQ(AutoWorkers({16, 1.5, 1 << 30, 1}), 24u);
}

TEST(WorkerBudgetTest, MemoryBound) {
  EXPECT_EQ(MemoryBoundWorkers(1ull << 30, 0, 64ull << 20), 16u);
  EXPECT_EQ(MemoryBoundWorkers(1ull << 30, 512ull << 20, 64ull << 20), 8u);
  EXPECT_EQ(MemoryBoundWorkers(1ull << 20, 1ull << 30, 64ull << 20), 1u);  // never zero
}

TEST(WorkerBudgetTest, ParseThreads) {
  std::optional<uint32_t> fixed = 3;
  std::string error;
  EXPECT_TRUE(ParseThreads("auto", &fixed, &error));
  EXPECT_FALSE(fixed.has_value());
  EXPECT_TRUE(ParseThreads("12", &fixed, &error));
  EXPECT_EQ(fixed, 12u);
  for (const char* bad : {"0", "-1", "two", "3x", "99999999"}) {
    EXPECT_FALSE(ParseThreads(bad, &fixed, &error)) << bad;
    EXPECT_NE(error.find("--threads"), std::string::npos);
  }
}

TEST(WorkerPoolTest, EveryTaskOnceAndFirstErrorByIndex) {
  for (uint32_t workers : {1u, 2u, 8u}) {
    WorkerPool pool(workers);
    std::vector<int> hits(1000, 0);
    pool.ParallelFor(hits.size(), [&](size_t t, uint32_t w) {
      ASSERT_LT(w, workers);
      ++hits[t];
    });
    EXPECT_EQ(std::count(hits.begin(), hits.end(), 1), 1000);
    Status s = pool.ParallelForStatus(500, [](size_t t, uint32_t) {
      return t % 97 == 13 ? Status::InvalidArgument("task " + std::to_string(t)) : Status::OK();
    });
    EXPECT_EQ(s.message(), "task 13");
    EXPECT_THROW(pool.ParallelFor(10,
                                  [](size_t t, uint32_t) {
                                    if (t == 3) throw std::runtime_error("x");
                                  }),
                 std::runtime_error);
    pool.ParallelFor(4, [](size_t, uint32_t) {});  // usable after an exception
  }
}

}  // namespace
}  // namespace quiver::ingest
