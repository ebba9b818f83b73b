#pragma once
// The graph as the query engine sees it: GraphReader, a consistent snapshot to read,
// and GraphWriter, one write transaction. The transactional store implements them
// (base generation ⊕ delta, issue "Transactional writes"); the executor, the TCK
// runner and the Bolt server program only against these interfaces.
//
// Error contract: reads and in-memory writes do not fail for I/O reasons (the base
// generation is mapped and verified at open; the delta lives in memory), so they return
// plain values. A write that would break the store's memory bound throws
// ResourceExhaustedError; using a deleted or unknown id is a caller bug (QUIVER_ASSERT).
// Commit, which touches the log, returns a Status.
//
// Ids: nodes of the base generation are 0..N-1, nodes created since get ids >= N;
// relationship ids are stable for the life of a snapshot. Tokens (labels, relationship
// types, property keys) are small dense integers per database.

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <utility>
#include <vector>

#include "common/value/value_vector.h"
#include "quiver/status.h"
#include "quiver/value.h"

namespace quiver {

namespace storage {
class SchemaCatalog;
struct IndexDefinition;
struct ConstraintDefinition;
}  // namespace storage

using NodeId = uint64_t;
using RelId = uint64_t;
using LabelId = uint32_t;
using RelTypeId = uint32_t;
using PropertyKeyId = uint32_t;

enum class Direction : uint8_t { kOutgoing, kIncoming, kBoth };
// The same relationships seen from the other end.
constexpr Direction Reverse(Direction d) {
  return d == Direction::kOutgoing ? Direction::kIncoming : d == Direction::kIncoming ? Direction::kOutgoing : d;
}

struct RelationshipRef {
  RelId id = 0;
  RelTypeId type = 0;
  NodeId start = 0;
  NodeId end = 0;
};

// One step of an expansion: the relationship and the node at its other end.
struct Adjacent {
  RelationshipRef rel;
  NodeId neighbour = 0;
};

using PropertyEntry = std::pair<PropertyKeyId, Value>;

// A predicate on one property that a property index may answer (GraphReader::SeekNodes),
// with openCypher's semantics: a value of another type class than the bounds (a string
// against numbers), a null, or a value no index holds (lists, maps) never matches.
struct PropertyBound {
  Value value;
  bool inclusive = true;
};
struct PropertySeek {
  enum class Kind : uint8_t {
    kEquals,  // `= v` (one value) or `IN [v, …]` (several): equal to one of `values`
    kRange,   // `> >= < <=`: within `lower` and/or `upper`, both of one type class
    kPrefix,  // `STARTS WITH s`: a string starting with values[0] (a string)
  };
  Kind kind = Kind::kEquals;
  std::vector<Value> values;
  std::optional<PropertyBound> lower, upper;
  // A composite index's leading keys: the node's values of the index's first
  // leading.size() keys equal these, and the test above is of the key after them.
  std::vector<Value> leading;
};

class GraphReader {
 public:
  virtual ~GraphReader() = default;

  // ---- tokens; Find* returns nullopt for a name the database has never seen ----
  virtual std::optional<LabelId> FindLabel(std::string_view name) const = 0;
  virtual std::optional<RelTypeId> FindRelType(std::string_view name) const = 0;
  virtual std::optional<PropertyKeyId> FindPropertyKey(std::string_view name) const = 0;
  virtual std::string_view LabelName(LabelId label) const = 0;
  virtual std::string_view RelTypeName(RelTypeId type) const = 0;
  virtual std::string_view PropertyKeyName(PropertyKeyId key) const = 0;
  // How many names the database has of each kind: the ids 0..n-1. A token stays once
  // made, even when nothing carries it any more (db.propertyKeys() lists them all).
  virtual uint32_t LabelTokenCount() const = 0;
  virtual uint32_t RelTypeTokenCount() const = 0;
  virtual uint32_t PropertyKeyTokenCount() const = 0;

  // ---- nodes ----
  // Every live node id is < NodeIdBound(); scans split [0, bound) into morsels.
  virtual NodeId NodeIdBound() const = 0;
  virtual uint64_t NodeCount() const = 0;
  virtual bool NodeExists(NodeId node) const = 0;
  // Appends the live node ids in [begin, end), ascending, that carry `label` (any node
  // when label is nullopt).
  virtual void ScanNodes(NodeId begin, NodeId end, std::optional<LabelId> label,
                         std::vector<NodeId>& out) const = 0;
  virtual void GetLabels(NodeId node, std::vector<LabelId>& out) const = 0;
  virtual bool HasLabel(NodeId node, LabelId label) const = 0;
  // Null when the node has no such property.
  virtual Value GetNodeProperty(NodeId node, PropertyKeyId key) const = 0;
  virtual void GetNodeProperties(NodeId node, std::vector<PropertyEntry>& out) const = 0;

