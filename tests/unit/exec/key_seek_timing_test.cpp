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
#include "storage/txn/transactional_store.h"
#include "test_util/temp_dir.h"
#include "unit/exec/base_graph_util.h"

namespace quiver {
namespace {

// Forwards every read to the store's snapshot but reports no key index.
class HiddenIndexReader final : public GraphReader {
 public:
  explicit HiddenIndexReader(std::unique_ptr<GraphReader> r) : r_(std::move(r)) {}
  std::optional<LabelId> FindLabel(std::string_view n) const override { return r_->FindLabel(n); }
  std::optional<RelTypeId> FindRelType(std::string_view n) const override { return r_->FindRelType(n); }
  std::optional<PropertyKeyId> FindPropertyKey(std::string_view n) const override {
    return r_->FindPropertyKey(n);
  }
  std::string_view LabelName(LabelId l) const override { return r_->LabelName(l); }
  std::string_view RelTypeName(RelTypeId t) const override { return r_->RelTypeName(t); }
  std::string_view PropertyKeyName(PropertyKeyId k) const override { return r_->PropertyKeyName(k); }
  uint32_t LabelTokenCount() const override { return r_->LabelTokenCount(); }
  uint32_t RelTypeTokenCount() const override { return r_->RelTypeTokenCount(); }
  uint32_t PropertyKeyTokenCount() const override { return r_->PropertyKeyTokenCount(); }
  NodeId NodeIdBound() const override { return r_->NodeIdBound(); }
  uint64_t NodeCount() const override { return r_->NodeCount(); }
  bool NodeExists(NodeId n) const override { return r_->NodeExists(n); }
  void ScanNodes(NodeId b, NodeId e, std::optional<LabelId> l, std::vector<NodeId>& out) const override {
    r_->ScanNodes(b, e, l, out);
  }
  void GetLabels(NodeId n, std::vector<LabelId>& out) const override { r_->GetLabels(n, out); }
  bool HasLabel(NodeId n, LabelId l) const override { return r_->HasLabel(n, l); }
  Value GetNodeProperty(NodeId n, PropertyKeyId k) const override { return r_->GetNodeProperty(n, k); }
  void GetNodeProperties(NodeId n, std::vector<PropertyEntry>& out) const override {
    r_->GetNodeProperties(n, out);
  }
  uint64_t RelationshipCount() const override { return r_->RelationshipCount(); }
  bool RelationshipExists(RelId r) const override { return r_->RelationshipExists(r); }
  RelationshipRef GetRelationship(RelId r) const override { return r_->GetRelationship(r); }
  Value GetRelationshipProperty(RelId r, PropertyKeyId k) const override {
    return r_->GetRelationshipProperty(r, k);
  }
  void GetRelationshipProperties(RelId r, std::vector<PropertyEntry>& out) const override {
    r_->GetRelationshipProperties(r, out);
  }
  void Expand(NodeId n, Direction d, std::span<const RelTypeId> t,
              std::vector<Adjacent>& out) const override {
    r_->Expand(n, d, t, out);
  }
  uint64_t Degree(NodeId n, Direction d, std::span<const RelTypeId> t) const override {
    return r_->Degree(n, d, t);
  }

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
