#pragma once
// CountingGraph: PROFILE's db hits. A GraphReader that forwards every read to the
// statement's graph and adds what the read touched to a counter — the counter of the
// operator running now, which each operator points it at while it runs (DbHitScope). It
// exists only under PROFILE: a statement that is not profiled reads its graph directly,
// and its operators' scopes test one null pointer (docs/query_engine.md, "Db hits").
//
// What one read costs, in db hits (Neo4j's unit: one request to the storage engine):
// an entity's labels, one property, a label test, a relationship's ends, a degree or a
// count the store keeps: 1. A scan or an index seek: 1 per node it yields (a seek 1
// more for the lookup). An adjacency read: 1 for the node's adjacency, 1 per
// relationship it yields. A batch read (a gather, a label filter over a chunk): 1 per
// item, so the vectorized engine counts what the row engine does for the same rows.
// Token lookups, the id bound and the schema are answered from memory the plan already
// holds, and whether an entity in hand still exists — the check Quiver makes before
// reading it, for a deleted entity's error — is part of that read: 0.
//
// One CountingGraph serves one thread: the statement's, or one vectorized worker's.

#include <algorithm>
#include <vector>

#include "storage/forwarding_graph.h"

namespace quiver::exec {

class CountingGraph final : public GraphForwarder<GraphReader> {
 public:
  explicit CountingGraph(const GraphReader& target) : target_(target) {}

  // The uncounted graph (a vectorized worker wraps it in a CountingGraph of its own).
  const GraphReader& uncounted() const { return target_; }
  // Counts into `sink` from now on; returns the counter counted into before.
  uint64_t* Redirect(uint64_t* sink) {
    uint64_t* before = sink_;
    sink_ = sink;
    return before;
  }
  // While pinned (a pattern expression's subplan runs inside the operator that evaluates
  // it, and shows in no plan) operators do not redirect: their reads are the caller's.
  bool pinned() const { return pinned_ > 0; }
  void Pin() { ++pinned_; }
  void Unpin() { --pinned_; }

  uint64_t NodeCount() const override { return Hit(1, target_.NodeCount()); }
  void ScanNodes(NodeId begin, NodeId end, std::optional<LabelId> label, std::vector<NodeId>& out) const override {
    HitPerItem(out, 0, [&] { target_.ScanNodes(begin, end, label, out); });
  }
  void GetLabels(NodeId node, std::vector<LabelId>& out) const override {
    Hit(1);
    target_.GetLabels(node, out);
  }
  bool HasLabel(NodeId node, LabelId label) const override { return Hit(1, target_.HasLabel(node, label)); }
  Value GetNodeProperty(NodeId node, PropertyKeyId key) const override {
    return Hit(1, target_.GetNodeProperty(node, key));
  }
  void GetNodeProperties(NodeId node, std::vector<PropertyEntry>& out) const override {
    HitPerProperty(out, [&] { target_.GetNodeProperties(node, out); });
  }
  bool FindNodesByKey(std::optional<LabelId> label, PropertyKeyId key, const Value& value,
                      std::vector<NodeId>& out) const override {
    const size_t before = out.size();
    const bool answered = target_.FindNodesByKey(label, key, value, out);
    if (answered) Hit(1 + out.size() - before);
    return answered;
  }
  bool SeekNodes(const storage::IndexDefinition& index, const PropertySeek& seek,
                 std::vector<NodeId>& out) const override {
    const size_t before = out.size();
    const bool answered = target_.SeekNodes(index, seek, out);
    if (answered) Hit(1 + out.size() - before);
    return answered;
  }

  uint64_t RelationshipCount() const override { return Hit(1, target_.RelationshipCount()); }
  RelationshipRef GetRelationship(RelId rel) const override { return Hit(1, target_.GetRelationship(rel)); }
  Value GetRelationshipProperty(RelId rel, PropertyKeyId key) const override {
    return Hit(1, target_.GetRelationshipProperty(rel, key));
  }
  void GetRelationshipProperties(RelId rel, std::vector<PropertyEntry>& out) const override {
    HitPerProperty(out, [&] { target_.GetRelationshipProperties(rel, out); });
  }

  void Expand(NodeId node, Direction direction, std::span<const RelTypeId> types,
              std::vector<Adjacent>& out) const override {
    HitPerItem(out, 1, [&] { target_.Expand(node, direction, types, out); });
  }
  uint64_t Degree(NodeId node, Direction direction, std::span<const RelTypeId> types) const override {
    return Hit(1, target_.Degree(node, direction, types));
  }
  bool HasRelationship(NodeId from, NodeId to, Direction direction, std::span<const RelTypeId> types) const override {
    return Hit(1, target_.HasRelationship(from, to, direction, types));
  }

