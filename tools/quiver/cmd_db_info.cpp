// The database part of `quiver info DB`: generation, counts per label and relationship
// type as a query would see them (the generation's metadata plus the commits in the
// write log, replayed as a read-only open does), the write log's size, property columns
// and file sizes of the current generation. Costs O(files + log), whatever the graph's
// size.
#include <iomanip>
#include <iostream>
#include <nlohmann/json.hpp>

#include "commands.h"
#include "common/file/env.h"
#include "json_text.h"
#include "storage/database_dir.h"
#include "storage/txn/recovery.h"
#include "storage/txn/transactional_store.h"

namespace quiver::cli {
namespace {

// The column types of relationship property `key` of `type`, one per segment that has a
// column, joined by '+' where they differ ("" when no segment has one).
std::string EdgeColumnTypes(const storage::Generation& g, uint32_t type, uint32_t key) {
  std::string types;
  for (uint32_t segment = 0; segment < g.SegmentCount(type); ++segment) {
    const storage::PropertyColumn* c = g.EdgeColumn(type, segment, key);
    if (c == nullptr) continue;
    const std::string name(storage::ColumnTypeName(c->type()));
    if (types.empty()) {
      types = name;
    } else if (("+" + types + "+").find("+" + name + "+") == std::string::npos) {
      types += "+" + name;
    }
  }
  return types;
}

std::string Ratio(uint64_t bytes, uint64_t count) {
  if (count == 0) return "-";
  std::ostringstream s;
  s << std::fixed << std::setprecision(2) << static_cast<double>(bytes) / static_cast<double>(count);
  return s.str();
}

// The write log as `info` reports it: what the live generation does not include yet.
struct LogInfo {
  uint64_t commits = 0;          // replayed on open
  uint64_t bytes = 0;            // log positions past the generation's
  uint64_t start = 0, end = 0;   // those positions
  uint64_t segments = 0;         // files on disk, stale ones included
  uint64_t segment_bytes = 0;
};

Result<LogInfo> ReadLogInfo(const std::string& db_path, const storage::RecoveryReport& report) {
  LogInfo log;
  log.commits = report.records_replayed;
  log.start = report.start_position;
  log.end = report.end_position;
  log.bytes = log.end - log.start;
  QUIVER_ASSIGN_OR_RETURN(auto segments, storage::ListSegments(Env::Default(), db_path));
  for (const auto& [start, name] : segments) {
    QUIVER_ASSIGN_OR_RETURN(uint64_t size, Env::Default()->FileSize(JoinPath(db_path, name)));
    ++log.segments;
    log.segment_bytes += size;
  }
  return log;
}

constexpr const char* kGenerationNote =
    "each publish makes the next: 1 is the empty database a directory starts as, then every "
    "import, compaction and --replace";

}  // namespace

int PrintDatabaseInfo(const std::string& db_path, bool json) {
  storage::StoreOptions store_options;
  store_options.read_only = true;
  store_options.create_if_missing = false;
  auto store = storage::TransactionalStore::Open(Env::Default(), db_path, store_options);
  storage::DatabaseOptions options;
  options.read_only = true;
  auto db = store.ok() ? storage::DatabaseDir::Open(Env::Default(), db_path, options)
                       : Result<std::unique_ptr<storage::DatabaseDir>>(store.status());
  auto gen = db.ok() ? (*db)->Pin() : Result<std::shared_ptr<const storage::Generation>>(db.status());
  auto log = gen.ok() ? ReadLogInfo(db_path, (*store)->recovery()) : Result<LogInfo>(gen.status());
  if (!log.ok()) {
    std::cerr << "quiver: " << db_path << ": " << log.status().ToString() << "\n";
    return kExitFailure;
  }
  const storage::Generation& g = **gen;
  const storage::Manifest& m = g.manifest();
  const storage::GraphCounts counts = (*store)->Counts();
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
    out["nodes"] = counts.nodes;
    out["relationships"] = counts.relationships;
    out["generation_nodes"] = m.node_count;
    out["generation_relationships"] = m.edge_count;
    out["write_log"] = {{"commits_since_generation", log->commits}, {"bytes_since_generation", log->bytes},
                        {"start_position", log->start}, {"end_position", log->end},
                        {"segments", log->segments}, {"segment_bytes", log->segment_bytes}};
    out["node_id_bytes"] = m.node_id_width;
    out["external_ids"] = std::string(storage::ExternalIdKindName(m.external_id_kind));
    nlohmann::json labels = nlohmann::json::object(), types = nlohmann::json::object();
    for (const auto& [name, count] : counts.labels) labels[name] = count;
    for (const auto& [name, count] : counts.rel_types) types[name] = count;
    nlohmann::json keys = nlohmann::json::object();
    for (uint32_t k = 0; k < g.PropertyKeyCount(); ++k) {
      nlohmann::json columns = nlohmann::json::object();
      if (const auto* c = g.NodeColumn(k)) columns["(nodes)"] = std::string(storage::ColumnTypeName(c->type()));
      for (uint32_t t = 0; t < g.RelTypeCount(); ++t) {
        if (const std::string c = EdgeColumnTypes(g, t, k); !c.empty()) columns[std::string(g.RelTypeName(t))] = c;
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
    std::cout << JsonText(out) << "\n";
    return kExitOk;
  }

  std::cout << "database      " << db_path << " (id " << storage::DatabaseIdToString((*db)->database_id()) << ")\n"
            << "generation    " << m.generation << " (" << kGenerationNote << ")\n"
            << "write log     ";
  if (log->commits == 0) {
    std::cout << "no commits since the generation";
  } else {
    std::cout << log->commits << (log->commits == 1 ? " commit" : " commits") << " since the generation, "
              << log->bytes << " bytes (log positions " << log->start << ".." << log->end
              << "); `quiver compact` folds them into a new generation";
  }
  std::cout << "\n              " << log->segments << (log->segments == 1 ? " segment, " : " segments, ")
            << log->segment_bytes << " bytes on disk\n"
            << "nodes         " << counts.nodes << " (generation: " << m.node_count << ", " << m.node_id_width * 8
            << "-bit ids)\n"
            << "relationships " << counts.relationships << " (generation: " << m.edge_count << ")\n"
            << "external ids  " << storage::ExternalIdKindName(m.external_id_kind) << "\n";
  std::cout << "labels (nodes, the write log included):\n";
  for (const auto& [name, count] : counts.labels) {
    std::cout << "  " << std::left << std::setw(24) << name << count << "\n";
  }
  std::cout << "relationship types (the write log included):\n";
  for (const auto& [name, count] : counts.rel_types) {
    std::cout << "  " << std::left << std::setw(24) << name << count << "\n";
  }
  std::cout << "property columns of generation " << m.generation << ":\n";
  for (uint32_t k = 0; k < g.PropertyKeyCount(); ++k) {
    std::cout << "  " << std::left << std::setw(24) << g.PropertyKeyName(k);
    if (const auto* c = g.NodeColumn(k)) std::cout << "nodes: " << storage::ColumnTypeName(c->type()) << "  ";
    for (uint32_t t = 0; t < g.RelTypeCount(); ++t) {
      if (const std::string c = EdgeColumnTypes(g, t, k); !c.empty()) std::cout << g.RelTypeName(t) << ": " << c << "  ";
    }
    std::cout << "\n";
  }
  std::cout << "files of generation " << m.generation << ":\n";
  for (const auto& f : m.files) std::cout << "  " << std::left << std::setw(32) << f.name << std::right << std::setw(14) << f.size << "\n";
  std::cout << "total         " << total << " bytes (" << Ratio(total, m.node_count) << " per node, " << Ratio(total, m.edge_count)
            << " per relationship; forward+reverse CSR " << Ratio(csr, m.edge_count) << " per relationship)\n";
  return kExitOk;
}

}  // namespace quiver::cli
