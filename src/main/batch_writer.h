#pragma once
// BatchWriter: the writer of a statement with CALL { } IN TRANSACTIONS. Operators and
// the statement's run hold one GraphWriter for the whole statement; this is it, and it
// forwards to the transaction of the current batch, which CommitBatch() commits — as
// durable as any auto-commit statement's commit — before beginning the next one from
// the same source. So a failure rolls back only the batch it happens in.

#include <memory>

#include "exec/interrupt.h"
#include "main/graph_source.h"
#include "storage/forwarding_graph.h"

namespace quiver::main {

class BatchWriter final : public GraphForwarder<GraphWriter> {
 public:
  BatchWriter(GraphSource& source, std::unique_ptr<GraphWriter> first, const exec::Interrupt* interrupt)
      : source_(source), inner_(std::move(first)), interrupt_(interrupt) {}

  // Commits the current batch's transaction (throws its failure) and begins the next.
  void CommitBatch();
  // Rolls the current batch's transaction back (none is left after a failed commit)
  // and begins the next.
  void RollbackBatch();
  // The current batch's number, from 1.
  uint64_t batch() const { return batch_; }

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

 protected:
  const GraphReader& target() const override { return *inner_; }

 private:
  GraphSource& source_;
  std::unique_ptr<GraphWriter> inner_;  // null only while a failed batch start leaves none
  const exec::Interrupt* interrupt_;
  uint64_t batch_ = 1;
};

}  // namespace quiver::main
