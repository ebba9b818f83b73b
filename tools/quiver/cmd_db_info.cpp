// The database part of `quiver info DB`: generation, counts per label and relationship
// type, property columns, and file sizes of the current generation. Reads only the
// MANIFEST, the dictionary and file headers: O(files), whatever the graph's size.
#include <iomanip>
#include <iostream>
#include <nlohmann/json.hpp>

#include "commands.h"
#include "common/file/env.h"
#include "storage/database_dir.h"

namespace quiver::cli {
namespace {

std::string Ratio(uint64_t bytes, uint64_t count) {
  if (count == 0) return "-";
  std::ostringstream s;
  s << std::fixed << std::setprecision(2) << static_cast<double>(bytes) / static_cast<double>(count);
  return s.str();
}

}  // namespace

int PrintDatabaseInfo(const std::string& db_path, bool json) {
  storage::DatabaseOptions options;
  options.read_only = true;
  auto db = storage::DatabaseDir::Open(Env::Default(), db_path, options);
  auto gen = db.ok() ? (*db)->Pin() : Result<std::shared_ptr<const storage::Generation>>(db.status());
  if (!gen.ok()) {
    std::cerr << "quiver: " << db_path << ": " << gen.status().ToString() << "\n";
    return kExitFailure;
  }
  const storage::Generation& g = **gen;
  const storage::Manifest& m = g.manifest();
  uint64_t total = 0, csr = 0;
  for (const auto& f : m.files) {
    total += f.size;
    if (f.kind == storage::FileKind::kRelationshipType) csr += f.size;
  }

  if (json) {
    nlohmann::json out;
    out["database"] = db_path;
    out["database_id"] = storage::DatabaseIdToString((*db)->database_id());
    out["generation"] = m.generation;
    out["write_log_position"] = m.write_log_position;
    out["nodes"] = m.node_count;
    out["relationships"] = m.edge_count;
    out["node_id_bytes"] = m.node_id_width;
    out["external_ids"] = std::string(storage::ExternalIdKindName(m.external_id_kind));
    nlohmann::json labels = nlohmann::json::object(), types = nlohmann::json::object();
    for (uint32_t l = 0; l < g.LabelCount(); ++l) labels[std::string(g.LabelName(l))] = g.LabelNodeCount(l);
    for (uint32_t t = 0; t < g.RelTypeCount(); ++t) types[std::string(g.RelTypeName(t))] = g.RelTypeEdgeCount(t);
    nlohmann::json keys = nlohmann::json::object();
    for (uint32_t k = 0; k < g.PropertyKeyCount(); ++k) {
      nlohmann::json columns = nlohmann::json::object();
      if (const auto* c = g.NodeColumn(k)) columns["(nodes)"] = std::string(storage::ColumnTypeName(c->type()));
      for (uint32_t t = 0; t < g.RelTypeCount(); ++t) {
        if (const auto* c = g.EdgeColumn(t, k)) columns[std::string(g.RelTypeName(t))] = std::string(storage::ColumnTypeName(c->type()));
      }
      keys[std::string(g.PropertyKeyName(k))] = columns;
    }
    out["property_keys"] = keys;
    out["labels"] = labels;
    out["relationship_types"] = types;
    nlohmann::json files = nlohmann::json::array();
    for (const auto& f : m.files) {
      files.push_back({{"file", f.name}, {"kind", std::string(storage::FileKindName(f.kind))}, {"size", f.size}});
    }
    out["files"] = files;
    out["total_bytes"] = total;
    out["csr_bytes"] = csr;
    std::cout << out.dump(2) << "\n";
    return kExitOk;
  }

  std::cout << "database      " << db_path << " (id " << storage::DatabaseIdToString((*db)->database_id()) << ")\n"
            << "generation    " << m.generation << " (write log position " << m.write_log_position << ")\n"
            << "nodes         " << m.node_count << " (" << m.node_id_width * 8 << "-bit ids)\n"
            << "relationships " << m.edge_count << "\n"
            << "external ids  " << storage::ExternalIdKindName(m.external_id_kind) << "\n";
  std::cout << "labels:\n";
  for (uint32_t l = 0; l < g.LabelCount(); ++l) {
    std::cout << "  " << std::left << std::setw(24) << g.LabelName(l) << g.LabelNodeCount(l) << "\n";
  }
  std::cout << "relationship types:\n";
  for (uint32_t t = 0; t < g.RelTypeCount(); ++t) {
    std::cout << "  " << std::left << std::setw(24) << g.RelTypeName(t) << g.RelTypeEdgeCount(t) << "\n";
  }
  std::cout << "property keys:\n";
  for (uint32_t k = 0; k < g.PropertyKeyCount(); ++k) {
    std::cout << "  " << std::left << std::setw(24) << g.PropertyKeyName(k);
    if (const auto* c = g.NodeColumn(k)) std::cout << "nodes: " << storage::ColumnTypeName(c->type()) << "  ";
    for (uint32_t t = 0; t < g.RelTypeCount(); ++t) {
      if (const auto* c = g.EdgeColumn(t, k)) std::cout << g.RelTypeName(t) << ": " << storage::ColumnTypeName(c->type()) << "  ";
    }
    std::cout << "\n";
  }
  std::cout << "files:\n";
  for (const auto& f : m.files) std::cout << "  " << std::left << std::setw(32) << f.name << std::right << std::setw(14) << f.size << "\n";
  std::cout << "total         " << total << " bytes (" << Ratio(total, m.node_count) << " per node, " << Ratio(total, m.edge_count)
            << " per relationship; forward+reverse CSR " << Ratio(csr, m.edge_count) << " per relationship)\n";
  return kExitOk;
}

}  // namespace quiver::cli
