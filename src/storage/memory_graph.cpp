#include "storage/memory_graph.h"

#include <algorithm>
#include <variant>

#include "common/assert.h"
#include "storage/property_seek.h"

namespace quiver {

std::optional<uint32_t> MemoryGraph::Tokens::Find(std::string_view name) const {
  auto it = ids.find(std::string(name));
  if (it == ids.end()) return std::nullopt;
  return it->second;
}

uint32_t MemoryGraph::Tokens::Intern(std::string_view name) {
  if (auto found = Find(name)) return *found;
  auto id = static_cast<uint32_t>(names.size());
  names.emplace_back(name);
  ids.emplace(std::string(name), id);
  return id;
}

namespace {

// Property lists are short (a handful of keys), so a flat vector with linear search
// beats a map in both space and time.
Value GetProperty(const std::vector<PropertyEntry>& props, PropertyKeyId key) {
  for (const auto& [k, v] : props) {
    if (k == key) return v;
  }
  return Value();
}

// Sets (or with a null value removes) a property; returns the previous value.
Value SetProperty(std::vector<PropertyEntry>& props, PropertyKeyId key, Value value) {
  for (size_t i = 0; i < props.size(); ++i) {
    if (props[i].first != key) continue;
    Value old = std::move(props[i].second);
    if (value.IsNull()) {
      props.erase(props.begin() + static_cast<ptrdiff_t>(i));
    } else {
      props[i].second = std::move(value);
    }
    return old;
  }
  if (!value.IsNull()) props.emplace_back(key, std::move(value));
  return Value();
}

// Searches from the back: DETACH DELETE removes a node's relationships last first, so
// each removal is O(1) there instead of shifting the whole list.
size_t EraseId(std::vector<RelId>& ids, RelId id) {
  auto rit = std::find(ids.rbegin(), ids.rend(), id);
  QUIVER_ASSERT(rit != ids.rend());
  auto it = std::prev(rit.base());
  size_t pos = static_cast<size_t>(it - ids.begin());
  ids.erase(it);
  return pos;
}

bool TypeMatches(std::span<const RelTypeId> types, RelTypeId type) {
  return types.empty() || std::find(types.begin(), types.end(), type) != types.end();
}

// Undo records: each one restores what a single write changed.
struct UndoCreateNode {
  NodeId node;
};
struct UndoCreateRel {
  RelId rel;
};
struct UndoNodeProperty {
  NodeId node;
  PropertyKeyId key;
  Value old;  // null when the property was absent
};
struct UndoRelProperty {
  RelId rel;
  PropertyKeyId key;
  Value old;
};
struct UndoAddLabel {
  NodeId node;
  LabelId label;
};
struct UndoRemoveLabel {
  NodeId node;
  LabelId label;
  size_t position;  // where it stood in the node's label list
};
struct UndoDeleteRel {
  RelId rel;
  size_t out_position;
  size_t in_position;
};
struct UndoDeleteNode {
  NodeId node;
};
using UndoRecord = std::variant<UndoCreateNode, UndoCreateRel, UndoNodeProperty, UndoRelProperty,
                                UndoAddLabel, UndoRemoveLabel, UndoDeleteRel, UndoDeleteNode>;

}  // namespace

// The write transaction: applies writes in place and logs how to undo them.
class MemoryTransaction final : public GraphWriter {
 public:
  explicit MemoryTransaction(MemoryGraph& graph) : g_(graph) {
    QUIVER_ASSERT_MSG(!g_.transaction_open_, "MemoryGraph supports one transaction at a time");
    g_.transaction_open_ = true;
  }
  ~MemoryTransaction() override {
    if (!finished_) Rollback();
  }

