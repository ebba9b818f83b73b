#pragma once
// DeltaView: the read logic of base ⊕ delta over one DeltaState — what every GraphReader
// method of a snapshot (and of a transaction reading its own writes) computes. Non-virtual
// and stateless beyond the state pointer; StateReader<> below turns it into a GraphReader.
//
// Costs: a node or relationship the delta has not touched costs one radix lookup on top
// of the base read. Expand/Degree are O(base degree + delta degree); a node with deleted
// base relationships pays one lookup per base relationship in that direction.
// Base property reads that find an undecodable value throw StorageError (Corruption).

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "storage/graph.h"
#include "storage/txn/delta_state.h"
#include "storage/txn/graph_counts.h"

namespace quiver::storage {

class DeltaView {
 public:
  explicit DeltaView(const DeltaState* state = nullptr) : s_(state) {}
  void Reset(const DeltaState* state) { s_ = state; }
  const DeltaState& state() const { return *s_; }

  std::optional<LabelId> FindLabel(std::string_view name) const;
  std::optional<RelTypeId> FindRelType(std::string_view name) const;
  std::optional<PropertyKeyId> FindPropertyKey(std::string_view name) const;
  std::string_view LabelName(LabelId label) const;
  std::string_view RelTypeName(RelTypeId type) const;
  std::string_view PropertyKeyName(PropertyKeyId key) const;
  uint32_t LabelTokenCount() const { return static_cast<uint32_t>(s_->tokens->labels.size()); }
  uint32_t RelTypeTokenCount() const { return static_cast<uint32_t>(s_->tokens->rel_types.size()); }
  uint32_t PropertyKeyTokenCount() const { return static_cast<uint32_t>(s_->tokens->property_keys.size()); }

  NodeId NodeIdBound() const { return s_->node_bound; }
  uint64_t NodeCount() const { return s_->live_nodes; }
  bool NodeExists(NodeId node) const;
  void ScanNodes(NodeId begin, NodeId end, std::optional<LabelId> label, std::vector<NodeId>& out) const;
  void GetLabels(NodeId node, std::vector<LabelId>& out) const;
  bool HasLabel(NodeId node, LabelId label) const;
  Value GetNodeProperty(NodeId node, PropertyKeyId key) const;
  void GetNodeProperties(NodeId node, std::vector<PropertyEntry>& out) const;
  // Key lookups (delta_key_lookup.cpp): the base generation's external-id index, where
  // it mirrors property `key`, ⊕ the delta's nodes that carry (or override) that key.
  // O(log N + delta nodes): the delta has no index of its own.
  bool HasNodeKeyIndex(PropertyKeyId key) const;
  bool FindNodesByKey(std::optional<LabelId> label, PropertyKeyId key, const Value& value,
                      std::vector<NodeId>& out) const;
  const SchemaCatalog& Schema() const { return *s_->schema; }
  // Property indexes (delta_index_seek.cpp): ONLINE when the base generation has the
  // index's file, built for this very definition. A seek reads the file's entries in
  // O(log N + matches), keeps those the delta left alone and checks the others, then
  // adds the delta's candidates: for an equality or IN from the overlay
  // (index_overlay.h), O(matches); for a range or prefix by testing every delta node,
  // O(delta nodes).
  bool IndexOnline(const IndexDefinition& index) const;
  bool SeekNodes(const IndexDefinition& index, const PropertySeek& seek, std::vector<NodeId>& out) const;
  // The same for a relationship index (delta_rel_index_seek.cpp): the file's positions
  // of its type, the delta's relationships by their overlay (rel_index_overlay.h).
  bool SeekRelationships(const IndexDefinition& index, const PropertySeek& seek, std::vector<RelId>& out) const;

  uint64_t RelationshipCount() const { return s_->live_rels; }
  bool RelationshipExists(RelId rel) const;
  RelationshipRef GetRelationship(RelId rel) const;
  Value GetRelationshipProperty(RelId rel, PropertyKeyId key) const;
  void GetRelationshipProperties(RelId rel, std::vector<PropertyEntry>& out) const;
  // The generation's columns of the type, or any relationship in the delta (which may
  // carry properties of any type: not looked into).
  bool RelationshipTypeMayHaveProperties(RelTypeId type) const;

