// Model test: a seeded random mix of creates, deletes and updates, some rolled back,
// applied both to the transactional store and to a reference graph in plain maps; the
// store is reopened and compacted part-way, and every snapshot is compared with the
// reference fact by fact. Snapshots taken earlier must keep matching the reference of
// their time (snapshot isolation across commits, compactions and reopens... of the
// same store object).

#include <gtest/gtest.h>

#include "model_driver.h"
#include "txn_test_util.h"

namespace quiver::storage {
namespace {

using namespace txntest;

struct ModelCase {
  Durability durability;
  uint64_t seed;
  int transactions;
};

class TxnModelTest : public ::testing::TestWithParam<ModelCase> {};

TEST_P(TxnModelTest, RandomMixMatchesTheReferenceThroughReopensAndCompactions) {
  const ModelCase c = GetParam();
  testing::TempDir dir;
  const std::string path = dir.Join("db");
  ModelDriver driver(c.seed, /*counter=*/false);
  PublishBase(path, 40, &driver.committed());
  StoreOptions o = Options(c.durability);
  o.auto_compact = false;  // compactions at chosen points below
  auto store = OpenStore(path, o);
  ASSERT_NE(store, nullptr);
  ExpectMatches(*store->BeginRead(), driver.committed(), "the base");
  ExpectCountsMatch(*store, driver.committed(), "the base");

  // Snapshots held across later commits, with the reference of their time.
  std::vector<std::pair<std::unique_ptr<GraphReader>, RefGraph>> held;
  for (int t = 1; t <= c.transactions; ++t) {
    const Status s = driver.Attempt(t, [&] { return store->BeginWrite(); });  // attempts 3, 10, ... roll back
    ASSERT_TRUE(s.ok()) << s.ToString();
    if (t % 10 == 0) {
      ExpectMatches(*store->BeginRead(), driver.committed(), "after transaction " + std::to_string(t));
      ExpectCountsMatch(*store, driver.committed(), "after transaction " + std::to_string(t));
    }
    if (t % 16 == 5) held.emplace_back(store->BeginRead(), driver.committed());
    if (t % 25 == 0) {
      ASSERT_TRUE(store->Compact().ok());
      ExpectMatches(*store->BeginRead(), driver.committed(), "after compaction at " + std::to_string(t));
      ExpectCountsMatch(*store, driver.committed(), "after compaction at " + std::to_string(t));
    }
    if (t % 40 == 0) {
      for (size_t i = 0; i < held.size(); ++i) ExpectMatches(*held[i].first, held[i].second, "held snapshot");
      held.clear();  // a snapshot must not outlive its store
      store.reset();
      store = OpenStore(path, o);
      ASSERT_NE(store, nullptr);
      ExpectMatches(*store->BeginRead(), driver.committed(), "after reopen at " + std::to_string(t));
      ExpectCountsMatch(*store, driver.committed(), "after reopen at " + std::to_string(t));
    }
  }
  for (size_t i = 0; i < held.size(); ++i) ExpectMatches(*held[i].first, held[i].second, "held snapshot");
  held.clear();
  ExpectMatches(*store->BeginRead(), driver.committed(), "at the end");
  ExpectCountsMatch(*store, driver.committed(), "at the end");
  ASSERT_TRUE(store->Compact().ok());
  store.reset();
  store = OpenStore(path, o);
  ExpectMatches(*store->BeginRead(), driver.committed(), "compacted and reopened");
  ExpectCountsMatch(*store, driver.committed(), "compacted and reopened");
  EXPECT_EQ(store->recovery().records_replayed, 0u);
}

INSTANTIATE_TEST_SUITE_P(
    Seeds, TxnModelTest,
    ::testing::Values(ModelCase{Durability::kAsync, 1, 200}, ModelCase{Durability::kAsync, 2, 200},
                      ModelCase{Durability::kAsync, 3, 200}, ModelCase{Durability::kDurable, 4, 80}),
    [](const auto& info) {
      return std::string(info.param.durability == Durability::kAsync ? "Async" : "Durable") + "Seed" +
             std::to_string(info.param.seed);
    });

}  // namespace
}  // namespace quiver::storage
