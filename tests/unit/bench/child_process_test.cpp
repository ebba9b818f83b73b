#include "bench/child_process.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>

namespace quiver::bench {
namespace {

std::string LogPath(const std::string& name) {
  const char* base = std::getenv("QUIVER_TEST_TMPDIR");
  const std::string dir = std::string(base ? base : "/tmp") + "/child_process_test";
  std::filesystem::create_directories(dir);
  const std::string path = dir + "/" + name + ".log";
  std::filesystem::remove(path);
  return path;
}

TEST(ChildProcessTest, ReportsTheExitStatusAndKeepsTheOutput) {
  const std::string log = LogPath("exit");
  const ChildOutcome c = RunSupervised({"/bin/sh", "-c", "echo hello; exit 3"}, log, {});
  EXPECT_EQ(c.end, ChildEnd::kExited);
  EXPECT_EQ(c.exit_code, 3);
  EXPECT_FALSE(c.ok());
  EXPECT_EQ(FileTail(log, 100), "hello\n");
  EXPECT_TRUE(RunSupervised({"/bin/sh", "-c", "exit 0"}, log, {}).ok());
}

TEST(ChildProcessTest, KillsAChildPastItsTimeLimit) {
  SupervisorLimits limits;
  limits.wall_time = std::chrono::milliseconds(300);
  const ChildOutcome c = RunSupervised({"/bin/sleep", "30"}, LogPath("time"), limits);
  EXPECT_EQ(c.end, ChildEnd::kTimeKilled);
  EXPECT_LT(c.wall_seconds, 10.0);
  EXPECT_NE(c.Describe(limits).find("time limit"), std::string::npos);
}

TEST(ChildProcessTest, KillsTheWholeProcessGroupOnTimeout) {
  // The shell's own child (a grandchild) must not survive the kill: the group goes.
  SupervisorLimits limits;
  limits.wall_time = std::chrono::milliseconds(300);
  const ChildOutcome c = RunSupervised({"/bin/sh", "-c", "sleep 30; echo survived"}, LogPath("group"), limits);
  EXPECT_EQ(c.end, ChildEnd::kTimeKilled);
  EXPECT_LT(c.wall_seconds, 10.0);
}

TEST(ChildProcessTest, TheWatchdogKillsAChildPastItsMemoryLimit) {
  // tail buffers /dev/zero looking for a newline that never comes: memory grows until killed.
  SupervisorLimits limits;
  limits.memory_bytes = uint64_t{64} << 20;
  limits.wall_time = std::chrono::seconds(60);
  limits.try_cgroup = false;
  const ChildOutcome c = RunSupervised({"/usr/bin/tail", "/dev/zero"}, LogPath("memory"), limits);
  EXPECT_EQ(c.end, ChildEnd::kMemoryKilled) << c.Describe(limits);
  EXPECT_GT(c.peak_rss_sampled, limits.memory_bytes);
  EXPECT_EQ(c.enforcement, "rss watchdog");
  EXPECT_NE(c.Describe(limits).find("memory limit"), std::string::npos);
}

TEST(ChildProcessTest, AProgramThatCannotStartIsAFailure) {
  const ChildOutcome c = RunSupervised({"/nonexistent/program"}, LogPath("exec"), {});
  EXPECT_FALSE(c.ok());
  EXPECT_EQ(c.exit_code, 127);
}

}  // namespace
}  // namespace quiver::bench
