// Crash during publish: with FaultInjectionEnv the machine "dies" after every possible
// number k of mutating file operations of a publish (and of database creation), power is
// lost (unsynced data dropped, un-synced renames undone), and the database is reopened
// with a fresh Env. It must hold exactly the old or exactly the new generation — every
// fact of one of them, checked by read-back and by the checker — never a mix.

#include <gtest/gtest.h>

#include <cstdio>

#include <filesystem>
#include <set>

#include "common/file/fault_injection_env.h"
#include "storage/checker.h"
#include "test_graphs.h"
#include "test_util/power_loss.h"
#include "test_util/temp_dir.h"

namespace quiver::storage {
namespace {

namespace fs = std::filesystem;
using testing::Model;

using quiver::testing::LosePower;
using quiver::testing::PowerLoss;

// The old generation: a few nodes and edges. The new one touches every kind of file.
Model OldModel() {
  Model m;
  for (int i = 0; i < 4; ++i) m.nodes.push_back({{"Old"}, {{"v", i}}, int64_t{i * 10}});
  m.edges = {{0, 1, "A", {}}, {1, 2, "A", {}}, {3, 3, "A", {}}};
  return m;
}

Model NewModel() {
  using PV = PropertyValue;
  Model m;
  for (int i = 0; i < 6; ++i) {
    const std::string digit(1, static_cast<char>('0' + i));
    m.nodes.push_back({{"New", i % 2 ? "Odd" : "Even"}, {{"name", PV("n" + digit)}, {"x", PV(1.5 * i)}},
                       std::string("key" + digit)});
  }
  m.edges = {{0, 1, "B", {{"w", 1}}}, {0, 1, "B", {{"w", "two"}}}, {2, 2, "C", {}}, {5, 0, "C", {{"l", PV(PV::List{PV(1)})}}}};
  return m;
}

struct Outcome {
  Status publish;        // what the interrupted publish returned
  uint64_t generation;   // what a fresh open sees
};

class CrashPublishTest : public ::testing::TestWithParam<PowerLoss> {
 protected:
  static void SetUpTestSuite() {
    source_ = new quiver::testing::TempDir();
    DatabaseOptions o;
    o.create_if_missing = true;
    auto db = DatabaseDir::Open(Env::Default(), source_->Join("db"), o);
    ASSERT_TRUE(db.ok());
    ASSERT_TRUE(testing::PublishModel(db->get(), OldModel()).ok());  // generation 2
  }
  static void TearDownTestSuite() {
    delete source_;
    source_ = nullptr;
  }

  // In a copy of the source database, publishes NewModel through a FaultInjectionEnv that
  // crashes after `crash_after` ops (-1: never), loses power, and reopens with a real Env.
  Outcome CrashAndReopen(int64_t crash_after, int64_t* ops = nullptr) {
    quiver::testing::TempDir work(quiver::testing::TempDir::Where::kMemoryIfAvailable);
    const std::string path = work.Join("db");
    fs::copy(source_->Join("db"), path, fs::copy_options::recursive);
    Outcome out{Status::OK(), 0};
    {
      FaultInjectionEnv env(Env::Default());
      env.SetCrashAfterOps(crash_after);
      {
        DatabaseOptions o;
        auto db = DatabaseDir::Open(&env, path, o);
        out.publish = db.ok() ? testing::PublishModel(db->get(), NewModel()).status() : db.status();
      }  // every file closed and the LOCK released: the "process" is gone
      if (ops != nullptr) *ops = env.mutating_ops();
      if (!out.publish.ok()) {
        EXPECT_TRUE(env.crashed()) << out.publish.ToString();
      }
      EXPECT_TRUE(LosePower(env, GetParam(), static_cast<uint64_t>(crash_after + 1)).ok());
      env.Reset();
    }
    // Reboot: a writer opens (collecting garbage), then everything is checked.
    DatabaseOptions o;
    auto db = DatabaseDir::Open(Env::Default(), path, o);
    EXPECT_TRUE(db.ok()) << db.status().ToString();
    if (!db.ok()) return out;
    auto g = (*db)->Pin();
    EXPECT_TRUE(g.ok()) << g.status().ToString();
    if (!g.ok()) return out;
    out.generation = (*g)->generation();
    if (out.generation == 2) {
      testing::ExpectMatches(**g, OldModel());
    } else {
      EXPECT_EQ(out.generation, 3u);
      testing::ExpectMatches(**g, NewModel());
    }
    if (out.publish.ok()) {
      EXPECT_EQ(out.generation, 3u) << "an acknowledged publish must survive";
    }
    const CheckReport report = CheckDatabase(Env::Default(), path);
    EXPECT_TRUE(report.ok()) << report.status.ToString();
    // Only the live generation is left after the writer's open.
    int generations = 0;
    for (const auto& e : fs::directory_iterator(path)) generations += ParseGenerationDirName(e.path().filename().string()).has_value();
    EXPECT_EQ(generations, 1);
    return out;
  }

