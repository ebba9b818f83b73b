#pragma once
// The in-memory CSR build of one relationship type, used when the type's edges and the
// arrays built from them fit the memory budget (docs/ingest.md, "Memory plan"). Three
// stable counting sorts and no comparison sort:
//
//   1. the edges by source:   targets grouped by source, input order within a source;
//   2. that by target:        the reverse sources, each target's slice ascending by source
//                             (step 1's order), parallel edges in input order;
//   3. the reverse by source: walking targets in ascending order puts every source's
//                             forward slice in ascending target order, parallel edges in
//                             input order, and the position each reverse entry gets is
//                             written back beside it, in order.
//
// Every step's output is the stable order of its input, so the arrays do not depend on
// the number of workers or parts. Each step is parallel over contiguous parts with
// per-part histograms (counting_sort.h).

#include <cstdint>
#include <span>
#include <vector>

#include "ingest/csr_file.h"
#include "ingest/edge_blocks.h"
#include "ingest/raw_vector.h"
#include "ingest/worker_pool.h"

namespace quiver::ingest {

// A reverse entry: the source and forward position of an in-edge. Built as pairs so the
// reverse scatter writes one random cache line per edge instead of two.
struct RevEntry {
  uint32_t source;
  uint32_t position;
};

struct CsrArrays32 {
  std::vector<uint32_t> fwd_offsets;      // N+1
  RawVector<uint32_t> fwd_targets;        // E
  RawVector<uint64_t> input_of_position;  // E when requested: the input index of each edge
  std::vector<uint32_t> rev_offsets;      // N+1
  RawVector<RevEntry> rev;                // E
};

// Bytes BuildCsrInMemory needs at its peak beyond the edges themselves.
uint64_t InMemoryCsrBytes(uint64_t node_count, uint64_t edge_count, bool input_order, uint32_t parts);

// Consumes `edges` (cleared once the forward order is built). Requires E < 2^32 and
// every id < node_count. histogram_bytes bounds the per-part histograms.
CsrArrays32 BuildCsrInMemory(uint64_t node_count, EdgeBlocks* edges, bool input_order,
                             uint64_t histogram_bytes, WorkerPool* pool);

// Sorts targets[0, n) ascending, keeping ties in order; seqs (if not null) moves along.
// (The spilling build sorts the slices of each key range with it.)
void SortSlice(uint32_t* targets, uint64_t* seqs, uint64_t n,
               std::vector<std::pair<uint32_t, uint64_t>>* scratch);

// Writes the type's file (its five sections) from the arrays, the pool's workers filling
// and writing parts of it at once. The caller adds the FileInfo to the generation.
Result<storage::FileInfo> WriteCsrArrays(storage::GenerationWriter* writer, uint32_t type, uint32_t segment,
                                         const CsrArrays32& csr,
                                         WorkerPool* pool);

}  // namespace quiver::ingest
