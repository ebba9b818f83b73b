#pragma once
// BatchWriter: the writer of a statement with CALL { } IN TRANSACTIONS. Operators and
// the statement's run hold one GraphWriter for the whole statement; this is it, and it
// forwards to the transaction of the current batch, which CommitBatch() commits — as
// durable as any auto-commit statement's commit — before beginning the next one from
// the same source. So a failure rolls back only the batch it happens in.

#include <memory>

#include "exec/interrupt.h"
#include "main/graph_source.h"

namespace quiver::main {

class BatchWriter final : public GraphWriter {
 public:
  BatchWriter(GraphSource& source, std::unique_ptr<GraphWriter> first, const exec::Interrupt* interrupt)
      : source_(source), inner_(std::move(first)), interrupt_(interrupt) {}

  // Commits the current batch's transaction (throws its failure) and begins the next.
  void CommitBatch();

  // ---- GraphReader ----
  std::optional<LabelId> FindLabel(std::string_view name) const override { return inner_->FindLabel(name); }
  std::optional<RelTypeId> FindRelType(std::string_view name) const override { return inner_->FindRelType(name); }
  std::optional<PropertyKeyId> FindPropertyKey(std::string_view name) const override {
    return inner_->FindPropertyKey(name);
  }
  std::string_view LabelName(LabelId label) const override { return inner_->LabelName(label); }
  std::string_view RelTypeName(RelTypeId type) const override { return inner_->RelTypeName(type); }
  std::string_view PropertyKeyName(PropertyKeyId key) const override { return inner_->PropertyKeyName(key); }
  uint32_t LabelTokenCount() const override { return inner_->LabelTokenCount(); }
  uint32_t RelTypeTokenCount() const override { return inner_->RelTypeTokenCount(); }
  uint32_t PropertyKeyTokenCount() const override { return inner_->PropertyKeyTokenCount(); }
  std::vector<uint64_t> NodeCountsByLabel() const override { return inner_->NodeCountsByLabel(); }
  std::vector<uint64_t> RelationshipCountsByType() const override { return inner_->RelationshipCountsByType(); }
  NodeId NodeIdBound() const override { return inner_->NodeIdBound(); }
  uint64_t NodeCount() const override { return inner_->NodeCount(); }
  bool NodeExists(NodeId node) const override { return inner_->NodeExists(node); }
  void ScanNodes(NodeId begin, NodeId end, std::optional<LabelId> label, std::vector<NodeId>& out) const override {
    inner_->ScanNodes(begin, end, label, out);
  }
  void GetLabels(NodeId node, std::vector<LabelId>& out) const override { inner_->GetLabels(node, out); }
  bool HasLabel(NodeId node, LabelId label) const override { return inner_->HasLabel(node, label); }
  Value GetNodeProperty(NodeId node, PropertyKeyId key) const override { return inner_->GetNodeProperty(node, key); }
  void GetNodeProperties(NodeId node, std::vector<PropertyEntry>& out) const override {
    inner_->GetNodeProperties(node, out);
  }
  bool HasNodeKeyIndex(PropertyKeyId key) const override { return inner_->HasNodeKeyIndex(key); }
  bool FindNodesByKey(std::optional<LabelId> label, PropertyKeyId key, const Value& value,
                      std::vector<NodeId>& out) const override {
    return inner_->FindNodesByKey(label, key, value, out);
  }
  uint64_t RelationshipCount() const override { return inner_->RelationshipCount(); }
  bool RelationshipExists(RelId rel) const override { return inner_->RelationshipExists(rel); }
  RelationshipRef GetRelationship(RelId rel) const override { return inner_->GetRelationship(rel); }
  Value GetRelationshipProperty(RelId rel, PropertyKeyId key) const override {
    return inner_->GetRelationshipProperty(rel, key);
  }
  void GetRelationshipProperties(RelId rel, std::vector<PropertyEntry>& out) const override {
    inner_->GetRelationshipProperties(rel, out);
  }
  void Expand(NodeId node, Direction direction, std::span<const RelTypeId> types,
              std::vector<Adjacent>& out) const override {
    inner_->Expand(node, direction, types, out);
  }
  uint64_t Degree(NodeId node, Direction direction, std::span<const RelTypeId> types) const override {
    return inner_->Degree(node, direction, types);
  }
  bool HasRelationship(NodeId from, NodeId to, Direction direction, std::span<const RelTypeId> types) const override {
    return inner_->HasRelationship(from, to, direction, types);
  }
  std::optional<uint64_t> CountNodes(std::optional<LabelId> label) const override {
    return inner_->CountNodes(label);
  }
  std::optional<uint64_t> CountRelationships(std::optional<RelTypeId> type) const override {
    return inner_->CountRelationships(type);
  }
  void GatherNodeProperty(std::span<const NodeId> nodes, PropertyKeyId key, ValueVector& out) const override {
    inner_->GatherNodeProperty(nodes, key, out);
  }
  void GatherRelationshipProperty(std::span<const RelId> rels, PropertyKeyId key, ValueVector& out) const override {
    inner_->GatherRelationshipProperty(rels, key, out);
  }
  void FilterByLabel(std::span<const NodeId> nodes, LabelId label, std::span<uint8_t> keep) const override {
    inner_->FilterByLabel(nodes, label, keep);
  }
  void ExpandIds(NodeId node, Direction direction, std::span<const RelTypeId> types, std::vector<NodeId>& neighbours,
                 std::vector<RelId>& rels) const override {
    inner_->ExpandIds(node, direction, types, neighbours, rels);
  }
  void ExpandNeighbours(NodeId node, Direction direction, std::span<const RelTypeId> types,
                        std::vector<NodeId>& neighbours) const override {
    inner_->ExpandNeighbours(node, direction, types, neighbours);
  }

  // ---- GraphWriter ----
  LabelId InternLabel(std::string_view name) override { return inner_->InternLabel(name); }
  RelTypeId InternRelType(std::string_view name) override { return inner_->InternRelType(name); }
  PropertyKeyId InternPropertyKey(std::string_view name) override { return inner_->InternPropertyKey(name); }
  NodeId CreateNode(std::span<const LabelId> labels, std::span<const PropertyEntry> properties) override {
    return inner_->CreateNode(labels, properties);
  }
  RelId CreateRelationship(RelTypeId type, NodeId start, NodeId end,
                           std::span<const PropertyEntry> properties) override {
    return inner_->CreateRelationship(type, start, end, properties);
  }
  void SetNodeProperty(NodeId node, PropertyKeyId key, Value value) override {
    inner_->SetNodeProperty(node, key, std::move(value));
  }
  void SetRelationshipProperty(RelId rel, PropertyKeyId key, Value value) override {
    inner_->SetRelationshipProperty(rel, key, std::move(value));
  }
  bool AddLabel(NodeId node, LabelId label) override { return inner_->AddLabel(node, label); }
  bool RemoveLabel(NodeId node, LabelId label) override { return inner_->RemoveLabel(node, label); }
  void DeleteRelationship(RelId rel) override { inner_->DeleteRelationship(rel); }
  void DeleteNode(NodeId node) override { inner_->DeleteNode(node); }
  // The last batch's (the statement's end).
  Status Commit() override { return inner_->Commit(); }
  void Rollback() override {
    if (inner_) inner_->Rollback();
  }

 private:
  GraphSource& source_;
  std::unique_ptr<GraphWriter> inner_;  // null only while a failed batch start leaves none
  const exec::Interrupt* interrupt_;
};

}  // namespace quiver::main
