#pragma once
// A generation derived from another with a different set of property indexes
// (docs/design.md, "Building an index on an existing graph"): every data file of the
// base is hard-linked into generation N + 1 (copied where the file system cannot link),
// the base's index files that are still wanted are kept the same way, the missing
// indexes are built from the base's columns (property_index_build.h), and a MANIFEST
// equal to the base's — database id, counts, write-log position, each file's size and
// checksum — plus the index files is published through DatabaseDir like a compaction:
// a crash leaves either the base or the derived generation current, both complete.
//
// Node and relationship ids are unchanged (every data file is the same), so the store
// can swap its base generation under a live delta. The caller holds the writer's slot
// (nothing else may publish meanwhile).

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "storage/database_dir.h"
#include "storage/rel_index_build.h"

namespace quiver::storage {

struct IndexedGeneration {
  uint64_t generation = 0;           // the published one
  std::vector<std::string> built;    // names of the indexes built now
  std::vector<std::string> kept;     // names of the base's index files carried over
  uint64_t linked_files = 0, copied_files = 0;
};

// `wanted` is every property index the new generation is to have: a base file whose
// definition equals one of them is kept, every other base index file (dropped, or built
// for an older definition of the name) is left out, and the rest are built. Node
// indexes with keys only (InvalidArgument otherwise). On a failure before the publish,
// the unfinished generation is removed and the base stays current. Each build holds at
// most `memory_budget` of entries (0: no bound), past it sorting runs into the
// database's scratch directory (property_index_build.h).
//
// `log_position`: the new generation's write-log position. By default the base's (the
// same data, so the log past it replays onto either); a revert to a named checkpoint
// passes the start of a new history (log_segment.h, StartNewHistory), so the log written
// since the checkpoint is never replayed onto it.
Result<IndexedGeneration> WriteIndexedGeneration(DatabaseDir* dir, const Generation& base,
                                                 std::span<const IndexDefinition> wanted, unsigned workers,
                                                 const IndexBuildProgress& progress = {}, uint64_t memory_budget = 0,
                                                 std::optional<uint64_t> log_position = std::nullopt);

}  // namespace quiver::storage
