// quiver::ExportDatabase and quiver::ImportExported (include/quiver/data_export.h): a
// read-only store's snapshot handed to the export layer (export/graph_export.h), with
// the schema as Cypher (main/schema_statements.h), which only this layer can write.

#include <chrono>

#include "export/graph_export.h"
#include "ingest/run_options.h"
#include "main/export_manifest.h"
#include "main/import_schema.h"
#include "main/input_errors.h"
#include "main/schema_statements.h"
#include "quiver/data_export.h"
#include "quiver/error.h"
#include "storage/checkpoints.h"
#include "storage/txn/transactional_store.h"

namespace quiver {

ExportSummary ExportDatabase(const std::string& db_path, const std::string& directory, const ExportOptions& options) {
  const auto started = std::chrono::steady_clock::now();
  auto format = exporter::ParseExportFormat(options.format);
  if (!format.ok()) throw ArgumentError("InvalidInput", format.status().message());
  Env* env = Env::Default();
  storage::StoreOptions store_options;
  store_options.read_only = true;
  store_options.create_if_missing = false;
  if (!options.at_checkpoint.empty()) {
    auto checkpoint = storage::FindCheckpoint(env, db_path, options.at_checkpoint);
    if (!checkpoint.ok()) throw ArgumentError("InvalidInput", checkpoint.status().message());
    store_options.at_generation = checkpoint->generation;
  }
  auto store = main::ValueOrThrow(storage::TransactionalStore::Open(env, db_path, store_options));
  // One snapshot for everything written: writers in other processes go on, unseen.
  std::unique_ptr<GraphReader> snapshot = store->BeginRead();
  const storage::StoreStats stats = store->Stats();

  ingest::RunOptions run_options;
  run_options.threads = options.threads == 0 ? "auto" : std::to_string(options.threads);
  auto resources = ingest::ResolveResources(run_options, snapshot->RelationshipCount());
  if (!resources.ok()) throw ArgumentError("InvalidInput", resources.status().message());

  exporter::ExportOptions eo;
  eo.format = *format;
  eo.workers = resources->workers;
  eo.schema = main::SchemaCreateStatements(*snapshot, /*importable=*/true);
  eo.schema_after_import = main::SchemaCreateStatements(*snapshot, /*importable=*/false);
  eo.source = db_path;
  eo.generation = stats.generation;
  eo.sequence = stats.sequence;
  eo.progress = options.progress;
  eo.codec = options.codec;
  auto result = exporter::ExportGraph(env, *snapshot, directory, eo);
  if (!result.ok()) {
    main::ThrowInputOrStorageError(result.status());
  }
  ExportSummary summary;
  summary.nodes = result->nodes;
  summary.relationships = result->relationships;
  summary.generation = stats.generation;
  summary.sequence = stats.sequence;
  for (const exporter::ExportedFile& f : result->files) {
    summary.files.push_back(f.name);
    summary.bytes += f.bytes;
  }
  summary.files.emplace_back(exporter::kManifestName);
  summary.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return summary;
}

ImportSummary ImportExported(const std::string& db_path, const std::string& directory, const ImportOptions& options) {
  main::ExportedGraph exported = main::ValueOrThrow(main::ReadExportedGraph(directory));
  std::vector<ImportSource> sources;
  for (const ingest::InputGroup& g : exported.groups) {
    sources.push_back({g.kind == ingest::FileKind::kNodes ? ImportSource::Kind::kNodes
                                                          : ImportSource::Kind::kRelationships,
                       g.names, g.files});
  }
  ImportOptions io = options;
  io.delimiter = ',';
  io.quote = '"';
  io.array_delimiter = exported.array_delimiter;
  io.schema_path = exported.schema_path;
  const ImportSummary summary = ImportCsv(db_path, sources, io);
  if (!exported.schema_after_import_path.empty()) {
    main::ThrowInputOrStorageError(main::CreateSchemaAfterImport(db_path, exported.schema_after_import_path));
  }
  return summary;
}

}  // namespace quiver
