#pragma once
// WorkShare: how the workers of one fragment run share its work — the morsels, handed
// out in order, and the chunks a busy worker gives away while another waits.
//
// Morsels alone cannot balance a skewed graph: a hub's rows are one morsel's, and after
// a second expand one node can hold most of a query's work (at scale 18 of Graph500, one
// of the 263 inner nodes of `two_hop_inner_filter` holds 66% of its 1.4 M rows). So a
// worker that runs out of morsels says so (it waits here), and a worker in the middle of
// an expand, seeing that one waits (Wanted: two relaxed loads), hands it the rest of its
// input rows or a chunk it just produced (Offer). The run ends when no morsel is left,
// no chunk is queued and no worker is busy: a worker only gives work away while it is
// busy itself, and it runs what is still queued before it stops, so nothing offered is
// dropped.
//
// Only a consumer whose result does not depend on which worker saw which rows, nor in
// what order, may let its fragment share chunks (an aggregation run in parallel): the
// rows of a morsel no longer arrive on one worker, in order.

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>

#include "exec/vector/data_chunk.h"

namespace quiver::exec::vector {

class WorkShare {
 public:
  // A chunk given away: the stage that reads it next, and the morsel it came from.
  struct Task {
    size_t stage = 0;
    size_t morsel = 0;
    DataChunk chunk;
  };
  using MorselFn = std::function<void(size_t morsel, uint32_t worker)>;
  using TaskFn = std::function<void(Task& task, uint32_t worker)>;

  explicit WorkShare(size_t morsels) : morsels_(morsels) {}

  // Whether a worker waits for work that no queued chunk will give it.
  // The queue's length is read first: a worker stops being idle before it takes a
  // chunk (release/acquire on queued_), so a chunk just taken never reads as wanted.
  bool Wanted() const {
    const uint32_t queued = queued_.load(std::memory_order_acquire);
    return idle_.load(std::memory_order_relaxed) > queued;
  }
  void Offer(size_t stage, size_t morsel, DataChunk&& chunk);

  // One worker's part of the run: morsels and offered chunks until none is left and no
  // worker is busy. An exception ends every worker's part (the others stop waiting) and
  // is rethrown to this worker's caller.
  void Work(uint32_t worker, const MorselFn& run_morsel, const TaskFn& run_task);

  uint64_t offered() const { return offered_.load(std::memory_order_relaxed); }

 private:
  const size_t morsels_;
  std::mutex mu_;
  std::condition_variable wake_;
  std::deque<Task> queue_;  // guarded by mu_
  size_t next_morsel_ = 0;  // guarded by mu_
  uint32_t busy_ = 0;       // workers inside a morsel or a task, guarded by mu_
  bool failed_ = false;     // guarded by mu_
  // Written under mu_, read without it by Wanted.
  std::atomic<uint32_t> idle_{0};
  std::atomic<uint32_t> queued_{0};
  std::atomic<uint64_t> offered_{0};  // PROFILE: chunks given away
};

}  // namespace quiver::exec::vector
