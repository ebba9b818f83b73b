#pragma once
// ModelDriver: seeded random transactions — creates, deletes, property and label
// changes, some rolled back — applied to any GraphWriter and, when they commit, to a
// reference graph in plain maps (txn_test_util.h's RefGraph), against which a store is
// compared fact by fact.
//
// Attempt i is a pure function of (seed, i, the committed reference graph): its random
// draws come from a generator seeded with both, its uids are derived from i, and whether
// it rolls back is i's. So two processes that agree on the graph make the same attempt:
// the kill test's parent replays on an in-memory graph what its killed child committed,
// knowing only how far the child got (with `counter`, every committed attempt also sets
// property seq = i on a counter node, uid -1, that no attempt deletes).

#include <gtest/gtest.h>

#include <functional>
#include <memory>
#include <random>
#include <string>

#include "txn_test_util.h"

namespace quiver::storage::txntest {

class ModelDriver {
 public:
  using BeginFn = std::function<Result<std::unique_ptr<GraphWriter>>()>;
  static constexpr int64_t kCounterUid = -1;

  ModelDriver(uint64_t seed, bool counter) : seed_(seed), counter_(counter) {}

  RefGraph& committed() { return committed_; }
  // Attempts that roll back instead of committing.
  static bool RollsBack(int64_t attempt) { return attempt % 7 == 3; }

  // Runs attempt i: 1..8 random operations in a transaction from `begin`, then a rollback
  // (RollsBack(i)) or a commit; a commit that succeeds becomes part of committed().
  // Returns the commit's status (OK for a rollback), or why the transaction did not start.
  Status Attempt(int64_t attempt, const BeginFn& begin) {
    QUIVER_ASSIGN_OR_RETURN(std::unique_ptr<GraphWriter> w, begin());
    rng_.seed(seed_ * 0x9E3779B97F4A7C15ull ^ static_cast<uint64_t>(attempt));
    next_node_uid_ = kFirstUid + attempt * kUidsPerAttempt;
    next_rel_uid_ = kFirstUid + attempt * kUidsPerAttempt;
    RefGraph pending = committed_;
    IdMap ids = MapIds(*w);
    const int ops = 1 + static_cast<int>(rng_() % 8);
    for (int i = 0; i < ops; ++i) Step(*w, pending, ids);
    if (counter_) SetCounter(*w, pending, ids, attempt);
    if (RollsBack(attempt)) {
      if (rng_() % 2 == 0) {
        w->Rollback();
      }  // else: destroyed unfinished, as when a query throws
      return Status::OK();
    }
    QUIVER_RETURN_IF_ERROR(w->Commit());
    committed_ = std::move(pending);
    return Status::OK();
  }

  // The attempt a graph of this driver reached: its counter's seq (-1 before any).
  static int64_t LastAttempt(const GraphReader& r) {
    const IdMap ids = MapIds(r);
    const auto seq = r.FindPropertyKey("seq");
    if (!ids.nodes.count(kCounterUid) || !seq) return -1;
    const Value v = r.GetNodeProperty(ids.nodes.at(kCounterUid), *seq);
    return v.IsInt() ? v.AsInt() : -1;
  }

 private:
  static constexpr int64_t kFirstUid = 1'000'000;  // above any base graph's uids
  static constexpr int64_t kUidsPerAttempt = 16;   // at most 8 operations an attempt

