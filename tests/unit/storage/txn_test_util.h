#pragma once
// Shared fixtures of the transactional store tests (txn_*_test.cpp): a reference graph
// kept in plain maps, keyed by a "uid" property every node and relationship carries so
// that it survives compaction's renumbering, and a checker that compares a snapshot
// with it fact by fact, plus the structural invariants every snapshot must satisfy.

#include <gtest/gtest.h>

#include <map>
#include <random>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "storage/database_dir.h"
#include "storage/graph_builder.h"
#include "storage/txn/transactional_store.h"
#include "test_util/temp_dir.h"

namespace quiver::storage::txntest {

// An Env whose fsyncs take a while, as on a real disk, so that committers pile up.
class SlowSyncFile final : public WritableFile {
 public:
  SlowSyncFile(std::unique_ptr<WritableFile> base, std::chrono::microseconds delay)
      : base_(std::move(base)), delay_(delay) {}
  Status Append(std::string_view data) override { return base_->Append(data); }
  Status WriteAt(uint64_t offset, std::string_view data) override { return base_->WriteAt(offset, data); }
  Status Allocate(uint64_t size) override { return base_->Allocate(size); }
  Status StartWriteback(uint64_t offset, uint64_t length) override { return base_->StartWriteback(offset, length); }
  Status Sync() override {
    if (delay_.count() > 0) std::this_thread::sleep_for(delay_);
    return base_->Sync();
  }
  Status Close() override { return base_->Close(); }
  uint64_t Size() const override { return base_->Size(); }
  const std::string& path() const override { return base_->path(); }

 private:
  std::unique_ptr<WritableFile> base_;
  std::chrono::microseconds delay_;
};

class SlowSyncEnv final : public Env {
 public:
  explicit SlowSyncEnv(std::chrono::microseconds delay) : delay_(delay) {}
  Result<std::unique_ptr<WritableFile>> NewWritableFile(const std::string& p) override {
    QUIVER_ASSIGN_OR_RETURN(auto f, base_->NewWritableFile(p));
    return std::unique_ptr<WritableFile>(std::make_unique<SlowSyncFile>(std::move(f), delay_));
  }
  Result<std::unique_ptr<WritableFile>> OpenWritableFile(const std::string& p) override {
    QUIVER_ASSIGN_OR_RETURN(auto f, base_->OpenWritableFile(p));
    return std::unique_ptr<WritableFile>(std::make_unique<SlowSyncFile>(std::move(f), delay_));
  }
  Result<std::unique_ptr<RandomAccessFile>> NewRandomAccessFile(const std::string& p) override {
    return base_->NewRandomAccessFile(p);
  }
  Result<std::unique_ptr<MappedFile>> MapReadOnly(const std::string& p) override {
    return base_->MapReadOnly(p);
  }
  Status RenameFile(const std::string& a, const std::string& b) override { return base_->RenameFile(a, b); }
  Status RemoveFile(const std::string& p) override { return base_->RemoveFile(p); }
  Status TruncateFile(const std::string& p, uint64_t n) override { return base_->TruncateFile(p, n); }
  Status CreateDirs(const std::string& p) override { return base_->CreateDirs(p); }
  Status RemoveDirRecursive(const std::string& p) override { return base_->RemoveDirRecursive(p); }
  Status SyncDir(const std::string& p) override { return base_->SyncDir(p); }
  Result<bool> FileExists(const std::string& p) override { return base_->FileExists(p); }
  Result<uint64_t> FileSize(const std::string& p) override { return base_->FileSize(p); }
  Result<std::vector<std::string>> ListDir(const std::string& p) override { return base_->ListDir(p); }
  Result<std::unique_ptr<FileLock>> LockFile(const std::string& p, LockMode m) override {
    return base_->LockFile(p, m);
  }

