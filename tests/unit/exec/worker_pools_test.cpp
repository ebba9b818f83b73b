// WorkerPools: a statement's run gets a pool of its size that no concurrent run holds,
// an idle pool is reused rather than new threads started, at most kMaxIdle wait, and
// the pools outlive a database that ends while a lease is out.

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <memory>
#include <mutex>
#include <set>
#include <thread>
#include <vector>

#include "exec/worker_pools.h"

namespace quiver::exec {
namespace {

// The ids of the threads that ran a job of `tasks` on `pool`.
std::set<std::thread::id> ThreadsOf(ingest::WorkerPool& pool, size_t tasks) {
  std::mutex mu;
  std::set<std::thread::id> ids;
  pool.ParallelFor(tasks, [&](size_t, uint32_t) {
    std::this_thread::sleep_for(std::chrono::microseconds(200));
    std::lock_guard lock(mu);
    ids.insert(std::this_thread::get_id());
  });
  return ids;
}

TEST(WorkerPoolsTest, AnIdlePoolIsReusedWithItsThreads) {
  auto pools = WorkerPools::Create();
  ingest::WorkerPool* first = nullptr;
  std::set<std::thread::id> before;
  {
    auto lease = WorkerPools::Acquire(pools.get(), 2);
    first = &lease.pool();
    EXPECT_EQ(lease.pool().size(), 2u);
    before = ThreadsOf(lease.pool(), 64);
  }
  EXPECT_EQ(pools->idle(), 1u);
  auto again = WorkerPools::Acquire(pools.get(), 2);
  EXPECT_EQ(&again.pool(), first);
  EXPECT_EQ(pools->idle(), 0u);
  // The same threads (the caller's among them) run the next job.
  for (const auto& id : ThreadsOf(again.pool(), 64)) {
    EXPECT_TRUE(before.count(id) == 1 || id == std::this_thread::get_id());
  }
  // Another size is another pool.
  auto three = WorkerPools::Acquire(pools.get(), 3);
  EXPECT_NE(&three.pool(), first);
  EXPECT_EQ(three.pool().size(), 3u);
}

TEST(WorkerPoolsTest, ConcurrentRunsNeverShareAPoolAndFewWaitIdle) {
  auto pools = WorkerPools::Create();
  constexpr int kRuns = 8;
  std::vector<WorkerPools::Lease> leases;
  std::set<ingest::WorkerPool*> distinct;
  for (int i = 0; i < kRuns; ++i) {
    leases.push_back(WorkerPools::Acquire(pools.get(), 2));
    distinct.insert(&leases.back().pool());
  }
  EXPECT_EQ(distinct.size(), static_cast<size_t>(kRuns));
  // Jobs on all of them at once, from as many threads.
  std::atomic<uint64_t> total{0};
  std::vector<std::thread> callers;
  for (auto& lease : leases) {
    callers.emplace_back([&total, &lease] {
      lease.pool().ParallelFor(1000, [&](size_t t, uint32_t) { total.fetch_add(t, std::memory_order_relaxed); });
    });
  }
  for (auto& t : callers) t.join();
  EXPECT_EQ(total.load(), kRuns * (999u * 1000u / 2));
  leases.clear();
  EXPECT_EQ(pools->idle(), WorkerPools::kMaxIdle);
}

TEST(WorkerPoolsTest, WithoutPoolsARunHasItsOwnAndALeaseOutlivesItsPools) {
  auto own = WorkerPools::Acquire(nullptr, 2);
  EXPECT_GE(ThreadsOf(own.pool(), 8).size(), 1u);
  auto pools = WorkerPools::Create();
  auto lease = WorkerPools::Acquire(pools.get(), 2);
  std::weak_ptr<WorkerPools> watch = pools;
  pools.reset();  // the database ends; the lease keeps what it returns to alive
  EXPECT_FALSE(watch.expired());
  EXPECT_EQ(lease.pool().size(), 2u);
}

// A child forked with idle pools (whose threads stay in the parent) runs its jobs on
// threads of its own and exits without joining the parent's.
TEST(WorkerPoolsTest, AForkedChildStartsItsOwnThreads) {
  auto pools = WorkerPools::Create();
  { auto warm = WorkerPools::Acquire(pools.get(), 2); }
  ASSERT_EQ(pools->idle(), 1u);
  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    std::atomic<int> ran{0};
    {
      auto lease = WorkerPools::Acquire(pools.get(), 2);
      lease.pool().ParallelFor(100, [&](size_t, uint32_t) { ran.fetch_add(1); });
    }
    pools.reset();
    ::_exit(ran.load() == 100 ? 0 : 1);
  }
  int status = 0;
  ASSERT_EQ(::waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0);
  EXPECT_EQ(pools->idle(), 1u);  // the parent's pool is still there
}

}  // namespace
}  // namespace quiver::exec
