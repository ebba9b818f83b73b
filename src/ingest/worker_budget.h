#pragma once
// How many workers an ingest phase gets, and how a phase that builds several
// relationship types at once splits them (docs/ingest.md, "Workers").
//
//  * The total comes from the resource policy (cores, and memory: every worker's buffers
//    count against the budget), or from --threads N, or from --threads auto =
//    min(cores x fraction, edges / min_edges_per_worker), still memory-bounded.
//  * Across relationship types the total is split in proportion to edge counts by the
//    largest-remainder method, after one worker for each non-empty type, so a dominant
//    type gets nearly all workers instead of one (the per-predicate pipeline of
//    ../shared/reference/002_*.txt, whose lesson this is).
//
// All functions are pure and deterministic: equal inputs give equal outputs.

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace quiver::ingest {

// Splits `budget` workers over types with these edge counts. Every type with edges gets
// at least one worker and empty types get none. When the budget covers every non-empty
// type, the result sums to exactly `budget`: each non-empty type gets 1, and the rest
// (budget - non-empty types) is shared by largest remainder of count x rest / total,
// remainder ties going to the larger count, then the lower type id. When it does not,
// each non-empty type gets 1 (the phase then runs types in waves of `budget`).
std::vector<uint32_t> AllocateWorkers(uint32_t budget, std::span<const uint64_t> edge_counts);

struct AutoWorkerInputs {
  uint32_t cores = 1;
  double fraction = 1.0;                    // share of the cores an import may take
  uint64_t edges = 0;                       // known or estimated work
  uint64_t min_edges_per_worker = 1 << 16;  // below this a worker costs more than it saves
};
// min(max(1, floor(cores x fraction)), max(1, ceil(edges / min_edges_per_worker))).
uint32_t AutoWorkers(const AutoWorkerInputs& in);

// The most workers whose buffers fit: max(1, (budget - reserved) / per_worker_bytes),
// where reserved is memory the phase needs whatever the worker count (degree arrays,
// the id map). A budget below `reserved` still allows one worker: the phase then
// spills as early as it can rather than refusing to run.
uint32_t MemoryBoundWorkers(uint64_t budget_bytes, uint64_t reserved_bytes, uint64_t per_worker_bytes);

// Parses --threads: "auto" (nullopt) or a positive integer; empty optional result and a
// message in *error for anything else.
bool ParseThreads(const std::string& text, std::optional<uint32_t>* fixed, std::string* error);

}  // namespace quiver::ingest
