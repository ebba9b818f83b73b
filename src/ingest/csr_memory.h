#pragma once
// The in-memory CSR build of one relationship type, used when the type's edges and the
// arrays built from them fit the memory budget (docs/ingest.md, "Memory plan"):
//
//   1. stable counting sort of the edges by source (parallel, per-part histograms): the
//      forward targets in (source, input order);
//   2. each source's slice sorted by target, ties in input order (parallel by source
//      ranges of equal edge counts);
//   3. stable counting sort of the forward positions by target: the reverse CSR, whose
//      slices are then in (source, position) order by construction.
//
// Every step's output is the stable order of its input, so the arrays do not depend on
// the number of workers or parts.

#include <cstdint>
#include <span>
#include <vector>

#include "ingest/csr_file.h"
#include "ingest/edge_blocks.h"
#include "ingest/worker_pool.h"

namespace quiver::ingest {

struct CsrArrays32 {
  std::vector<uint32_t> fwd_offsets;  // N+1
  std::vector<uint32_t> fwd_targets;  // E
  std::vector<uint64_t> input_of_position;  // E when requested: the input index of each edge
  std::vector<uint32_t> rev_offsets;
  std::vector<uint32_t> rev_sources;
  std::vector<uint32_t> rev_positions;
};

// Bytes BuildCsrInMemory needs at its peak beyond the edges themselves.
uint64_t InMemoryCsrBytes(uint64_t node_count, uint64_t edge_count, bool input_order, uint32_t parts);

// Consumes `edges` (cleared once the forward order is built). Requires E < 2^32 and
// every id < node_count. histogram_bytes bounds the per-part histograms.
CsrArrays32 BuildCsrInMemory(uint64_t node_count, EdgeBlocks* edges, bool input_order, uint64_t histogram_bytes,
                             WorkerPool* pool);

// Sorts targets[0, n) ascending, keeping ties in order; seqs (if not null) moves along.
void SortSlice(uint32_t* targets, uint64_t* seqs, uint64_t n, std::vector<std::pair<uint32_t, uint64_t>>* scratch);
// Sorts every node's slice of a forward CSR in parallel (ranges of equal edge counts).
void SortSlices(std::span<const uint32_t> offsets, uint32_t* targets, uint64_t* seqs, WorkerPool* pool);

// Writes the five sections of a type file from the arrays.
Status WriteCsrArrays(CsrFile* file, const CsrArrays32& csr);

}  // namespace quiver::ingest
