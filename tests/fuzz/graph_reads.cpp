#include "fuzz/graph_reads.h"

#include <algorithm>
#include <vector>

#include "fuzz/fuzz_support.h"
#include "quiver/value_ops.h"
#include "storage/txn/transactional_store.h"

namespace quiver::fuzz {

namespace {

using storage::Direction;
using storage::EdgeRef;
using storage::Generation;

// Keeps the first error.
class FirstError {
 public:
  void Note(const Status& s) {
    if (first_.ok() && !s.ok()) first_ = s;
  }
  template <typename T>
  void Note(const Result<T>& r) {
    if (!r.ok()) Note(r.status());
  }
  Status status() const { return first_; }

 private:
  Status first_;
};

// Ids to ask for: all of [0, count) up to the bound, and a few past the end.
std::vector<uint64_t> Ids(uint64_t count) {
  std::vector<uint64_t> ids;
  for (uint64_t i = 0; i < std::min(count, kMaxEntities); ++i) ids.push_back(i);
  for (uint64_t past : {count, count + 1, uint64_t{1} << 32, UINT64_MAX}) ids.push_back(past);
  return ids;
}

void ReadNames(const Generation& g) {
  for (uint64_t i = 0; i < std::min<uint64_t>(g.LabelCount(), kMaxEntities) + 2; ++i) {
    const auto id = static_cast<uint32_t>(i);
    const std::string_view name = g.LabelName(id);
    if (i < g.LabelCount()) (void)g.FindLabel(name);
    (void)g.LabelNodeCount(id);
  }
  for (uint64_t i = 0; i < std::min<uint64_t>(g.RelTypeCount(), kMaxEntities) + 2; ++i) {
    const auto id = static_cast<uint32_t>(i);
    if (i < g.RelTypeCount()) (void)g.FindRelType(g.RelTypeName(id));
    (void)g.RelTypeEdgeCount(id);
  }
  for (uint64_t i = 0; i < std::min<uint64_t>(g.PropertyKeyCount(), kMaxEntities) + 2; ++i) {
    const auto id = static_cast<uint32_t>(i);
    if (i < g.PropertyKeyCount()) (void)g.FindPropertyKey(g.PropertyKeyName(id));
    (void)g.NodeColumn(id);
    if (i < g.PropertyKeyCount()) (void)g.ExternalIdsMirror(id);
  }
  (void)g.FindLabel("Person");
  (void)g.FindPropertyKey("");
}

void ReadNode(const Generation& g, uint64_t v, FirstError* errors) {
  const storage::UIntArray labels = g.NodeLabels(v);
  for (uint64_t i = 0; i < std::min<uint64_t>(labels.size(), kMaxEntities); ++i) {
    (void)g.HasLabel(v, static_cast<uint32_t>(labels[i]));
  }
  (void)g.HasLabel(v, g.LabelCount());
  errors->Note(g.NodeProperties(v));
  for (uint64_t k = 0; k < std::min<uint64_t>(g.PropertyKeyCount(), kMaxEntities) + 1; ++k) {
    errors->Note(g.NodeProperty(v, static_cast<uint32_t>(k)));
  }
  const storage::ExternalKeyView key = g.NodeKey(v);
  if (const auto* i = std::get_if<int64_t>(&key)) (void)g.FindNode(*i);
  if (const auto* s = std::get_if<std::string_view>(&key)) (void)g.FindNode(*s);
  for (Direction d : {Direction::kOut, Direction::kIn, Direction::kBoth}) (void)g.Degree(v, d);
}

void ReadEdges(const Generation& g, uint32_t type, uint64_t v, FirstError* errors, uint64_t* budget) {
  for (Direction d : {Direction::kOut, Direction::kIn}) {
    const storage::AdjacencySlice s = g.Neighbors(type, 0, v, d);
    (void)g.Degree(v, d, type);
    for (uint64_t i = 0; i < s.size() && *budget > 0; ++i, --*budget) {
      const EdgeRef e{type, s.EdgeAt(i)};
      uint64_t source = 0, target = 0;
      (void)s.neighbors[i];
      (void)g.EdgeEndpoints(e, &source, &target);
      errors->Note(g.EdgeProperties(e));
      for (uint32_t k = 0; k < std::min<uint32_t>(g.PropertyKeyCount(), 64); ++k) {
        (void)g.EdgeColumn(type, 0, k);
        errors->Note(g.EdgeProperty(e, k));
      }
    }
  }
  g.ForEachNeighbor(v, Direction::kBoth, type, [&](uint64_t, EdgeRef, Direction) {});
}

}  // namespace

Status ReadGeneration(const Generation& g) {
  FirstError errors;
  (void)g.NodeCount();
  (void)g.EdgeCount();
  ReadNames(g);
  const std::vector<uint64_t> nodes = Ids(g.NodeCount());
  for (uint64_t v : nodes) ReadNode(g, v, &errors);
  uint64_t edge_budget = 4 * kMaxEntities;  // edges read over all types and nodes
  for (uint64_t t = 0; t < std::min<uint64_t>(g.RelTypeCount(), 64) + 1; ++t) {
    for (uint64_t v : nodes) ReadEdges(g, static_cast<uint32_t>(t), v, &errors, &edge_budget);
    for (uint64_t e : Ids(g.RelTypeEdgeCount(static_cast<uint32_t>(t)))) {
      uint64_t source = 0, target = 0;
      (void)g.EdgeEndpoints(EdgeRef{static_cast<uint32_t>(t), e}, &source, &target);
    }
  }
  for (int64_t key : {int64_t{0}, int64_t{-20}, int64_t{49}, INT64_MIN, INT64_MAX}) (void)g.FindNode(key);
  for (std::string_view key : {"", "k0", "k69", "zzzz"}) (void)g.FindNode(key);
  return errors.status();
}

namespace {

// Runs f: InternalError is a finding when must_not_fail, a QuiverError otherwise the
// reader's contract for damage (StorageError), anything else always a finding.
template <typename F>
void ReadOrThrowQuiverError(const char* what, bool must_not_fail, F&& f) {
  try {
    f();
  } catch (const InternalError& e) {
    if (must_not_fail) Finding(std::string(what) + " over a checked database: InternalError: " + e.what());
  } catch (const QuiverError&) {
  } catch (const std::exception& e) {
    Finding(std::string(what) + ": non-Quiver exception: " + e.what());
  }
}

}  // namespace

void ReadGraph(const GraphReader& r, bool must_not_fail) {
  ReadOrThrowQuiverError("GraphReader", must_not_fail, [&] {
    std::vector<NodeId> nodes;
    r.ScanNodes(0, std::min<NodeId>(r.NodeIdBound(), kMaxEntities), std::nullopt, nodes);
    (void)r.NodeCount();
    (void)r.RelationshipCount();
    std::vector<LabelId> labels;
    std::vector<PropertyEntry> props;
    std::vector<Adjacent> adjacent;
    uint64_t budget = 4 * kMaxEntities;
    for (NodeId v : nodes) {
      if (!r.NodeExists(v)) continue;
      labels.clear();
      r.GetLabels(v, labels);
      for (LabelId l : labels) {
        (void)r.LabelName(l);
        (void)r.HasLabel(v, l);
      }
      props.clear();
      r.GetNodeProperties(v, props);
      for (const auto& [key, value] : props) {
        (void)r.PropertyKeyName(key);
        (void)r.GetNodeProperty(v, key);
        std::vector<NodeId> found;
        if (r.HasNodeKeyIndex(key)) (void)r.FindNodesByKey(std::nullopt, key, value, found);
      }
      (void)r.Degree(v, quiver::Direction::kBoth, {});
      adjacent.clear();
      r.Expand(v, quiver::Direction::kBoth, {}, adjacent);
      for (const Adjacent& a : adjacent) {
        if (budget-- == 0) break;
        if (!r.RelationshipExists(a.rel.id)) continue;
        (void)r.RelTypeName(a.rel.type);
        (void)r.GetRelationship(a.rel.id);
        props.clear();
        r.GetRelationshipProperties(a.rel.id, props);
        for (const auto& [key, value] : props) (void)r.GetRelationshipProperty(a.rel.id, key);
      }
    }
  });
}

std::string DigestGraph(const GraphReader& r) {
  std::vector<NodeId> nodes;
  r.ScanNodes(0, std::min<NodeId>(r.NodeIdBound(), kMaxEntities), std::nullopt, nodes);
  auto describe = [&](NodeId v) {
    std::vector<LabelId> labels;
    r.GetLabels(v, labels);
    std::vector<std::string> names;
    for (LabelId l : labels) names.emplace_back(r.LabelName(l));
    std::sort(names.begin(), names.end());
    std::string out = "(";
    for (const auto& n : names) out += ":" + n;
    std::vector<PropertyEntry> props;
    r.GetNodeProperties(v, props);
    std::vector<std::string> kv;
    for (const auto& [key, value] : props)
      kv.push_back(std::string(r.PropertyKeyName(key)) + "=" + ToTckString(value));
    std::sort(kv.begin(), kv.end());
    for (const auto& p : kv) out += " " + p;
    return out + ")";
  };
  std::vector<std::string> items;
  std::vector<Adjacent> adjacent;
  for (NodeId v : nodes) {
    const std::string node = describe(v);
    items.push_back(node);
    adjacent.clear();
    r.Expand(v, quiver::Direction::kOutgoing, {}, adjacent);
    for (const Adjacent& a : adjacent) {
      std::vector<PropertyEntry> props;
      r.GetRelationshipProperties(a.rel.id, props);
      std::vector<std::string> kv;
      for (const auto& [key, value] : props)
        kv.push_back(std::string(r.PropertyKeyName(key)) + "=" + ToTckString(value));
      std::sort(kv.begin(), kv.end());
      std::string rel = node + "-[:" + std::string(r.RelTypeName(a.rel.type));
      for (const auto& p : kv) rel += " " + p;
      items.push_back(rel + "]->" + describe(a.neighbour));
    }
  }
  std::sort(items.begin(), items.end());
  std::string digest =
      std::to_string(r.NodeCount()) + " nodes, " + std::to_string(r.RelationshipCount()) + " rels\n";
  for (const auto& i : items) digest += i + "\n";
  return digest;
}

void ReadThroughStore(MemEnv* env, const std::string& path, bool verify, bool must_not_fail) {
  storage::StoreOptions o;
  o.read_only = true;
  o.create_if_missing = false;
  o.verify_checksums_on_open = verify;
  auto store =
      NoThrow("TransactionalStore::Open", [&] { return storage::TransactionalStore::Open(env, path, o); });
  ExpectDamageStatus("TransactionalStore::Open", store.status());
  if (!store.ok()) return;
  ReadOrThrowQuiverError("TransactionalStore::Counts", must_not_fail, [&] { (void)(*store)->Counts(); });
  ReadGraph(*(*store)->BeginRead(), must_not_fail);
}

}  // namespace quiver::fuzz