 private:
  Env* base_ = Env::Default();
  std::chrono::microseconds delay_;
};

inline DatabaseId TestDbId() {
  DatabaseId id{};
  for (size_t i = 0; i < id.size(); ++i) id[i] = static_cast<uint8_t>(0x30 + i);
  return id;
}

inline StoreOptions Options(Durability d = Durability::kDurable) {
  StoreOptions o;
  o.durability = d;
  o.database_id = TestDbId();
  return o;
}

inline std::unique_ptr<TransactionalStore> OpenStore(const std::string& path, StoreOptions o,
                                                     Env* env = Env::Default()) {
  auto s = TransactionalStore::Open(env, path, o);
  EXPECT_TRUE(s.ok()) << s.status().ToString();
  return s.ok() ? std::move(s).value() : nullptr;
}

struct RefNode {
  std::set<std::string> labels;
  std::map<std::string, std::string> props;  // name -> ToTckString(value)
  friend bool operator==(const RefNode&, const RefNode&) = default;
};
struct RefRel {
  std::string type;
  int64_t start = 0, end = 0;  // node uids
  std::map<std::string, std::string> props;
  friend bool operator==(const RefRel&, const RefRel&) = default;
};
struct RefGraph {
  std::map<int64_t, RefNode> nodes;  // by uid
  std::map<int64_t, RefRel> rels;    // by uid
};

// uid -> current store id, from a snapshot.
struct IdMap {
  std::map<int64_t, NodeId> nodes;
  std::map<int64_t, RelId> rels;
};

inline int64_t UidOf(const Value& v) {
  return v.IsInt() ? v.AsInt() : -1;
}

inline IdMap MapIds(const GraphReader& r) {
  IdMap m;
  const auto uid_key = r.FindPropertyKey("uid");
  if (!uid_key) return m;
  std::vector<NodeId> ids;
  r.ScanNodes(0, r.NodeIdBound(), std::nullopt, ids);
  std::vector<Adjacent> adj;
  for (NodeId n : ids) {
    m.nodes[UidOf(r.GetNodeProperty(n, *uid_key))] = n;
    adj.clear();
    r.Expand(n, quiver::Direction::kOutgoing, {}, adj);
    for (const auto& a : adj) m.rels[UidOf(r.GetRelationshipProperty(a.rel.id, *uid_key))] = a.rel.id;
  }
  return m;
}

inline std::map<std::string, std::string> PropsByName(const GraphReader& r,
                                                      const std::vector<PropertyEntry>& props) {
  std::map<std::string, std::string> out;
  for (const auto& [k, v] : props) out[std::string(r.PropertyKeyName(k))] = ToTckString(v);
  return out;
}

// The reference graph a snapshot holds (every node and relationship carries "uid"): what
// a process that starts from a database it did not write knows of it.
inline RefGraph ReadRefGraph(const GraphReader& r) {
  RefGraph g;
  const auto uid_key = r.FindPropertyKey("uid");
  if (!uid_key) return g;
  std::vector<NodeId> ids;
  r.ScanNodes(0, r.NodeIdBound(), std::nullopt, ids);
  std::vector<LabelId> labels;
  std::vector<PropertyEntry> props;
  std::vector<Adjacent> adj;
  for (NodeId n : ids) {
    RefNode& node = g.nodes[UidOf(r.GetNodeProperty(n, *uid_key))];
    labels.clear();
    r.GetLabels(n, labels);
    for (LabelId l : labels) node.labels.insert(std::string(r.LabelName(l)));
    props.clear();
    r.GetNodeProperties(n, props);
    node.props = PropsByName(r, props);
    adj.clear();
    r.Expand(n, quiver::Direction::kOutgoing, {}, adj);
    for (const auto& a : adj) {
      props.clear();
      r.GetRelationshipProperties(a.rel.id, props);
      g.rels[UidOf(r.GetRelationshipProperty(a.rel.id, *uid_key))] =
          RefRel{std::string(r.RelTypeName(a.rel.type)), UidOf(r.GetNodeProperty(a.rel.start, *uid_key)),
                 UidOf(r.GetNodeProperty(a.rel.end, *uid_key)), PropsByName(r, props)};
    }
  }
  return g;
}

// Compares every fact of the snapshot with the reference, and checks the invariants:
// counts, degree sums (out = in = relationship count), reverse adjacency = transpose
// of forward, Degree = Expand's size, label scans = the labels nodes report.
inline void ExpectMatches(const GraphReader& r, const RefGraph& ref, const std::string& where) {
  SCOPED_TRACE(where);
  const IdMap ids = MapIds(r);
  ASSERT_EQ(r.NodeCount(), ref.nodes.size());
  ASSERT_EQ(ids.nodes.size(), ref.nodes.size());
  ASSERT_EQ(r.RelationshipCount(), ref.rels.size());
  ASSERT_EQ(ids.rels.size(), ref.rels.size());
  std::vector<LabelId> labels;
  std::vector<PropertyEntry> props;
  std::map<std::string, std::set<NodeId>> by_label;
  uint64_t out_sum = 0, in_sum = 0;
  std::multiset<std::pair<RelId, NodeId>> forward, reverse;  // (rel, other end) seen from each side
  std::vector<Adjacent> adj;
  for (const auto& [uid, node] : ref.nodes) {
    ASSERT_TRUE(ids.nodes.count(uid)) << "node uid " << uid;
    const NodeId id = ids.nodes.at(uid);
    ASSERT_TRUE(r.NodeExists(id));
    labels.clear();
    r.GetLabels(id, labels);
    std::set<std::string> names;
    for (LabelId l : labels) {
      names.insert(std::string(r.LabelName(l)));
      EXPECT_TRUE(r.HasLabel(id, l));
      by_label[std::string(r.LabelName(l))].insert(id);
    }
    EXPECT_EQ(names, node.labels) << "labels of node uid " << uid;
    props.clear();
    r.GetNodeProperties(id, props);
    EXPECT_EQ(PropsByName(r, props), node.props) << "properties of node uid " << uid;
    for (const auto& [k, v] : props) EXPECT_EQ(ToTckString(r.GetNodeProperty(id, k)), ToTckString(v));
    for (quiver::Direction d :
         {quiver::Direction::kOutgoing, quiver::Direction::kIncoming, quiver::Direction::kBoth}) {
      adj.clear();
      r.Expand(id, d, {}, adj);
      EXPECT_EQ(r.Degree(id, d, {}), adj.size()) << "degree of node uid " << uid;
      for (const auto& a : adj) {
        if (d == quiver::Direction::kOutgoing) {
          EXPECT_EQ(a.rel.start, id);
          forward.insert({a.rel.id, a.neighbour});
        } else if (d == quiver::Direction::kIncoming) {
          EXPECT_EQ(a.rel.end, id);
          reverse.insert({a.rel.id, id});
        }
      }
      if (d == quiver::Direction::kOutgoing) out_sum += adj.size();
      if (d == quiver::Direction::kIncoming) in_sum += adj.size();
    }
  }
  EXPECT_EQ(out_sum, ref.rels.size());
  EXPECT_EQ(in_sum, ref.rels.size());
  EXPECT_EQ(forward, reverse) << "reverse adjacency is not the transpose of forward";
  for (const auto& [uid, rel] : ref.rels) {
    ASSERT_TRUE(ids.rels.count(uid)) << "relationship uid " << uid;
    const RelId id = ids.rels.at(uid);
    ASSERT_TRUE(r.RelationshipExists(id));
    const RelationshipRef ref_rel = r.GetRelationship(id);
    EXPECT_EQ(std::string(r.RelTypeName(ref_rel.type)), rel.type);
    EXPECT_EQ(ref_rel.start, ids.nodes.at(rel.start));
    EXPECT_EQ(ref_rel.end, ids.nodes.at(rel.end));
    props.clear();
    r.GetRelationshipProperties(id, props);
    EXPECT_EQ(PropsByName(r, props), rel.props) << "properties of relationship uid " << uid;
  }
  // Label scans, whole and in two morsels.
  for (const auto& [name, members] : by_label) {
    const auto l = r.FindLabel(name);
    ASSERT_TRUE(l.has_value());
    std::vector<NodeId> scanned;
    const NodeId mid = r.NodeIdBound() / 2;
    r.ScanNodes(0, mid, l, scanned);
    r.ScanNodes(mid, r.NodeIdBound(), l, scanned);
    EXPECT_EQ(std::set<NodeId>(scanned.begin(), scanned.end()), members) << "scan of :" << name;
    EXPECT_TRUE(std::is_sorted(scanned.begin(), scanned.end()));
  }
}

// The store's per-label and per-type counts (storage/txn/graph_counts.h), as `quiver
// info` reports them, against the reference.
inline void ExpectCountsMatch(const TransactionalStore& store, const RefGraph& ref, const std::string& where) {
  SCOPED_TRACE(where);
  std::map<std::string, uint64_t> labels, types, got_labels, got_types;
  for (const auto& [uid, n] : ref.nodes) {
    for (const auto& l : n.labels) ++labels[l];
  }
  for (const auto& [uid, r] : ref.rels) ++types[r.type];
  const GraphCounts counts = store.Counts();
  for (const auto& [name, count] : counts.labels) {
    if (count > 0) got_labels[name] = count;
  }
  for (const auto& [name, count] : counts.rel_types) {
    if (count > 0) got_types[name] = count;
  }
  EXPECT_EQ(counts.nodes, ref.nodes.size());
  EXPECT_EQ(counts.relationships, ref.rels.size());
  EXPECT_EQ(got_labels, labels);
  EXPECT_EQ(got_types, types);
}

// A base generation: `n` nodes with uids 0..n-1, some labels and properties, a ring of
// :R relationships (uids 0..n-1) and self-loops; the same facts in `ref`.
inline void PublishBase(const std::string& path, int n, RefGraph* ref) {
  DatabaseOptions o;
  o.create_if_missing = true;
  o.database_id = TestDbId();
  auto db = DatabaseDir::Open(Env::Default(), path, o);
  ASSERT_TRUE(db.ok()) << db.status().ToString();
  GraphBuilder b;
  for (int i = 0; i < n; ++i) {
    std::vector<std::string> labels;
    if (i % 2 == 0) labels.push_back("Even");
    if (i % 3 == 0) labels.push_back("Three");
    GraphBuilder::Properties props = {{"uid", int64_t{i}}};
    std::string name = "n";  // (not operator+: g++ 12 -Wrestrict false positive)
    name += std::to_string(i);
    if (i % 4 != 1) props.push_back({"name", PropertyValue(name)});
    b.AddNode(labels, props, int64_t{1000 + i});
    RefNode& rn = ref->nodes[i];
    rn.labels.insert(labels.begin(), labels.end());
    rn.props["uid"] = ToTckString(Value::Int(i));
    if (i % 4 != 1) rn.props["name"] = ToTckString(Value::String(name));
  }
  int64_t ruid = 0;
  for (int i = 0; i < n; ++i) {
    const int j = (i + 1) % n;
    ASSERT_TRUE(b.AddEdge(i, j, "R", {{"uid", ruid}, {"w", double(i) / 2}}).ok());
    ref->rels[ruid] = RefRel{
        "R", i, j, {{"uid", ToTckString(Value::Int(ruid))}, {"w", ToTckString(Value::Float(double(i) / 2))}}};
    ++ruid;
  }
  for (int i = 0; i < n; i += 5) {
    ASSERT_TRUE(b.AddEdge(i, i, "LOOP", {{"uid", ruid}}).ok());
    ref->rels[ruid] = RefRel{"LOOP", i, i, {{"uid", ToTckString(Value::Int(ruid))}}};
    ++ruid;
  }
  auto w = (*db)->BeginGeneration(b.node_count());
  ASSERT_TRUE(w.ok());
  ASSERT_TRUE(b.Write(w->get()).ok());
  ASSERT_TRUE((*db)->Publish(w->get(), 0).ok());
}

}  // namespace quiver::storage::txntest
