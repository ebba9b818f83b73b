// Bounded memory: the same build under a small and a large budget, each in its own
// process (peak RSS is per process), publishes the same bytes, and the small budget's
// peak follows the budget, not the graph.
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstring>
#include <iostream>

#include "common/metrics/process_snapshot.h"
#include "ingest/g500_output.h"
#include "ingest_test_util.h"

namespace quiver::ingest {
namespace {

using testing::GenerationFiles;
using testing::OpenDb;
using testing::TempDir;

// Builds a scale-19 Graph500 graph (8.4M edges) in a child process; returns how far the
// child's peak RSS rose above its RSS at the fork (the parent's pages it shares count
// in both), or 0 if it failed.
uint64_t BuildInChild(const std::string& path, uint64_t budget, bool* spilled) {
  int pipe_fd[2];
  if (::pipe(pipe_fd) != 0) return 0;
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::close(pipe_fd[0]);
    const uint64_t base = ProcessSnapshot::Take().memory.rss_bytes;
    auto db = OpenDb(path);
    SessionOptions o;
    o.workers = 2;
    o.memory_budget = budget;
    auto s = ConstructionSession::Begin(db.get(), o);
    char result = 'F';
    if (s.ok() && GenerateIntoSession(G500Generator({19, 16, 5}), s->get()).ok()) {
      auto r = (*s)->Commit();
      if (r.ok()) result = r->spilled ? 'S' : 'M';
    }
    const uint64_t peak = ProcessSnapshot::Take().memory.peak_rss_bytes;
    char out[1 + sizeof(uint64_t)];
    out[0] = result;
    const uint64_t rise = peak > base ? peak - base : 1;
    std::memcpy(out + 1, &rise, sizeof(rise));
    (void)!::write(pipe_fd[1], out, sizeof(out));
    ::_exit(0);
  }
  ::close(pipe_fd[1]);
  char in[1 + sizeof(uint64_t)] = {'F'};
  const bool got = ::read(pipe_fd[0], in, sizeof(in)) == static_cast<ssize_t>(sizeof(in));
  ::close(pipe_fd[0]);
  int status = 0;
  if (::waitpid(pid, &status, 0) != pid || !got || in[0] == 'F') return 0;
  *spilled = in[0] == 'S';
  uint64_t rise = 0;
  std::memcpy(&rise, in + 1, sizeof(rise));
  return rise;
}

TEST(MemoryBudgetTest, PeakRssFollowsTheBudgetAndBytesMatch) {
#if defined(__SANITIZE_ADDRESS__)
  GTEST_SKIP() << "AddressSanitizer's shadow memory and quarantine make RSS meaningless here";
#endif
  TempDir dir;
  bool spilled_small = false, spilled_large = true;
  const uint64_t small_budget = 24ull << 20;
  const uint64_t small = BuildInChild(dir.Join("small"), small_budget, &spilled_small);
  const uint64_t large = BuildInChild(dir.Join("large"), 4ull << 30, &spilled_large);
  ASSERT_GT(small, 0u);
  ASSERT_GT(large, 0u);
  std::cout << "peak RSS rise: budget 24 MiB -> " << (small >> 20) << " MiB, budget 4 GiB -> "
            << (large >> 20) << " MiB\n";
  EXPECT_TRUE(spilled_small);
  EXPECT_FALSE(spilled_large);
  // The in-memory build of 8.4M edges holds over 100 MB; the spilling one stays near
  // its budget (plus thread stacks and write buffers).
  EXPECT_LT(small, small_budget + (16ull << 20)) << "peak rise " << (small >> 20) << " MiB";
  EXPECT_GT(large, small + (64ull << 20))
      << "small " << (small >> 20) << " MiB, large " << (large >> 20) << " MiB";
  EXPECT_EQ(GenerationFiles(dir.Join("small")), GenerationFiles(dir.Join("large")));
}

}  // namespace
}  // namespace quiver::ingest
