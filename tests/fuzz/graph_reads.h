#pragma once
// Reading every fact of a (possibly damaged) database, for the storage fuzz targets.
// Loops are bounded (kMaxEntities per kind) so a damaged count cannot make one input
// run for hours, and ids just past each range are asked too, to test the range checks.

#include <cstdint>
#include <string>

#include "fuzz/mem_env.h"
#include "quiver/status.h"
#include "storage/generation.h"
#include "storage/graph.h"

namespace quiver::fuzz {

inline constexpr uint64_t kMaxEntities = 4096;

// Labels, names, both CSR directions, degrees, every property, endpoints, external-id
// lookups and their inverse, the `id` mirror check. The first error a read returned
// (Corruption for an undecodable value), or OK.
Status ReadGeneration(const storage::Generation& g);

// The same through the query engine's interface. QuiverErrors are the reader's way of
// reporting damage (StorageError); InternalError is a finding when `must_not_fail`
// (the database passed `quiver check`), and anything not a QuiverError always is.
void ReadGraph(const GraphReader& reader, bool must_not_fail);

// The graph's content without its ids (which compaction renumbers): the sorted
// descriptions of its nodes (labels, properties) and relationships (type, properties,
// both end nodes' descriptions). Two states with the same content have the same digest.
std::string DigestGraph(const GraphReader& reader);

// Opens path as a TransactionalStore (read-only, verify_checksums as given) over env and
// reads a snapshot with ReadGraph. The open's Status must be OK or a kind of damage.
void ReadThroughStore(MemEnv* env, const std::string& path, bool verify, bool must_not_fail);

}  // namespace quiver::fuzz
