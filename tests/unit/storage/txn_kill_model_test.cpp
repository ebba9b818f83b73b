// The seeded random model test across processes: a child process runs ModelDriver's
// random transactions (creates, deletes, property and label changes, rollbacks) against a
// store on disk, with a memory budget small enough that compactions run, and prints each
// attempt once its commit returns; the parent kills it with SIGKILL at a seeded random
// moment, reopens the database, and compares it fact by fact with an in-memory model of
// the acknowledged history — the same attempts replayed on a MemoryGraph. Then the next
// child continues from what survived. The database must open every time, hold a prefix of
// the attempts (every acknowledged durable one), and pass `quiver check`.
//
// QUIVER_KILL_ROUNDS sets the kills per durability mode (default 16: a few dozen in
// `make test`; the nightly-style run is a few thousand, docs/reliability.md).

#include <gtest/gtest.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>

#include "model_driver.h"
#include "storage/checker.h"
#include "storage/memory_graph.h"
#include "test_util/killed_child.h"
#include "txn_test_util.h"

namespace quiver::storage {
namespace {

using namespace txntest;

constexpr uint64_t kSeed = 20261201;

int Rounds() {
  const char* env = std::getenv("QUIVER_KILL_ROUNDS");
  return env != nullptr && *env != '\0' ? std::atoi(env) : 16;
}

StoreOptions ChildOptions(Durability durability) {
  StoreOptions o = Options(durability);
  o.memory_budget = 256 << 10;  // compactions every few dozen attempts, so kills land in them too
  return o;
}

// The child: continues the attempts from what the database holds, printing each
// committed attempt after its Commit returns, until it is killed.
[[noreturn]] void ChildLoop(const std::string& path, Durability durability, int out_fd) {
  auto store = TransactionalStore::Open(Env::Default(), path, ChildOptions(durability));
  if (!store.ok()) ::_exit(2);
  ModelDriver driver(kSeed, /*counter=*/true);
  std::unique_ptr<GraphReader> start = (*store)->BeginRead();
  driver.committed() = ReadRefGraph(*start);
  const int64_t first = ModelDriver::LastAttempt(*start) + 1;
  start.reset();
  for (int64_t i = first;; ++i) {
    if (!driver.Attempt(i, [&] { return (*store)->BeginWrite(); }).ok()) ::_exit(3);
    if (ModelDriver::RollsBack(i)) continue;
    const std::string line = std::to_string(i) + "\n";
    if (::write(out_fd, line.data(), line.size()) != static_cast<ssize_t>(line.size())) ::_exit(4);
  }
}

// The in-memory model: the driver's attempts replayed on a MemoryGraph.
class Model {
 public:
  // Brings the model to attempt `last` (replaying from scratch if it is ahead: an async
  // database may come back shorter than a previous reopen showed).
  void AdvanceTo(int64_t last) {
    if (last < replayed_) Reset();
    for (int64_t i = replayed_ + 1; i <= last; ++i) {
      const Status s = driver_->Attempt(i, [&] { return Result<std::unique_ptr<GraphWriter>>(graph_->BeginTransaction()); });
      ASSERT_TRUE(s.ok()) << s.ToString();
    }
    replayed_ = std::max(replayed_, last);
  }
  const RefGraph& graph() { return driver_->committed(); }

 private:
  void Reset() {
    graph_ = std::make_unique<MemoryGraph>();
    driver_ = std::make_unique<ModelDriver>(kSeed, /*counter=*/true);
    replayed_ = -1;
  }
  std::unique_ptr<MemoryGraph> graph_ = std::make_unique<MemoryGraph>();
  std::unique_ptr<ModelDriver> driver_ = std::make_unique<ModelDriver>(kSeed, /*counter=*/true);
  int64_t replayed_ = -1;
};

// The first attempt after `attempt` that commits.
int64_t NextCommitted(int64_t attempt) {
  int64_t next = attempt + 1;
  while (ModelDriver::RollsBack(next)) ++next;
  return next;
}

class TxnKillModelTest : public ::testing::TestWithParam<Durability> {};

TEST_P(TxnKillModelTest, EveryKillLeavesAPrefixOfTheAcknowledgedHistory) {
  const Durability durability = GetParam();
  testing::TempDir dir;
  const std::string path = dir.Join("db");
  std::mt19937_64 rng(durability == Durability::kDurable ? 11 : 12);
  Model model;
  int64_t printed = -1;    // the last attempt any child acknowledged
  int64_t recovered = -1;  // what the previous reopen held
  uint64_t compactions_seen = 0, generation = 0;
  const int rounds = Rounds();
  for (int round = 0; round < rounds; ++round) {
    quiver::testing::KilledChild child([&](int fd) { ChildLoop(path, durability, fd); });
    ASSERT_TRUE(child.started());
    // The kill lands after a random number of acknowledged attempts (and then a random
    // few milliseconds), not after a random time: a slow build (sanitizers) spends its
    // first milliseconds opening the store, and the kills must still land among
    // commits and compactions.
    const int64_t kill_after = static_cast<int64_t>(rng() % 60);
    const auto then = std::chrono::milliseconds(rng() % 20);
    child.WaitForLines(kill_after);
    std::this_thread::sleep_for(then);
    int status = 0;
    ASSERT_TRUE(child.Kill(&status)) << "the child exited by itself with " << WEXITSTATUS(status);
    if (const auto lines = child.Printed(); !lines.empty()) printed = lines.back();

    const std::string where = "round " + std::to_string(round) + " (killed " + std::to_string(then.count()) +
                              " ms after attempt " + std::to_string(kill_after) + " of this child)";
    {
      auto store = TransactionalStore::Open(Env::Default(), path, ChildOptions(durability));
      ASSERT_TRUE(store.ok()) << where << ": " << store.status().ToString();
      std::unique_ptr<GraphReader> snapshot = (*store)->BeginRead();
      const int64_t last = ModelDriver::LastAttempt(*snapshot);
      if (durability == Durability::kDurable) {
        EXPECT_GE(last, printed) << where << ": acknowledged attempt " << printed << " is gone";
      }
      EXPECT_LE(last, NextCommitted(std::max(printed, recovered))) << where << ": more than was committed";
      model.AdvanceTo(last);
      ExpectMatches(*snapshot, model.graph(), where);
      recovered = last;
      generation = (*store)->Stats().generation;
      compactions_seen = std::max(compactions_seen, generation);
    }
    const CheckReport check = CheckDatabase(Env::Default(), path);
    ASSERT_TRUE(check.ok()) << where << ": " << check.status.ToString();
    if (HasFailure()) return;
  }
  std::printf("[ kill   ] %d kills, %lld attempts acknowledged, last recovered %lld, generation %llu\n", rounds,
              static_cast<long long>(printed), static_cast<long long>(recovered),
              static_cast<unsigned long long>(generation));
  EXPECT_GT(recovered, 0) << "the children committed something";
  EXPECT_GT(compactions_seen, 2u) << "kills landed on a database that compacts";
}

INSTANTIATE_TEST_SUITE_P(Modes, TxnKillModelTest, ::testing::Values(Durability::kDurable, Durability::kAsync),
                         [](const auto& info) { return info.param == Durability::kDurable ? "Durable" : "Async"; });

}  // namespace
}  // namespace quiver::storage
