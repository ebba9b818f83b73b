// Crashes. Power loss: with FaultInjectionEnv the machine dies after every possible number
// k of mutating file operations of a run of commits with a compaction in the middle, the
// unsynced data is dropped (or the last write torn), and the database is reopened: it
// must open, hold a prefix of the committed transactions, every transaction whole, and
// at least every durable commit that was acknowledged. Kill -9: a child process commits
// and prints each transaction's id once Commit returns; the parent kills it at a seeded
// random moment and checks the same after reopening.

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <mutex>
#include <set>
#include <thread>

#include "common/file/fault_injection_env.h"
#include "test_util/power_loss.h"
#include "test_util/killed_child.h"
#include "txn_test_util.h"

namespace quiver::storage {
namespace {

using namespace txntest;

// Transaction i: node {uid: i, pad} and, from i >= 1, a relationship uid i from node i-1.
Status CommitStep(TransactionalStore& store, int64_t i, const IdMap& before, size_t pad = 64) {
  QUIVER_ASSIGN_OR_RETURN(auto w, store.BeginWrite());
  const PropertyKeyId uid = w->InternPropertyKey("uid");
  const NodeId n = w->CreateNode(
      std::vector<LabelId>{w->InternLabel("Step")},
      std::vector<PropertyEntry>{{uid, Value::Int(i)},
                                 {w->InternPropertyKey("pad"), Value::String(std::string(pad, 'p'))}});
  if (i > 0) {
    w->CreateRelationship(w->InternRelType("NEXT"), before.nodes.at(i - 1), n,
                          std::vector<PropertyEntry>{{uid, Value::Int(i)}});
  }
  return w->Commit();
}

// The transactions a reopened database holds must be 0..m-1, each whole. Returns m.
int64_t CheckPrefix(const GraphReader& r, const std::string& where) {
  SCOPED_TRACE(where);
  const IdMap ids = MapIds(r);
  const int64_t m = static_cast<int64_t>(ids.nodes.size());
  for (int64_t i = 0; i < m; ++i) {
    EXPECT_TRUE(ids.nodes.count(i)) << "transaction " << i << " is missing but a later one survived";
    if (i > 0) {
      EXPECT_TRUE(ids.rels.count(i)) << "transaction " << i << " survived without its relationship";
    }
  }
  EXPECT_EQ(static_cast<int64_t>(ids.rels.size()), std::max<int64_t>(m - 1, 0))
      << "a relationship without its node";
  EXPECT_EQ(r.NodeCount(), static_cast<uint64_t>(m));
  return m;
}

using quiver::testing::PowerLoss;
struct CrashCase {
  Durability durability;
  PowerLoss loss;
};

class TxnPowerLossTest : public ::testing::TestWithParam<CrashCase> {
 protected:
  static constexpr int kSteps = 8;

