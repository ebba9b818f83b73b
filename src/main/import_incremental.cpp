#include "main/import_incremental.h"

#include "storage/txn/recovery.h"

namespace quiver::main {

Result<std::unique_ptr<LiveGraph>> LiveGraph::Read(storage::DatabaseDir* db, unsigned workers) {
  std::unique_ptr<LiveGraph> live(new LiveGraph());
  QUIVER_ASSIGN_OR_RETURN(std::shared_ptr<const storage::Generation> gen, db->Pin());
  const uint64_t position = gen->manifest().write_log_position;
  auto base = storage::DeltaState::OverBase(std::move(gen), 0, position);
  storage::RecoveryReport report;
  // Read-only: a torn tail (a crash's unfinished commit) is left as it is, not repaired;
  // it was never acknowledged, and the new generation's history starts past it.
  QUIVER_ASSIGN_OR_RETURN(storage::RecoveredLog recovered,
                          storage::RecoverLog(db->env(), db->path(), db->database_id(), std::move(base),
                                              /*read_only=*/true,
                                              storage::EditContext{1, live->account_.get(), nullptr}, &report));
  live->state_ = std::move(recovered.state);
  QUIVER_ASSIGN_OR_RETURN(live->source_, storage::CompactionSource::Open(*live->state_, workers));
  return live;
}

std::unique_ptr<ingest::GraphFeed> LiveGraph::Feed(ingest::ConstructionSession* session, bool append) {
  auto feed = std::make_unique<ingest::GraphFeed>(*source_, session);
  const std::shared_ptr<const storage::Generation>& gen = state_->base->generation();
  why_rebuilt_.clear();
  if (!append) why_rebuilt_ = "asked to";
  if (state_->HasChanges()) why_rebuilt_ = "the write log holds commits since the generation";
  for (uint32_t t = 0; t < gen->RelTypeCount(); ++t) {
    if (gen->SegmentCount(t) >= kMaxRelationshipSegments) {
      why_rebuilt_ = "relationship type " + std::string(gen->RelTypeName(t)) + " has " +
                     std::to_string(gen->SegmentCount(t)) + " segments";
    }
  }
  appends_ = why_rebuilt_.empty();
  if (appends_) {
    session->AppendRelationshipsTo(gen);
    feed->LeaveRelationshipsInPlace();
  }
  return feed;
}

}  // namespace quiver::main
