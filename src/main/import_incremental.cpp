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

}  // namespace quiver::main
