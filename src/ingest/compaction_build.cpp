#include "ingest/compaction_build.h"

#include "ingest/graph_feed.h"
#include "storage/txn/compaction_source.h"

namespace quiver::ingest {

using storage::CompactionSource;

Status BuildCompactedGeneration(const storage::DeltaState& state, storage::DatabaseDir* dir,
                                storage::GenerationWriter* writer, storage::CompactionCounts* counts,
                                const SessionOptions& options) {
  // The session numbers nodes in 32 bits; a graph past that keeps the in-memory builder.
  if (state.live_nodes >= (uint64_t{1} << 32)) {
    return storage::WriteCompactedGeneration(state, writer, counts, options.workers);
  }
  QUIVER_ASSIGN_OR_RETURN(std::unique_ptr<ConstructionSession> session, ConstructionSession::Begin(dir, options));
  session->SetSchema(*state.schema);
  QUIVER_ASSIGN_OR_RETURN(auto source, CompactionSource::Open(state, session->workers()));
  QUIVER_RETURN_IF_ERROR(FeedSession(*source, session.get()));
  QUIVER_ASSIGN_OR_RETURN(CommitResult result, session->BuildInto(writer));
  counts->nodes = result.nodes;
  counts->edges = result.edges;
  return Status::OK();
}

Status FeedSession(const storage::CompactionSource& source, ConstructionSession* session) {
  GraphFeed feed(source, session);
  QUIVER_RETURN_IF_ERROR(feed.AddTokens("key"));
  QUIVER_RETURN_IF_ERROR(feed.AddNodes());
  session->SetCheckedIdMirrorKey(feed.CheckedMirrorKey());
  std::vector<DuplicateKey> duplicates;
  QUIVER_RETURN_IF_ERROR(session->FinishNodes(false, &duplicates));
  return feed.AddRelationships();
}

storage::CompactionBuilder MakeSessionCompactionBuilder(SessionOptions options) {
  return [options](const storage::DeltaState& state, storage::DatabaseDir* dir, storage::GenerationWriter* writer,
                   storage::CompactionCounts* counts) {
    return BuildCompactedGeneration(state, dir, writer, counts, options);
  };
}

}  // namespace quiver::ingest
