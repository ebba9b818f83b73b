#pragma once
// WorkerPool: a fixed set of std::jthreads that run ParallelFor jobs, the only
// parallelism the ingest layer uses (oneTBB is not a dependency).
//
// Determinism rule: a job is a number of *tasks*, and every task's result goes to a slot
// chosen by the task index, never by the worker that ran it or the order tasks finished
// in. So the output of a parallel phase depends on how the input was cut into tasks at
// most, and every phase cuts by input position, not by worker count.
//
// The caller's thread takes part in every job as worker 0, so a pool of 1 spawns no
// thread at all. Jobs do not nest on one pool; a phase that runs several relationship
// types at once gives each type its own pool (worker_budget.h decides the sizes).

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

#include "quiver/status.h"

namespace quiver::ingest {

class WorkerPool {
 public:
  // fn(task, worker): worker is in [0, size()), for per-worker scratch buffers.
  using TaskFn = std::function<void(size_t task, uint32_t worker)>;

  explicit WorkerPool(uint32_t workers);
  ~WorkerPool();
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;

  uint32_t size() const { return size_; }

  // Runs fn for every task in [0, tasks) and returns when all are done. Tasks are handed
  // out in increasing order to whichever worker is free. If a task throws, the remaining
  // tasks are skipped and the first exception is rethrown here.
  void ParallelFor(size_t tasks, const TaskFn& fn);

  // The Status form: runs every task unless one fails; then tasks after the lowest
  // failed index are skipped and that task's Status is returned. The error reported is
  // therefore the one the first failing task (in input order) produced, whatever the
  // number of workers: a parallel import names the same bad row as a serial one.
  using StatusFn = std::function<Status(size_t task, uint32_t worker)>;
  Status ParallelForStatus(size_t tasks, const StatusFn& fn);

  // This pool as a storage::TaskRunner, for writers that spread their work over the
  // caller's threads (storage/parallel_section_writer.h).
  auto Runner() {
    return [this](size_t tasks, const std::function<Status(size_t)>& task) {
      return ParallelForStatus(tasks, [&task](size_t i, uint32_t) { return task(i); });
    };
  }

  // Splits [0, n) into `parts` contiguous ranges as equal as possible: range i is
  // [RangeBegin(n, parts, i), RangeBegin(n, parts, i + 1)).
  static uint64_t RangeBegin(uint64_t n, uint64_t parts, uint64_t i) {
    return parts == 0 ? 0 : static_cast<uint64_t>((static_cast<unsigned __int128>(n) * i) / parts);
  }

 private:
  void WorkerLoop(uint32_t worker);
  void RunTasks(uint32_t worker);

  uint32_t size_;
  std::vector<std::jthread> threads_;
  std::mutex mu_;
  std::condition_variable wake_;  // workers wait for a new job (or shutdown)
  std::condition_variable done_;  // the caller waits for the job's workers to finish
  uint64_t job_id_ = 0;           // guarded by mu_
  uint32_t busy_ = 0;             // workers still inside the current job, guarded by mu_
  bool stop_ = false;             // guarded by mu_
  // The current job; written by the caller before job_id_ is bumped under mu_.
  const TaskFn* fn_ = nullptr;
  size_t tasks_ = 0;
  std::atomic<size_t> next_{0};
  std::atomic<bool> failed_{false};
  std::exception_ptr error_;  // guarded by mu_
};

}  // namespace quiver::ingest
