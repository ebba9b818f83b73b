#include "ingest/import_run.h"

#include <optional>

#include "common/file/env.h"
#include "storage/database_dir.h"

namespace quiver::ingest {

Result<ImportOutcome> ImportIntoDatabase(const std::string& db_path, const std::vector<InputGroup>& groups,
                                         const ImportOptions& options, const ImportRun& run) {
  storage::DatabaseOptions dbo;
  dbo.create_if_missing = true;
  auto db = storage::DatabaseDir::Open(Env::Default(), db_path, dbo);
  if (!db.ok()) return db.status();
  {
    auto gen = (*db)->Pin();
    if (!gen.ok()) return gen.status();
    if (!run.replace && ((*gen)->NodeCount() > 0 || (*gen)->EdgeCount() > 0)) {
      return Status::InvalidArgument(db_path + " already holds a graph (" + std::to_string((*gen)->NodeCount()) +
                                     " nodes, " + std::to_string((*gen)->EdgeCount()) +
                                     " relationships); pass --replace to replace it");
    }
  }
  SessionOptions so;
  so.workers = run.resources.workers;
  so.memory_budget = run.resources.memory_budget;
  so.progress = run.progress;
  so.phases = run.phases;
  auto session = ConstructionSession::Begin(db->get(), so);
  if (!session.ok()) return session.status();
  ImportOutcome outcome;
  {
    std::optional<ScopedPhase> phase;
    if (run.phases != nullptr) phase.emplace(*run.phases, "read_csv");
    auto imported = ImportCsv(groups, options, session->get());
    if (!imported.ok()) return imported.status();  // the session aborts: nothing published
    outcome.stats = *imported;
    if (phase) phase->SetUnits("edge", outcome.stats.edges);
  }
  auto committed = (*session)->Commit();
  if (!committed.ok()) return committed.status();
  outcome.commit = *committed;
  return outcome;
}

}  // namespace quiver::ingest
