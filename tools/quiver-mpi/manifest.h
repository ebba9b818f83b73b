#pragma once
// A partitioned database's layout, partitioning function and manifest
// (docs/scale-out.md, "A partitioned database" and "The manifest"):
//
//   DIR/MANIFEST.json   written last, atomically, by rank 0 once every rank published
//   DIR/part-00000/     an ordinary Quiver database per rank

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "common/file/env.h"
#include "storage/generation.h"

namespace quiver::mpi {

inline constexpr std::string_view kManifestName = "MANIFEST.json";
inline constexpr std::string_view kManifestFormat = "quiver-partitioned";
inline constexpr uint32_t kManifestVersion = 1;
inline constexpr std::string_view kPartitioning = "splitmix64-mod";
// The label of a partition's stubs for remote vertices (docs/scale-out.md, "Vertices").
inline constexpr std::string_view kGhostLabel = "QuiverGhost";

// The rank owning global vertex v: splitmix64's finalizer, mod the rank count. A hash,
// so clustered ids (hubs, load order) spread evenly.
inline uint32_t OwnerOf(uint64_t v, uint32_t ranks) {
  v += 0x9e3779b97f4a7c15ULL;
  v = (v ^ (v >> 30)) * 0xbf58476d1ce4e5b9ULL;
  v = (v ^ (v >> 27)) * 0x94d049bb133111ebULL;
  v ^= v >> 31;
  return static_cast<uint32_t>(v % ranks);
}

std::string PartitionDirName(uint32_t rank);  // "part-00000"
std::string PartitionPath(const std::string& dir, uint32_t rank);

struct PartitionEntry {
  uint32_t rank = 0;
  std::string database_id;  // hex, the partition database's DBID
  uint64_t generation = 0;  // its generation of this build (CURRENT, or about to be)
  uint64_t owned_nodes = 0;
  uint64_t ghost_nodes = 0;
  uint64_t edges = 0;         // home edges: out-edges of owned vertices
  uint64_t stored_edges = 0;  // every edge in the partition (cross edges at both ends)
};

struct Manifest {
  std::string creation;  // 32 hex digits, shared by every partition of one build
  uint32_t ranks = 0;
  uint64_t nodes = 0;
  uint64_t edges = 0;
  std::vector<PartitionEntry> partitions;  // by rank
};

std::string ToHex(const uint8_t* bytes, size_t size);

// The named checkpoint (storage/checkpoints.h) that keeps a partition's generation of the
// build `creation` from the collector from before the manifest names it until the next
// build replaces it (docs/scale-out.md, "Agree, then publish"): "mpi-<creation>".
std::string BuildCheckpointName(std::string_view creation);

// Writes DIR/MANIFEST.json atomically (temporary, fsync, rename, fsync of DIR).
Status WriteManifest(Env* env, const std::string& dir, const Manifest& manifest);
// NotFound "manifest missing: …" when absent; Corruption "manifest damaged: …" when it
// does not parse, has another format or version, or fails its checksum.
Result<Manifest> ReadManifest(Env* env, const std::string& dir);
// This rank's view of an opened manifest: InvalidArgument "wrong rank count: …" when
// started with another number of ranks; NotFound "partition missing: …"; Corruption
// "partition mismatch: …" when the partition's database id is not the manifest's, or the
// manifest's generation is neither its CURRENT one nor kept by the build's checkpoint
// (a rank that stopped after the manifest named the build, before its CURRENT moved,
// still reads the manifest's generation).
Status CheckPartition(Env* env, const std::string& dir, const Manifest& manifest, uint32_t rank,
                      uint32_t ranks);
// After CheckPartition: the checkpoint to open the partition at to read the manifest's
// generation ("" when it is CURRENT: open the live graph).
std::string CheckpointToRead(Env* env, const std::string& dir, const Manifest& manifest, uint32_t rank);

// Opening a partitioned database on one rank: ReadManifest, CheckPartition, then the
// partition opened read-only and its generation pinned, its node and relationship
// counts checked against its entry ("partition mismatch" when they differ).
Result<std::shared_ptr<const storage::Generation>> OpenPartition(Env* env, const std::string& dir,
                                                                 uint32_t rank, uint32_t ranks,
                                                                 Manifest* manifest);

}  // namespace quiver::mpi
