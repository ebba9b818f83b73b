#include "manifest.h"

#include <cstdio>
#include <nlohmann/json.hpp>

#include "common/file/checksum.h"
#include "storage/checkpoints.h"
#include "storage/database_dir.h"

namespace quiver::mpi {
namespace {

using nlohmann::json;

// The checksum covers the document as nlohmann dumps it without the checksum field (keys
// sorted, no spaces), so it does not depend on how the file is indented.
std::string DocumentChecksum(const json& doc) {
  json body = doc;
  body.erase("checksum");
  const uint64_t sum = Checksum64(body.dump());
  char hex[17];
  std::snprintf(hex, sizeof(hex), "%016llx", static_cast<unsigned long long>(sum));
  return hex;
}

Status Damaged(const std::string& path, const std::string& why) {
  return Status::Corruption("manifest damaged: " + path + ": " + why);
}

}  // namespace

std::string PartitionDirName(uint32_t rank) {
  char name[32];
  std::snprintf(name, sizeof(name), "part-%05u", rank);
  return name;
}

std::string PartitionPath(const std::string& dir, uint32_t rank) {
  return JoinPath(dir, PartitionDirName(rank));
}

std::string ToHex(const uint8_t* bytes, size_t size) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out;
  out.reserve(size * 2);
  for (size_t i = 0; i < size; ++i) {
    out.push_back(kDigits[bytes[i] >> 4]);
    out.push_back(kDigits[bytes[i] & 15]);
  }
  return out;
}

Status WriteManifest(Env* env, const std::string& dir, const Manifest& m) {
  json doc = {{"format", kManifestFormat}, {"version", kManifestVersion},   {"creation", m.creation},
              {"ranks", m.ranks},          {"partitioning", kPartitioning}, {"nodes", m.nodes},
              {"edges", m.edges},          {"partitions", json::array()}};
  for (const PartitionEntry& p : m.partitions) {
    doc["partitions"].push_back({{"rank", p.rank},
                                 {"dir", PartitionDirName(p.rank)},
                                 {"database_id", p.database_id},
                                 {"generation", p.generation},
                                 {"owned_nodes", p.owned_nodes},
                                 {"ghost_nodes", p.ghost_nodes},
                                 {"edges", p.edges},
                                 {"stored_edges", p.stored_edges}});
  }
  doc["checksum"] = DocumentChecksum(doc);
  return WriteFileAtomically(env, JoinPath(dir, kManifestName), doc.dump(1) + "\n");
}

Result<Manifest> ReadManifest(Env* env, const std::string& dir) {
  const std::string path = JoinPath(dir, kManifestName);
  QUIVER_ASSIGN_OR_RETURN(bool exists, env->FileExists(path));
  if (!exists)
    return Status::NotFound("manifest missing: " + path +
                            " (not a partitioned database, or never published)");
  QUIVER_ASSIGN_OR_RETURN(std::string text, ReadFileToString(env, path));
  json doc = json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (doc.is_discarded() || !doc.is_object()) return Damaged(path, "not a JSON object");
  if (!doc.contains("checksum") || !doc["checksum"].is_string()) return Damaged(path, "no checksum");
  if (doc["checksum"].get<std::string>() != DocumentChecksum(doc)) return Damaged(path, "checksum mismatch");
  if (doc.value("format", "") != kManifestFormat) return Damaged(path, "not a quiver-partitioned manifest");
  if (doc.value("version", 0u) != kManifestVersion) return Damaged(path, "unknown version");
  if (doc.value("partitioning", "") != kPartitioning) return Damaged(path, "unknown partitioning");
  Manifest m;
  try {
    m.creation = doc.at("creation").get<std::string>();
    m.ranks = doc.at("ranks").get<uint32_t>();
    m.nodes = doc.at("nodes").get<uint64_t>();
    m.edges = doc.at("edges").get<uint64_t>();
    for (const json& p : doc.at("partitions")) {
      PartitionEntry e;
      e.rank = p.at("rank").get<uint32_t>();
      e.database_id = p.at("database_id").get<std::string>();
      e.generation = p.at("generation").get<uint64_t>();
      e.owned_nodes = p.at("owned_nodes").get<uint64_t>();
      e.ghost_nodes = p.at("ghost_nodes").get<uint64_t>();
      e.edges = p.at("edges").get<uint64_t>();
      e.stored_edges = p.at("stored_edges").get<uint64_t>();
      m.partitions.push_back(std::move(e));
    }
  } catch (const json::exception& e) {
    return Damaged(path, e.what());
  }
  if (m.partitions.size() != m.ranks) return Damaged(path, "partition list does not match the rank count");
  for (uint32_t r = 0; r < m.ranks; ++r) {
    if (m.partitions[r].rank != r) return Damaged(path, "partitions out of rank order");
  }
  return m;
}

