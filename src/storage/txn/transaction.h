#pragma once
// Transaction: one write transaction of the TransactionalStore — a GraphWriter over a
// private copy of the DeltaState it began on. Every write changes that copy by path
// copying (nothing published is touched) and appends its operation to the log payload
// (write_ops.h). Commit hands both to the store, which logs the payload and publishes
// the copy as the next state; Rollback, an exception, or destruction drops them, so a
// failed transaction leaves no trace (tokens it interned included).
//
// Errors, per the GraphWriter contract: a value that cannot be stored throws
// StorageError (InvalidArgument for nodes, relationships and paths); a
// transaction whose own changes pass the store's memory budget throws
// ResourceExhaustedError (no flusher or compactor can free uncommitted changes); an
// unknown or deleted id is a caller bug (QUIVER_ASSERT).
//
// Threads: a transaction belongs to one thread at a time.

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>

#include "quiver/database.h"
#include "storage/txn/delta_view.h"
#include "storage/txn/write_ops.h"

namespace quiver::storage {

class Transaction;

// What a transaction calls back into: the store.
class TransactionHost {
 public:
  virtual ~TransactionHost() = default;
  // Logs and publishes txn's changes; releases the writer slot whatever the outcome.
  virtual Status CommitTransaction(Transaction* txn) = 0;
  // Releases the writer slot of a transaction that was rolled back.
  virtual void EndTransaction(Transaction* txn) = 0;
};

class Transaction final : public StateReader<GraphWriter> {
 public:
  struct Options {
    Durability durability = Durability::kDurable;
    uint64_t memory_limit = UINT64_MAX;  // own changes + payload; past it writes throw
    bool log = true;                     // false while replaying the log itself
  };
  Transaction(TransactionHost* host, const DeltaState& start, EditContext ctx, Options options);
  ~Transaction() override;
  Transaction(const Transaction&) = delete;
  Transaction& operator=(const Transaction&) = delete;

  // ---- GraphWriter ----
  LabelId InternLabel(std::string_view name) override;
  RelTypeId InternRelType(std::string_view name) override;
  PropertyKeyId InternPropertyKey(std::string_view name) override;
  NodeId CreateNode(std::span<const LabelId> labels, std::span<const PropertyEntry> properties) override;
  RelId CreateRelationship(RelTypeId type, NodeId start, NodeId end,
                           std::span<const PropertyEntry> properties) override;
  void SetNodeProperty(NodeId node, PropertyKeyId key, Value value) override;
  void SetRelationshipProperty(RelId rel, PropertyKeyId key, Value value) override;
  bool AddLabel(NodeId node, LabelId label) override;
  bool RemoveLabel(NodeId node, LabelId label) override;
  void DeleteRelationship(RelId rel) override;
  void DeleteNode(NodeId node) override;
  void CreateIndex(const IndexDefinition& definition) override;
  void DropIndex(std::string_view name) override;
  void CreateConstraint(const storage::ConstraintDefinition& definition) override;
  void DropConstraint(std::string_view name) override;
  Status Commit() override;
  void Rollback() override;

  // ---- for the store ----
  const DeltaState& work() const { return work_; }
  const std::string& payload() const { return ops_.bytes(); }
  bool HasChanges() const { return !ops_.empty() || changed_; }
  Durability durability() const { return options_.durability; }
  uint64_t charged() const { return charged_; }
  bool finished() const { return finished_; }
  // Replays a logged payload into this transaction (recovery).
  Status Replay(std::string_view payload, std::string_view where);

 private:
  NodeDelta* MutableNode(NodeId node);
  // Adds every indexed value of `node` to the delta's index overlay (index_overlay.h).
  void AddOverlayEntries(NodeId node);
  // The relationship's members in the relationship index overlay (rel_index_overlay.h).
  void AddRelOverlayEntries(RelId rel, const RelDelta& r);
  // A new index in the catalog: the delta's nodes' values go into its overlay.
  void IndexAdded(const IndexDefinition& definition);
  RelDelta* MutableRel(RelId rel);
  DeltaTokens* MutableTokens();
  SchemaCatalog* MutableSchema();
  void CheckStorableOrThrow(const Value& value) const;
  void CheckLimit() const;
  void Finish();
  void Release();

  TransactionHost* host_;
  DeltaState work_;
  Options options_;
  uint64_t charged_ = 0;
  EditContext ctx_;
  OpWriter ops_;
  bool tokens_private_ = false;
  bool schema_private_ = false;
  bool changed_ = false;
  bool finished_ = false;
};

}  // namespace quiver::storage
