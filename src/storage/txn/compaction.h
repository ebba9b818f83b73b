#pragma once
// Compaction's build step: the live graph of a DeltaState (base ⊕ delta), read through
// CompactionSource (which defines what is kept and in which order), written as the
// files of a new generation.
//
// Two builders implement it:
//  * WriteCompactedGeneration (here): in memory, through the storage array builders
//    (BuildLabelData, BuildCsr, BuildColumn, BuildExternalIds). It needs
//    O(nodes + edges + properties) memory beyond the budget, so it is the builder of
//    the storage layer's own tests and of stores opened without a CompactionBuilder.
//  * ingest::MakeSessionCompactionBuilder (ingest/compaction_build.h): through the
//    ingest construction session, whose edge buffers spill to sorted runs past its
//    memory budget. Database::Open and `quiver compact` install it through
//    StoreOptions::compaction_builder (storage cannot depend on ingest, so it is
//    injected from above).
//
// Parallel: the node pass runs over ranges of 64 Ki node ids, and relationship types
// are built side by side (`workers` threads, the caller's included); files are
// written in the same order whatever the worker count, so the output is identical.
// A graph with one dominant relationship type builds that type on one thread.

#include <cstdint>
#include <functional>

#include "storage/generation_writer.h"
#include "storage/txn/delta_state.h"

namespace quiver::storage {

struct CompactionCounts {
  uint64_t nodes = 0;
  uint64_t edges = 0;
};

// `writer` must have been begun with node_count = state.live_nodes. `state` must be a
// published (immutable) state: the workers read it concurrently.
Status WriteCompactedGeneration(const DeltaState& state, GenerationWriter* writer, CompactionCounts* counts,
                                unsigned workers);

class DatabaseDir;

// A compaction builder: writes the compacted generation of `state` into `writer` (begun
// by the store with node_count = state.live_nodes; the store publishes it). `dir` is the
// database, for scratch space; the builder must leave nothing behind in it on return.
// It writes the state's catalog first (GenerationWriter::WriteSchema), as both above do.
using CompactionBuilder = std::function<Status(const DeltaState& state, DatabaseDir* dir,
                                               GenerationWriter* writer, CompactionCounts* counts)>;

}  // namespace quiver::storage
