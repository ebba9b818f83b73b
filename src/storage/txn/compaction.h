#pragma once
// Compaction's build step: the live graph of a DeltaState (base ⊕ delta) written as the
// files of a new generation, through the same array builders and GenerationWriter as
// ingest (BuildLabelData, BuildCsr, BuildColumn, BuildExternalIds).
//
// What it keeps: every live node in ascending old id (so ids shift down only past
// deleted nodes), its labels, properties and external key; every live relationship
// with its properties; every token in id order (token ids never change, even for
// tokens nothing carries any more).
//
// Parallel: the node pass runs over ranges of 64 Ki node ids, and relationship types
// are built side by side (`workers` threads, the caller's included); files are
// written in the same order whatever the worker count, so the output is identical.
// A graph with one dominant relationship type builds that type on one thread.
//
// Version 1 builds in memory: O(nodes + edges + properties) beyond the budget. The
// ingest layer's bounded, spilling builders live in a layer above storage; a store
// option to inject them is the way to reach them (see the format doc).

#include <cstdint>

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

}  // namespace quiver::storage
