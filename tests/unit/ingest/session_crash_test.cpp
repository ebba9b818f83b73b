// Crash during a construction session's commit: with FaultInjectionEnv the machine
// "dies" after every possible number k of mutating file operations of a bulk load (the
// parallel CSR writer's positioned writes included, and the spilling build's streaming
// one), power is lost, and the database is reopened with a fresh Env. It must hold
// exactly the old graph or exactly the new one, pass the checker, and keep an
// acknowledged commit.

#include <gtest/gtest.h>

#include <filesystem>
#include <set>

#include "common/file/fault_injection_env.h"
#include "ingest_test_util.h"
#include "storage/checker.h"

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

class SessionCrashTest : public ::testing::TestWithParam<uint64_t /* spill_edges */> {
 protected:
  static void SetUpTestSuite() {
    source_ = new quiver::testing::TempDir();
    testing::PublishWithGraphBuilder(OldModel(), source_->Join("db"));  // generation 2
  }
  static void TearDownTestSuite() {
    delete source_;
    source_ = nullptr;
  }

  Outcome CrashAndReopen(int64_t crash_after, int64_t* ops = nullptr) {
    quiver::testing::TempDir work;
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
          o.spill_edges = GetParam();
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
      EXPECT_TRUE(env.DropUnsyncedData().ok());
      env.Reset();
    }
    auto db = storage::DatabaseDir::Open(Env::Default(), path, storage::DatabaseOptions{});
    EXPECT_TRUE(db.ok()) << db.status().ToString();
    if (!db.ok()) return out;
    auto g = (*db)->Pin();
    EXPECT_TRUE(g.ok()) << g.status().ToString();
    if (!g.ok()) return out;
    out.generation = (*g)->generation();
    if (out.generation == 2) {
      storage::testing::ExpectMatches(**g, OldModel());
    } else {
      EXPECT_EQ(out.generation, 3u);
      storage::testing::ExpectMatches(**g, storage::testing::RichModel());
    }
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
  std::set<uint64_t> seen;
  for (int64_t k = 0; k <= n; ++k) {
    SCOPED_TRACE("crash after " + std::to_string(k) + " of " + std::to_string(n) + " mutating ops");
    seen.insert(CrashAndReopen(k).generation);
    if (::testing::Test::HasFailure()) break;  // one crash point's failures are enough to read
  }
  EXPECT_EQ(seen, (std::set<uint64_t>{2, 3})) << "the sweep reaches both sides";
}

INSTANTIATE_TEST_SUITE_P(InMemoryAndSpilling, SessionCrashTest, ::testing::Values(0u, 3u),
                         [](const auto& info) { return info.param == 0 ? "InMemory" : "Spilling"; });

}  // namespace
}  // namespace quiver::ingest
