#pragma once
// MemoryGraph: the whole property graph in memory, behind the GraphReader/GraphWriter
// interfaces (src/storage/graph.h). Database::OpenInMemory() serves it until the
// transactional store (base generation ⊕ delta) implements the same interfaces; the
// executor cannot tell them apart.
//
// Layout: a record per node (labels, properties, outgoing and incoming relationship
// ids) and per relationship (type, endpoints, properties), indexed by id; a sorted
// id list per label for label scans. Deleted entities stay as tombstones (their
// records keep their data), so ids are never reused and undo is cheap.
//
// Transactions: one writer at a time (the caller serializes them). Writes apply in
// place and append to an undo log; Rollback() replays the log backwards, so a query
// that raises leaves no trace (the TCK checks that failed queries have no side
// effects). Tokens interned by a rolled-back transaction stay: they are invisible to
// queries unless some entity carries them.

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "storage/graph.h"
#include "storage/schema_catalog.h"

namespace quiver {

class MemoryGraph {
 public:
  MemoryGraph();
  ~MemoryGraph();
  MemoryGraph(const MemoryGraph&) = delete;
  MemoryGraph& operator=(const MemoryGraph&) = delete;

  // Starts a write transaction over this graph. At most one may be live at a time; it
  // must be committed or rolled back (destroying it unfinished rolls back).
  std::unique_ptr<GraphWriter> BeginTransaction();

  struct NodeRecord {
    bool alive = true;
    std::vector<LabelId> labels;  // in the order they were added
    std::vector<PropertyEntry> properties;
    std::vector<RelId> out;  // relationships starting here
    std::vector<RelId> in;   // relationships ending here
  };
  struct RelRecord {
    bool alive = true;
    RelTypeId type = 0;
    NodeId start = 0;
    NodeId end = 0;
    std::vector<PropertyEntry> properties;
  };
  // A token dictionary: dense ids in order of first use.
  struct Tokens {
    std::vector<std::string> names;
    std::unordered_map<std::string, uint32_t> ids;
    std::optional<uint32_t> Find(std::string_view name) const;
    uint32_t Intern(std::string_view name);
  };

 private:
  friend class MemoryTransaction;

  std::vector<NodeRecord> nodes_;
  std::vector<RelRecord> rels_;
  std::vector<std::vector<NodeId>> label_index_;  // per label: ascending node ids
  uint64_t live_nodes_ = 0;
  uint64_t live_rels_ = 0;
  Tokens labels_;
  Tokens rel_types_;
  Tokens property_keys_;
  storage::SchemaCatalog schema_ = storage::SchemaCatalog::Initial();
  bool transaction_open_ = false;
};

}  // namespace quiver