  static quiver::testing::TempDir* source_;
};

quiver::testing::TempDir* CrashPublishTest::source_ = nullptr;

TEST_P(CrashPublishTest, EveryCrashPointLeavesTheOldOrTheNewGeneration) {
  int64_t n = 0;
  const Outcome clean = CrashAndReopen(-1, &n);
  ASSERT_TRUE(clean.publish.ok()) << clean.publish.ToString();
  ASSERT_GE(n, 20) << "a publish is many file operations";
  std::printf("[ crash  ] sweeping %lld crash points\n", static_cast<long long>(n + 1));
  std::set<uint64_t> seen;
  for (int64_t k = 0; k <= n; ++k) {
    SCOPED_TRACE("crash after " + std::to_string(k) + " of " + std::to_string(n) + " mutating ops");
    const Outcome o = CrashAndReopen(k);
    // The last steps delete the old generation: a crash there still leaves the publish
    // acknowledged (the old generation is collected by the next writer).
    if (k == n) {
      EXPECT_TRUE(o.publish.ok());
    }
    seen.insert(o.generation);
  }
  EXPECT_EQ(seen, (std::set<uint64_t>{2, 3})) << "the sweep reaches both sides";
}

TEST_P(CrashPublishTest, EveryCrashPointOfCreationLeavesNoDatabaseOrAnEmptyOne) {
  auto create = [&](Env* env, const std::string& path) {
    DatabaseOptions o;
    o.create_if_missing = true;
    return DatabaseDir::Open(env, path, o);
  };
  int64_t n = 0;
  {
    quiver::testing::TempDir work;
    FaultInjectionEnv env(Env::Default());
    ASSERT_TRUE(create(&env, work.Join("db")).ok());
    n = env.mutating_ops();
  }
  std::printf("[ crash  ] sweeping %lld crash points\n", static_cast<long long>(n + 1));
  for (int64_t k = 0; k <= n; ++k) {
    SCOPED_TRACE("crash after " + std::to_string(k) + " of " + std::to_string(n) + " mutating ops");
    quiver::testing::TempDir work;
    const std::string path = work.Join("db");
    std::optional<DatabaseId> acknowledged;
    {
      FaultInjectionEnv env(Env::Default());
      env.SetCrashAfterOps(k);
      {
        auto db = create(&env, path);
        EXPECT_EQ(db.ok(), k == n);
        if (db.ok()) acknowledged = (*db)->database_id();
      }
      ASSERT_TRUE(LosePower(env, GetParam(), static_cast<uint64_t>(k)).ok());
    }
    DatabaseOptions reader;
    reader.read_only = true;
    auto before = DatabaseDir::Open(Env::Default(), path, reader);
    if (!before.ok()) {
      EXPECT_TRUE(before.status().IsNotFound()) << before.status().ToString();
      EXPECT_FALSE(acknowledged.has_value()) << "an acknowledged creation must survive";
    }
    auto db = create(Env::Default(), path);  // creation resumes over whatever is left
    ASSERT_TRUE(db.ok()) << db.status().ToString();
    if (acknowledged) {
      EXPECT_EQ((*db)->database_id(), *acknowledged);
    }
    auto g = (*db)->Pin();
    ASSERT_TRUE(g.ok()) << g.status().ToString();
    EXPECT_EQ((*g)->NodeCount(), 0u);
    EXPECT_TRUE(CheckDatabase(Env::Default(), path).ok());
  }
}

INSTANTIATE_TEST_SUITE_P(PowerLossModes, CrashPublishTest, ::testing::ValuesIn(quiver::testing::kAllPowerLosses),
                         [](const ::testing::TestParamInfo<PowerLoss>& info) {
                           return quiver::testing::PowerLossName(info.param);
                         });

}  // namespace
}  // namespace quiver::storage