  void SetCounter(GraphWriter& w, RefGraph& g, IdMap& ids, int64_t attempt) {
    const PropertyKeyId seq = w.InternPropertyKey("seq");
    if (!ids.nodes.count(kCounterUid)) {
      ids.nodes[kCounterUid] = w.CreateNode(
          {}, std::vector<PropertyEntry>{{w.InternPropertyKey("uid"), Value::Int(kCounterUid)}});
      g.nodes[kCounterUid].props["uid"] = ToTckString(Value::Int(kCounterUid));
    }
    w.SetNodeProperty(ids.nodes.at(kCounterUid), seq, Value::Int(attempt));
    g.nodes[kCounterUid].props["seq"] = ToTckString(Value::Int(attempt));
  }

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
  // A random key of the map, never the counter node's.
  template <typename Map>
  std::optional<int64_t> PickKey(const Map& m) {
    const size_t candidates = m.size() - (m.count(kCounterUid) ? 1 : 0);
    if (candidates == 0) return std::nullopt;
    auto it = m.begin();
    if (it->first == kCounterUid) ++it;  // the smallest key
    std::advance(it, static_cast<long>(rng_() % candidates));
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
        const auto a = PickKey(g.nodes);
        if (!a) break;
        const int64_t b = rng_() % 4 == 0 ? *a : *PickKey(g.nodes);
        const int64_t uid = next_rel_uid_++;
        const char* type = kTypes[rng_() % 3];
        std::vector<PropertyEntry> props = {{uid_key, Value::Int(uid)}};
        RefRel r{type, *a, b, {{"uid", ToTckString(Value::Int(uid))}}};
        if (rng_() % 2 == 0) {
          const Value v = RandomValue();
          props.emplace_back(w.InternPropertyKey("w"), v);
          Put(r.props, "w", v);
        }
        ids.rels[uid] = w.CreateRelationship(w.InternRelType(type), ids.nodes.at(*a), ids.nodes.at(b), props);
        g.rels[uid] = r;
        break;
      }
      case 4: {  // set or remove a node property
        const auto uid = PickKey(g.nodes);
        if (!uid) break;
        const char* key = kKeys[rng_() % 3];
        const Value v = RandomValue();
        w.SetNodeProperty(ids.nodes.at(*uid), w.InternPropertyKey(key), v);
        Put(g.nodes[*uid].props, key, v);
        break;
      }
      case 5: {  // set or remove a relationship property
        const auto uid = PickKey(g.rels);
        if (!uid) break;
        const Value v = RandomValue();
        w.SetRelationshipProperty(ids.rels.at(*uid), w.InternPropertyKey("w"), v);
        Put(g.rels[*uid].props, "w", v);
        break;
      }
      case 6: {  // add or remove a label
        const auto uid = PickKey(g.nodes);
        if (!uid) break;
        const std::string label = kLabels[rng_() % 4];
        const LabelId l = w.InternLabel(label);
        auto& labels = g.nodes[*uid].labels;
        if (rng_() % 2 == 0) {
          EXPECT_EQ(w.AddLabel(ids.nodes.at(*uid), l), labels.insert(label).second);
        } else {
          EXPECT_EQ(w.RemoveLabel(ids.nodes.at(*uid), l), labels.erase(label) == 1);
        }
        break;
      }
      case 7:
      case 8: {  // delete a relationship
        const auto uid = PickKey(g.rels);
        if (!uid) break;
        w.DeleteRelationship(ids.rels.at(*uid));
        g.rels.erase(*uid);
        ids.rels.erase(*uid);
        break;
      }
      default: {  // DETACH DELETE a node
        const auto uid = PickKey(g.nodes);
        if (!uid) break;
        const NodeId id = ids.nodes.at(*uid);
        std::vector<Adjacent> adj;
        w.Expand(id, quiver::Direction::kBoth, {}, adj);
        for (const auto& a : adj) w.DeleteRelationship(a.rel.id);
        for (auto it = g.rels.begin(); it != g.rels.end();) {
          if (it->second.start == *uid || it->second.end == *uid) {
            ids.rels.erase(it->first);
            it = g.rels.erase(it);
          } else {
            ++it;
          }
        }
        w.DeleteNode(id);
        g.nodes.erase(*uid);
        ids.nodes.erase(*uid);
        break;
      }
    }
  }

  const uint64_t seed_;
  const bool counter_;
  std::mt19937_64 rng_;
  RefGraph committed_;
  int64_t next_node_uid_ = 0;
  int64_t next_rel_uid_ = 0;
};

}  // namespace quiver::storage::txntest
