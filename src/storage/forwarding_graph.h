#pragma once
// GraphForwarder: a GraphReader — or a GraphWriter, whose reads it then is — that passes
// every read to another reader, for decorators that change one thing: the writer of
// CALL { } IN TRANSACTIONS, which swaps the transaction under it after each batch
// (main/batch_writer.h), or a test's reader that hides the key index. The reads are
// listed once, here, so a read added to GraphReader — above all an optional fast path
// (counts, gathers, key seeks) whose default would answer more slowly but still
// correctly — reaches every decorator instead of being silently lost in one.

#include <type_traits>

#include "storage/graph.h"

namespace quiver {

template <class Interface>
  requires std::is_base_of_v<GraphReader, Interface>
class GraphForwarder : public Interface {
 public:
  std::optional<LabelId> FindLabel(std::string_view name) const override { return target().FindLabel(name); }
  std::optional<RelTypeId> FindRelType(std::string_view name) const override { return target().FindRelType(name); }
  std::optional<PropertyKeyId> FindPropertyKey(std::string_view name) const override {
    return target().FindPropertyKey(name);
  }
  std::string_view LabelName(LabelId label) const override { return target().LabelName(label); }
  std::string_view RelTypeName(RelTypeId type) const override { return target().RelTypeName(type); }
  std::string_view PropertyKeyName(PropertyKeyId key) const override { return target().PropertyKeyName(key); }
  uint32_t LabelTokenCount() const override { return target().LabelTokenCount(); }
  uint32_t RelTypeTokenCount() const override { return target().RelTypeTokenCount(); }
  uint32_t PropertyKeyTokenCount() const override { return target().PropertyKeyTokenCount(); }

  NodeId NodeIdBound() const override { return target().NodeIdBound(); }
  uint64_t NodeCount() const override { return target().NodeCount(); }
  bool NodeExists(NodeId node) const override { return target().NodeExists(node); }
  void ScanNodes(NodeId begin, NodeId end, std::optional<LabelId> label, std::vector<NodeId>& out) const override {
    target().ScanNodes(begin, end, label, out);
  }
  void GetLabels(NodeId node, std::vector<LabelId>& out) const override { target().GetLabels(node, out); }
  bool HasLabel(NodeId node, LabelId label) const override { return target().HasLabel(node, label); }
  Value GetNodeProperty(NodeId node, PropertyKeyId key) const override { return target().GetNodeProperty(node, key); }
  void GetNodeProperties(NodeId node, std::vector<PropertyEntry>& out) const override {
    target().GetNodeProperties(node, out);
  }
  bool HasNodeKeyIndex(PropertyKeyId key) const override { return target().HasNodeKeyIndex(key); }
  bool FindNodesByKey(std::optional<LabelId> label, PropertyKeyId key, const Value& value,
                      std::vector<NodeId>& out) const override {
    return target().FindNodesByKey(label, key, value, out);
  }

  const storage::SchemaCatalog& Schema() const override { return target().Schema(); }
  bool IndexOnline(const storage::IndexDefinition& index) const override { return target().IndexOnline(index); }
  bool SeekNodes(const storage::IndexDefinition& index, const PropertySeek& seek,
                 std::vector<NodeId>& out) const override {
    return target().SeekNodes(index, seek, out);
  }
  bool SeekRelationships(const storage::IndexDefinition& index, const PropertySeek& seek,
                         std::vector<RelId>& out) const override {
    return target().SeekRelationships(index, seek, out);
  }

  uint64_t RelationshipCount() const override { return target().RelationshipCount(); }
  bool RelationshipExists(RelId rel) const override { return target().RelationshipExists(rel); }
  RelationshipRef GetRelationship(RelId rel) const override { return target().GetRelationship(rel); }
  Value GetRelationshipProperty(RelId rel, PropertyKeyId key) const override {
    return target().GetRelationshipProperty(rel, key);
  }
  void GetRelationshipProperties(RelId rel, std::vector<PropertyEntry>& out) const override {
    target().GetRelationshipProperties(rel, out);
  }

  void Expand(NodeId node, Direction direction, std::span<const RelTypeId> types,
              std::vector<Adjacent>& out) const override {
    target().Expand(node, direction, types, out);
  }
  uint64_t Degree(NodeId node, Direction direction, std::span<const RelTypeId> types) const override {
    return target().Degree(node, direction, types);
  }
  bool HasRelationship(NodeId from, NodeId to, Direction direction, std::span<const RelTypeId> types) const override {
    return target().HasRelationship(from, to, direction, types);
  }

  std::optional<uint64_t> CountNodes(std::optional<LabelId> label) const override { return target().CountNodes(label); }
  std::optional<uint64_t> CountRelationships(std::optional<RelTypeId> type) const override {
    return target().CountRelationships(type);
  }
  std::vector<uint64_t> NodeCountsByLabel() const override { return target().NodeCountsByLabel(); }
  std::vector<uint64_t> RelationshipCountsByType() const override { return target().RelationshipCountsByType(); }

  void GatherNodeProperty(std::span<const NodeId> nodes, PropertyKeyId key, ValueVector& out) const override {
    target().GatherNodeProperty(nodes, key, out);
  }
  void GatherRelationshipProperty(std::span<const RelId> rels, PropertyKeyId key, ValueVector& out) const override {
    target().GatherRelationshipProperty(rels, key, out);
  }
  void FilterByLabel(std::span<const NodeId> nodes, LabelId label, std::span<uint8_t> keep) const override {
    target().FilterByLabel(nodes, label, keep);
  }
  void ExpandIds(NodeId node, Direction direction, std::span<const RelTypeId> types, std::vector<NodeId>& neighbours,
                 std::vector<RelId>& rels) const override {
    target().ExpandIds(node, direction, types, neighbours, rels);
  }
  void ExpandNeighbours(NodeId node, Direction direction, std::span<const RelTypeId> types,
                        std::vector<NodeId>& neighbours) const override {
    target().ExpandNeighbours(node, direction, types, neighbours);
  }

 protected:
  // The reader every read goes to; it may change between calls (a new batch).
  virtual const GraphReader& target() const = 0;
};

using ForwardingGraphReader = GraphForwarder<GraphReader>;

}  // namespace quiver