std::string BuildCheckpointName(std::string_view creation) { return "mpi-" + std::string(creation); }

Status CheckPartition(Env* env, const std::string& dir, const Manifest& m, uint32_t rank, uint32_t ranks) {
  if (m.ranks != ranks) {
    return Status::InvalidArgument("wrong rank count: " + dir + " has " + std::to_string(m.ranks) +
                                   " partitions, started with " + std::to_string(ranks) + " ranks");
  }
  const std::string path = PartitionPath(dir, rank);
  auto id = storage::ReadDatabaseId(env, path);
  auto current = storage::ReadCurrent(env, path);
  if (!id.ok() || !current.ok()) {
    return Status::NotFound("partition missing: " + path + " (" +
                            (id.ok() ? current.status() : id.status()).message() + ")");
  }
  const PartitionEntry& want = m.partitions[rank];
  const std::string have_id = ToHex(id->data(), id->size());
  bool kept = *current == want.generation;
  if (!kept) {
    auto checkpoint = storage::FindCheckpoint(env, path, BuildCheckpointName(m.creation));
    kept = checkpoint.ok() && checkpoint->generation == want.generation;
  }
  if (have_id != want.database_id || !kept) {
    return Status::Corruption("partition mismatch: " + path + " is database " + have_id + " generation " +
                              std::to_string(*current) + ", the manifest names " + want.database_id +
                              " generation " + std::to_string(want.generation));
  }
  return Status::OK();
}

std::string CheckpointToRead(Env* env, const std::string& dir, const Manifest& m, uint32_t rank) {
  auto current = storage::ReadCurrent(env, PartitionPath(dir, rank));
  return current.ok() && *current == m.partitions[rank].generation ? std::string() : BuildCheckpointName(m.creation);
}

Result<std::shared_ptr<const storage::Generation>> OpenPartition(Env* env, const std::string& dir,
                                                                 uint32_t rank, uint32_t ranks,
                                                                 Manifest* manifest) {
  QUIVER_ASSIGN_OR_RETURN(*manifest, ReadManifest(env, dir));
  QUIVER_RETURN_IF_ERROR(CheckPartition(env, dir, *manifest, rank, ranks));
  storage::DatabaseOptions o;
  o.read_only = true;
  const std::string path = PartitionPath(dir, rank);
  QUIVER_ASSIGN_OR_RETURN(auto db, storage::DatabaseDir::Open(env, path, o));
  const PartitionEntry& e = manifest->partitions[rank];
  QUIVER_ASSIGN_OR_RETURN(std::shared_ptr<const storage::Generation> gen, db->PinGeneration(e.generation));
  if (gen->NodeCount() != e.owned_nodes + e.ghost_nodes || gen->EdgeCount() != e.stored_edges) {
    return Status::Corruption(
        "partition mismatch: " + path + " holds " + std::to_string(gen->NodeCount()) + " nodes and " +
        std::to_string(gen->EdgeCount()) + " relationships, the manifest " +
        std::to_string(e.owned_nodes + e.ghost_nodes) + " and " + std::to_string(e.stored_edges));
  }
  return gen;
}

}  // namespace quiver::mpi
