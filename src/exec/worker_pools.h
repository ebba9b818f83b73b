#pragma once
// WorkerPools: the worker threads a database's statements run their parallel fragments
// on, kept between statements. A pool made per statement cost a thread start per worker
// — and, measured on a 2-core VM, a new thread often first ran 1 to 4 ms after the
// statement began (placed on the busy core until the scheduler moved it), so a 5 ms scan
// took 9 ms in one run of two. A pool that has run before wakes on the core it slept on.
//
// Statements check a pool out for a run (Acquire) and hand it back when the lease ends,
// so concurrent statements never share one (a WorkerPool runs one job at a time). The
// idle pools are few: at most kMaxIdle are kept, others end with their lease.
//
// After fork() the child has none of the parent's threads: it never takes an idle pool
// made before the fork (each of its runs gets its own) and never joins one.

#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

#include "ingest/worker_pool.h"

namespace quiver::exec {

class WorkerPools : public std::enable_shared_from_this<WorkerPools> {
 public:
  static constexpr size_t kMaxIdle = 4;

  // A pool of `workers` for one run; returned to its WorkerPools (if any) on destruction.
  class Lease {
   public:
    Lease(Lease&&) = default;
    Lease& operator=(Lease&&) = delete;
    ~Lease();
    ingest::WorkerPool& pool() { return *pool_; }

   private:
    friend class WorkerPools;
    Lease(std::shared_ptr<WorkerPools> owner, std::unique_ptr<ingest::WorkerPool> pool)
        : owner_(std::move(owner)), pool_(std::move(pool)) {}
    std::shared_ptr<WorkerPools> owner_;  // null: the pool ends with the lease
    std::unique_ptr<ingest::WorkerPool> pool_;
  };

  static std::shared_ptr<WorkerPools> Create() { return std::shared_ptr<WorkerPools>(new WorkerPools()); }
  ~WorkerPools();

  // An idle pool of `workers` from `pools`, or a new one; a pool of its own (ending with
  // the lease) when `pools` is null.
  static Lease Acquire(WorkerPools* pools, uint32_t workers);

  size_t idle() const;

 private:
  WorkerPools();
  void Return(std::unique_ptr<ingest::WorkerPool> pool);
  bool Forked() const;  // this process is a child forked after the pools were made

  const int pid_;  // the process the threads belong to

  mutable std::mutex mu_;
  std::vector<std::unique_ptr<ingest::WorkerPool>> idle_;  // guarded by mu_
};

}  // namespace quiver::exec
