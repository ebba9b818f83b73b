// Durability modes: durable commits return after their fsync and share fsyncs (group
// commit); async commits return at once and are visible at once, the flusher writing
// behind; Flush() is the barrier.

#include <gtest/gtest.h>

#include <atomic>
#include <thread>

#include "txn_test_util.h"

namespace quiver::storage {
namespace {

using namespace txntest;

void CommitOneNode(TransactionalStore& store, int64_t uid, WriteOptions o = {}) {
  auto w = store.BeginWrite(o);
  ASSERT_TRUE(w.ok()) << w.status().ToString();
  (*w)->CreateNode({}, std::vector<PropertyEntry>{{(*w)->InternPropertyKey("uid"), Value::Int(uid)}});
  const Status s = (*w)->Commit();
  ASSERT_TRUE(s.ok()) << s.ToString();
}

TEST(TxnDurabilityTest, ConcurrentDurableCommittersShareFsyncs) {
  testing::TempDir dir;
  SlowSyncEnv env(std::chrono::milliseconds(3));
  auto store = OpenStore(dir.Join("db"), Options(Durability::kDurable), &env);
  constexpr int kThreads = 8, kEach = 25;
  const uint64_t syncs_before = store->Stats().log_syncs;
  std::vector<std::thread> threads;
  std::atomic<int> failures{0};
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&] {
      for (int i = 0; i < kEach; ++i) {
        auto w = store->BeginWrite();
        if (!w.ok()) {
          ++failures;
          continue;
        }
        (*w)->CreateNode({}, {});
        const Status s = (*w)->Commit();
        if (!s.ok()) ++failures;
      }
    });
  }
  for (auto& t : threads) t.join();
  EXPECT_EQ(failures.load(), 0);
  const StoreStats s = store->Stats();
  EXPECT_EQ(s.commits, static_cast<uint64_t>(kThreads * kEach));
  const uint64_t syncs = s.log_syncs - syncs_before;
  EXPECT_LE(syncs * 2, s.commits) << syncs << " fsyncs for " << s.commits << " commits: no group commit";
  EXPECT_EQ(s.synced_position, s.log_position);
  store.reset();
  store = OpenStore(dir.Join("db"), Options());
  EXPECT_EQ(store->BeginRead()->NodeCount(), static_cast<uint64_t>(kThreads * kEach));
}

TEST(TxnDurabilityTest, ADurableCommitReturnsAfterItsFsyncAndIsVisibleThen) {
  testing::TempDir dir;
  SlowSyncEnv env(std::chrono::milliseconds(20));
  auto store = OpenStore(dir.Join("db"), Options(Durability::kDurable), &env);
  std::atomic<bool> done{false};
  std::thread committer([&] {
    CommitOneNode(*store, 1);
    done = true;
  });
  // While the fsync is in progress the commit has not returned and is not visible.
  std::this_thread::sleep_for(std::chrono::milliseconds(8));
  EXPECT_FALSE(done.load());
  EXPECT_EQ(store->BeginRead()->NodeCount(), 0u);
  committer.join();
  EXPECT_EQ(store->BeginRead()->NodeCount(), 1u);
  const StoreStats s = store->Stats();
  EXPECT_EQ(s.synced_position, s.log_position);
}

TEST(TxnDurabilityTest, AsyncCommitsReturnAtOnceAndTheFlusherWritesBehind) {
  testing::TempDir dir;
  SlowSyncEnv env(std::chrono::milliseconds(20));
  auto store = OpenStore(dir.Join("db"), Options(Durability::kAsync), &env);
  const auto started = std::chrono::steady_clock::now();
  for (int i = 0; i < 20; ++i) CommitOneNode(*store, i);
  const auto took = std::chrono::steady_clock::now() - started;
  EXPECT_LT(took, std::chrono::milliseconds(200)) << "20 async commits waited for 20 ms fsyncs";
  EXPECT_EQ(store->BeginRead()->NodeCount(), 20u);  // visible at once
  EXPECT_LT(store->Stats().synced_position, store->Stats().log_position);
  ASSERT_TRUE(store->Flush().ok());
  EXPECT_EQ(store->Stats().synced_position, store->Stats().log_position);
  store.reset();
  store = OpenStore(dir.Join("db"), Options());
  EXPECT_EQ(store->BeginRead()->NodeCount(), 20u);
}

TEST(TxnDurabilityTest, ClosingTheStoreFlushesAsyncCommits) {
  testing::TempDir dir;
  {
    auto store = OpenStore(dir.Join("db"), Options(Durability::kAsync));
    for (int i = 0; i < 50; ++i) CommitOneNode(*store, i);
  }
  auto store = OpenStore(dir.Join("db"), Options());
  EXPECT_EQ(store->BeginRead()->NodeCount(), 50u);
  EXPECT_EQ(store->recovery().records_replayed, 50u);
}

}  // namespace
}  // namespace quiver::storage
