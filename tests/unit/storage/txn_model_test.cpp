// Model test: a seeded random mix of creates, deletes and updates, some rolled back,
// applied both to the transactional store and to a reference graph in plain maps; the
// store is reopened and compacted part-way, and every snapshot is compared with the
// reference fact by fact. Snapshots taken earlier must keep matching the reference of
// their time (snapshot isolation across commits, compactions and reopens... of the
// same store object).

#include <gtest/gtest.h>

#include "txn_test_util.h"

namespace quiver::storage {
namespace {

using namespace txntest;

class ModelDriver {
 public:
  explicit ModelDriver(uint64_t seed) : rng_(seed) {}

  RefGraph& committed() { return committed_; }
  void SetUids(int64_t nodes, int64_t rels) {
    next_node_uid_ = nodes;
    next_rel_uid_ = rels;
  }

  // One transaction of 1..8 random operations; committed or (roll_back) abandoned.
  void RunTransaction(TransactionalStore* store, bool roll_back) {
    auto begun = store->BeginWrite();
    ASSERT_TRUE(begun.ok()) << begun.status().ToString();
    std::unique_ptr<GraphWriter> w = std::move(begun).value();
    RefGraph pending = committed_;
    IdMap ids = MapIds(*w);
    const int ops = 1 + static_cast<int>(rng_() % 8);
    for (int i = 0; i < ops; ++i) Step(*w, pending, ids);
    if (roll_back) {
      if (rng_() % 2 == 0) {
        w->Rollback();
      }  // else: destroyed unfinished, as when a query throws
      return;
    }
    const Status s = w->Commit();
    ASSERT_TRUE(s.ok()) << s.ToString();
    committed_ = std::move(pending);
  }

 private:
  Value RandomValue() {
    switch (rng_() % 7) {
      case 0:
        return Value::Int(static_cast<int64_t>(rng_() % 1000) - 500);
      case 1:
        return Value::Float(static_cast<double>(rng_() % 100) / 8);
      case 2: {
        std::string text = "s";  // (not operator+: g++ 12 -Wrestrict false positive)
        text += std::to_string(rng_() % 50);
        return Value::String(text);
      }
      case 3:
        return Value::Bool(rng_() % 2 == 0);
      case 4:
        return Value::List({Value::Int(1), Value::Int(static_cast<int64_t>(rng_() % 9))});
      case 5:
        return Value::String(std::string(rng_() % 300, 'x'));
      default:
        return Value();  // null: removes
    }
  }
  template <typename Map>
  auto PickKey(const Map& m) {
    auto it = m.begin();
    std::advance(it, static_cast<long>(rng_() % m.size()));
    return it->first;
  }
  static void Put(std::map<std::string, std::string>& props, const std::string& key, const Value& v) {
    if (v.IsNull()) {
      props.erase(key);
    } else {
      props[key] = ToTckString(v);
    }
  }

