#include "ingest/salvage.h"

#include "ingest/compaction_build.h"
#include "storage/database_dir.h"
#include "storage/txn/compaction_source.h"
#include "storage/txn/memory_account.h"

namespace quiver::ingest {

namespace {

// OUT must be new: a repair never writes over a database.
Status CheckTarget(Env* env, const std::string& out) {
  QUIVER_ASSIGN_OR_RETURN(bool exists, env->FileExists(out));
  if (!exists) return Status::OK();
  auto names = env->ListDir(out);
  if (!names.ok() || !names->empty()) {
    return Status::InvalidArgument("'" + out + "' exists and is not an empty directory: the repair writes a new database");
  }
  return Status::OK();
}

}  // namespace

Result<SalvageResult> SalvageDatabase(Env* env, const std::string& damaged, const std::string& out,
                                      SessionOptions options) {
  QUIVER_RETURN_IF_ERROR(CheckTarget(env, out));
  SalvageResult result;
  storage::SalvageLosses& losses = *result.losses;

  storage::DatabaseOptions source_options;
  source_options.read_only = true;
  source_options.open.salvage = true;
  QUIVER_ASSIGN_OR_RETURN(auto source_dir, storage::DatabaseDir::Open(env, damaged, source_options));
  auto pinned = source_dir->Pin();
  if (!pinned.ok()) return pinned.status().WithContext("cannot salvage '" + damaged + "'");
  std::shared_ptr<const storage::Generation> gen = std::move(pinned).value();
  result.source_generation = gen->generation();
  for (const auto& [file, why] : gen->unreadable_files()) {
    losses.Lose(storage::SalvageLosses::Kind::kFile, file + ": the whole file", why.ToString());
  }

  // The write log, commit by commit, up to its first damage.
  auto account = std::make_shared<storage::MemoryAccount>();  // outlives the state below
  auto state = storage::SalvageLog(env, damaged, source_dir->database_id(),
                                   storage::DeltaState::OverBase(gen, 0, gen->manifest().write_log_position),
                                   storage::EditContext{1, account.get(), nullptr}, &result.log);
  if (!state.ok()) return state.status().WithContext("cannot salvage the write log of '" + damaged + "'");
  if (!result.log.salvage_stop.ok()) {
    losses.Lose(storage::SalvageLosses::Kind::kLog,
                "the write log past position " + std::to_string(result.log.end_position) + " (" +
                    std::to_string(result.log.salvage_unread_bytes) + " bytes: every commit in them)",
                result.log.salvage_stop.ToString());
  }

  storage::DatabaseOptions target_options;
  target_options.create_if_missing = true;
  QUIVER_ASSIGN_OR_RETURN(auto target_dir, storage::DatabaseDir::Open(env, out, target_options));
  QUIVER_ASSIGN_OR_RETURN(auto session, ConstructionSession::Begin(target_dir.get(), options));
  QUIVER_ASSIGN_OR_RETURN(auto source, storage::CompactionSource::Open(**state, session->workers(), &losses));
  QUIVER_RETURN_IF_ERROR(FeedSession(*source, session.get()));
  session->SetSchema(*(*state)->schema);  // token ids survive, as in a compaction
  QUIVER_ASSIGN_OR_RETURN(CommitResult committed, session->Commit());
  result.nodes = committed.nodes;
  result.relationships = committed.edges;
  result.generation = committed.generation;
  return result;
}

}  // namespace quiver::ingest
