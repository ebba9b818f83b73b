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
// Version 1 builds in memory: O(nodes + edges + properties) beyond the budget, one
// thread. The ingest layer's bounded, parallel builders are meant to replace it.

#include <cstdint>

#include "storage/generation_writer.h"
#include "storage/txn/delta_state.h"

namespace quiver::storage {

struct CompactionCounts {
  uint64_t nodes = 0;
  uint64_t edges = 0;
};

// `writer` must have been begun with node_count = state.live_nodes.
Status WriteCompactedGeneration(const DeltaState& state, GenerationWriter* writer, CompactionCounts* counts);

}  // namespace quiver::storage