  void Step(GraphWriter& w, RefGraph& g, IdMap& ids) {
    static const char* kLabels[] = {"A", "B", "Even", "Three"};
    static const char* kKeys[] = {"x", "y", "name"};
    static const char* kTypes[] = {"R", "S", "LOOP"};
    const PropertyKeyId uid_key = w.InternPropertyKey("uid");
    switch (rng_() % 10) {
      case 0:
      case 1: {  // create a node
        const int64_t uid = next_node_uid_++;
        std::vector<LabelId> labels;
        RefNode n;
        for (const char* l : kLabels) {
          if (rng_() % 3 == 0) {
            labels.push_back(w.InternLabel(l));
            n.labels.insert(l);
          }
        }
        std::vector<PropertyEntry> props = {{uid_key, Value::Int(uid)}};
        n.props["uid"] = ToTckString(Value::Int(uid));
        if (rng_() % 2 == 0) {
          const Value v = RandomValue();
          props.emplace_back(w.InternPropertyKey("x"), v);
          Put(n.props, "x", v);
        }
        ids.nodes[uid] = w.CreateNode(labels, props);
        g.nodes[uid] = n;
        break;
      }
      case 2:
      case 3: {  // create a relationship
        if (g.nodes.empty()) break;
        const int64_t a = PickKey(g.nodes), b = rng_() % 4 == 0 ? a : PickKey(g.nodes);
        const int64_t uid = next_rel_uid_++;
        const char* type = kTypes[rng_() % 3];
        std::vector<PropertyEntry> props = {{uid_key, Value::Int(uid)}};
        RefRel r{type, a, b, {{"uid", ToTckString(Value::Int(uid))}}};
        if (rng_() % 2 == 0) {
          const Value v = RandomValue();
          props.emplace_back(w.InternPropertyKey("w"), v);
          Put(r.props, "w", v);
        }
        ids.rels[uid] = w.CreateRelationship(w.InternRelType(type), ids.nodes.at(a), ids.nodes.at(b), props);
        g.rels[uid] = r;
        break;
      }
      case 4: {  // set or remove a node property
        if (g.nodes.empty()) break;
        const int64_t uid = PickKey(g.nodes);
        const char* key = kKeys[rng_() % 3];
        const Value v = RandomValue();
        w.SetNodeProperty(ids.nodes.at(uid), w.InternPropertyKey(key), v);
        Put(g.nodes[uid].props, key, v);
        break;
      }
      case 5: {  // set or remove a relationship property
        if (g.rels.empty()) break;
        const int64_t uid = PickKey(g.rels);
        const Value v = RandomValue();
        w.SetRelationshipProperty(ids.rels.at(uid), w.InternPropertyKey("w"), v);
        Put(g.rels[uid].props, "w", v);
        break;
      }
      case 6: {  // add or remove a label
        if (g.nodes.empty()) break;
        const int64_t uid = PickKey(g.nodes);
        const std::string label = kLabels[rng_() % 4];
        const LabelId l = w.InternLabel(label);
        auto& labels = g.nodes[uid].labels;
        if (rng_() % 2 == 0) {
          EXPECT_EQ(w.AddLabel(ids.nodes.at(uid), l), labels.insert(label).second);
        } else {
          EXPECT_EQ(w.RemoveLabel(ids.nodes.at(uid), l), labels.erase(label) == 1);
        }
        break;
      }
      case 7:
      case 8: {  // delete a relationship
        if (g.rels.empty()) break;
        const int64_t uid = PickKey(g.rels);
        w.DeleteRelationship(ids.rels.at(uid));
        g.rels.erase(uid);
        ids.rels.erase(uid);
        break;
      }
      default: {  // DETACH DELETE a node
        if (g.nodes.empty()) break;
        const int64_t uid = PickKey(g.nodes);
        const NodeId id = ids.nodes.at(uid);
        std::vector<Adjacent> adj;
        w.Expand(id, quiver::Direction::kBoth, {}, adj);
        for (const auto& a : adj) w.DeleteRelationship(a.rel.id);
        for (auto it = g.rels.begin(); it != g.rels.end();) {
          if (it->second.start == uid || it->second.end == uid) {
            ids.rels.erase(it->first);
            it = g.rels.erase(it);
          } else {
            ++it;
          }
        }
        w.DeleteNode(id);
        g.nodes.erase(uid);
        ids.nodes.erase(uid);
        break;
      }
    }
  }

  std::mt19937_64 rng_;
  RefGraph committed_;
  int64_t next_node_uid_ = 0;
  int64_t next_rel_uid_ = 0;
};

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
  ModelDriver driver(c.seed);
  PublishBase(path, 40, &driver.committed());
  driver.SetUids(1000, 1000);
  StoreOptions o = Options(c.durability);
  o.auto_compact = false;  // compactions at chosen points below
  auto store = OpenStore(path, o);
  ASSERT_NE(store, nullptr);
  ExpectMatches(*store->BeginRead(), driver.committed(), "the base");
  ExpectCountsMatch(*store, driver.committed(), "the base");

  // Snapshots held across later commits, with the reference of their time.
  std::vector<std::pair<std::unique_ptr<GraphReader>, RefGraph>> held;
  for (int t = 1; t <= c.transactions; ++t) {
    driver.RunTransaction(store.get(), t % 7 == 3);
    if (::testing::Test::HasFatalFailure()) return;
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
