#include "export/graph_export.h"

#include <algorithm>
#include <nlohmann/json.hpp>

#include "export/formats.h"
#include "quiver/quiver.h"

namespace quiver::exporter {
namespace {

// Nodes per parallel task: a few tasks per worker so that skew (hubs) evens out, within
// bounds that keep a window's buffers small.
uint64_t MorselNodes(uint64_t bound, uint32_t workers, uint64_t asked) {
  if (asked != 0) return asked;
  return std::clamp<uint64_t>(bound / (uint64_t{16} * std::max<uint32_t>(1, workers)), 1024, 65536);
}

// DIR must not exist, or be an empty directory: an export never mixes with other files.
Result<bool> PrepareDirectory(Env* env, const std::string& dir) {
  QUIVER_ASSIGN_OR_RETURN(bool exists, env->FileExists(dir));
  if (!exists) {
    QUIVER_RETURN_IF_ERROR(env->CreateDirs(dir));
    return true;
  }
  auto names = env->ListDir(dir);
  if (!names.ok()) return Status::InvalidArgument(dir + " exists and is not a directory");
  if (!names->empty()) return Status::InvalidArgument(dir + " exists and is not empty");
  return false;
}

std::string Manifest(const ExportOptions& options, const ExportResult& result) {
  nlohmann::ordered_json files = nlohmann::ordered_json::array();
  for (const ExportedFile& f : result.files) {
    nlohmann::ordered_json j{{"name", f.name}, {"kind", f.kind}};
    if (f.kind == "nodes") j["labels"] = f.labels;
    if (f.kind == "relationships") j["type"] = f.type;
    if (f.kind == "nodes" || f.kind == "relationships" || f.kind == "graph") j["rows"] = f.rows;
    j["bytes"] = f.bytes;
    files.push_back(std::move(j));
  }
  nlohmann::ordered_json m{{"format", std::string(ExportFormatName(options.format))},
                           {"quiver_version", QUIVER_VERSION},
                           {"source", options.source},
                           {"generation", options.generation},
                           {"sequence", options.sequence},
                           {"nodes", result.nodes},
                           {"relationships", result.relationships},
                           {"array_delimiter", std::string(1, result.array_delimiter)},
                           {"id_type", "int"},
                           {"files", std::move(files)}};
  return m.dump(2) + "\n";
}

// A file of `;`-terminated statements, one a line.
Status WriteStatements(OutputFiles* files, std::string_view name, const char* kind,
                       const std::vector<std::string>& statements, ExportResult* result) {
  std::string text;
  for (const std::string& statement : statements) text += statement + ";\n";
  QUIVER_ASSIGN_OR_RETURN(uint32_t f, files->Create(std::string(name)));
  QUIVER_RETURN_IF_ERROR(files->Append(f, text));
  result->files.push_back({std::string(name), kind, {}, "", statements.size(), 0});
  return Status::OK();
}

Status WriteFormat(const ExportContext& context, ExportResult* result) {
  switch (context.options.format) {
    case ExportFormat::kCsv: return WriteCsv(context, result);
    case ExportFormat::kJsonLines: return WriteJsonLines(context, result);
    case ExportFormat::kCypher: return WriteCypher(context, result);
    case ExportFormat::kParquet: return WriteParquet(context, result);
  }
  return Status::InvalidArgument("unknown export format");
}

Result<ExportResult> Export(Env* env, const GraphReader& graph, const std::string& dir, const ExportOptions& options,
                            OutputFiles* files) {
  ingest::WorkerPool pool(std::max<uint32_t>(1, options.workers));
  Morsels morsels{graph.NodeIdBound(), MorselNodes(graph.NodeIdBound(), pool.size(), options.morsel_nodes)};
  ExportContext context{env, dir, graph, morsels, &pool, files, options, options.progress};
  ExportResult result;
  QUIVER_RETURN_IF_ERROR(WriteFormat(context, &result));
  // The schema as `quiver import --schema` reads it (the Cypher script carries its own).
  if (options.format != ExportFormat::kCypher) {
    QUIVER_RETURN_IF_ERROR(WriteStatements(files, kSchemaFileName, "schema", options.schema, &result));
    if (!options.schema_after_import.empty()) {
      QUIVER_RETURN_IF_ERROR(WriteStatements(files, kSchemaAfterImportFileName, "schema-after-import",
                                             options.schema_after_import, &result));
    }
  }
  QUIVER_RETURN_IF_ERROR(files->Finish());
  for (ExportedFile& f : result.files) {
    QUIVER_ASSIGN_OR_RETURN(f.bytes, env->FileSize(JoinPath(dir, f.name)));
  }
  // The manifest last, synced with its directory: its presence says the export is whole.
  QUIVER_RETURN_IF_ERROR(WriteFileAtomically(env, JoinPath(dir, kManifestName), Manifest(options, result)));
  return result;
}

}  // namespace

Result<ExportResult> ExportGraph(Env* env, const GraphReader& graph, const std::string& dir,
                                 const ExportOptions& options) {
  QUIVER_ASSIGN_OR_RETURN(bool created, PrepareDirectory(env, dir));
  OutputFiles files(env, dir);
  auto result = Export(env, graph, dir, options, &files);
  if (!result.ok()) {
    // Nothing half-written stays behind: the directory was empty or new, so everything in
    // it is this export's.
    if (created) {
      (void)env->RemoveDirRecursive(dir);
    } else if (auto names = env->ListDir(dir); names.ok()) {
      for (const std::string& name : *names) (void)env->RemoveFile(JoinPath(dir, name));  // it was empty
    }
  }
  return result;
}

}  // namespace quiver::exporter
