#pragma once
// The bounded compaction builder: the live graph of a DeltaState, read in compaction
// order through storage::CompactionSource, streamed into a ConstructionSession, which
// builds the CSRs within its memory budget (sorted runs spill to <db>/scratch past it)
// and writes them into the generation the store began. The store publishes it and
// truncates the log, exactly as with the in-memory builder (storage/txn/compaction.h).
//
// Memory: as for an import (docs/ingest.md, "Memory plan"): node data (labels, keys,
// node property columns) stays in memory; relationships are held only up to the
// budget. The in-memory builder held every relationship of a type, with its sort.
//
// The compacted graph is the same as the in-memory builder's — same node ids, token
// ids, relationships, per-node relationship order and properties — though column
// encodings may differ (each builder picks its own narrowest column types).

#include "ingest/construction_session.h"
#include "storage/txn/compaction.h"
#include "storage/txn/compaction_source.h"

namespace quiver::ingest {

// Builds the compacted generation of `state` into `writer` through a session begun on
// `dir` with `options` (workers, memory_budget; 0 = the resource policy's).
Status BuildCompactedGeneration(const storage::DeltaState& state, storage::DatabaseDir* dir,
                                storage::GenerationWriter* writer, storage::CompactionCounts* counts,
                                const SessionOptions& options);

// StoreOptions::compaction_builder running BuildCompactedGeneration with `options`.
storage::CompactionBuilder MakeSessionCompactionBuilder(SessionOptions options);

// Feeds the whole graph `source` reads — tokens, nodes, relationships, properties — into
// `session` (begun, nothing added yet), in compaction order. The caller commits or
// builds. Compaction and `quiver check --repair` both run on it.
Status FeedSession(const storage::CompactionSource& source, ConstructionSession* session);

}  // namespace quiver::ingest