  // Runs the workload on a FaultInjectionEnv that crashes after `crash_after` ops; loses
  // power; reopens with the real Env. Returns the ops a clean run takes (crash_after -1).
  int64_t Run(int64_t crash_after) {
    testing::TempDir dir(testing::TempDir::Where::kMemoryIfAvailable);
    const std::string path = dir.Join("db");
    int64_t acked = -1;    // the last transaction whose Commit returned OK
    int64_t flushed = -1;  // async: the last one covered by a successful Flush()
    int64_t ops = 0;
    {
      FaultInjectionEnv env(Env::Default());
      env.SetCrashAfterOps(crash_after);
      {
        auto store = TransactionalStore::Open(&env, path, Options(GetParam().durability));
        if (store.ok()) {
          IdMap ids;
          for (int64_t i = 0; i < kSteps; ++i) {
            if (!CommitStep(**store, i, ids).ok()) break;
            acked = i;
            ids = MapIds(*(*store)->BeginRead());
            if (i == kSteps / 2) {
              if (!(*store)->Compact().ok()) break;
              ids = MapIds(*(*store)->BeginRead());
            }
            if (i % 3 == 2 && (*store)->Flush().ok()) flushed = i;
          }
          if ((*store)->Flush().ok()) flushed = acked;
        }
      }  // every file closed, the LOCK released: the "process" is gone
      ops = env.mutating_ops();
      if (crash_after < 0) {
        EXPECT_FALSE(env.crashed());
      }
      EXPECT_TRUE(quiver::testing::LosePower(env, GetParam().loss, static_cast<uint64_t>(crash_after + 1)).ok());
      env.Reset();
    }
    auto store = TransactionalStore::Open(Env::Default(), path, Options());
    EXPECT_TRUE(store.ok()) << "crash after " << crash_after << " ops: " << store.status().ToString();
    if (!store.ok()) return ops;
    const int64_t m = CheckPrefix(*(*store)->BeginRead(), "crash after " + std::to_string(crash_after));
    const int64_t must_have = GetParam().durability == Durability::kDurable ? acked : flushed;
    EXPECT_GE(m - 1, must_have) << "crash after " << crash_after << " ops lost acknowledged transaction "
                                << must_have;
    EXPECT_LE(m - 1, acked + 1) << "more transactions than were ever committed";
    // The reopened database takes writes again.
    IdMap ids = MapIds(*(*store)->BeginRead());
    EXPECT_TRUE(CommitStep(**store, m, ids).ok());
    return ops;
  }
};

TEST_P(TxnPowerLossTest, EverySyncPointOfCommitAndCompactionRecoversACommittedPrefix) {
  const int64_t clean_ops = Run(-1);
  ASSERT_GT(clean_ops, 2 * kSteps);
  std::printf("[ crash  ] sweeping %lld crash points\n", static_cast<long long>(clean_ops + 1));
  for (int64_t k = 0; k <= clean_ops; ++k) {
    Run(k);
    if (HasFailure()) {
      ADD_FAILURE() << "first failing crash point: " << k << " of " << clean_ops;
      return;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Modes, TxnPowerLossTest,
                         ::testing::Values(CrashCase{Durability::kDurable, PowerLoss::kDropUnsynced},
                                           CrashCase{Durability::kDurable, PowerLoss::kTearLastWrite},
                                           CrashCase{Durability::kDurable, PowerLoss::kReorder},
                                           CrashCase{Durability::kAsync, PowerLoss::kDropUnsynced},
                                           CrashCase{Durability::kAsync, PowerLoss::kTearLastWrite},
                                           CrashCase{Durability::kAsync, PowerLoss::kReorder}),
                         [](const auto& info) {
                           return std::string(info.param.durability == Durability::kDurable ? "Durable"
                                                                                            : "Async") +
                                  quiver::testing::PowerLossName(info.param.loss);
                         });

// Group commit: four threads commit at once, so durable commits share fsyncs and a
// commit's record is written while another's fsync is in flight. Thread scheduling makes
// the op count of a run vary a little, so the sweep goes past the clean run's count; at
// every point, every commit whose Commit returned OK survives, whole.
class GroupCommitPowerLossTest : public ::testing::TestWithParam<PowerLoss> {
 protected:
  static constexpr int kThreads = 4, kEach = 5;

  // Returns the mutating ops the run took.
  int64_t Run(int64_t crash_after) {
    testing::TempDir dir(testing::TempDir::Where::kMemoryIfAvailable);
    const std::string path = dir.Join("db");
    std::mutex mu;
    std::set<int64_t> acked;
    int64_t ops = 0;
    {
      FaultInjectionEnv env(Env::Default());
      env.SetCrashAfterOps(crash_after);
      {
        auto store = TransactionalStore::Open(&env, path, Options(Durability::kDurable));
        if (store.ok()) {
          std::vector<std::thread> threads;
          for (int t = 0; t < kThreads; ++t) {
            threads.emplace_back([&, t] {
              for (int i = 0; i < kEach; ++i) {
                const int64_t uid = t * 100 + i;
                auto w = (*store)->BeginWrite();
                if (!w.ok()) return;
                (*w)->CreateNode({}, std::vector<PropertyEntry>{{(*w)->InternPropertyKey("uid"), Value::Int(uid)}});
                if (!(*w)->Commit().ok()) return;
                std::lock_guard lock(mu);
                acked.insert(uid);
              }
            });
          }
          for (auto& th : threads) th.join();
        }
      }
      ops = env.mutating_ops();
      EXPECT_TRUE(quiver::testing::LosePower(env, GetParam(), static_cast<uint64_t>(crash_after + 1)).ok());
      env.Reset();
    }
    auto store = TransactionalStore::Open(Env::Default(), path, Options());
    EXPECT_TRUE(store.ok()) << "crash after " << crash_after << " ops: " << store.status().ToString();
    if (!store.ok()) return ops;
    const IdMap ids = MapIds(*(*store)->BeginRead());
    for (int64_t uid : acked) {
      EXPECT_TRUE(ids.nodes.count(uid)) << "crash after " << crash_after << " ops lost acknowledged commit " << uid;
    }
    for (const auto& [uid, id] : ids.nodes) {
      EXPECT_TRUE(uid % 100 < kEach && uid / 100 < kThreads) << "a node no commit wrote: " << uid;
    }
    return ops;
  }
};

TEST_P(GroupCommitPowerLossTest, EveryAcknowledgedConcurrentCommitSurvivesEveryCrashPoint) {
  const int64_t clean_ops = Run(-1);
  ASSERT_GT(clean_ops, kThreads * kEach);
  const int64_t points = clean_ops + 8;
  std::printf("[ crash  ] sweeping %lld crash points\n", static_cast<long long>(points));
  for (int64_t k = 0; k < points; ++k) {
    Run(k);
    if (HasFailure()) {
      ADD_FAILURE() << "first failing crash point: " << k << " of " << points;
      return;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(PowerLossModes, GroupCommitPowerLossTest,
                         ::testing::ValuesIn(quiver::testing::kAllPowerLosses),
                         [](const auto& info) { return quiver::testing::PowerLossName(info.param); });

// ---- kill -9 ----

// The child: commits steps until killed, printing each id after Commit returns.
[[noreturn]] void ChildCommitLoop(const std::string& path, Durability durability, int out_fd) {
  StoreOptions o = Options(durability);
  o.memory_budget = 512 << 10;  // compactions every few hundred steps, so kills land in them too
  auto store = TransactionalStore::Open(Env::Default(), path, o);
  if (!store.ok()) ::_exit(2);
  IdMap ids = MapIds(*(*store)->BeginRead());
  for (int64_t i = static_cast<int64_t>(ids.nodes.size());; ++i) {
    if (!CommitStep(**store, i, ids, 1024).ok()) ::_exit(3);
    std::string line = std::to_string(i);
    line += '\n';
    if (::write(out_fd, line.data(), line.size()) != static_cast<ssize_t>(line.size())) ::_exit(4);
    // The previous node is all the next step needs: no full rescan per step.
    ids = IdMap();
    ids.nodes[i] = (*store)->BeginRead()->NodeIdBound() - 1;
  }
}

class TxnKillTest : public ::testing::TestWithParam<Durability> {};

TEST_P(TxnKillTest, EveryPrintedTransactionSurvivesKillNine) {
  const Durability durability = GetParam();
  testing::TempDir dir;
  const std::string path = dir.Join("db");
  std::mt19937_64 rng(durability == Durability::kDurable ? 1 : 2);
  int64_t total_printed = 0;
  int64_t last = -1;       // the last transaction any child printed
  int64_t recovered = -1;  // the last transaction the previous reopen found
  for (int round = 0; round < 8; ++round) {
    quiver::testing::KilledChild child([&](int fd) { ChildCommitLoop(path, durability, fd); });
    ASSERT_TRUE(child.started());
    // Kill it at a seeded random moment: 20..400 ms into its run (the sweep).
    const auto kill_after = std::chrono::milliseconds(20 + rng() % 380);
    std::this_thread::sleep_for(kill_after);
    int status = 0;
    ASSERT_TRUE(child.Kill(&status)) << "the child exited by itself with " << WEXITSTATUS(status);
    for (int64_t id : child.Printed()) {
      last = id;
      ++total_printed;
    }
    auto store = TransactionalStore::Open(Env::Default(), path, Options());
    ASSERT_TRUE(store.ok()) << "round " << round << ": " << store.status().ToString();
    const int64_t m = CheckPrefix(*(*store)->BeginRead(), "round " + std::to_string(round));
    if (durability == Durability::kDurable) {
      EXPECT_GE(m - 1, last) << "round " << round << " (killed after " << kill_after.count()
                             << " ms): printed transaction " << last << " is gone";
    }  // async: CheckPrefix's prefix property is the promise; the unflushed tail may go
    EXPECT_LE(m - 1, std::max(last, recovered) + 1) << "more transactions than the children committed";
    recovered = m - 1;
    std::printf(
        "[ kill   ] round %d: killed after %lld ms, last printed %lld, last recovered %lld, generation "
        "%llu\n",
        round, static_cast<long long>(kill_after.count()), static_cast<long long>(last),
        static_cast<long long>(m - 1), static_cast<unsigned long long>((*store)->Stats().generation));
    if (HasFailure()) return;
  }
  EXPECT_GT(total_printed, 0);
}

INSTANTIATE_TEST_SUITE_P(Modes, TxnKillTest, ::testing::Values(Durability::kDurable, Durability::kAsync),
                         [](const auto& info) {
                           return info.param == Durability::kDurable ? "Durable" : "Async";
                         });

}  // namespace
}  // namespace quiver::storage
