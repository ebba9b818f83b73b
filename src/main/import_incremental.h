#pragma once
// `quiver import --incremental` (docs/ingest.md, "Incremental import"): the live graph of
// the database an import adds to — its generation with the write log replayed, read as
// a compaction reads it (storage/txn/compaction_source.h) — for the construction session
// to be fed with before the files (ingest/graph_feed.h). The log is only read: the new
// generation folds it in and starts a new history, as a compaction would, and until it
// is published the database (generation and log) is exactly as it was.

#include <memory>
#include <string>

#include "ingest/construction_session.h"
#include "ingest/graph_feed.h"
#include "storage/database_dir.h"
#include "storage/txn/compaction_source.h"
#include "storage/txn/delta_state.h"
#include "storage/txn/memory_account.h"

namespace quiver::main {

// Segments a relationship type may have before an incremental import rebuilds it into one
// (every segment is a slice more to read per node and direction).
inline constexpr uint32_t kMaxRelationshipSegments = 8;

class LiveGraph {
 public:
  // `db` open for writing (its lock held, so the log cannot grow meanwhile).
  static Result<std::unique_ptr<LiveGraph>> Read(storage::DatabaseDir* db, unsigned workers);

  bool empty() const { return state_->live_nodes == 0 && state_->live_rels == 0; }
  uint64_t nodes() const { return state_->live_nodes; }
  uint64_t relationships() const { return state_->live_rels; }
  // A feed of this graph into `session` (which must outlive neither this nor the feed).
  // With `append`, when the live graph is the generation alone (no commit in the write
  // log past it) and no relationship type has kMaxRelationshipSegments segments yet, the
  // feed hands over the nodes only and the session appends its relationships to the
  // generation's as a segment of each type (ConstructionSession::AppendRelationshipsTo):
  // the batch's cost, not a rebuild's (docs/ingest.md, "Incremental import"). Otherwise
  // every relationship goes through the session, which folds the segments into one.
  std::unique_ptr<ingest::GraphFeed> Feed(ingest::ConstructionSession* session, bool append);
  // Whether the last Feed appends, and why not when it does not.
  bool appends() const { return appends_; }
  const std::string& why_rebuilt() const { return why_rebuilt_; }

 private:
  std::shared_ptr<storage::MemoryAccount> account_ = std::make_shared<storage::MemoryAccount>();
  std::shared_ptr<storage::DeltaState> state_;
  std::unique_ptr<storage::CompactionSource> source_;
  bool appends_ = false;
  std::string why_rebuilt_;
};

}  // namespace quiver::main
