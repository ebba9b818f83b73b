#pragma once
// ConstraintWriter: the writer every statement and transaction gets from a GraphSource
// (store_source.h, in_memory_database.cpp). It forwards everything to the store's
// transaction, remembers which nodes and relationships the transaction created or
// changed (properties, labels) while the catalog has constraints, and checks them when
// it commits — Neo4j's semantics: at commit, so a later statement of the same
// transaction may still fix up an earlier one's node, and against the transaction's own
// writes only, since the data committed before already satisfies every constraint
// (CREATE CONSTRAINT verifies it). A violation rolls the whole transaction back and
// throws SchemaError("ConstraintValidationFailed"). One decorator for both stores, so
// they enforce alike; each CALL { } IN TRANSACTIONS batch is its own transaction and
// is checked when it commits.

#include <algorithm>
#include <memory>
#include <vector>

#include "exec/constraint_check.h"
#include "storage/forwarding_graph.h"
#include "storage/schema_catalog.h"

namespace quiver::main {

class ConstraintWriter final : public GraphForwarder<GraphWriter> {
 public:
  explicit ConstraintWriter(std::unique_ptr<GraphWriter> inner) : inner_(std::move(inner)) {}

  LabelId InternLabel(std::string_view name) override { return inner_->InternLabel(name); }
  RelTypeId InternRelType(std::string_view name) override { return inner_->InternRelType(name); }
  PropertyKeyId InternPropertyKey(std::string_view name) override { return inner_->InternPropertyKey(name); }
  NodeId CreateNode(std::span<const LabelId> labels, std::span<const PropertyEntry> properties) override {
    return TrackNode(inner_->CreateNode(labels, properties));
  }
  RelId CreateRelationship(RelTypeId type, NodeId start, NodeId end,
                           std::span<const PropertyEntry> properties) override {
    return TrackRel(inner_->CreateRelationship(type, start, end, properties));
  }
  void SetNodeProperty(NodeId node, PropertyKeyId key, Value value) override {
    inner_->SetNodeProperty(node, key, std::move(value));
    TrackNode(node);
  }
  void SetRelationshipProperty(RelId rel, PropertyKeyId key, Value value) override {
    inner_->SetRelationshipProperty(rel, key, std::move(value));
    TrackRel(rel);
  }
  bool AddLabel(NodeId node, LabelId label) override {
    const bool changed = inner_->AddLabel(node, label);
    if (changed) TrackNode(node);
    return changed;
  }
  // Removing a label or deleting an entity cannot break a constraint.
  bool RemoveLabel(NodeId node, LabelId label) override { return inner_->RemoveLabel(node, label); }
  void DeleteRelationship(RelId rel) override { inner_->DeleteRelationship(rel); }
  void DeleteNode(NodeId node) override { inner_->DeleteNode(node); }
  void CreateIndex(const storage::IndexDefinition& definition) override { inner_->CreateIndex(definition); }
  void DropIndex(std::string_view name) override { inner_->DropIndex(name); }
  void CreateConstraint(const storage::ConstraintDefinition& definition) override {
    inner_->CreateConstraint(definition);
  }
  void DropConstraint(std::string_view name) override { inner_->DropConstraint(name); }

  // Validates, then commits; a violation rolls the transaction back before it throws,
  // so the writer is spent either way, as Commit's contract says.
  Status Commit() override {
    try {
      Validate();
    } catch (...) {
      inner_->Rollback();
      throw;
    }
    return inner_->Commit();
  }
  void Rollback() override { inner_->Rollback(); }

 protected:
  const GraphReader& target() const override { return *inner_; }

 private:
  // Nothing is remembered while the catalog has no constraints: a constraint created
  // later in the transaction verifies the data, this transaction's writes included.
  bool Tracking() const { return !inner_->Schema().constraints().empty(); }
  NodeId TrackNode(NodeId node) {
    if (Tracking()) nodes_.push_back(node);
    return node;
  }
  RelId TrackRel(RelId rel) {
    if (Tracking()) rels_.push_back(rel);
    return rel;
  }
  void Validate() {
    if (!Tracking() || (nodes_.empty() && rels_.empty())) return;
    for (auto* ids : {&nodes_, &rels_}) {
      std::sort(ids->begin(), ids->end());
      ids->erase(std::unique(ids->begin(), ids->end()), ids->end());
    }
    exec::ValidateWrites(*inner_, nodes_, rels_);
  }

  std::unique_ptr<GraphWriter> inner_;
  std::vector<NodeId> nodes_;
  std::vector<RelId> rels_;
};

}  // namespace quiver::main
