#pragma once
// NodeTable: every registered node, in internal-id order (the order batches arrive,
// which producers make the input order: files in command-line order, rows in file
// order). Holds labels, keys per ID space, and property columns; after the last batch
// it builds one IdMap per ID space and, on request, drops duplicate-key nodes.

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "ingest/id_map.h"
#include "ingest/label_sets.h"
#include "ingest/property_columns.h"

namespace quiver::ingest {

// A run of consecutive nodes from one producer chunk.
struct NodeBatch {
  uint64_t count = 0;
  // Labels: node i carries label_sets[node_set[i]], or label_sets[0] for every node when
  // node_set is empty; no labels when label_sets is empty. Members are label ids.
  std::vector<std::vector<uint32_t>> label_sets;
  std::vector<uint32_t> node_set;
  // Keys: when present, node i has key keys->IntAt(i) / StringAt(i) in id_space.
  std::optional<uint32_t> id_space;
  KeyChunk keys;
  // The key is also stored as this property (the `name` of a `name:ID` column).
  std::optional<uint32_t> key_property;
  std::vector<ColumnChunk> properties;  // rows = count
};

class NodeTable {
 public:
  uint64_t size() const { return count_; }
  uint64_t MemoryBytes() const;

  // Registers an ID space (name -> id); the key type must agree with earlier uses.
  Result<uint32_t> IdSpace(const std::string& name, KeyType type);
  const std::vector<std::string>& id_space_names() const { return space_names_; }

  // Appends batches in order; column copies run on the pool.
  void Append(std::vector<NodeBatch> batches, WorkerPool* pool);

  // Builds the id maps. Duplicate keys (the later node of two) are returned in node
  // order; with drop, those nodes are removed (later nodes renumbered) and the maps
  // rebuilt without them.
  std::vector<DuplicateKey> BuildIdMaps(bool drop, WorkerPool* pool);
  const IdMap* id_map(uint32_t space) const { return space < maps_.size() ? &maps_[space] : nullptr; }
  // Removes nodes before the id maps are built (ascending ids; at most once), renumbering
  // the later ones; Origin keeps taking the ids as they were before.
  void DropNodes(std::vector<uint64_t> nodes);
  // Where a node came from, for error messages: (batch index, row within the batch),
  // counting nodes dropped as duplicates as they were before the drop, and nodes after
  // DropNodes's by their ids since.
  std::pair<uint64_t, uint64_t> Origin(uint64_t node_before_drop) const;

  // A producer that checked it (compaction, node by node: storage/key_mirror.h) says
  // which node property mirrors the keys, for WriteExternalIds to record when no
  // batch's key_property does.
  void SetCheckedIdMirrorKey(std::optional<uint32_t> key) { checked_id_mirror_key_ = key; }

  // Writes labels.qv, then one file per node property column (ascending key), then the
  // external-id index when exactly one ID space holds keys, with the property that
  // mirrors them (Manifest::id_mirror_key) when known.
  Status WriteLabels(storage::GenerationWriter* w, uint32_t label_count) const {
    return labels_.Write(w, label_count);
  }
  Status WriteColumns(storage::GenerationWriter* w, WorkerPool* pool);
  Status WriteExternalIds(storage::GenerationWriter* w, WorkerPool* pool) const;

 private:
  struct KeySegmentOwned {
    uint64_t first_node;
    uint32_t space;
    std::unique_ptr<KeyChunk> keys;
  };
  void EraseNodes(const std::vector<uint64_t>& sorted_nodes);
  // Tracks, batch by batch, whether a key_property column holds its ID space's keys and
  // nothing else.
  void NoteKeyProperty(const NodeBatch& b);
  // The property that mirrors the keys of `space`, the only one holding keys: a
  // key_property column filled from that space's keys alone, else the checked one.
  std::optional<uint32_t> MirrorKey(uint32_t space) const;

  uint64_t count_ = 0;
  LabelSets labels_;
  std::vector<std::string> space_names_;
  std::vector<KeyType> space_types_;
  std::vector<KeySegmentOwned> keys_;
  std::map<uint32_t, std::unique_ptr<ColumnBuilder>> columns_;  // by property key id
  std::vector<uint64_t> batch_first_node_;                      // for Origin()
  std::vector<uint64_t> dropped_;                               // by DropNodes, as the batches numbered them
  std::vector<IdMap> maps_;
  // Per ID space: whether its keyed batches all named one key_property, and which.
  struct SpaceKeyProperty {
    bool seen = false;  // a keyed batch of the space arrived
    bool same = true;   // every one named the same key_property (or none)
    std::optional<uint32_t> key;
  };
  std::vector<SpaceKeyProperty> space_key_property_;
  std::map<uint32_t, uint32_t> key_property_space_;  // key_property -> its space (kMixedSpaces: several)
  std::set<uint32_t> plain_property_keys_;          // keys some batch carried as an ordinary property
  std::optional<uint32_t> checked_id_mirror_key_;
  static constexpr uint32_t kMixedSpaces = UINT32_MAX;
};

}  // namespace quiver::ingest
