#pragma once
// GraphFeed: a database's live graph (storage::CompactionSource: its generation with the
// write log replayed, in compaction order) handed to a ConstructionSession in steps —
// tokens, nodes, relationships — so a producer can add its own between them:
//
//   compaction, `quiver check --repair` (FeedSession, compaction_build.h):
//     AddTokens, AddNodes, FinishNodes, AddRelationships
//   incremental import (csv_import.h, ImportOptions::existing; docs/ingest.md,
//   "Incremental import"):
//     AddTokens, AddNodes, the files' nodes, FinishNodes, AddRelationships, the files'
//     relationships
//
// Token ids survive (AddTokens comes before the session numbers any token), and node i
// of the live graph is node i of the session (ids shift down only past nodes deleted
// since the last compaction, as in a compaction). Nodes that have a key keep it, in the
// session's ID space named at AddTokens, so a producer's relationships can find them.

#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "ingest/construction_session.h"
#include "ingest/import_constraints.h"
#include "storage/txn/compaction_source.h"

namespace quiver::ingest {

class GraphFeed {
 public:
  GraphFeed(const storage::CompactionSource& source, ConstructionSession* session);
  ~GraphFeed();

  // The kind of the node keys (the generation's external-id index): none, integer, string.
  std::optional<KeyType> key_type() const;

  // An incremental import's rule for the keys' ID space (the generation does not record
  // the name the keys were imported with): the one space the files' ID, START_ID and
  // END_ID columns name ("" when they name none). InvalidArgument when the graph has
  // keys and the files name several spaces: which one the keys belong to is unknown.
  Result<std::string> KeySpaceFor(const std::set<std::string>& named) const;

  // Every token in id order; relationship properties enabled when any relationship may
  // carry one; the ID space `key_space` registered for the keys (when there are any).
  Status AddTokens(const std::string& key_space);

  // With this set (an incremental import), a keyed run of nodes whose values of the key
  // the generation recorded as mirroring its ids (storage/key_mirror.h) still mirror
  // them hands that column over as the run's key_property (NodeBatch), so the session
  // judges the mirror over the old and the new nodes together, as for an import; a
  // FeedSession keeps the checked verdict (CheckedMirrorKey) instead.
  void MirrorAsKeyProperty();

  // Every live node, in id order, read on the session's workers.
  Status AddNodes();
  uint64_t node_batches() const;  // handed to the session by AddNodes
  // The property that mirrors the keys over the nodes AddNodes fed (for
  // ConstructionSession::SetCheckedIdMirrorKey), or nullopt.
  std::optional<uint32_t> CheckedMirrorKey() const;

  // Claims, in UniqueKeys, the key of every live node under each node UNIQUE / NODE KEY
  // constraint of `schema` whose label and keys the graph knows, as entity = its node id,
  // file = UniqueKeys::kDatabase: a row of the files with an equal key is then refused.
  // One pass over the nodes; nothing when no such constraint applies.
  Status ClaimUniqueKeys(const ImportSchema& schema, UniqueKeys* keys) const;

  // Every live relationship, type by type (after FinishNodes); nothing once
  // LeaveRelationshipsInPlace was called.
  Status AddRelationships();
  // An incremental import whose session keeps the generation's relationship files and
  // appends its own (ConstructionSession::AppendRelationshipsTo): the feed hands over none.
  void LeaveRelationshipsInPlace();
  bool relationships_in_place() const;

 private:
  class Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace quiver::ingest