  // ---- tokens ----
  std::optional<LabelId> FindLabel(std::string_view name) const override { return g_.labels_.Find(name); }
  std::optional<RelTypeId> FindRelType(std::string_view name) const override {
    return g_.rel_types_.Find(name);
  }
  std::optional<PropertyKeyId> FindPropertyKey(std::string_view name) const override {
    return g_.property_keys_.Find(name);
  }
  std::string_view LabelName(LabelId label) const override { return g_.labels_.names.at(label); }
  std::string_view RelTypeName(RelTypeId type) const override { return g_.rel_types_.names.at(type); }
  std::string_view PropertyKeyName(PropertyKeyId key) const override {
    return g_.property_keys_.names.at(key);
  }
  uint32_t LabelTokenCount() const override { return static_cast<uint32_t>(g_.labels_.names.size()); }
  uint32_t RelTypeTokenCount() const override { return static_cast<uint32_t>(g_.rel_types_.names.size()); }
  uint32_t PropertyKeyTokenCount() const override { return static_cast<uint32_t>(g_.property_keys_.names.size()); }
  LabelId InternLabel(std::string_view name) override { return g_.labels_.Intern(name); }
  RelTypeId InternRelType(std::string_view name) override { return g_.rel_types_.Intern(name); }
  PropertyKeyId InternPropertyKey(std::string_view name) override { return g_.property_keys_.Intern(name); }

  // ---- nodes ----
  NodeId NodeIdBound() const override { return g_.nodes_.size(); }
  uint64_t NodeCount() const override { return g_.live_nodes_; }
  bool NodeExists(NodeId node) const override { return node < g_.nodes_.size() && g_.nodes_[node].alive; }

  void ScanNodes(NodeId begin, NodeId end, std::optional<LabelId> label,
                 std::vector<NodeId>& out) const override {
    end = std::min<NodeId>(end, g_.nodes_.size());
    if (!label) {
      for (NodeId id = begin; id < end; ++id) {
        if (g_.nodes_[id].alive) out.push_back(id);
      }
      return;
    }
    if (*label >= g_.label_index_.size()) return;
    const auto& ids = g_.label_index_[*label];
    for (auto it = std::lower_bound(ids.begin(), ids.end(), begin); it != ids.end() && *it < end; ++it) {
      if (g_.nodes_[*it].alive) out.push_back(*it);
    }
  }

  void GetLabels(NodeId node, std::vector<LabelId>& out) const override {
    const auto& labels = Node(node).labels;
    out.insert(out.end(), labels.begin(), labels.end());
  }
  bool HasLabel(NodeId node, LabelId label) const override {
    const auto& labels = Node(node).labels;
    return std::find(labels.begin(), labels.end(), label) != labels.end();
  }
  Value GetNodeProperty(NodeId node, PropertyKeyId key) const override {
    return GetProperty(Node(node).properties, key);
  }
  void GetNodeProperties(NodeId node, std::vector<PropertyEntry>& out) const override {
    const auto& props = Node(node).properties;
    out.insert(out.end(), props.begin(), props.end());
  }

  // ---- relationships ----
  uint64_t RelationshipCount() const override { return g_.live_rels_; }
  bool RelationshipExists(RelId rel) const override { return rel < g_.rels_.size() && g_.rels_[rel].alive; }
  RelationshipRef GetRelationship(RelId rel) const override {
    const auto& r = Rel(rel);
    return RelationshipRef{rel, r.type, r.start, r.end};
  }
  Value GetRelationshipProperty(RelId rel, PropertyKeyId key) const override {
    return GetProperty(Rel(rel).properties, key);
  }
  void GetRelationshipProperties(RelId rel, std::vector<PropertyEntry>& out) const override {
    const auto& props = Rel(rel).properties;
    out.insert(out.end(), props.begin(), props.end());
  }

  void Expand(NodeId node, Direction direction, std::span<const RelTypeId> types,
              std::vector<Adjacent>& out) const override {
    const auto& n = Node(node);
    if (direction != Direction::kIncoming) {
      for (RelId id : n.out) {
        const auto& r = g_.rels_[id];
        if (TypeMatches(types, r.type)) out.push_back({{id, r.type, r.start, r.end}, r.end});
      }
    }
    if (direction != Direction::kOutgoing) {
      for (RelId id : n.in) {
        const auto& r = g_.rels_[id];
        // kBoth reports a self-loop once: it is already in the outgoing list.
        if (direction == Direction::kBoth && r.start == r.end) continue;
        if (TypeMatches(types, r.type)) out.push_back({{id, r.type, r.start, r.end}, r.start});
      }
    }
  }

