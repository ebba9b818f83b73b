#include "storage/txn/transaction.h"

#include <algorithm>

#include "common/assert.h"
#include "storage/txn/index_overlay.h"
#include "storage/txn/rel_index_overlay.h"
#include "storage/txn/value_convert.h"

namespace quiver::storage {

Transaction::Transaction(TransactionHost* host, const DeltaState& start, EditContext ctx, Options options)
    : host_(host), work_(start), options_(options), ctx_(ctx) {
  ctx_.charged = &charged_;
  view_.Reset(&work_);
}

Transaction::~Transaction() {
  if (!finished_) Rollback();
}

void Transaction::Finish() {
  QUIVER_ASSERT_MSG(!finished_, "the transaction was already committed or rolled back");
  finished_ = true;
}

void Transaction::CheckStorableOrThrow(const Value& value) const {
  ThrowIfError(CheckStorable(value));
}

void Transaction::CheckLimit() const {
  if (charged_ + ops_.size() > options_.memory_limit) {
    ThrowIfError(Status::ResourceExhausted(
        "the transaction's changes (" + std::to_string(charged_ + ops_.size()) +
        " bytes) exceed the memory budget of " + std::to_string(options_.memory_limit) +
        " bytes; split it into smaller transactions"));
  }
}

DeltaTokens* Transaction::MutableTokens() {
  if (!tokens_private_) {
    work_.tokens = std::make_shared<DeltaTokens>(*work_.tokens);
    tokens_private_ = true;
  }
  return const_cast<DeltaTokens*>(work_.tokens.get());
}

SchemaCatalog* Transaction::MutableSchema() {
  if (!schema_private_) {
    work_.schema = std::make_shared<SchemaCatalog>(*work_.schema);
    schema_private_ = true;
  }
  return const_cast<SchemaCatalog*>(work_.schema.get());
}

void Transaction::AddOverlayEntries(NodeId node) {
  // Every AddLabel comes here: without a property index, read nothing.
  const auto& indexes = work_.schema->indexes();
  if (std::none_of(indexes.begin(), indexes.end(), [](const IndexDefinition& i) { return i.IsNodePropertyIndex(); })) {
    return;
  }
  std::vector<PropertyEntry> props;
  view_.GetNodeProperties(node, props);
  for (const auto& [key, value] : props) AddOverlayEntry(*work_.schema, work_.index_entries, key, value, node, ctx_);
}

void Transaction::AddRelOverlayEntries(RelId rel, const RelDelta& r) {
  if (!r.base) {
    storage::AddRelOverlayEntries(*work_.schema, work_.rel_index_entries, r.type, rel, r.props, ctx_);
    return;
  }
  std::vector<PropertyEntry> props;  // a base relationship's record holds only overrides
  view_.GetRelationshipProperties(rel, props);
  storage::AddRelOverlayEntries(*work_.schema, work_.rel_index_entries, r.type, rel, props, ctx_);
}

NodeDelta* Transaction::MutableNode(NodeId node) {
  if (auto* slot = work_.nodes.Mutable(node, ctx_)) {
    if ((*slot)->edit != ctx_.edit) *slot = (*slot)->Clone(ctx_);
    return slot->get();
  }
  QUIVER_ASSERT_MSG(view_.IsBaseNode(node), "unknown node id " + std::to_string(node));
  auto d = std::make_shared<NodeDelta>(ctx_);
  d->Charge(ctx_);
  return work_.nodes.Set(node, std::move(d), ctx_)->get();
}

RelDelta* Transaction::MutableRel(RelId rel) {
  if (auto* slot = work_.rels.Mutable(rel, ctx_)) {
    if ((*slot)->edit != ctx_.edit) *slot = (*slot)->Clone(ctx_);
    return slot->get();
  }
  const RelationshipRef ref = view_.GetRelationship(rel);  // asserts a base id
  auto r = std::make_shared<RelDelta>(ctx_);
  r->base = true;
  r->type = ref.type;
  r->start = ref.start;
  r->end = ref.end;
  r->Charge(ctx_);
  return work_.rels.Set(rel, std::move(r), ctx_)->get();
}

// ---- tokens ----

LabelId Transaction::InternLabel(std::string_view name) {
  if (auto id = view_.FindLabel(name)) return *id;
  const uint32_t id = MutableTokens()->labels.Add(name);
  if (options_.log) ops_.DefineToken(OpCode::kDefineLabel, id, name);
  changed_ = true;
  return id;
}

RelTypeId Transaction::InternRelType(std::string_view name) {
  if (auto id = view_.FindRelType(name)) return *id;
  const uint32_t id = MutableTokens()->rel_types.Add(name);
  if (options_.log) ops_.DefineToken(OpCode::kDefineRelType, id, name);
  changed_ = true;
  return id;
}

PropertyKeyId Transaction::InternPropertyKey(std::string_view name) {
  if (auto id = view_.FindPropertyKey(name)) return *id;
  const uint32_t id = MutableTokens()->property_keys.Add(name);
  if (options_.log) ops_.DefineToken(OpCode::kDefinePropertyKey, id, name);
  changed_ = true;
  return id;
}

// ---- writes ----

NodeId Transaction::CreateNode(std::span<const LabelId> labels, std::span<const PropertyEntry> properties) {
  for (const auto& [key, value] : properties) CheckStorableOrThrow(value);
  for (LabelId l : labels) QUIVER_ASSERT_MSG(l < work_.tokens->labels.size(), "unknown label id");
  auto d = std::make_shared<NodeDelta>(ctx_);
  d->created = true;
  d->labels.assign(labels.begin(), labels.end());
  std::sort(d->labels.begin(), d->labels.end());
  d->labels.erase(std::unique(d->labels.begin(), d->labels.end()), d->labels.end());
  for (const auto& [key, value] : properties) {
    QUIVER_ASSERT_MSG(key < work_.tokens->property_keys.size(), "unknown property key id");
    if (value.IsNull()) {
      EraseEntry(d->props, key);
    } else {
      PutEntry(d->props, key, value);
    }
  }
  d->Charge(ctx_);
  const NodeId id = work_.node_bound++;
  for (const auto& [key, value] : d->props) AddOverlayEntry(*work_.schema, work_.index_entries, key, value, id, ctx_);
  if (options_.log) ops_.CreateNode(id, d->labels, d->props);
  work_.nodes.Set(id, std::move(d), ctx_);
  ++work_.live_nodes;
  changed_ = true;
  CheckLimit();
  return id;
}

RelId Transaction::CreateRelationship(RelTypeId type, NodeId start, NodeId end,
                                      std::span<const PropertyEntry> properties) {
  for (const auto& [key, value] : properties) CheckStorableOrThrow(value);
  QUIVER_ASSERT_MSG(view_.NodeExists(start) && view_.NodeExists(end), "relationship endpoint does not exist");
  QUIVER_ASSERT_MSG(type < work_.tokens->rel_types.size(), "unknown relationship type id");
  auto r = std::make_shared<RelDelta>(ctx_);
  r->type = type;
  r->start = start;
  r->end = end;
  for (const auto& [key, value] : properties) {
    QUIVER_ASSERT_MSG(key < work_.tokens->property_keys.size(), "unknown property key id");
    if (value.IsNull()) {
      EraseEntry(r->props, key);
    } else {
      PutEntry(r->props, key, value);
    }
  }
  r->Charge(ctx_);
  const RelId id = work_.rel_bound++;
  AddRelOverlayEntries(id, *r);
  if (options_.log) ops_.CreateRelationship(id, type, start, end, r->props);
  work_.rels.Set(id, std::move(r), ctx_);
  MutableNode(start)->out.Set(id, {}, ctx_);
  MutableNode(end)->in.Set(id, {}, ctx_);
  ++work_.live_rels;
  changed_ = true;
  CheckLimit();
  return id;
}

void Transaction::SetNodeProperty(NodeId node, PropertyKeyId key, Value value) {
  CheckStorableOrThrow(value);
  QUIVER_ASSERT_MSG(view_.NodeExists(node), "setting a property of a missing node");
  QUIVER_ASSERT_MSG(key < work_.tokens->property_keys.size(), "unknown property key id");
  if (options_.log) ops_.SetNodeProperty(node, key, value);
  AddOverlayEntry(*work_.schema, work_.index_entries, key, value, node, ctx_);
  NodeDelta* d = MutableNode(node);
  if (value.IsNull() && d->created) {
    EraseEntry(d->props, key);
  } else {
    PutEntry(d->props, key, std::move(value));  // for a base node a null marks the removal
  }
  d->Charge(ctx_);
  if (IsLaterIndexKey(*work_.schema, key)) AddOverlayEntries(node);
  changed_ = true;
  CheckLimit();
}

void Transaction::SetRelationshipProperty(RelId rel, PropertyKeyId key, Value value) {
  CheckStorableOrThrow(value);
  QUIVER_ASSERT_MSG(view_.RelationshipExists(rel), "setting a property of a missing relationship");
  QUIVER_ASSERT_MSG(key < work_.tokens->property_keys.size(), "unknown property key id");
  if (options_.log) ops_.SetRelationshipProperty(rel, key, value);
  RelDelta* r = MutableRel(rel);
  if (value.IsNull() && !r->base) {
    EraseEntry(r->props, key);
  } else {
    PutEntry(r->props, key, std::move(value));
  }
  r->Charge(ctx_);
  // A later key's change moves the relationship within its first key's range too.
  if (IsIndexedRelKey(*work_.schema, r->type, key)) AddRelOverlayEntries(rel, *r);
  changed_ = true;
  CheckLimit();
}

bool Transaction::AddLabel(NodeId node, LabelId label) {
  QUIVER_ASSERT_MSG(view_.NodeExists(node), "labelling a missing node");
  QUIVER_ASSERT_MSG(label < work_.tokens->labels.size(), "unknown label id");
  if (view_.HasLabel(node, label)) return false;
  std::vector<LabelId> current;
  view_.GetLabels(node, current);
  NodeDelta* d = MutableNode(node);
  d->labels = std::move(current);
  d->labels.insert(std::lower_bound(d->labels.begin(), d->labels.end(), label), label);
  d->labels_override = true;
  d->Charge(ctx_);
  AddOverlayEntries(node);  // the node may now be in a label's index with values it had
  if (options_.log) ops_.Label(OpCode::kAddLabel, node, label);
  changed_ = true;
  CheckLimit();
  return true;
}

bool Transaction::RemoveLabel(NodeId node, LabelId label) {
  QUIVER_ASSERT_MSG(view_.NodeExists(node), "unlabelling a missing node");
  if (!view_.HasLabel(node, label)) return false;
  std::vector<LabelId> current;
  view_.GetLabels(node, current);
  NodeDelta* d = MutableNode(node);
  d->labels = std::move(current);
  d->labels.erase(std::lower_bound(d->labels.begin(), d->labels.end(), label));
  d->labels_override = true;
  d->Charge(ctx_);
  if (options_.log) ops_.Label(OpCode::kRemoveLabel, node, label);
  changed_ = true;
  CheckLimit();
  return true;
}

void Transaction::DeleteRelationship(RelId rel) {
  QUIVER_ASSERT_MSG(view_.RelationshipExists(rel), "deleting a missing relationship");
  RelDelta* r = MutableRel(rel);
  r->deleted = true;
  const NodeId start = r->start, end = r->end;
  if (r->base) {
    ++MutableNode(start)->deleted_base_out;
    ++MutableNode(end)->deleted_base_in;
  } else {
    MutableNode(start)->out.Erase(rel, ctx_);
    MutableNode(end)->in.Erase(rel, ctx_);
  }
  --work_.live_rels;
  if (options_.log) ops_.DeleteRelationship(rel);
  changed_ = true;
  CheckLimit();
}

void Transaction::DeleteNode(NodeId node) {
  QUIVER_ASSERT_MSG(view_.NodeExists(node), "deleting a missing node");
  QUIVER_ASSERT_MSG(view_.Degree(node, quiver::Direction::kBoth, {}) == 0,
                    "deleting a node that still has relationships");
  MutableNode(node)->deleted = true;
  --work_.live_nodes;
  if (options_.log) ops_.DeleteNode(node);
  changed_ = true;
  CheckLimit();
}

// ---- schema ----

void Transaction::CreateIndex(const IndexDefinition& definition) {
  QUIVER_ASSERT_MSG(!definition.name.empty() && work_.schema->CheckAdd(definition) == SchemaConflict::kNone,
                    "CreateIndex of an unnamed or conflicting definition");
  MutableSchema()->Add(definition);
  IndexAdded(definition);
  if (options_.log) ops_.CreateIndex(definition);
  changed_ = true;
  CheckLimit();
}

void Transaction::IndexAdded(const IndexDefinition& definition) {
  // The values the delta wrote before the index existed become its candidates too:
  // O(delta nodes), once per CREATE INDEX (or CREATE CONSTRAINT that owns one).
  if (definition.IsNodePropertyIndex()) {
    std::vector<NodeId> touched;
    work_.nodes.ForEach([&](uint64_t id, const std::shared_ptr<NodeDelta>& d) {
      if (!d->deleted) touched.push_back(id);
    });
    for (NodeId id : touched) AddOverlayEntries(id);
  }
  if (definition.IsRelationshipPropertyIndex()) {
    std::vector<RelId> touched;
    work_.rels.ForEach([&](uint64_t id, const std::shared_ptr<RelDelta>& r) {
      if (!r->deleted && r->type == definition.token) touched.push_back(id);
    });
    for (RelId id : touched) AddRelOverlayEntries(id, **work_.rels.Find(id));
  }
}

void Transaction::DropIndex(std::string_view name) {
  const IndexDefinition* d = work_.schema->Find(name);
  QUIVER_ASSERT_MSG(d != nullptr && d->kind != IndexKind::kLookup, "DropIndex of an unknown or LOOKUP index");
  MutableSchema()->Drop(name);
  if (options_.log) ops_.DropIndex(name);
  changed_ = true;
  CheckLimit();
}

void Transaction::CreateConstraint(const ConstraintDefinition& definition) {
  QUIVER_ASSERT_MSG(!definition.name.empty() && work_.schema->CheckAddConstraint(definition) == SchemaConflict::kNone,
                    "CreateConstraint of an unnamed or conflicting definition");
  MutableSchema()->AddConstraint(definition);
  // The backing index (one op with the constraint) gets the delta's values as CREATE
  // INDEX's does.
  if (definition.OwnsIndex()) IndexAdded(*work_.schema->Find(definition.name));
  if (options_.log) ops_.CreateConstraint(definition);
  changed_ = true;
  CheckLimit();
}

void Transaction::DropConstraint(std::string_view name) {
  QUIVER_ASSERT_MSG(work_.schema->FindConstraint(name) != nullptr, "DropConstraint of an unknown constraint");
  MutableSchema()->DropConstraint(name);
  if (options_.log) ops_.DropConstraint(name);
  changed_ = true;
  CheckLimit();
}

// ---- end ----

Status Transaction::Commit() {
  Finish();
  const Status s = host_ == nullptr ? Status::OK() : host_->CommitTransaction(this);
  Release();
  return s;
}

void Transaction::Rollback() {
  Finish();
  if (host_ != nullptr) host_->EndTransaction(this);
  Release();
}

void Transaction::Release() {
  // The spent transaction's private changes go now, not when its owner drops it.
  if (host_ != nullptr) work_ = DeltaState();
  ops_.Clear();
}

Status Transaction::Replay(std::string_view payload, std::string_view where) {
  TokenCounts counts{work_.tokens->labels.size(), work_.tokens->rel_types.size(),
                     work_.tokens->property_keys.size()};
  return ReplayOps(payload, this, &counts, where);
}

}  // namespace quiver::storage
