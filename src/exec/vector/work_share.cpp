#include "exec/vector/work_share.h"

#include <exception>

namespace quiver::exec::vector {

void WorkShare::Offer(size_t stage, size_t morsel, DataChunk&& chunk) {
  {
    std::lock_guard lock(mu_);
    queue_.push_back(Task{stage, morsel, std::move(chunk)});
    queued_.store(static_cast<uint32_t>(queue_.size()), std::memory_order_release);
  }
  offered_.fetch_add(1, std::memory_order_relaxed);
  wake_.notify_one();
}

void WorkShare::Work(uint32_t worker, const MorselFn& run_morsel, const TaskFn& run_task) {
  std::unique_lock lock(mu_);
  ++busy_;
  try {
    for (;;) {
      if (failed_) break;
      if (!queue_.empty()) {
        Task task = std::move(queue_.front());
        queue_.pop_front();
        queued_.store(static_cast<uint32_t>(queue_.size()), std::memory_order_release);
        lock.unlock();
        run_task(task, worker);
        lock.lock();
        continue;
      }
      if (next_morsel_ < morsels_) {
        const size_t morsel = next_morsel_++;
        lock.unlock();
        run_morsel(morsel, worker);
        lock.lock();
        continue;
      }
      // Nothing to take: wait until a busy worker offers a chunk or none is busy.
      --busy_;
      if (busy_ == 0) wake_.notify_all();
      idle_.fetch_add(1, std::memory_order_relaxed);
      wake_.wait(lock, [&] { return !queue_.empty() || busy_ == 0 || failed_; });
      idle_.fetch_sub(1, std::memory_order_relaxed);
      if (queue_.empty()) return;  // the run is over (or failed)
      ++busy_;
    }
  } catch (...) {
    if (!lock.owns_lock()) lock.lock();
    failed_ = true;
    --busy_;
    wake_.notify_all();
    throw;
  }
  --busy_;
  wake_.notify_all();
}

}  // namespace quiver::exec::vector