  uint64_t Degree(NodeId node, Direction direction, std::span<const RelTypeId> types) const override {
    const auto& n = Node(node);
    uint64_t count = 0;
    if (direction != Direction::kIncoming) {
      if (types.empty()) {
        count += n.out.size();
      } else {
        for (RelId id : n.out) count += TypeMatches(types, g_.rels_[id].type) ? 1 : 0;
      }
    }
    if (direction != Direction::kOutgoing) {
      for (RelId id : n.in) {
        const auto& r = g_.rels_[id];
        if (direction == Direction::kBoth && r.start == r.end) continue;
        count += TypeMatches(types, r.type) ? 1 : 0;
      }
    }
    return count;
  }

  // ---- writes ----
  NodeId CreateNode(std::span<const LabelId> labels, std::span<const PropertyEntry> properties) override {
    NodeId id = g_.nodes_.size();
    g_.nodes_.emplace_back();
    ++g_.live_nodes_;
    undo_.push_back(UndoCreateNode{id});
    auto& record = g_.nodes_.back();
    for (LabelId label : labels) {
      if (std::find(record.labels.begin(), record.labels.end(), label) != record.labels.end()) continue;
      record.labels.push_back(label);
      IndexLabel(id, label);
    }
    for (const auto& [key, value] : properties) SetProperty(record.properties, key, value);
    return id;
  }

  RelId CreateRelationship(RelTypeId type, NodeId start, NodeId end,
                           std::span<const PropertyEntry> properties) override {
    QUIVER_ASSERT(NodeExists(start) && NodeExists(end));
    RelId id = g_.rels_.size();
    MemoryGraph::RelRecord record;
    record.type = type;
    record.start = start;
    record.end = end;
    for (const auto& [key, value] : properties) SetProperty(record.properties, key, value);
    g_.rels_.push_back(std::move(record));
    g_.nodes_[start].out.push_back(id);
    g_.nodes_[end].in.push_back(id);
    ++g_.live_rels_;
    undo_.push_back(UndoCreateRel{id});
    return id;
  }

  void SetNodeProperty(NodeId node, PropertyKeyId key, Value value) override {
    Value old = SetProperty(LiveNode(node).properties, key, std::move(value));
    undo_.push_back(UndoNodeProperty{node, key, std::move(old)});
  }

  void SetRelationshipProperty(RelId rel, PropertyKeyId key, Value value) override {
    QUIVER_ASSERT(RelationshipExists(rel));
    Value old = SetProperty(g_.rels_[rel].properties, key, std::move(value));
    undo_.push_back(UndoRelProperty{rel, key, std::move(old)});
  }

  bool AddLabel(NodeId node, LabelId label) override {
    auto& labels = LiveNode(node).labels;
    if (std::find(labels.begin(), labels.end(), label) != labels.end()) return false;
    labels.push_back(label);
    IndexLabel(node, label);
    undo_.push_back(UndoAddLabel{node, label});
    return true;
  }

  bool RemoveLabel(NodeId node, LabelId label) override {
    auto& labels = LiveNode(node).labels;
    auto it = std::find(labels.begin(), labels.end(), label);
    if (it == labels.end()) return false;
    size_t position = static_cast<size_t>(it - labels.begin());
    labels.erase(it);
    UnindexLabel(node, label);
    undo_.push_back(UndoRemoveLabel{node, label, position});
    return true;
  }

  void DeleteRelationship(RelId rel) override {
    QUIVER_ASSERT(RelationshipExists(rel));
    auto& r = g_.rels_[rel];
    size_t out_position = EraseId(g_.nodes_[r.start].out, rel);
    size_t in_position = EraseId(g_.nodes_[r.end].in, rel);
    r.alive = false;
    --g_.live_rels_;
    undo_.push_back(UndoDeleteRel{rel, out_position, in_position});
  }

  void DeleteNode(NodeId node) override {
    auto& n = LiveNode(node);
    QUIVER_ASSERT_MSG(n.out.empty() && n.in.empty(), "deleting a node that still has relationships");
    n.alive = false;
    --g_.live_nodes_;
    undo_.push_back(UndoDeleteNode{node});
  }

