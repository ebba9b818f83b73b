#include "ingest/worker_pool.h"

#include <algorithm>

namespace quiver::ingest {

WorkerPool::WorkerPool(uint32_t workers) : size_(std::max<uint32_t>(1, workers)) {
  threads_.reserve(size_ - 1);
  for (uint32_t w = 1; w < size_; ++w) threads_.emplace_back([this, w] { WorkerLoop(w); });
}

WorkerPool::~WorkerPool() {
  {
    std::lock_guard lock(mu_);
    stop_ = true;
  }
  wake_.notify_all();
  threads_.clear();  // joins
}

void WorkerPool::RunTasks(uint32_t worker) {
  while (!failed_.load(std::memory_order_relaxed)) {
    const size_t task = next_.fetch_add(1, std::memory_order_relaxed);
    if (task >= tasks_) break;
    try {
      (*fn_)(task, worker);
    } catch (...) {
      std::lock_guard lock(mu_);
      if (!error_) error_ = std::current_exception();
      failed_.store(true, std::memory_order_relaxed);
    }
  }
}

void WorkerPool::WorkerLoop(uint32_t worker) {
  uint64_t seen = 0;
  for (;;) {
    {
      std::unique_lock lock(mu_);
      wake_.wait(lock, [&] { return stop_ || job_id_ != seen; });
      if (stop_) return;
      seen = job_id_;
    }
    RunTasks(worker);
    {
      std::lock_guard lock(mu_);
      if (--busy_ == 0) done_.notify_one();
    }
  }
}

void WorkerPool::ParallelFor(size_t tasks, const TaskFn& fn) {
  if (tasks == 0) return;
  if (size_ == 1 || tasks == 1) {
    for (size_t t = 0; t < tasks; ++t) fn(t, 0);
    return;
  }
  fn_ = &fn;
  tasks_ = tasks;
  next_.store(0);
  failed_.store(false);
  {
    std::lock_guard lock(mu_);
    error_ = nullptr;
    busy_ = size_ - 1;
    ++job_id_;
  }
  wake_.notify_all();
  RunTasks(0);
  std::exception_ptr error;
  {
    std::unique_lock lock(mu_);
    done_.wait(lock, [&] { return busy_ == 0; });
    error = error_;
    fn_ = nullptr;
  }
  if (error) std::rethrow_exception(error);
}

Status WorkerPool::ParallelForStatus(size_t tasks, const StatusFn& fn) {
  std::atomic<size_t> first_failed{tasks};
  std::vector<Status> errors(tasks);
  ParallelFor(tasks, [&](size_t task, uint32_t worker) {
    if (task > first_failed.load(std::memory_order_relaxed)) return;
    Status s = fn(task, worker);
    if (s.ok()) return;
    errors[task] = std::move(s);
    size_t cur = first_failed.load(std::memory_order_relaxed);
    while (task < cur && !first_failed.compare_exchange_weak(cur, task, std::memory_order_relaxed)) {
    }
  });
  const size_t f = first_failed.load();
  return f < tasks ? errors[f] : Status::OK();
}

}  // namespace quiver::ingest