  // ---- key lookups: an index on a node property, where the store has one ----
  // Whether FindNodesByKey answers for `key` (the planner turns a scan into a seek then).
  virtual bool HasNodeKeyIndex(PropertyKeyId /*key*/) const { return false; }
  // The live nodes carrying `label` (any node when nullopt) whose property `key` equals
  // `value` by openCypher equality (`=` is true: 1 matches 1.0, never '1'; null matches
  // nothing), appended ascending — exactly what a scan with that filter yields. Returns
  // false, appending nothing, when no index answers for this key or value: scan instead.
  virtual bool FindNodesByKey(std::optional<LabelId> /*label*/, PropertyKeyId /*key*/, const Value& /*value*/,
                              std::vector<NodeId>& /*out*/) const {
    return false;
  }

  // ---- schema and property indexes (docs/design.md, "Indexes and constraints") ----
  // The index definitions, as of this snapshot. The default: the two LOOKUP indexes
  // every store has (storage::SchemaCatalog::Initial()).
  virtual const storage::SchemaCatalog& Schema() const;
  // Whether `index` (one of Schema()'s) is ONLINE: its data is built and SeekNodes
  // answers for it. A store answers false while an index is populating.
  virtual bool IndexOnline(const storage::IndexDefinition& /*index*/) const { return false; }
  // The live nodes carrying the index's label whose properties index.keys[0..k) equal
  // seek.leading (k = leading.size(), less than the index's keys) and whose property
  // index.keys[k] satisfies `seek`, appended ascending — exactly what a scan with that
  // filter yields (the keys after k are the caller's to check). Returns false, appending
  // nothing, when the index does not answer (not online, or a value it holds no
  // entries for): scan instead.
  virtual bool SeekNodes(const storage::IndexDefinition& /*index*/, const PropertySeek& /*seek*/,
                         std::vector<NodeId>& /*out*/) const {
    return false;
  }
  // The same for a relationship property index: the live relationships of the index's
  // type that meet the seek, appended ascending, or false when the index does not answer.
  virtual bool SeekRelationships(const storage::IndexDefinition& /*index*/, const PropertySeek& /*seek*/,
                                 std::vector<RelId>& /*out*/) const {
    return false;
  }
  // An ONLINE node property index of `label` whose first key is `first_key`, or null:
  // the planner's statistics and the constraint checks ask it.
  const storage::IndexDefinition* OnlineNodeIndex(LabelId label, PropertyKeyId first_key) const;

  // ---- relationships ----
  virtual uint64_t RelationshipCount() const = 0;
  virtual bool RelationshipExists(RelId rel) const = 0;
  virtual RelationshipRef GetRelationship(RelId rel) const = 0;
  virtual Value GetRelationshipProperty(RelId rel, PropertyKeyId key) const = 0;
  virtual void GetRelationshipProperties(RelId rel, std::vector<PropertyEntry>& out) const = 0;
  // False only when no relationship of `type` carries a property, so a reader of every
  // relationship (an export) may skip asking; a store that cannot tell cheaply says true.
  virtual bool RelationshipTypeMayHaveProperties(RelTypeId /*type*/) const { return true; }

  // ---- adjacency: O(degree), a slice of the CSR merged with the delta ----
  // Appends the relationships of `node` in `direction` whose type is in `types` (every
  // type when empty). kBoth reports a self-loop once.
  virtual void Expand(NodeId node, Direction direction, std::span<const RelTypeId> types,
                      std::vector<Adjacent>& out) const = 0;
  virtual uint64_t Degree(NodeId node, Direction direction, std::span<const RelTypeId> types) const = 0;
  // Whether `from` has a relationship in `direction` whose type is in `types` (any when
  // empty) and whose other end is `to` (false when either node does not exist): the
  // pattern predicate (from)-[:T]->(to) of two bound nodes. The default reads the smaller
  // of the two adjacency lists; a store with sorted slices binary-searches them.
  virtual bool HasRelationship(NodeId from, NodeId to, Direction direction, std::span<const RelTypeId> types) const;
  // Whether `from` has a relationship in `direction` whose type is in `types` (any when
  // empty) to a node carrying every one of `labels`: the pattern predicate
  // (from)-[:T]->(:L) of one bound node. Without labels it is a degree, read from the CSR
  // offsets: callers drop the labels every node carries first (DropLabelsOnEveryNode),
  // once per batch rather than once per call.
  bool HasNeighbour(NodeId from, Direction direction, std::span<const RelTypeId> types,
                    std::span<const LabelId> labels) const;

