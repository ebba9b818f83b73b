#include "main/import_run.h"

#include <optional>

#include "common/file/env.h"
#include "main/import_incremental.h"
#include "main/import_schema.h"
#include "storage/database_dir.h"
#include "storage/index_generation.h"

namespace quiver::main {
namespace {

// Builds the catalog's property indexes over the generation just published, as a second
// publish (the one an open would otherwise make), so the database opens with them
// ONLINE. Reports what it built.
Status BuildIndexes(storage::DatabaseDir* db, const ImportRun& run, ImportOutcome* outcome) {
  QUIVER_ASSIGN_OR_RETURN(std::shared_ptr<const storage::Generation> gen, db->Pin());
  std::vector<storage::IndexDefinition> wanted;
  for (const storage::IndexDefinition& d : gen->Schema().indexes()) {
    if (d.IsPropertyIndex()) wanted.push_back(d);
  }
  if (wanted.empty()) return Status::OK();
  std::optional<ScopedPhase> phase;
  if (run.phases != nullptr) phase.emplace(*run.phases, "build_indexes");
  ingest::Progress* progress = run.progress;
  if (progress != nullptr) progress->BeginPhase("indexes", gen->NodeCount() * wanted.size(), "nodes");
  // The callback runs one call at a time, counting each index's nodes from 0.
  uint64_t reported = 0;
  auto advance = [&](uint64_t done, uint64_t) {
    if (done < reported) reported = 0;  // the next index
    if (progress != nullptr) progress->Advance(done - reported);
    reported = done;
  };
  QUIVER_ASSIGN_OR_RETURN(storage::IndexedGeneration built,
                          storage::WriteIndexedGeneration(db, *gen, wanted, run.resources.workers, advance,
                                                                          run.resources.memory_budget));
  outcome->commit.generation = built.generation;
  outcome->indexes_built = built.built;
  if (progress != nullptr) progress->EndPhase();
  return Status::OK();
}

}  // namespace

Result<ImportOutcome> ImportIntoDatabase(const std::string& db_path, const std::vector<ingest::InputGroup>& groups,
                                         const ingest::ImportOptions& options, const ImportRun& run) {
  if (run.replace && run.incremental) {
    return Status::InvalidArgument("--incremental and --replace exclude each other: --incremental adds to the graph "
                                   "of " + db_path + ", --replace replaces it");
  }
  // The schema before anything else: a bad statement fails with nothing read or written.
  // A database already there keeps its schema (with --replace, or when it holds no graph).
  QUIVER_ASSIGN_OR_RETURN(std::vector<std::string> carried, SchemaStatements(db_path));
  std::optional<ingest::ImportSchema> schema;
  if (!run.schema_path.empty() || !carried.empty()) {
    QUIVER_ASSIGN_OR_RETURN(schema, ReadImportSchema(run.schema_path, carried));
  }
  storage::DatabaseOptions dbo;
  dbo.create_if_missing = true;
  auto db = storage::DatabaseDir::Open(Env::Default(), db_path, dbo);
  if (!db.ok()) return db.status();
  // An incremental import's graph to add to: none when it is empty (a plain import).
  std::unique_ptr<LiveGraph> live;
  if (run.incremental) {
    QUIVER_ASSIGN_OR_RETURN(live, LiveGraph::Read(db->get(), run.resources.workers));
    if (live->empty()) live.reset();
  } else {
    auto gen = (*db)->Pin();
    if (!gen.ok()) return gen.status();
    if (!run.replace && ((*gen)->NodeCount() > 0 || (*gen)->EdgeCount() > 0)) {
      return Status::InvalidArgument(db_path + " already holds a graph (" + std::to_string((*gen)->NodeCount()) +
                                     " nodes, " + std::to_string((*gen)->EdgeCount()) +
                                     " relationships); pass --replace to replace it, or --incremental to add to it");
    }
  }
  ingest::SessionOptions so;
  so.workers = run.resources.workers;
  so.memory_budget = run.resources.memory_budget;
  so.spill_edges = run.spill_edges;
  so.progress = run.progress;
  so.phases = run.phases;
  auto session = ingest::ConstructionSession::Begin(db->get(), so);
  if (!session.ok()) return session.status();
  ImportOutcome outcome;
  std::unique_ptr<ingest::GraphFeed> feed;
  if (live) {
    feed = live->Feed(session->get(), run.append_segments);
    outcome.appended = live->appends();
    outcome.why_rebuilt = live->why_rebuilt();
    outcome.existing_nodes = live->nodes();
    outcome.existing_relationships = live->relationships();
  }
  {
    std::optional<ScopedPhase> phase;
    if (run.phases != nullptr) phase.emplace(*run.phases, "read_csv");
    ingest::ImportOptions with_schema = options;
    if (schema && !schema->constraints.empty()) with_schema.schema = &*schema;
    with_schema.existing = feed.get();
    auto imported = ingest::ImportCsv(groups, with_schema, session->get());
    if (!imported.ok()) return imported.status();  // the session aborts: nothing published
    outcome.stats = *imported;
    if (phase) phase->SetUnits("edge", outcome.stats.edges);
  }
  if (schema && !schema->empty()) (*session)->SetSchema(ingest::ResolveSchema(*schema, session->get()));
  auto committed = (*session)->Commit();
  if (!committed.ok()) return committed.status();
  outcome.commit = *committed;
  feed.reset();
  live.reset();  // it pins the generation it read: collectable now
  // Published: an index build that fails now leaves the graph with its catalog, and the
  // first open builds what is missing (as after a crash).
  QUIVER_RETURN_IF_ERROR(BuildIndexes(db->get(), run, &outcome));
  (void)(*db)->CollectGarbage();  // the generation the indexes were derived from
  return outcome;
}

}  // namespace quiver::main