  void Expand(NodeId node, quiver::Direction direction, std::span<const RelTypeId> types,
              std::vector<Adjacent>& out) const;
  uint64_t Degree(NodeId node, quiver::Direction direction, std::span<const RelTypeId> types) const;
  bool HasRelationship(NodeId from, NodeId to, quiver::Direction direction, std::span<const RelTypeId> types) const;

  // The base's per-label and per-type counts while the delta has no node (relationship)
  // records; nullopt otherwise (the delta keeps no per-label counts).
  std::optional<uint64_t> CountNodes(std::optional<LabelId> label) const;
  std::optional<uint64_t> CountRelationships(std::optional<RelTypeId> type) const;

  // ---- batch reads (GraphReader's): a node the delta has not touched reads the base's
  // typed column and CSR slices directly ----
  void GatherNodeProperty(std::span<const NodeId> nodes, PropertyKeyId key, ValueVector& out) const;
  void GatherRelationshipProperty(std::span<const RelId> rels, PropertyKeyId key, ValueVector& out) const;
  void FilterByLabel(std::span<const NodeId> nodes, LabelId label, std::span<uint8_t> keep) const;
  void ExpandIds(NodeId node, quiver::Direction direction, std::span<const RelTypeId> types,
                 std::vector<NodeId>& neighbours, std::vector<RelId>& rels) const;
  void ExpandNeighbours(NodeId node, quiver::Direction direction, std::span<const RelTypeId> types,
                        std::vector<NodeId>& neighbours) const;

  // ---- for the writer and compaction ----
  const NodeDelta* NodeRecord(NodeId node) const {
    const auto* p = s_->nodes.Find(node);
    return p == nullptr ? nullptr : p->get();
  }
  const RelDelta* RelRecord(RelId rel) const {
    const auto* p = s_->rels.Find(rel);
    return p == nullptr ? nullptr : p->get();
  }
  bool IsBaseNode(NodeId node) const { return node < s_->base->node_count(); }
  bool IsBaseRel(RelId rel) const { return rel < s_->base->edge_count(); }
  // Asserts the id was ever allocated (tombstones included).
  void CheckNode(NodeId node) const;
  void CheckRel(RelId rel) const;

 private:
  // f(rel, type, start, end, neighbour) for each live relationship of node, base then delta.
  template <typename F>
  void ForEachAdjacent(NodeId node, quiver::Direction direction, std::span<const RelTypeId> types, F&& f) const;
  template <typename F>
  void ForEachBaseEdge(NodeId node, const NodeDelta* d, quiver::Direction direction,
                       std::span<const RelTypeId> types, F&& f) const;

  const DeltaState* s_;
};

// A GraphReader (Base = GraphReader) or the read half of a GraphWriter (Base =
// GraphWriter) over the DeltaState that view_ points at.
template <typename Base>
class StateReader : public Base {
 public:
  std::optional<LabelId> FindLabel(std::string_view name) const override { return view_.FindLabel(name); }
  std::optional<RelTypeId> FindRelType(std::string_view name) const override {
    return view_.FindRelType(name);
  }
  std::optional<PropertyKeyId> FindPropertyKey(std::string_view name) const override {
    return view_.FindPropertyKey(name);
  }
  std::string_view LabelName(LabelId label) const override { return view_.LabelName(label); }
  std::string_view RelTypeName(RelTypeId type) const override { return view_.RelTypeName(type); }
  std::string_view PropertyKeyName(PropertyKeyId key) const override { return view_.PropertyKeyName(key); }
  uint32_t LabelTokenCount() const override { return view_.LabelTokenCount(); }
  uint32_t RelTypeTokenCount() const override { return view_.RelTypeTokenCount(); }
  uint32_t PropertyKeyTokenCount() const override { return view_.PropertyKeyTokenCount(); }
  std::vector<uint64_t> NodeCountsByLabel() const override { return CountTokenUse(view_.state()).label_nodes; }
  std::vector<uint64_t> RelationshipCountsByType() const override {
    return CountTokenUse(view_.state()).type_relationships;
  }