  // ---- counts the store keeps: nullopt where it would have to scan ----
  // Live nodes carrying `label` (every live node when nullopt).
  virtual std::optional<uint64_t> CountNodes(std::optional<LabelId> label) const {
    return label ? std::nullopt : std::optional<uint64_t>(NodeCount());
  }
  // Live relationships of `type` (every live one when nullopt).
  virtual std::optional<uint64_t> CountRelationships(std::optional<RelTypeId> type) const {
    return type ? std::nullopt : std::optional<uint64_t>(RelationshipCount());
  }
  // Live nodes per label and live relationships per type, indexed by token id (one
  // entry per token): which tokens are in use (db.labels(), db.relationshipTypes()).
  // The defaults count by scanning, O(nodes + relationships); the transactional store
  // answers from its generation's counts and its delta, O(tokens + delta records).
  virtual std::vector<uint64_t> NodeCountsByLabel() const;
  virtual std::vector<uint64_t> RelationshipCountsByType() const;
  // Whether every live node carries `label`, as the counts tell (false where they do not
  // know): a label test that then needs no lookup per node.
  bool LabelOnEveryNode(LabelId label) const;
  // Removes from `labels` those every live node carries: what is left is what a label
  // test must check.
  void DropLabelsOnEveryNode(std::vector<LabelId>& labels) const;

  // ---- batch reads, for the vectorized engine (exec/vector/): one call per batch of
  // rows, not per row. The defaults (graph_reader.cpp) loop over the reads above; a store
  // overrides them to read its columns and adjacency arrays directly. ----
  // out = property `key` of each node (null where it has none), typed where every value
  // read has one type (ValueVector).
  virtual void GatherNodeProperty(std::span<const NodeId> nodes, PropertyKeyId key, ValueVector& out) const;
  // The same for relationships.
  virtual void GatherRelationshipProperty(std::span<const RelId> rels, PropertyKeyId key, ValueVector& out) const;
  // Clears keep[i] where nodes[i] does not carry `label` (keep.size() == nodes.size()).
  virtual void FilterByLabel(std::span<const NodeId> nodes, LabelId label, std::span<uint8_t> keep) const;
  // Appends what Expand would, as ids: the node at the other end and the relationship.
  virtual void ExpandIds(NodeId node, Direction direction, std::span<const RelTypeId> types,
                         std::vector<NodeId>& neighbours, std::vector<RelId>& rels) const;
  // Appends only the nodes at the other end (as ExpandIds, without the relationships): a
  // search that asks where relationships lead, not which. A store reads a base CSR
  // slice in one pass, its checksum blocks checked once per slice.
  virtual void ExpandNeighbours(NodeId node, Direction direction, std::span<const RelTypeId> types,
                                std::vector<NodeId>& neighbours) const;
};

class GraphWriter : public GraphReader {
 public:
  // Tokens are created on first use.
  virtual LabelId InternLabel(std::string_view name) = 0;
  virtual RelTypeId InternRelType(std::string_view name) = 0;
  virtual PropertyKeyId InternPropertyKey(std::string_view name) = 0;

  virtual NodeId CreateNode(std::span<const LabelId> labels, std::span<const PropertyEntry> properties) = 0;
  virtual RelId CreateRelationship(RelTypeId type, NodeId start, NodeId end,
                                   std::span<const PropertyEntry> properties) = 0;
  // Setting a null value removes the property.
  virtual void SetNodeProperty(NodeId node, PropertyKeyId key, Value value) = 0;
  virtual void SetRelationshipProperty(RelId rel, PropertyKeyId key, Value value) = 0;
  // Return whether the label set changed.
  virtual bool AddLabel(NodeId node, LabelId label) = 0;
  virtual bool RemoveLabel(NodeId node, LabelId label) = 0;
  virtual void DeleteRelationship(RelId rel) = 0;
  // The node must have no relationships left (DETACH DELETE removes them first).
  virtual void DeleteNode(NodeId node) = 0;

  // Schema changes, committed like any other write. The caller has checked the change
  // against Schema() (SchemaCatalog::CheckAdd / Find): `definition` must not conflict and
  // must be named; `name` must name an index that is not a LOOKUP index. The defaults
  // throw NotSupported (ClientError) for writers that cannot change the schema.
  virtual void CreateIndex(const storage::IndexDefinition& definition);
  virtual void DropIndex(std::string_view name);
  // A constraint, with its backing index when its kind owns one (UNIQUE, NODE KEY), in
  // one change; the caller has checked it against Schema() (CheckAddConstraint) and
  // verified the existing data. DropConstraint drops the index it owns too.
  virtual void CreateConstraint(const storage::ConstraintDefinition& definition);
  virtual void DropConstraint(std::string_view name);

  // Makes the transaction's changes durable per the database's durability mode and
  // visible to later snapshots. After Commit or Rollback the writer is spent.
  virtual Status Commit() = 0;
  virtual void Rollback() = 0;
};

}  // namespace quiver