  std::optional<uint64_t> CountNodes(std::optional<LabelId> label) const override {
    return Hit(1, target_.CountNodes(label));
  }
  std::optional<uint64_t> CountRelationships(std::optional<RelTypeId> type) const override {
    return Hit(1, target_.CountRelationships(type));
  }
  std::vector<uint64_t> NodeCountsByLabel() const override {
    auto counts = target_.NodeCountsByLabel();
    return Hit(counts.size(), std::move(counts));
  }
  std::vector<uint64_t> RelationshipCountsByType() const override {
    auto counts = target_.RelationshipCountsByType();
    return Hit(counts.size(), std::move(counts));
  }

  void GatherNodeProperty(std::span<const NodeId> nodes, PropertyKeyId key, ValueVector& out) const override {
    Hit(nodes.size());
    target_.GatherNodeProperty(nodes, key, out);
  }
  void GatherRelationshipProperty(std::span<const RelId> rels, PropertyKeyId key, ValueVector& out) const override {
    Hit(rels.size());
    target_.GatherRelationshipProperty(rels, key, out);
  }
  void FilterByLabel(std::span<const NodeId> nodes, LabelId label, std::span<uint8_t> keep) const override {
    Hit(nodes.size());
    target_.FilterByLabel(nodes, label, keep);
  }
  void ExpandIds(NodeId node, Direction direction, std::span<const RelTypeId> types, std::vector<NodeId>& neighbours,
                 std::vector<RelId>& rels) const override {
    HitPerItem(rels, 1, [&] { target_.ExpandIds(node, direction, types, neighbours, rels); });
  }
  void ExpandNeighbours(NodeId node, Direction direction, std::span<const RelTypeId> types,
                        std::vector<NodeId>& neighbours) const override {
    HitPerItem(neighbours, 1, [&] { target_.ExpandNeighbours(node, direction, types, neighbours); });
  }

 protected:
  const GraphReader& target() const override { return target_; }

 private:
  void Hit(uint64_t hits) const { *sink_ += hits; }
  template <class T>
  T Hit(uint64_t hits, T result) const {
    *sink_ += hits;
    return result;
  }
  // `read` appends to `out`: `fixed` hits, and one per item appended.
  template <class Out, class Read>
  void HitPerItem(const Out& out, uint64_t fixed, Read&& read) const {
    const size_t before = out.size();
    read();
    Hit(fixed + out.size() - before);
  }
  // An entity's properties: one per property read, one at least (the entity's).
  template <class Read>
  void HitPerProperty(const std::vector<PropertyEntry>& out, Read&& read) const {
    const size_t before = out.size();
    read();
    Hit(std::max<size_t>(1, out.size() - before));
  }

  const GraphReader& target_;
  // Reads outside any operator (planning the run, materializing results) count here.
  mutable uint64_t unattributed_ = 0;
  uint64_t* sink_ = &unattributed_;
  int pinned_ = 0;
};

// While it lives, `graph` (null unless profiling) counts into `sink`: an operator's
// Next, a pipeline stage's row, a fragment stage's chunk.
class DbHitScope {
 public:
  DbHitScope(CountingGraph* graph, uint64_t* sink)
      : graph_(graph != nullptr && !graph->pinned() ? graph : nullptr),
        before_(graph_ != nullptr ? graph_->Redirect(sink) : nullptr) {}
  ~DbHitScope() {
    if (graph_ != nullptr) graph_->Redirect(before_);
  }
  DbHitScope(const DbHitScope&) = delete;
  DbHitScope& operator=(const DbHitScope&) = delete;

 private:
  CountingGraph* graph_;
  uint64_t* before_;
};

// While it lives, operators run on `graph` (null unless profiling) count their reads
// where the enclosing one counts: a pattern expression's subplan, which is no operator
// of the plan PROFILE shows.
class DbHitPin {
 public:
  explicit DbHitPin(CountingGraph* graph) : graph_(graph) {
    if (graph_ != nullptr) graph_->Pin();
  }
  ~DbHitPin() {
    if (graph_ != nullptr) graph_->Unpin();
  }
  DbHitPin(const DbHitPin&) = delete;
  DbHitPin& operator=(const DbHitPin&) = delete;

 private:
  CountingGraph* graph_;
};

}  // namespace quiver::exec
