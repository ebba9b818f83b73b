#include <fcntl.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "common/metrics/phase_metrics.h"
#include "common/metrics/phase_recorder.h"
#include "common/metrics/process_snapshot.h"

namespace quiver {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

constexpr uint64_t kMiB = uint64_t{1} << 20;

fs::path TempDir(const std::string& name) {
  const char* env = std::getenv("QUIVER_TEST_TMPDIR");
  fs::path dir = (env != nullptr && *env != '\0' ? fs::path(env) : fs::temp_directory_path()) /
                 ("metrics_" + std::to_string(::getpid()) + "_" + name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

// Spins until the process has used at least `cpu` of CPU time; returns a value the
// optimiser cannot discard.
uint64_t BurnCpu(std::chrono::microseconds cpu) {
  const ProcessSnapshot start = ProcessSnapshot::Take();
  uint64_t x = 88172645463325252ull;
  for (;;) {
    for (int i = 0; i < 100000; ++i) {  // xorshift: cheap, and its result is used
      x ^= x << 13;
      x ^= x >> 7;
      x ^= x << 17;
    }
    const ProcessSnapshot now = ProcessSnapshot::Take();
    if (now.user_cpu_us + now.sys_cpu_us - start.user_cpu_us - start.sys_cpu_us >=
        static_cast<uint64_t>(cpu.count())) {
      return x;
    }
  }
}

TEST(ProcessSnapshotTest, ParsesProcIo) {
  auto io = ParseProcIo(
      "rchar: 6976\nwchar: 100\nsyscr: 10\nsyscw: 1\nread_bytes: 4096\nwrite_bytes: 8192\n"
      "cancelled_write_bytes: 0\n");
  ASSERT_TRUE(io.has_value());
  EXPECT_EQ(io->rchar, 6976u);
  EXPECT_EQ(io->wchar, 100u);
  EXPECT_EQ(io->read_bytes, 4096u);
  EXPECT_EQ(io->write_bytes, 8192u);
  EXPECT_FALSE(ParseProcIo("rchar: 1\nwchar: 2\n").has_value());
  EXPECT_FALSE(ParseProcIo("").has_value());
}

TEST(ProcessSnapshotTest, ParsesRssFromStatus) {
  auto m = ParseProcStatusMemory("Name:\tx\nVmPeak:\t 9000 kB\nVmHWM:\t    2172 kB\nVmRSS:\t    1000 kB\n");
  ASSERT_TRUE(m.has_value());
  EXPECT_EQ(m->peak_rss_bytes, 2172u * 1024);
  EXPECT_EQ(m->rss_bytes, 1000u * 1024);
  EXPECT_FALSE(ParseProcStatusMemory("VmRSS: 1 kB\n").has_value());
}

TEST(ProcessSnapshotTest, DegradesWhenProcFilesAreUnreadable) {
  const fs::path dir = TempDir("noproc");
  std::ofstream(dir / "status") << "VmHWM:\t 300 kB\nVmRSS:\t 200 kB\n";  // but no io file
  ProcessSnapshot s = ProcessSnapshot::Take(dir.string());
  EXPECT_FALSE(s.io_available);
  EXPECT_EQ(s.io.rchar, 0u);
  EXPECT_EQ(s.io.write_bytes, 0u);
  EXPECT_TRUE(s.rss_available);
  EXPECT_EQ(s.memory.rss_bytes, 200u * 1024);
  EXPECT_GT(s.user_cpu_us + s.sys_cpu_us, 0u);  // getrusage does not depend on /proc

  fs::remove(dir / "status");
  ProcessSnapshot t = ProcessSnapshot::Take(dir.string());
  EXPECT_FALSE(t.rss_available);
  EXPECT_GT(t.memory.peak_rss_bytes, 0u);  // from getrusage's ru_maxrss instead
  PhaseMetrics m = PhaseMetrics::Between("x", s, t);
  EXPECT_FALSE(m.io_available);
  EXPECT_FALSE(m.rss_available);
  fs::remove_all(dir);
}

TEST(PhaseMetricsTest, DifferenceAndPerUnitArithmetic) {
  ProcessSnapshot a;
  ProcessSnapshot b;
  a.time = std::chrono::steady_clock::time_point{} + 1s;
  b.time = a.time + 2s;
  a.user_cpu_us = 100;
  b.user_cpu_us = 3000100;
  a.sys_cpu_us = 50;
  b.sys_cpu_us = 1000050;
  a.io_available = b.io_available = true;
  a.io = {10, 20, 30, 40};
  b.io = {1010, 2020, 4030, 8040};
  a.memory = {100, 500};
  b.memory = {300, 900};
  a.rss_available = b.rss_available = true;
  PhaseMetrics m = PhaseMetrics::Between("load", a, b);
  EXPECT_EQ(m.name, "load");
  EXPECT_EQ(m.wall_us, 2000000u);
  EXPECT_EQ(m.user_cpu_us, 3000000u);
  EXPECT_EQ(m.sys_cpu_us, 1000000u);
  EXPECT_EQ(m.cpu_us(), 4000000u);
  EXPECT_DOUBLE_EQ(m.EffectiveCores(), 2.0);
  EXPECT_EQ(m.io.rchar, 1000u);
  EXPECT_EQ(m.io.wchar, 2000u);
  EXPECT_EQ(m.io.read_bytes, 4000u);
  EXPECT_EQ(m.io.write_bytes, 8000u);
  EXPECT_EQ(m.rss_start_bytes, 100u);
  EXPECT_EQ(m.rss_end_bytes, 300u);
  EXPECT_EQ(m.peak_rss_bytes, 900u);
  EXPECT_DOUBLE_EQ(m.CpuMicrosPer(1000), 4000.0);
  EXPECT_DOUBLE_EQ(m.ReadBytesPer(1000), 4.0);
  EXPECT_DOUBLE_EQ(m.WriteBytesPer(1000), 8.0);
  EXPECT_DOUBLE_EQ(m.RcharPer(1000), 1.0);
  EXPECT_DOUBLE_EQ(m.WcharPer(1000), 2.0);
  EXPECT_DOUBLE_EQ(m.CpuMicrosPer(0), 0.0);

  // io is unavailable if either end lacked it.
  b.io_available = false;
  EXPECT_FALSE(PhaseMetrics::Between("x", a, b).io_available);
  EXPECT_EQ(PhaseMetrics::Between("x", a, b).io.wchar, 0u);
}

TEST(PhaseMetricsTest, CpuBoundPhaseReportsCpuAndEffectiveCores) {
  PhaseCollector phases;
  uint64_t sink = 0;
  {
    ScopedPhase phase(phases, "burn");
    sink = BurnCpu(50ms);
  }
  EXPECT_NE(sink, 0u);
  auto m = phases.Find("burn");
  ASSERT_TRUE(m.has_value());
  EXPECT_GE(m->cpu_us(), 50000u);
  EXPECT_GT(m->user_cpu_us, 0u);
  EXPECT_GT(m->wall_us, 0u);
  EXPECT_GT(m->EffectiveCores(), 0.0);
  EXPECT_LT(m->EffectiveCores(), 1.5);  // one thread burns at most one core (plus noise)
}

TEST(PhaseMetricsTest, WritingAndSyncingAFileReportsBytesWritten) {
  const fs::path dir = TempDir("write");
  const std::string data(4 * kMiB, 'q');
  PhaseCollector phases;
  {
    ScopedPhase phase(phases, "write");
    const int fd = ::open((dir / "f").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    ASSERT_GE(fd, 0);
    size_t done = 0;
    while (done < data.size()) {
      const ssize_t n = ::write(fd, data.data() + done, data.size() - done);
      ASSERT_GT(n, 0);
      done += static_cast<size_t>(n);
    }
    ASSERT_EQ(::fsync(fd), 0);
    ::close(fd);
    phase.SetUnits("MiB", 4);
  }
  fs::remove_all(dir);
  auto m = phases.Find("write");
  ASSERT_TRUE(m.has_value());
  if (!m->io_available) GTEST_SKIP() << "/proc/self/io is unreadable here; the degraded path is tested above";
  EXPECT_GE(m->io.wchar, 4 * kMiB);
  EXPECT_GE(m->WcharPer(m->units->count), static_cast<double>(kMiB));
  // write_bytes counts what reached the block layer; tmpfs and some sandboxes report 0.
  if (m->io.write_bytes > 0) {
    EXPECT_GE(m->io.write_bytes, 4 * kMiB);
  } else {
    std::cout << "note: write_bytes is 0 here (tmpfs or a sandbox without block-I/O accounting)\n";
  }
}

TEST(PhaseMetricsTest, PeakRssGrowsAfterTouchingALargeAllocation) {
  const ProcessSnapshot before = ProcessSnapshot::Take();
  if (!before.rss_available) GTEST_SKIP() << "/proc/self/status is unreadable here";
  // Enough to pass the old high-water mark whatever ran before in this process.
  const size_t size = 128 * kMiB + (before.memory.peak_rss_bytes - before.memory.rss_bytes);
  PhaseCollector phases;
  {
    ScopedPhase phase(phases, "touch");
    auto block = std::make_unique<char[]>(size);
    for (size_t i = 0; i < size; i += 4096) block[i] = static_cast<char>(i);
    volatile char sink = block[size / 2];  // keep the writes observable
    (void)sink;
  }
  auto m = phases.Find("touch");
  ASSERT_TRUE(m.has_value());
  EXPECT_TRUE(m->rss_available);
  EXPECT_GT(m->peak_rss_bytes, before.memory.peak_rss_bytes);
  EXPECT_GE(m->peak_rss_bytes, before.memory.rss_bytes + 120 * kMiB);
}

TEST(PhaseMetricsTest, JsonHasEveryField) {
  PhaseCollector phases;
  {
    ScopedPhase phase(phases, "counted");
    phase.SetUnits("edge", 1000);
    BurnCpu(5ms);
  }
  { ScopedPhase phase(phases, "uncounted"); }
  nlohmann::json j = phases.ToJson();
  ASSERT_TRUE(j.is_array());
  ASSERT_EQ(j.size(), 2u);
  const nlohmann::json& counted = j[0];
  for (const char* key : {"name",
                          "wall_us",
                          "user_cpu_us",
                          "sys_cpu_us",
                          "cpu_us",
                          "effective_cores",
                          "io_available",
                          "rchar",
                          "wchar",
                          "read_bytes",
                          "write_bytes",
                          "rss_available",
                          "rss_start_bytes",
                          "rss_end_bytes",
                          "peak_rss_bytes",
                          "unit",
                          "unit_count",
                          "cpu_us_per_unit",
                          "read_bytes_per_unit",
                          "write_bytes_per_unit",
                          "rchar_per_unit",
                          "wchar_per_unit"}) {
    EXPECT_TRUE(counted.contains(key)) << key;
    EXPECT_TRUE(j[1].contains(key)) << key;
  }
  EXPECT_EQ(counted.size(), 22u);  // a new field must be added to the list above too
  EXPECT_EQ(counted["name"], "counted");
  EXPECT_EQ(counted["unit"], "edge");
  EXPECT_EQ(counted["unit_count"], 1000);
  EXPECT_GE(counted["cpu_us"].get<uint64_t>(), 5000u);
  EXPECT_DOUBLE_EQ(counted["cpu_us_per_unit"].get<double>(), counted["cpu_us"].get<double>() / 1000);
  EXPECT_TRUE(j[1]["cpu_us_per_unit"].is_null());
  EXPECT_TRUE(j[1]["unit"].is_null());
  EXPECT_EQ(j[1]["name"], "uncounted");
}

TEST(ScopedPhaseTest, FinishRecordsOnceAndInOrder) {
  PhaseCollector phases;
  {
    ScopedPhase a(phases, "a");
    ScopedPhase b(phases, "b");
    const PhaseMetrics& first = b.Finish();
    const PhaseMetrics& again = b.Finish();
    EXPECT_EQ(&first, &again);
  }  // a ends here; b is not recorded twice
  std::vector<PhaseMetrics> all = phases.phases();
  ASSERT_EQ(all.size(), 2u);
  EXPECT_EQ(all[0].name, "b");
  EXPECT_EQ(all[1].name, "a");
  EXPECT_FALSE(phases.Find("c").has_value());
}

}  // namespace
}  // namespace quiver
