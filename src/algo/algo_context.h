#pragma once
// AlgoContext: what a graph algorithm runs with — the calling statement's workers, its
// cancellation and its memory limit. Algorithms cut their work into tasks by position
// (ranges of dense node ids), never by worker, so a result is the same for any worker
// count (the determinism rule of ingest/worker_pool.h).

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>

#include "exec/exec_context.h"
#include "exec/query_memory.h"
#include "exec/worker_pools.h"

namespace quiver::algo {

class AlgoContext {
 public:
  // `concurrency`: at most this many workers (0: the statement's).
  AlgoContext(exec::ExecContext& exec, uint32_t concurrency = 0)
      : exec_(exec), charge_(&exec.memory()) {
    workers_ = std::max<uint32_t>(1, exec.execution().workers);
    if (concurrency > 0) workers_ = std::min(workers_, concurrency);
    // The database's threads, kept between statements (exec/worker_pools.h).
    if (workers_ > 1) lease_.emplace(exec::WorkerPools::Acquire(exec.execution().pools.get(), workers_));
  }
  AlgoContext(const AlgoContext&) = delete;
  AlgoContext& operator=(const AlgoContext&) = delete;

  uint32_t workers() const { return workers_; }
  // Any thread: throws QueryInterrupted when the statement was cancelled or timed out.
  void CheckInterrupt() const { exec_.CheckInterrupt(); }
  // Working memory held until the algorithm's procedure returns (ResourceExhausted past
  // the statement's limit). From the calling thread only, not from inside ParallelFor.
  void Reserve(uint64_t bytes) { charge_.Add(bytes); }

  // fn(begin, end, worker) over [0, n) in tasks of `grain` items, checking for
  // cancellation before each task. The first exception a task throws is rethrown here.
  template <typename Fn>
  void ParallelFor(uint64_t n, uint64_t grain, Fn&& fn) const {
    grain = std::max<uint64_t>(1, grain);
    const uint64_t tasks = (n + grain - 1) / grain;
    auto task = [&](size_t t, uint32_t worker) {
      CheckInterrupt();
      const uint64_t begin = t * grain;
      fn(begin, std::min(n, begin + grain), worker);
    };
    if (!lease_ || tasks <= 1) {
      for (size_t t = 0; t < tasks; ++t) task(t, 0);
      return;
    }
    lease_->pool().ParallelFor(tasks, task);
  }

  // The algorithm proper has finished: what follows — its values as Cypher values, its
  // statistics — is post-processing, timed apart (GDS's computeMillis and
  // postProcessingMillis). The first call counts.
  void MarkComputed() {
    if (!computed_) computed_ = std::chrono::steady_clock::now();
  }
  std::optional<std::chrono::steady_clock::time_point> computed() const { return computed_; }

  const GraphReader& graph() const { return exec_.graph(); }
  exec::ExecContext& exec() { return exec_; }

 private:
  exec::ExecContext& exec_;
  exec::MemoryCharge charge_;
  uint32_t workers_ = 1;
  mutable std::optional<exec::WorkerPools::Lease> lease_;
  std::optional<std::chrono::steady_clock::time_point> computed_;
};

}  // namespace quiver::algo
