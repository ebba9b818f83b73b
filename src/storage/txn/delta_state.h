#pragma once
// The delta store's data: one immutable DeltaState per committed version of the graph,
// = base generation ⊕ the changes committed since it was published.
//
// A DeltaState is a handful of handles (shared_ptrs and persistent RadixMaps), so taking
// a snapshot is copying a shared_ptr<const DeltaState>, and a transaction starts by
// copying the handles and changes its private copy by path copying (radix_map.h).
// Published states are never mutated; the records below are changed in place only while
// they carry the edit token of the transaction that made them.
//
// Identity (docs/format/log.md, "Identity"):
//  * nodes: base nodes 0..N-1; nodes created since get N, N+1, ... in creation order;
//  * relationships: a base relationship's id is type_offset[type] + its forward CSR
//    position, where type_offset is the prefix sum of the base's per-type edge counts
//    (so base ids are 0..E-1, grouped by type); relationships created since get E, E+1, ...
//  Both are stable for the life of a base generation. Compaction renumbers: live nodes
//  keep their order (so ids change only when nodes were deleted), relationships get the
//  new generation's ids.
//
// Deleted entities stay as tombstones until compaction: their last labels and
// properties remain readable (as with the in-memory graph), NodeExists says false.

#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "storage/generation.h"
#include "storage/graph.h"
#include "storage/schema_catalog.h"
#include "storage/txn/radix_map.h"

namespace quiver::storage {

// The base generation with the relationship-id mapping.
class BaseGraph {
 public:
  explicit BaseGraph(std::shared_ptr<const Generation> gen);

  const Generation& gen() const { return *gen_; }
  const std::shared_ptr<const Generation>& generation() const { return gen_; }
  uint64_t node_count() const { return gen_->NodeCount(); }
  uint64_t edge_count() const { return offsets_.back(); }
  uint32_t type_count() const { return static_cast<uint32_t>(offsets_.size() - 1); }
  RelId RelIdOf(uint32_t type, uint64_t position) const { return offsets_[type] + position; }
  // id < edge_count().
  EdgeRef EdgeOf(RelId id) const;

 private:
  std::shared_ptr<const Generation> gen_;
  std::vector<uint64_t> offsets_;  // type_count + 1 prefix sums
};

// A node the delta has touched: created, deleted, relabelled, re-propertied, or given
// (or losing) relationships.
struct NodeDelta : Charged {
  explicit NodeDelta(const EditContext& ctx) : Charged(ctx.account), edit(ctx.edit) {}
  uint64_t edit;
  bool created = false;          // id >= the base's node count
  bool deleted = false;          // a tombstone
  bool labels_override = false;  // `labels` replaces the base's labels (always for created nodes)
  std::vector<LabelId> labels;   // ascending
  // Ascending by key. For a created node: its properties. For a base node: overrides of
  // the base's values, a null value meaning "removed".
  std::vector<PropertyEntry> props;
  IdSet out, in;                                       // live delta relationships starting / ending here
  uint64_t deleted_base_out = 0, deleted_base_in = 0;  // base relationships deleted here

  void Charge(const EditContext& ctx);
  std::shared_ptr<NodeDelta> Clone(const EditContext& ctx) const;
};

// A relationship the delta has touched: created, deleted, or with changed properties.
struct RelDelta : Charged {
  explicit RelDelta(const EditContext& ctx) : Charged(ctx.account), edit(ctx.edit) {}
  uint64_t edit;
  bool base = false;  // a base relationship (its props are overrides, as for nodes)
  bool deleted = false;
  RelTypeId type = 0;
  NodeId start = 0, end = 0;
  std::vector<PropertyEntry> props;  // ascending by key

  void Charge(const EditContext& ctx);
  std::shared_ptr<RelDelta> Clone(const EditContext& ctx) const;
};

// Token names created since the base generation (ids continue after the base's).
struct TokenList {
  uint32_t base_count = 0;
  std::deque<std::string> names;  // a deque: returned string_views survive appends
  std::unordered_map<std::string, uint32_t> ids;
  std::optional<uint32_t> Find(std::string_view name) const;
  uint32_t Add(std::string_view name);
  uint32_t size() const { return base_count + static_cast<uint32_t>(names.size()); }
};
struct DeltaTokens {
  TokenList labels, rel_types, property_keys;
};

struct DeltaState {
  std::shared_ptr<const BaseGraph> base;
  std::shared_ptr<const DeltaTokens> tokens;
  // The index definitions: the base generation's until a transaction changes them, then
  // that transaction's copy (copied on write: catalogs are small and rarely change).
  std::shared_ptr<const SchemaCatalog> schema;
  RadixMap<std::shared_ptr<NodeDelta>> nodes;
  RadixMap<std::shared_ptr<RelDelta>> rels;
  // Property-index candidates the delta wrote (index_overlay.h).
  IdSet index_entries;
  // The same for relationship property indexes (rel_index_overlay.h).
  IdSet rel_index_entries;
  uint64_t node_bound = 0;  // next new node id
  uint64_t rel_bound = 0;   // next new relationship id
  uint64_t live_nodes = 0;
  uint64_t live_rels = 0;
  uint64_t sequence = 0;      // the last commit this state includes
  uint64_t log_position = 0;  // the log position just past that commit's record

  // A state with no changes over `base`.
  static std::shared_ptr<DeltaState> OverBase(std::shared_ptr<const Generation> gen, uint64_t sequence,
                                              uint64_t log_position);
  bool HasChanges() const {
    return !nodes.empty() || !rels.empty() || tokens_added() > 0 || *schema != base->gen().Schema();
  }
  uint64_t tokens_added() const;
};

// Sorted-vector helpers shared by the reader and the writer.
const Value* FindEntry(const std::vector<PropertyEntry>& props, PropertyKeyId key);
// Inserts or replaces (keeping the order).
void PutEntry(std::vector<PropertyEntry>& props, PropertyKeyId key, Value value);
bool EraseEntry(std::vector<PropertyEntry>& props, PropertyKeyId key);

}  // namespace quiver::storage
