#pragma once
// What `quiver import` and `quiver generate` share: the resource flags and how they
// become a worker count and a memory budget (docs/ingest.md, "Workers"), and the final
// summary line set.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "common/metrics/phase_metrics.h"
#include "ingest/construction_session.h"

namespace quiver::ingest {

struct RunOptions {
  std::string threads = "auto";             // "auto" or N
  double threads_fraction = 1.0;            // auto: share of the cores
  uint64_t min_edges_per_worker = 1 << 16;  // auto: below this a worker does not pay
  std::string memory_budget;                // a size; empty: the resource policy's
  bool quiet = false;
  std::string metrics_path;  // JSON evidence (phases and totals), when set
};

struct Resources {
  uint32_t workers = 1;
  uint64_t memory_budget = 0;
  std::string workers_source;  // for people: "auto: min(2 cores x 1, 16777216 edges / 65536, memory 16)"
};

// Resolves the flags against the machine's resource policy. estimated_edges sizes
// --threads auto (0: unknown, no edge bound). InvalidArgument for malformed flags.
Result<Resources> ResolveResources(const RunOptions& options, uint64_t estimated_edges);

struct Summary {
  uint64_t nodes = 0;
  uint64_t edges = 0;
  uint64_t input_bytes = 0;  // CSV bytes read, 0 for the generator
  uint64_t published_bytes = 0;
  uint64_t scratch_bytes = 0;
  bool spilled = false;
  uint32_t workers = 0;
  uint64_t memory_budget = 0;
  uint64_t memory_floor = 0;  // CommitResult::memory_floor_bytes
  PhaseMetrics total;
};

// The closing report: nodes, edges, seconds, edges/s, CPU us/edge, bytes read and
// written per edge, peak RSS.
std::string FormatSummary(const Summary& s);
// {"summary": {...}, "phases": [...]} for --metrics.
Status WriteMetrics(const std::string& path, const Summary& s, const PhaseCollector& phases);

}  // namespace quiver::ingest
