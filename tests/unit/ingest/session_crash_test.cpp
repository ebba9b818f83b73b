// Crash during a construction session's commit: with FaultInjectionEnv the machine
// "dies" after every possible number k of mutating file operations of a bulk load (the
// parallel CSR writer's positioned writes included, and the spilling build's streaming
// one), power is lost (each kind: unsynced writes dropped, the last torn, pages out of
// order), and the database is reopened with a fresh Env. The old graph has commits in
// its write log, which the new graph must never inherit (a replace starts a new history).
// It must hold exactly the old graph with its commits or exactly the new one with none,
// pass the checker, and keep an acknowledged commit.

#include <gtest/gtest.h>

#include <cstdio>

#include <filesystem>
#include <set>

#include "common/file/fault_injection_env.h"
#include "ingest_test_util.h"
#include "storage/checker.h"
#include "storage/txn/transactional_store.h"
#include "test_util/power_loss.h"

namespace quiver::ingest {
namespace {

namespace fs = std::filesystem;
using storage::testing::Model;

Model OldModel() {
  Model m;
  for (int i = 0; i < 3; ++i) m.nodes.push_back({{"Old"}, {{"v", i}}, int64_t{i}});
  m.edges = {{0, 1, "A", {}}, {2, 2, "A", {}}};
  return m;
}

struct Outcome {
  Status commit;
  uint64_t generation = 0;
};

constexpr uint64_t kOldCommits = 2;  // nodes the old graph's write log adds

// The graph a read-only open serves: base generation and write log.
uint64_t LiveNodes(const std::string& path) {
  storage::StoreOptions o;
  o.read_only = true;
  auto store = storage::TransactionalStore::Open(Env::Default(), path, o);
  EXPECT_TRUE(store.ok()) << store.status().ToString();
  return store.ok() ? (*store)->BeginRead()->NodeCount() : 0;
}

class SessionCrashTest
    : public ::testing::TestWithParam<std::tuple<uint64_t /* spill_edges */, quiver::testing::PowerLoss>> {
 protected:
  static void SetUpTestSuite() {
    source_ = new quiver::testing::TempDir();
    testing::PublishWithGraphBuilder(OldModel(), source_->Join("db"));  // generation 2
    auto store = storage::TransactionalStore::Open(Env::Default(), source_->Join("db"), storage::StoreOptions{});
    ASSERT_TRUE(store.ok()) << store.status().ToString();
    for (uint64_t i = 0; i < kOldCommits; ++i) {
      auto w = (*store)->BeginWrite();
      ASSERT_TRUE(w.ok());
      (*w)->CreateNode(std::vector<LabelId>{(*w)->InternLabel("Logged")}, {});
      ASSERT_TRUE((*w)->Commit().ok());
    }
  }
  static void TearDownTestSuite() {
    delete source_;
    source_ = nullptr;
  }

  Outcome CrashAndReopen(int64_t crash_after, int64_t* ops = nullptr) {
    quiver::testing::TempDir work(quiver::testing::TempDir::Where::kMemoryIfAvailable);
    const std::string path = work.Join("db");
    fs::copy(source_->Join("db"), path, fs::copy_options::recursive);
    Outcome out;
    {
      FaultInjectionEnv env(Env::Default());
      env.SetCrashAfterOps(crash_after);
      {
        auto db = storage::DatabaseDir::Open(&env, path, storage::DatabaseOptions{});
        out.commit = db.status();
        if (db.ok()) {
          SessionOptions o;
          o.workers = 2;
          o.memory_budget = 1ull << 30;
          o.spill_edges = std::get<0>(GetParam());
          o.edge_properties = true;
          auto s = ConstructionSession::Begin(db->get(), o);
          out.commit = s.status();
          if (s.ok()) out.commit = testing::FeedModel(storage::testing::RichModel(), s->get());
          if (s.ok() && out.commit.ok()) out.commit = (*s)->Commit().status();
        }
      }  // session and database closed: the "process" is gone
      if (ops != nullptr) *ops = env.mutating_ops();
      if (!out.commit.ok()) {
        EXPECT_TRUE(env.crashed()) << out.commit.ToString();
      }
      EXPECT_TRUE(quiver::testing::LosePower(env, std::get<1>(GetParam()), static_cast<uint64_t>(crash_after + 1)).ok());
      env.Reset();
    }
    auto db = storage::DatabaseDir::Open(Env::Default(), path, storage::DatabaseOptions{});
    EXPECT_TRUE(db.ok()) << db.status().ToString();
    if (!db.ok()) return out;
    auto g = (*db)->Pin();
    EXPECT_TRUE(g.ok()) << g.status().ToString();
    if (!g.ok()) return out;
    out.generation = (*g)->generation();
    const uint64_t base_nodes = (*g)->NodeCount();
    if (out.generation == 2) {
      storage::testing::ExpectMatches(**g, OldModel());
    } else {
      EXPECT_EQ(out.generation, 3u);
      storage::testing::ExpectMatches(**g, storage::testing::RichModel());
    }
    g->reset();
    db->reset();
    // The old graph keeps its commits; the new one starts a new history, without them.
    EXPECT_EQ(LiveNodes(path), base_nodes + (out.generation == 2 ? kOldCommits : 0));
    if (out.commit.ok()) {
      EXPECT_EQ(out.generation, 3u) << "an acknowledged commit must survive";
    }
    const storage::CheckReport report = storage::CheckDatabase(Env::Default(), path);
    EXPECT_TRUE(report.ok()) << report.status.ToString();
    return out;
  }

  static quiver::testing::TempDir* source_;
};

quiver::testing::TempDir* SessionCrashTest::source_ = nullptr;

TEST_P(SessionCrashTest, EveryCrashPointLeavesTheOldOrTheNewGraph) {
  int64_t n = 0;
  const Outcome clean = CrashAndReopen(-1, &n);
  ASSERT_TRUE(clean.commit.ok()) << clean.commit.ToString();
  ASSERT_GE(n, 20) << "a commit is many file operations";
  std::printf("[ crash  ] sweeping %lld crash points\n", static_cast<long long>(n + 1));
  std::set<uint64_t> seen;
  for (int64_t k = 0; k <= n; ++k) {
    SCOPED_TRACE("crash after " + std::to_string(k) + " of " + std::to_string(n) + " mutating ops");
    seen.insert(CrashAndReopen(k).generation);
    if (::testing::Test::HasFailure()) break;  // one crash point's failures are enough to read
  }
  EXPECT_EQ(seen, (std::set<uint64_t>{2, 3})) << "the sweep reaches both sides";
}

INSTANTIATE_TEST_SUITE_P(InMemoryAndSpilling, SessionCrashTest,
                         ::testing::Combine(::testing::Values(0u, 3u),
                                            ::testing::ValuesIn(quiver::testing::kAllPowerLosses)),
                         [](const auto& info) {
                           return std::string(std::get<0>(info.param) == 0 ? "InMemory" : "Spilling") +
                                  quiver::testing::PowerLossName(std::get<1>(info.param));
                         });

}  // namespace
}  // namespace quiver::ingest