  // ---- schema: the catalog changes in place; the first change keeps the old one for
  // Rollback (a whole copy: catalogs are small and rarely change) ----
  const storage::SchemaCatalog& Schema() const override { return g_.schema_; }
  void CreateIndex(const storage::IndexDefinition& definition) override {
    QUIVER_ASSERT_MSG(!definition.name.empty() && g_.schema_.CheckAdd(definition) == storage::SchemaConflict::kNone,
                      "CreateIndex of an unnamed or conflicting definition");
    if (!schema_before_) schema_before_ = g_.schema_;
    g_.schema_.Add(definition);
  }
  // Property indexes are ONLINE at once: the in-memory graph keeps no structure per
  // index, so a seek reads the label's sorted node list and tests each node's value
  // (O(nodes with the label)). Plans and answers are those of the on-disk store; the
  // speed is a label scan's (docs/design.md, "Indexes and constraints").
  bool IndexOnline(const storage::IndexDefinition& index) const override {
    return index.IsPropertyIndex() && g_.schema_.Find(index.name) != nullptr;
  }
  bool SeekNodes(const storage::IndexDefinition& index, const PropertySeek& seek,
                 std::vector<NodeId>& out) const override {
    if (!index.IsNodePropertyIndex() || !IndexOnline(index) || seek.leading.size() >= index.keys.size()) return false;
    std::vector<NodeId> ids;
    ScanNodes(0, NodeIdBound(), index.token, ids);
    for (NodeId id : ids) {
      if (storage::SeekMatchesNode(seek, [&](size_t i) { return GetNodeProperty(id, index.keys[i]); })) {
        out.push_back(id);
      }
    }
    return true;
  }
  // A scan of every relationship record (the in-memory graph keeps no list per type).
  bool SeekRelationships(const storage::IndexDefinition& index, const PropertySeek& seek,
                         std::vector<RelId>& out) const override {
    if (!index.IsRelationshipPropertyIndex() || !IndexOnline(index) || seek.leading.size() >= index.keys.size()) {
      return false;
    }
    for (RelId id = 0; id < g_.rels_.size(); ++id) {
      const MemoryGraph::RelRecord& r = g_.rels_[id];
      if (!r.alive || r.type != index.token) continue;
      if (storage::SeekMatchesNode(seek, [&](size_t i) { return GetRelationshipProperty(id, index.keys[i]); })) {
        out.push_back(id);
      }
    }
    return true;
  }
  void DropIndex(std::string_view name) override {
    const storage::IndexDefinition* d = g_.schema_.Find(name);
    QUIVER_ASSERT_MSG(d != nullptr && d->kind != storage::IndexKind::kLookup, "DropIndex of an unknown or LOOKUP index");
    if (!schema_before_) schema_before_ = g_.schema_;
    g_.schema_.Drop(name);
  }

  void CreateConstraint(const storage::ConstraintDefinition& definition) override {
    QUIVER_ASSERT_MSG(!definition.name.empty() &&
                          g_.schema_.CheckAddConstraint(definition) == storage::SchemaConflict::kNone,
                      "CreateConstraint of an unnamed or conflicting definition");
    if (!schema_before_) schema_before_ = g_.schema_;
    g_.schema_.AddConstraint(definition);
  }
  void DropConstraint(std::string_view name) override {
    QUIVER_ASSERT_MSG(g_.schema_.FindConstraint(name) != nullptr, "DropConstraint of an unknown constraint");
    if (!schema_before_) schema_before_ = g_.schema_;
    g_.schema_.DropConstraint(name);
  }

  Status Commit() override {
    QUIVER_ASSERT(!finished_);
    undo_.clear();
    schema_before_.reset();
    Finish();
    return Status::OK();
  }

  void Rollback() override {
    QUIVER_ASSERT(!finished_);
    for (auto it = undo_.rbegin(); it != undo_.rend(); ++it) std::visit([this](auto& r) { Undo(r); }, *it);
    undo_.clear();
    if (schema_before_) g_.schema_ = std::move(*schema_before_);
    schema_before_.reset();
    Finish();
  }

