// The measurement behind the key seek (issue 7): 1,000 lookups
// `MATCH (a:V {id: $id})-[:E]->(b) RETURN count(b)` on a scale-16 Graph500 graph, once
// with the storage's key index hidden (the plan the engine made before: a NodeScan
// checking the key on every node) and once with it (a NodeSeek). Disabled by default
// (it generates 65,536 nodes and 1M edges); run with
//   quiver_exec_tests --gtest_also_run_disabled_tests --gtest_filter='KeySeekTiming.*'
// Both runs must give the same counts; the µs per lookup are printed, and the cost of a
// trivial statement for comparison.

#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>

#include "common/file/env.h"
#include "main/query_engine.h"
#include "storage/forwarding_graph.h"
#include "storage/txn/transactional_store.h"
#include "test_util/temp_dir.h"
#include "unit/exec/base_graph_util.h"

namespace quiver {
namespace {

// Forwards every read to the store's snapshot but reports no key index.
class HiddenIndexReader final : public ForwardingGraphReader {
 public:
  explicit HiddenIndexReader(std::unique_ptr<GraphReader> r) : r_(std::move(r)) {}
  bool HasNodeKeyIndex(PropertyKeyId) const override { return false; }
  bool FindNodesByKey(std::optional<LabelId>, PropertyKeyId, const Value&, std::vector<NodeId>&) const override {
    return false;
  }

 protected:
  const GraphReader& target() const override { return *r_; }

 private:
  std::unique_ptr<GraphReader> r_;
};

class StoreSource final : public main::GraphSource {
 public:
  StoreSource(storage::TransactionalStore* store, bool hide_index) : store_(store), hide_(hide_index) {}
  std::unique_ptr<GraphWriter> BeginWrite(const exec::Interrupt* = nullptr) override { return nullptr; }  // read-only queries here
  std::unique_ptr<GraphReader> BeginRead() override {
    auto r = store_->BeginRead();
    if (hide_) return std::make_unique<HiddenIndexReader>(std::move(r));
    return r;
  }

 private:
  storage::TransactionalStore* store_;
  bool hide_;
};

TEST(KeySeekTiming, DISABLED_ThousandLookupsScale16) {
  quiver::testing::TempDir dir;
  testing::GenerateG500(16, dir.Join("db"), "");
  storage::StoreOptions o;
  o.create_if_missing = false;
  auto store = storage::TransactionalStore::Open(Env::Default(), dir.Join("db"), o);
  ASSERT_TRUE(store.ok()) << store.status().ToString();
  exec::ProcedureTable procedures;
  const char* query = "MATCH (a:V {id: $id})-[:E]->(b) RETURN count(b)";
  std::vector<int64_t> counts[2];
  for (int seek = 0; seek < 2; ++seek) {
    StoreSource source(store->get(), seek == 0);
    auto plan =
        main::ExecuteQuery(source, procedures, std::string("EXPLAIN ") + query, {{"id", Value::Int(0)}});
    std::printf("%s\n", FormatPlan(*plan.summary().plan).c_str());
    const auto start = std::chrono::steady_clock::now();
    for (int64_t i = 0; i < 1000; ++i) {
      auto r =
          main::ExecuteQuery(source, procedures, query, ValueMap{{"id", Value::Int((i * 7919) % 65536)}});
      counts[seek].push_back(r.rows().at(0).at(0).AsInt());
    }
    const double us =
        std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count();
    std::printf("%s: %.1f us per lookup (1000 lookups)\n", seek ? "NodeSeek" : "NodeScan (index hidden)",
                us / 1000);
  }
  EXPECT_EQ(counts[0], counts[1]);
  // What any statement costs (parse, bind, plan, snapshot), for scale.
  StoreSource source(store->get(), false);
  const auto start = std::chrono::steady_clock::now();
  for (int64_t i = 0; i < 1000; ++i)
    main::ExecuteQuery(source, procedures, "RETURN $id", {{"id", Value::Int(i)}});
  const double us =
      std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count();
  std::printf("RETURN $id (per-statement overhead): %.1f us per statement\n", us / 1000);
}

}  // namespace
}  // namespace quiver
