#pragma once
// The per-query overhead benchmark (`quiver bench query-overhead`, docs/benchmarks.md):
// what one small query costs beyond its work — planning, the snapshot, the executor's
// set-up, the result — in a *fresh* process and in a warm one.
//
// In the calling process (which should be a new one: the point is the first queries
// after start-up), in this order:
//
//   open     Database::Open(db, read-only) + Connect
//   fresh    the first `queries` executions in the process: Prepare the one-hop key
//            seek once, then Execute it with a different key each time and read every
//            row (or, with `unprepared`, Query(text) each time) — the figure issue 15
//            bounds (≤ 30 µs median, prepared)
//   warm-up  `warmup` more prepared executions, unmeasured
//   warm     `queries` prepared executions, then `queries` Query(text) calls
//            (not with `fresh_only`, which ends after the fresh phase: for counting the
//            system calls of exactly those queries with strace)
//
// A query's latency runs from the call to the result's destruction (its rows all read),
// so closing the snapshot and freeing the rows count. Keys come from a seeded splitmix64
// stream over [0, id_range): the Graph500 ids of scale log2(id_range); a key that has no
// vertex is a seek that finds nothing, which is still the overhead being measured. Each
// phase also records the minor page faults it took (getrusage), the cost of memory the
// process had to get fresh from the kernel, and the heap's size (mallinfo2) at its end.

#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <string_view>

#include "quiver/status.h"

namespace quiver::bench {

inline constexpr std::string_view kOverheadQuery = "MATCH (a:V {id: $id})-[:E]->(b) RETURN count(b)";

struct OverheadOptions {
  std::string db_path;
  uint32_t queries = 1000;  // measured per phase
  uint32_t warmup = 10000;  // prepared executions between the fresh and the warm phases
  uint64_t id_range = uint64_t{1} << 16;
  uint64_t seed = 1;
  bool unprepared = false;  // the fresh phase calls Query(text) instead of Execute
  bool fresh_only = false;  // stop after the fresh phase
  std::string query{kOverheadQuery};
};

// {"query", "options", "open_us", "phases": {"fresh": {...latency summary, "minor_faults",
//  "heap_bytes", "count_sum"}, "warm_prepared": {...}, "warm_unprepared": {...}}}.
Result<nlohmann::json> RunQueryOverhead(const OverheadOptions& options);

// The phases' medians and p99s as a few lines for a terminal.
std::string FormatOverhead(const nlohmann::json& report);

}  // namespace quiver::bench
