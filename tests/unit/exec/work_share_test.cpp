// WorkShare: every morsel runs once; a chunk offered while another worker waits is run
// there; chunks still queued when their offerer finishes are run before the run ends;
// an exception in one worker ends every worker's part and reaches its caller.

#include "exec/vector/work_share.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <stdexcept>
#include <thread>
#include <vector>

#include "ingest/worker_pool.h"

namespace quiver::exec::vector {
namespace {

DataChunk ChunkOfSize(size_t size) {
  DataChunk chunk;
  chunk.size = size;
  return chunk;
}

TEST(WorkShareTest, EveryMorselRunsOnceWithoutOffers) {
  constexpr size_t kMorsels = 1000;
  ingest::WorkerPool pool(4);
  WorkShare share(kMorsels);
  std::vector<std::atomic<int>> runs(kMorsels);
  pool.ParallelFor(4, [&](size_t, uint32_t w) {
    share.Work(w, [&](size_t m, uint32_t) { runs[m].fetch_add(1); }, [](WorkShare::Task&, uint32_t) { FAIL(); });
  });
  for (size_t m = 0; m < kMorsels; ++m) EXPECT_EQ(runs[m].load(), 1) << m;
  EXPECT_EQ(share.offered(), 0u);
}

TEST(WorkShareTest, AWaitingWorkerRunsTheOfferedChunk) {
  // One morsel: the second worker has nothing to take and waits, so the first sees it
  // wanted, offers a chunk, and waits until the other worker has run it.
  ingest::WorkerPool pool(2);
  WorkShare share(1);
  std::atomic<bool> ran{false};
  std::atomic<uint32_t> morsel_worker{99}, task_worker{99};
  std::atomic<size_t> task_stage{0}, task_morsel{0}, task_rows{0};
  pool.ParallelFor(2, [&](size_t, uint32_t w) {
    share.Work(
        w,
        [&](size_t m, uint32_t worker) {
          morsel_worker = worker;
          while (!share.Wanted()) std::this_thread::yield();
          share.Offer(3, m, ChunkOfSize(7));
          while (!ran.load()) std::this_thread::yield();
        },
        [&](WorkShare::Task& task, uint32_t worker) {
          task_worker = worker;
          task_stage = task.stage;
          task_morsel = task.morsel;
          task_rows = task.chunk.size;
          ran = true;
        });
  });
  EXPECT_TRUE(ran.load());
  EXPECT_NE(task_worker.load(), morsel_worker.load());
  EXPECT_EQ(task_stage.load(), 3u);
  EXPECT_EQ(task_morsel.load(), 0u);
  EXPECT_EQ(task_rows.load(), 7u);
  EXPECT_EQ(share.offered(), 1u);
}

TEST(WorkShareTest, ChunksQueuedAtTheEndStillRun) {
  // One worker alone: the chunks it offers (nobody takes them) run after its morsel.
  ingest::WorkerPool pool(1);
  WorkShare share(1);
  std::atomic<int> tasks{0};
  pool.ParallelFor(1, [&](size_t, uint32_t w) {
    share.Work(
        w,
        [&](size_t m, uint32_t) {
          for (int k = 0; k < 5; ++k) share.Offer(1, m, ChunkOfSize(1));
        },
        [&](WorkShare::Task& task, uint32_t) {
          tasks.fetch_add(1);
          if (task.stage == 1) share.Offer(2, task.morsel, ChunkOfSize(1));  // a task may offer too
        });
  });
  EXPECT_EQ(tasks.load(), 10);
}

TEST(WorkShareTest, AnExceptionEndsEveryWorker) {
  // A morsel takes a millisecond, so the 99 that do not throw take ~50 ms on two
  // workers; the failure comes after two or three and the rest are skipped.
  ingest::WorkerPool pool(2);
  WorkShare share(100);
  std::atomic<int> ran{0};
  auto work = [&](size_t, uint32_t w) {
    share.Work(
        w,
        [&](size_t m, uint32_t) {
          if (m == 3) throw std::runtime_error("stop");
          std::this_thread::sleep_for(std::chrono::milliseconds(1));
          ran.fetch_add(1);
        },
        [](WorkShare::Task&, uint32_t) {});
  };
  EXPECT_THROW(pool.ParallelFor(2, work), std::runtime_error);
  EXPECT_LT(ran.load(), 99);
}

}  // namespace
}  // namespace quiver::exec::vector