  NodeId NodeIdBound() const override { return view_.NodeIdBound(); }
  uint64_t NodeCount() const override { return view_.NodeCount(); }
  bool NodeExists(NodeId node) const override { return view_.NodeExists(node); }
  void ScanNodes(NodeId begin, NodeId end, std::optional<LabelId> label,
                 std::vector<NodeId>& out) const override {
    view_.ScanNodes(begin, end, label, out);
  }
  void GetLabels(NodeId node, std::vector<LabelId>& out) const override { view_.GetLabels(node, out); }
  bool HasLabel(NodeId node, LabelId label) const override { return view_.HasLabel(node, label); }
  Value GetNodeProperty(NodeId node, PropertyKeyId key) const override {
    return view_.GetNodeProperty(node, key);
  }
  void GetNodeProperties(NodeId node, std::vector<PropertyEntry>& out) const override {
    view_.GetNodeProperties(node, out);
  }
  bool HasNodeKeyIndex(PropertyKeyId key) const override { return view_.HasNodeKeyIndex(key); }
  bool FindNodesByKey(std::optional<LabelId> label, PropertyKeyId key, const Value& value,
                      std::vector<NodeId>& out) const override {
    return view_.FindNodesByKey(label, key, value, out);
  }
  const SchemaCatalog& Schema() const override { return view_.Schema(); }
  bool IndexOnline(const IndexDefinition& index) const override { return view_.IndexOnline(index); }
  bool SeekNodes(const IndexDefinition& index, const PropertySeek& seek, std::vector<NodeId>& out) const override {
    return view_.SeekNodes(index, seek, out);
  }
  bool SeekRelationships(const IndexDefinition& index, const PropertySeek& seek,
                         std::vector<RelId>& out) const override {
    return view_.SeekRelationships(index, seek, out);
  }

  uint64_t RelationshipCount() const override { return view_.RelationshipCount(); }
  bool RelationshipExists(RelId rel) const override { return view_.RelationshipExists(rel); }
  RelationshipRef GetRelationship(RelId rel) const override { return view_.GetRelationship(rel); }
  Value GetRelationshipProperty(RelId rel, PropertyKeyId key) const override {
    return view_.GetRelationshipProperty(rel, key);
  }
  bool RelationshipTypeMayHaveProperties(RelTypeId type) const override {
    return view_.RelationshipTypeMayHaveProperties(type);
  }
  void GetRelationshipProperties(RelId rel, std::vector<PropertyEntry>& out) const override {
    view_.GetRelationshipProperties(rel, out);
  }

  void Expand(NodeId node, quiver::Direction direction, std::span<const RelTypeId> types,
              std::vector<Adjacent>& out) const override {
    view_.Expand(node, direction, types, out);
  }
  uint64_t Degree(NodeId node, quiver::Direction direction, std::span<const RelTypeId> types) const override {
    return view_.Degree(node, direction, types);
  }
  bool HasRelationship(NodeId from, NodeId to, quiver::Direction direction,
                       std::span<const RelTypeId> types) const override {
    return view_.HasRelationship(from, to, direction, types);
  }
  std::optional<uint64_t> CountNodes(std::optional<LabelId> label) const override { return view_.CountNodes(label); }
  std::optional<uint64_t> CountRelationships(std::optional<RelTypeId> type) const override {
    return view_.CountRelationships(type);
  }
  void GatherNodeProperty(std::span<const NodeId> nodes, PropertyKeyId key, ValueVector& out) const override {
    view_.GatherNodeProperty(nodes, key, out);
  }
  void GatherRelationshipProperty(std::span<const RelId> rels, PropertyKeyId key, ValueVector& out) const override {
    view_.GatherRelationshipProperty(rels, key, out);
  }
  void FilterByLabel(std::span<const NodeId> nodes, LabelId label, std::span<uint8_t> keep) const override {
    view_.FilterByLabel(nodes, label, keep);
  }
  void ExpandIds(NodeId node, quiver::Direction direction, std::span<const RelTypeId> types,
                 std::vector<NodeId>& neighbours, std::vector<RelId>& rels) const override {
    view_.ExpandIds(node, direction, types, neighbours, rels);
  }
  void ExpandNeighbours(NodeId node, quiver::Direction direction, std::span<const RelTypeId> types,
                        std::vector<NodeId>& neighbours) const override {
    view_.ExpandNeighbours(node, direction, types, neighbours);
  }

 protected:
  DeltaView view_;
};

}  // namespace quiver::storage
