// Snapshot isolation under concurrency: readers run invariant checks on their snapshots
// while a writer commits and compactions publish new generations. Run under
// ThreadSanitizer too (build with -DQUIVER_SANITIZE=thread).
//
// The writer keeps an invariant across nodes that only a whole transaction preserves:
// every node's "out" property equals its out-degree (a relationship and the count on
// its start node change together). A reader that saw half a transaction, or a snapshot
// that changed under it, breaks it.

#include <gtest/gtest.h>

#include <atomic>
#include <thread>

#include "txn_test_util.h"

namespace quiver::storage {
namespace {

using namespace txntest;
using D = quiver::Direction;

struct Fingerprint {
  uint64_t nodes = 0, rels = 0, degree_sum = 0, prop_sum = 0;
  friend bool operator==(const Fingerprint&, const Fingerprint&) = default;
};

// Checks one snapshot's invariants; returns a summary to compare with a later pass.
Fingerprint CheckSnapshot(const GraphReader& r, std::atomic<int>* violations) {
  Fingerprint f;
  const auto out_key = r.FindPropertyKey("out");
  std::vector<NodeId> nodes;
  r.ScanNodes(0, r.NodeIdBound(), std::nullopt, nodes);
  f.nodes = nodes.size();
  if (f.nodes != r.NodeCount()) ++*violations;
  uint64_t out_sum = 0, in_sum = 0;
  std::vector<Adjacent> out, in;
  std::multiset<RelId> out_ids, in_ids;
  for (NodeId n : nodes) {
    out.clear();
    in.clear();
    r.Expand(n, D::kOutgoing, {}, out);
    r.Expand(n, D::kIncoming, {}, in);
    if (r.Degree(n, D::kOutgoing, {}) != out.size() || r.Degree(n, D::kIncoming, {}) != in.size())
      ++*violations;
    out_sum += out.size();
    in_sum += in.size();
    for (const auto& a : out) {
      out_ids.insert(a.rel.id);
      if (a.rel.start != n || !r.NodeExists(a.neighbour)) ++*violations;
    }
    for (const auto& a : in) in_ids.insert(a.rel.id);
    const Value count = out_key ? r.GetNodeProperty(n, *out_key) : Value();
    const int64_t expected = count.IsInt() ? count.AsInt() : 0;
    if (expected != static_cast<int64_t>(out.size())) ++*violations;
    f.prop_sum += static_cast<uint64_t>(expected);
  }
  if (out_sum != in_sum || out_sum != r.RelationshipCount() || out_ids != in_ids) ++*violations;
  f.rels = r.RelationshipCount();
  f.degree_sum = out_sum;
  return f;
}

TEST(TxnConcurrencyTest, ReadersSeeConsistentSnapshotsDuringWritesAndCompactions) {
  testing::TempDir dir;
  RefGraph ref;
  PublishBase(dir.Join("db"), 60, &ref);  // base :R ring and :LOOPs; "out" not set yet
  StoreOptions o = Options(Durability::kAsync);
  o.memory_budget = 256 << 10;  // small: automatic compactions every few hundred commits
  auto store = OpenStore(dir.Join("db"), o);
  ASSERT_NE(store, nullptr);
  {  // establish the invariant on the base
    auto w = store->BeginWrite();
    ASSERT_TRUE(w.ok());
    const PropertyKeyId k = (*w)->InternPropertyKey("out");
    for (NodeId n = 0; n < 60; ++n) {
      (*w)->SetNodeProperty(n, k, Value::Int(static_cast<int64_t>((*w)->Degree(n, D::kOutgoing, {}))));
    }
    ASSERT_TRUE((*w)->Commit().ok());
  }

  std::atomic<bool> stop{false};
  std::atomic<int> violations{0};
  std::atomic<uint64_t> checks{0};
  std::vector<std::thread> readers;
  for (int i = 0; i < 3; ++i) {
    readers.emplace_back([&] {
      while (!stop.load()) {
        auto snapshot = store->BeginRead();
        const Fingerprint first = CheckSnapshot(*snapshot, &violations);
        std::this_thread::yield();
        if (!(CheckSnapshot(*snapshot, &violations) == first)) ++violations;  // it never changes
        ++checks;
      }
    });
  }
  std::thread compactor([&] {
    while (!stop.load()) {
      if (!store->Compact().ok()) ++violations;
      std::this_thread::sleep_for(std::chrono::milliseconds(15));
    }
  });

  std::mt19937_64 rng(11);
  for (int t = 0; t < 600; ++t) {
    auto w = store->BeginWrite();
    ASSERT_TRUE(w.ok()) << w.status().ToString();
    GraphWriter& g = **w;
    const PropertyKeyId k = g.InternPropertyKey("out");
    auto bump = [&](NodeId n, int64_t by) {
      const Value v = g.GetNodeProperty(n, k);
      g.SetNodeProperty(n, k, Value::Int((v.IsInt() ? v.AsInt() : 0) + by));
    };
    std::vector<NodeId> nodes;
    g.ScanNodes(0, g.NodeIdBound(), std::nullopt, nodes);
    for (int op = 0; op < 3; ++op) {
      const NodeId a = nodes[rng() % nodes.size()];
      switch (rng() % 4) {
        case 0: {
          const NodeId b = g.CreateNode({}, std::vector<PropertyEntry>{{k, Value::Int(0)}});
          g.CreateRelationship(g.InternRelType("S"), a, b, {});
          bump(a, 1);
          nodes.push_back(b);
          break;
        }
        case 1: {
          const NodeId b = nodes[rng() % nodes.size()];
          g.CreateRelationship(g.InternRelType(rng() % 2 ? "R" : "S"), a, b, {});
          bump(a, 1);
          break;
        }
        default: {
          std::vector<Adjacent> out;
          g.Expand(a, D::kOutgoing, {}, out);
          if (out.empty()) break;
          g.DeleteRelationship(out[rng() % out.size()].rel.id);
          bump(a, -1);
          break;
        }
      }
    }
    if (rng() % 10 == 0) {
      (*w)->Rollback();
    } else {
      ASSERT_TRUE((*w)->Commit().ok());
    }
  }
  stop = true;
  for (auto& r : readers) r.join();
  compactor.join();
  EXPECT_EQ(violations.load(), 0);
  EXPECT_GT(checks.load(), 0u);
  EXPECT_GT(store->Stats().compactions, 2u);
  std::atomic<int> final_violations{0};
  CheckSnapshot(*store->BeginRead(), &final_violations);
  EXPECT_EQ(final_violations.load(), 0);
}

}  // namespace
}  // namespace quiver::storage
