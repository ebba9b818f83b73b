#pragma once
// The ingest stage of a rung, run in-process (the ladder runs it in a child process):
//
//   generate        the Graph500 generator writes every edge into memory batches, on
//                   the rung's workers (a pool of its own; the session does not exist yet)
//   begin           open (create) the database and ConstructionSession::Begin
//   register-nodes  AddNodes (2^S vertices, key = property id = vertex number) + FinishNodes
//   register-edges  AddEdges, the generated batches handed over in waves
//   validate        Validate
//   commit          Commit: CSR build, columns, external ids, write, fsync and publish — the
//                   session does all of that in one call, so "commit" is commit+publish;
//                   its own sub-phases (csr_sort, csr_write, ...) are kept as session_phases
//
// This is the `quiver generate g500 --db` path with generation taken out of the
// registration phase, so each session call is measured alone; `ingest` (begin..commit)
// is what the per-edge gate and edges/s are computed over. AddEdges moves the generated
// arrays into the session's edge buffer, so holding them first costs no extra memory.
//
// Between generate and begin (outside every phase) the stage picks the seeded query
// sources from the generated out-degrees and writes them to the rung's sources.json.

#include <nlohmann/json_fwd.hpp>

#include "bench/rung_spec.h"
#include "quiver/status.h"

namespace quiver::bench {

// The stage's evidence: {"stage", "spec", "resources", "policy", "phases", "session_phases",
// "ingest", "commit"}. Errors name the phase that failed.
Result<nlohmann::json> RunIngestStage(const RungSpec& spec);

}  // namespace quiver::bench
