// Bounded memory: the same build under a small and a large budget, each in its own
// process (peak RSS is per process), publishes the same bytes, and the small budget's
// peak follows the budget, not the graph.
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ingest/g500_output.h"
#include "ingest_test_util.h"

namespace quiver::ingest {
namespace {

using testing::GenerationFiles;
using testing::OpenDb;
using testing::TempDir;

// Builds a scale-19 Graph500 graph (8.4M edges) in a child process; returns the child's
// peak RSS in bytes, or 0 if it failed.
uint64_t BuildInChild(const std::string& path, uint64_t budget, bool* spilled) {
  int pipe_fd[2];
  if (::pipe(pipe_fd) != 0) return 0;
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::close(pipe_fd[0]);
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
    (void)!::write(pipe_fd[1], &result, 1);
    ::_exit(0);
  }
  ::close(pipe_fd[1]);
  char result = 'F';
  (void)!::read(pipe_fd[0], &result, 1);
  ::close(pipe_fd[0]);
  int status = 0;
  struct rusage usage {};
  if (::wait4(pid, &status, 0, &usage) != pid || result == 'F') return 0;
  *spilled = result == 'S';
  return static_cast<uint64_t>(usage.ru_maxrss) * 1024;
}

TEST(MemoryBudgetTest, PeakRssFollowsTheBudgetAndBytesMatch) {
  TempDir dir;
  bool spilled_small = false, spilled_large = true;
  const uint64_t small_budget = 24ull << 20;
  const uint64_t small = BuildInChild(dir.Join("small"), small_budget, &spilled_small);
  const uint64_t large = BuildInChild(dir.Join("large"), 4ull << 30, &spilled_large);
  ASSERT_GT(small, 0u);
  ASSERT_GT(large, 0u);
  EXPECT_TRUE(spilled_small);
  EXPECT_FALSE(spilled_large);
  // The in-memory build of 8.4M edges holds over 100 MB; the spilling one stays near
  // its budget (plus the process's own: the test binary, stacks, write buffers).
  EXPECT_LT(small, small_budget + (24ull << 20)) << "peak " << (small >> 20) << " MiB";
  EXPECT_GT(large, small + (64ull << 20))
      << "small " << (small >> 20) << " MiB, large " << (large >> 20) << " MiB";
  EXPECT_EQ(GenerationFiles(dir.Join("small")), GenerationFiles(dir.Join("large")));
}

}  // namespace
}  // namespace quiver::ingest
