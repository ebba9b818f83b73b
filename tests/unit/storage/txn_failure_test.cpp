// Failed writes, failed fsyncs and a full disk (docs/format/log.md, "Running out of space,
// and failed writes"): the store stops acknowledging commits with an error that names the
// cause, never retries into silent loss, keeps serving reads, and after a reopen (with
// power lost too, for good measure) holds every commit it acknowledged as durable.

#include <gtest/gtest.h>

#include <cerrno>

#include "common/file/fault_injection_env.h"
#include "storage/checker.h"
#include "txn_test_util.h"

namespace quiver::storage {
namespace {

using namespace txntest;

// Commit i: a node {uid: i, pad} (pad makes the log grow past its first granule).
Status CommitNode(TransactionalStore& store, int64_t i, size_t pad) {
  QUIVER_ASSIGN_OR_RETURN(auto w, store.BeginWrite());
  w->CreateNode(std::vector<LabelId>{w->InternLabel("Step")},
                std::vector<PropertyEntry>{{w->InternPropertyKey("uid"), Value::Int(i)},
                                           {w->InternPropertyKey("pad"), Value::String(std::string(pad, 'p'))}});
  return w->Commit();
}

// The uids a reopened store holds must be 0..m-1; returns m.
int64_t Prefix(const GraphReader& r) {
  const IdMap ids = MapIds(r);
  const int64_t m = static_cast<int64_t>(ids.nodes.size());
  for (int64_t i = 0; i < m; ++i) EXPECT_TRUE(ids.nodes.count(i)) << "commit " << i << " missing before a later one";
  return m;
}

TEST(TxnFailureTest, ADiskFullDuringACommitIsResourceExhaustedAndLeavesTheDatabaseConsistent) {
  testing::TempDir dir;
  const std::string path = dir.Join("db");
  FaultInjectionEnv env(Env::Default());
  auto store = OpenStore(path, Options(), &env);
  ASSERT_NE(store, nullptr);
  env.SetSpaceLimit(0);  // the segment's first granule is all the room there is
  int64_t acked = -1;
  Status failed;
  for (int64_t i = 0; i < 1000 && failed.ok(); ++i) {
    failed = CommitNode(*store, i, 1000);
    if (failed.ok()) acked = i;
  }
  ASSERT_GE(acked, 10) << "the first granule holds some commits";
  EXPECT_EQ(failed.code(), StatusCode::kResourceExhausted) << failed.ToString();
  EXPECT_NE(failed.message().find("No space left on device"), std::string::npos) << failed.ToString();
  // Read-only until reopened with space: writes fail with the same cause, reads work.
  auto again = store->BeginWrite();
  ASSERT_FALSE(again.ok());
  EXPECT_EQ(again.status().code(), StatusCode::kResourceExhausted) << again.status().ToString();
  EXPECT_EQ(store->BeginRead()->NodeCount(), static_cast<uint64_t>(acked + 1));
  store.reset();
  ASSERT_TRUE(env.DropUnsyncedData().ok());
  env.Reset();  // space returns
  store = OpenStore(path, Options());
  ASSERT_NE(store, nullptr);
  EXPECT_FALSE(store->recovery().truncated) << "nothing of the failed commit reached the log";
  EXPECT_EQ(Prefix(*store->BeginRead()), acked + 1);
  ASSERT_TRUE(CommitNode(*store, acked + 1, 1000).ok()) << "writable again";
  store.reset();
  const CheckReport check = CheckDatabase(Env::Default(), path);
  EXPECT_TRUE(check.ok()) << check.status.ToString();
}

// Every mutating file operation of a run of commits with a compaction in the middle fails
// in turn, with EIO and with ENOSPC; the power is then lost as well. Whatever failed, the
// database must reopen clean and hold every commit that was acknowledged.
struct FailureCase {
  int err;
  Durability durability;
};

class TxnFailureSweepTest : public ::testing::TestWithParam<FailureCase> {
 protected:
  static constexpr int64_t kCommits = 12;

  // Returns the mutating ops a run takes (fail_at -1: none fails).
  int64_t Run(int64_t fail_at) {
    testing::TempDir dir(testing::TempDir::Where::kMemoryIfAvailable);
    const std::string path = dir.Join("db");
    int64_t acked = -1, flushed = -1;
    bool failed_once = false;
    int64_t ops = 0;
    {
      FaultInjectionEnv env(Env::Default());
      StoreOptions o = Options(GetParam().durability);
      o.auto_compact = false;
      {
        auto store = TransactionalStore::Open(&env, path, o);
        if (!store.ok()) return 0;  // the failure hit the creation: nothing to check
        if (fail_at >= 0) env.FailOpAfter(fail_at, GetParam().err);
        for (int64_t i = 0; i < kCommits; ++i) {
          const Status s = CommitNode(**store, i, 6000);
          if (s.ok()) {
            EXPECT_FALSE(failed_once) << "a commit was acknowledged after an earlier one failed (fail at "
                                      << fail_at << ")";
            acked = i;
          } else {
            failed_once = true;
            EXPECT_TRUE(s.code() == StatusCode::kReadOnly || s.code() == StatusCode::kResourceExhausted)
                << s.ToString();
            // Reads keep working.
            EXPECT_EQ(Prefix(*(*store)->BeginRead()), acked + 1);
            break;
          }
          if (i == kCommits / 2) (void)(*store)->Compact();  // may fail; the log is what matters
          if ((*store)->Flush().ok()) flushed = acked;
        }
      }
      ops = env.mutating_ops();
      EXPECT_TRUE(env.DropUnsyncedData().ok());
      env.Reset();
    }
    auto store = TransactionalStore::Open(Env::Default(), path, Options());
    EXPECT_TRUE(store.ok()) << "failure at op " << fail_at << ": " << store.status().ToString();
    if (!store.ok()) return ops;
    const int64_t m = Prefix(*(*store)->BeginRead());
    const int64_t must_have = GetParam().durability == Durability::kDurable ? acked : flushed;
    EXPECT_GE(m - 1, must_have) << "failure at op " << fail_at << " lost an acknowledged commit";
    EXPECT_LE(m - 1, acked + 1);
    store->reset();
    const CheckReport check = CheckDatabase(Env::Default(), path);
    EXPECT_TRUE(check.ok()) << "failure at op " << fail_at << ": " << check.status.ToString();
    return ops;
  }
};

TEST_P(TxnFailureSweepTest, EveryFailedOperationLeavesEveryAcknowledgedCommit) {
  const int64_t clean_ops = Run(-1);
  ASSERT_GT(clean_ops, kCommits);
  std::printf("[ fail   ] sweeping %lld failure points\n", static_cast<long long>(clean_ops));
  for (int64_t k = 0; k < clean_ops; ++k) {
    Run(k);
    if (HasFailure()) {
      ADD_FAILURE() << "first failing point: " << k << " of " << clean_ops;
      return;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Errors, TxnFailureSweepTest,
                         ::testing::Values(FailureCase{EIO, Durability::kDurable},
                                           FailureCase{ENOSPC, Durability::kDurable},
                                           FailureCase{EIO, Durability::kAsync}),
                         [](const auto& info) {
                           return std::string(info.param.err == EIO ? "EIO" : "ENOSPC") +
                                  (info.param.durability == Durability::kDurable ? "Durable" : "Async");
                         });

}  // namespace
}  // namespace quiver::storage
