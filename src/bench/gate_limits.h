#pragma once
// GateLimits: the ingest gate's limits, from ONE file (bench/gate_limits.json, JSON with
// // comments, one comment per limit saying what it bounds and why that number). The
// file ratchets: the change that wins a gain tightens the limit in the same commit.
//
// Parsing fails closed: a missing limit, an unknown key (a typo would otherwise gate
// nothing) or a non-numeric value is an error, never a default.

#include <string>
#include <string_view>

#include "quiver/status.h"

namespace quiver::bench {

struct GateLimits {
  // Deterministic, gated: a breach fails the gate.
  double read_bytes_per_edge_max = 0;       // ingest rchar / edge, every rung
  double written_bytes_per_edge_max = 0;    // ingest wchar / edge, every rung
  double published_bytes_per_edge_max = 0;  // published generation bytes / edge, every rung
  double read_growth_max = 0;               // read/edge of the largest rung over the smallest
  double read_growth_floor = 0;             // bytes/edge below which read/edge counts as this floor in the ratio
  // Wall-clock and CPU: generous floors only (noisy on a shared host); still a breach.
  double edges_per_second_min = 0;
  double cpu_us_per_edge_max = 0;

  // JSON with comments; errors name the key.
  static Result<GateLimits> Parse(std::string_view text);
  static Result<GateLimits> Load(const std::string& path);
};

}  // namespace quiver::bench