 private:
  const MemoryGraph::NodeRecord& Node(NodeId node) const {
    QUIVER_ASSERT(node < g_.nodes_.size());
    return g_.nodes_[node];
  }
  MemoryGraph::NodeRecord& LiveNode(NodeId node) {
    QUIVER_ASSERT(NodeExists(node));
    return g_.nodes_[node];
  }
  const MemoryGraph::RelRecord& Rel(RelId rel) const {
    QUIVER_ASSERT(rel < g_.rels_.size());
    return g_.rels_[rel];
  }

  void IndexLabel(NodeId node, LabelId label) {
    if (label >= g_.label_index_.size()) g_.label_index_.resize(label + 1);
    auto& ids = g_.label_index_[label];
    // New nodes have the largest ids, so this is an append in the common case.
    ids.insert(std::upper_bound(ids.begin(), ids.end(), node), node);
  }
  void UnindexLabel(NodeId node, LabelId label) {
    auto& ids = g_.label_index_[label];
    auto it = std::lower_bound(ids.begin(), ids.end(), node);
    QUIVER_ASSERT(it != ids.end() && *it == node);
    ids.erase(it);
  }

  void Undo(UndoCreateNode& r) {
    QUIVER_ASSERT(r.node + 1 == g_.nodes_.size());
    for (LabelId label : g_.nodes_.back().labels) UnindexLabel(r.node, label);
    g_.nodes_.pop_back();
    --g_.live_nodes_;
  }
  void Undo(UndoCreateRel& r) {
    QUIVER_ASSERT(r.rel + 1 == g_.rels_.size());
    const auto& rel = g_.rels_.back();
    // Undo runs in reverse, so this relationship is the last one each endpoint gained.
    auto& out = g_.nodes_[rel.start].out;
    auto& in = g_.nodes_[rel.end].in;
    QUIVER_ASSERT(!out.empty() && out.back() == r.rel && !in.empty() && in.back() == r.rel);
    out.pop_back();
    in.pop_back();
    g_.rels_.pop_back();
    --g_.live_rels_;
  }
  void Undo(UndoNodeProperty& r) { SetProperty(g_.nodes_[r.node].properties, r.key, std::move(r.old)); }
  void Undo(UndoRelProperty& r) { SetProperty(g_.rels_[r.rel].properties, r.key, std::move(r.old)); }
  void Undo(UndoAddLabel& r) {
    auto& labels = g_.nodes_[r.node].labels;
    labels.erase(std::find(labels.begin(), labels.end(), r.label));
    UnindexLabel(r.node, r.label);
  }
  void Undo(UndoRemoveLabel& r) {
    auto& labels = g_.nodes_[r.node].labels;
    labels.insert(labels.begin() + static_cast<ptrdiff_t>(r.position), r.label);
    IndexLabel(r.node, r.label);
  }
  void Undo(UndoDeleteRel& r) {
    auto& rel = g_.rels_[r.rel];
    auto& out = g_.nodes_[rel.start].out;
    auto& in = g_.nodes_[rel.end].in;
    out.insert(out.begin() + static_cast<ptrdiff_t>(r.out_position), r.rel);
    in.insert(in.begin() + static_cast<ptrdiff_t>(r.in_position), r.rel);
    rel.alive = true;
    ++g_.live_rels_;
  }
  void Undo(UndoDeleteNode& r) {
    g_.nodes_[r.node].alive = true;
    ++g_.live_nodes_;
  }

  void Finish() {
    finished_ = true;
    g_.transaction_open_ = false;
  }

  MemoryGraph& g_;
  std::vector<UndoRecord> undo_;
  std::optional<storage::SchemaCatalog> schema_before_;  // set by the first schema change
  bool finished_ = false;
};

MemoryGraph::MemoryGraph() = default;
MemoryGraph::~MemoryGraph() = default;

std::unique_ptr<GraphWriter> MemoryGraph::BeginTransaction() {
  return std::make_unique<MemoryTransaction>(*this);
}

}  // namespace quiver
