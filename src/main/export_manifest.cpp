#include "main/export_manifest.h"

#include <nlohmann/json.hpp>

#include "common/file/env.h"
#include "export/graph_export.h"

namespace quiver::main {

Result<ExportedGraph> ReadExportedGraph(const std::string& dir) {
  const std::string path = JoinPath(dir, exporter::kManifestName);
  auto text = ReadFileToString(Env::Default(), path);
  if (!text.ok()) {
    return Status::InvalidArgument(dir + " holds no " + std::string(exporter::kManifestName) +
                                   ": not a quiver export, or one that did not finish");
  }
  try {
    const nlohmann::json m = nlohmann::json::parse(*text);
    const std::string format = m.at("format").get<std::string>();
    if (format != "csv" && format != "parquet") {
      return Status::InvalidArgument(path + ": a " + format + " export is not read by quiver import" +
                                     (format == "cypher" ? " (run graph.cypher with quiver shell)" : ""));
    }
    ExportedGraph out;
    const std::string delimiter = m.at("array_delimiter").get<std::string>();
    if (delimiter.size() != 1) return Status::InvalidArgument(path + ": array_delimiter is not one character");
    out.array_delimiter = delimiter[0];
    for (const char* kind : {"nodes", "relationships"}) {
      for (const auto& f : m.at("files")) {
        if (f.at("kind").get<std::string>() != kind) continue;
        ingest::InputGroup g;
        g.kind = std::string(kind) == "nodes" ? ingest::FileKind::kNodes : ingest::FileKind::kRelationships;
        g.files = {JoinPath(dir, f.at("name").get<std::string>())};
        out.groups.push_back(std::move(g));
      }
    }
    for (const auto& f : m.at("files")) {
      const std::string kind = f.at("kind").get<std::string>();
      const std::string file = JoinPath(dir, f.at("name").get<std::string>());
      if (kind == "schema") out.schema_path = file;
      if (kind == "schema-after-import") out.schema_after_import_path = file;
    }
    return out;
  } catch (const nlohmann::json::exception& e) {
    return Status::InvalidArgument(path + ": not a valid export manifest (" + e.what() + ")");
  }
}

}  // namespace quiver::main
