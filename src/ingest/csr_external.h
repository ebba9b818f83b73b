#pragma once
// The spilling CSR build of one relationship type (docs/ingest.md, "Bounded memory"),
// from forward runs (records sorted by source) produced while edges arrived:
//
//   FwdOffsets   from the out-degrees counted when runs were sorted;
//   FwdTargets   per source range (block-aligned, at most plan.range_edges edges): read
//                the range's piece of every run, stable-sort it locally by source, sort
//                each slice by target, append; ranges run in parallel, are appended in
//                order; each edge also yields a reverse record (target, source, position)
//                which is buffered and spilled as reverse runs sorted by target;
//   RevOffsets   from the in-degrees those reverse runs counted;
//   RevSources   per target range, the same way, from the reverse runs;
//   RevEdgePositions  produced alongside RevSources into a scratch file (the section
//                must follow RevSources in the file) and copied in.
//
// Each forward record is written and read once, each reverse record once, and the
// positions once more: bytes spilled per edge = 8 (or 16 with edge properties) + 12 + 4
// (16 + 8 for the last two in a type of 2^32 edges or more).

#include <cstdint>
#include <string>
#include <vector>

#include "common/metrics/phase_recorder.h"
#include "ingest/csr_file.h"
#include "ingest/raw_vector.h"
#include "ingest/runs.h"

namespace quiver::ingest {

struct ExternalCsrPlan {
  uint64_t range_edges = 1 << 20;          // edges of one key range, per worker
  uint64_t reverse_run_edges = 1 << 22;    // reverse records buffered before a run spills
  uint64_t histogram_bytes = 64ull << 20;  // for the parallel sorts of reverse runs
  // When set, the three passes are recorded as phases (csr_forward, csr_reverse,
  // csr_positions) for --metrics.
  PhaseCollector* phases = nullptr;
};

// Writes all five sections into `file`. input_of_position, when not null, receives the
// seq of every forward position (R must then be FwdSeqRecord).
template <typename R>
Status BuildCsrExternal(uint64_t node_count, uint64_t edge_count, std::vector<Run<R>>* runs,
                        const std::vector<uint32_t>& out_degrees, const ExternalCsrPlan& plan,
                        Scratch* scratch, CsrFile* file, RawVector<uint64_t>* input_of_position,
                        WorkerPool* pool);

}  // namespace quiver::ingest
