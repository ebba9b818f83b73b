// The memory bound holds while writing, in both durability modes (docs/format/log.md,
// "Memory bound"): a thread samples the delta's counted bytes + the log buffer, and the
// process RSS, *while* one session writes far more than the budget; the peak stays
// within the budget plus one transaction, and does not grow with the load (4x the load,
// same peak). Each load runs in a child process so its RSS is its own.

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <fstream>
#include <thread>

#include "txn_test_util.h"

namespace quiver::storage {
namespace {

using namespace txntest;

constexpr uint64_t kBudget = 2 << 20;
constexpr uint64_t kOneTransaction = 64 << 10;  // a 2 KiB value's record, records, path copies
constexpr int kBaseNodes = 1500;
constexpr size_t kValueBytes = 2048;

uint64_t ResidentBytes() {
  std::ifstream statm("/proc/self/statm");
  uint64_t size = 0, resident = 0;
  statm >> size >> resident;
  return resident * static_cast<uint64_t>(::sysconf(_SC_PAGESIZE));
}

struct Burst {
  uint64_t peak_counted = 0;  // sampled delta + log buffer while writing
  uint64_t account_peak = 0;  // the delta's exact high-water mark
  uint64_t rss_before = 0;
  uint64_t rss_peak = 0;       // sampled while writing
  uint64_t counted_after = 0;  // once the writer stopped and the log is flushed
  uint64_t written = 0;        // payload bytes committed
  uint64_t compactions = 0;
  uint64_t overruns = 0;
  uint64_t commits = 0;
  int ok = 0;
  char last_overrun[512] = {};
};

enum class Load {
  kSpread,   // a 2 KiB string set on a random base node: the delta grows, compaction frees it
  kGrow,     // a new node carrying it: the graph grows too
  kHotNode,  // always the same node, on a slow device: the delta stays tiny, the log
             // buffer is what grows unless appends wait for the flusher
};

// One session of `txns` transactions while a sampler watches.
Burst RunBurst(const std::string& path, Durability durability, int txns, Load load) {
  Burst b;
  StoreOptions o = Options(durability);
  o.memory_budget = kBudget;
  o.memory_patience = std::chrono::milliseconds(2000);
  SlowSyncEnv slow(std::chrono::milliseconds(load == Load::kHotNode ? 5 : 0));
  auto store = TransactionalStore::Open(&slow, path, o);
  if (!store.ok()) return b;
  TransactionalStore& s = **store;
  b.rss_before = ResidentBytes();
  std::atomic<bool> stop{false};
  std::thread sampler([&] {
    while (!stop.load()) {
      const StoreStats st = s.Stats();
      b.peak_counted = std::max(b.peak_counted, st.delta_bytes + st.log_buffer_bytes);
      b.rss_peak = std::max(b.rss_peak, ResidentBytes());
      std::this_thread::sleep_for(std::chrono::microseconds(100));
    }
  });
  std::mt19937_64 rng(42);
  for (int i = 0; i < txns; ++i) {
    auto w = s.BeginWrite();
    if (!w.ok()) break;
    const PropertyKeyId k = (*w)->InternPropertyKey("blob");
    std::string value(kValueBytes, static_cast<char>('a' + i % 26));
    value.replace(0, 8, std::to_string(i));
    if (load == Load::kGrow) {
      (*w)->CreateNode({}, std::vector<PropertyEntry>{{k, Value::String(value)}});
    } else {
      (*w)->SetNodeProperty(load == Load::kHotNode ? 7 : rng() % kBaseNodes, k, Value::String(value));
    }
    if (!(*w)->Commit().ok()) break;
    b.written += kValueBytes;
  }
  stop = true;
  sampler.join();
  if (!s.Flush().ok()) return b;
  const StoreStats st = s.Stats();
  b.counted_after = st.delta_bytes + st.log_buffer_bytes;
  b.account_peak = st.delta_peak_bytes;
  b.compactions = st.compactions;
  b.overruns = st.memory_overruns;
  b.commits = st.commits;
  b.ok = b.commits == static_cast<uint64_t>(txns);
  std::snprintf(b.last_overrun, sizeof(b.last_overrun), "%s", st.last_overrun.c_str());
  return b;
}

// RunBurst in a child process, on a fresh copy of a base graph.
Burst InChild(Durability durability, int txns, Load load) {
  testing::TempDir dir;
  const std::string path = dir.Join("db");
  RefGraph ref;
  PublishBase(path, kBaseNodes, &ref);
  int fds[2];
  EXPECT_EQ(::pipe(fds), 0);
  const pid_t child = ::fork();
  if (child == 0) {
    ::close(fds[0]);
    const Burst b = RunBurst(path, durability, txns, load);
    const ssize_t n = ::write(fds[1], &b, sizeof(b));
    ::_exit(n == sizeof(b) ? 0 : 1);
  }
  ::close(fds[1]);
  Burst b;
  EXPECT_EQ(::read(fds[0], &b, sizeof(b)), static_cast<ssize_t>(sizeof(b)));
  ::close(fds[0]);
  int status = 0;
  ::waitpid(child, &status, 0);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  return b;
}

void Report(const char* name, const Burst& b) {
  std::printf(
      "[ memory ] %-22s written %6.1f MiB, budget %.1f MiB: peak delta+log %.2f MiB (delta alone %.2f), "
      "after %.2f MiB; RSS %.1f -> peak %.1f MiB; %llu compactions, %llu overruns\n",
      name, b.written / 1048576.0, kBudget / 1048576.0, b.peak_counted / 1048576.0,
      b.account_peak / 1048576.0, b.counted_after / 1048576.0, b.rss_before / 1048576.0,
      b.rss_peak / 1048576.0, static_cast<unsigned long long>(b.compactions),
      static_cast<unsigned long long>(b.overruns));
  if (b.overruns > 0) std::printf("[ memory ]   last overrun: %s\n", b.last_overrun);
}

TEST(TxnMemoryTest, AsyncBurstStaysWithinTheBudgetAndItsPeakDoesNotGrowWithTheLoad) {
  const int kLoad = 4000;  // 8 MiB written: 4x the budget
  const Burst one = InChild(Durability::kAsync, kLoad, Load::kSpread);
  const Burst four = InChild(Durability::kAsync, 4 * kLoad, Load::kSpread);
  Report("async 1x", one);
  Report("async 4x", four);
  ASSERT_TRUE(one.ok && four.ok);
  for (const Burst* b : {&one, &four}) {
    EXPECT_LE(b->peak_counted, kBudget + kOneTransaction);
    EXPECT_LE(b->account_peak, kBudget + kOneTransaction);
    EXPECT_LE(b->counted_after, kBudget);
    EXPECT_GT(b->compactions, 0u);
  }
  // Four times the load, not four times the memory (a slow run may not reach the bound).
  EXPECT_LE(four.peak_counted, std::max(one.peak_counted, kBudget) + kOneTransaction);
#ifndef __SANITIZE_ADDRESS__  // ASan's quarantine keeps freed memory resident on purpose
  EXPECT_LE(four.rss_peak - four.rss_before, (one.rss_peak - one.rss_before) * 5 / 4 + (8 << 20))
      << "RSS grows with the amount written";
#endif
}

TEST(TxnMemoryTest, DurableBurstStaysWithinTheBudget) {
  const Burst b = InChild(Durability::kDurable, 1500, Load::kSpread);
  Report("durable", b);
  ASSERT_TRUE(b.ok);
  EXPECT_LE(b.peak_counted, kBudget + kOneTransaction);
  EXPECT_LE(b.account_peak, kBudget + kOneTransaction);
}

TEST(TxnMemoryTest, AGrowingGraphKeepsTheDeltaWithinTheBudget) {
  // The delta and log stay bounded; the graph itself grows (on disk, mapped), and
  // compaction's in-memory build with it (a known limitation, reported not asserted).
  const Burst b = InChild(Durability::kAsync, 8000, Load::kGrow);
  Report("async, growing graph", b);
  ASSERT_TRUE(b.ok);
  EXPECT_LE(b.peak_counted, kBudget + kOneTransaction);
  EXPECT_GT(b.compactions, 3u);
}

TEST(TxnMemoryTest, ALogOutrunningTheDeviceMakesAppendsWaitForTheFlusher) {
  // 4x and 16x the budget through the log alone: without the wait the buffer would hold
  // whatever the flusher has not written yet, i.e. grow with the load.
  const Burst one = InChild(Durability::kAsync, 4000, Load::kHotNode);
  const Burst four = InChild(Durability::kAsync, 16000, Load::kHotNode);
  Report("async, hot node 1x", one);
  Report("async, hot node 4x", four);
  ASSERT_TRUE(one.ok && four.ok);
  EXPECT_GT(four.compactions, 2u) << "the log of overwrites is truncated by size";
  for (const Burst* b : {&one, &four}) {
    EXPECT_LE(b->peak_counted, kBudget + kOneTransaction);
    // An overrun (the flusher took longer than memory_patience on a loaded machine)
    // lets one append through; the peak above still bounds what it can cost.
  }
  EXPECT_LE(four.peak_counted, std::max(one.peak_counted, kBudget) + kOneTransaction);
}

TEST(TxnMemoryTest, WithNothingToFreeAWriterProceedsAndReportsTheOverrun) {
  testing::TempDir dir;
  StoreOptions o = Options(Durability::kAsync);
  o.memory_budget = 64 << 10;
  o.auto_compact = false;  // nothing will free the delta
  o.memory_patience = std::chrono::milliseconds(20);
  auto store = OpenStore(dir.Join("db"), o);
  for (int i = 0; i < 60; ++i) {
    auto w = store->BeginWrite();
    ASSERT_TRUE(w.ok()) << w.status().ToString();
    (*w)->CreateNode({}, std::vector<PropertyEntry>{
                             {(*w)->InternPropertyKey("v"), Value::String(std::string(2048, 'x'))}});
    ASSERT_TRUE((*w)->Commit().ok());
  }
  const StoreStats s = store->Stats();
  EXPECT_GT(s.delta_bytes, o.memory_budget);
  EXPECT_GT(s.memory_overruns, 0u);
  EXPECT_NE(s.last_overrun.find("budget"), std::string::npos) << s.last_overrun;
  // And a compaction brings it back.
  ASSERT_TRUE(store->Compact().ok());
  EXPECT_LT(store->Stats().delta_bytes, 4096u);
  EXPECT_EQ(store->BeginRead()->NodeCount(), 60u);
}

}  // namespace
}  // namespace quiver::storage
