#pragma once
// `quiver bench queries`: the analytical query benchmark, Quiver and Kùzu side by side in
// one run (docs/benchmarks.md, "Analytical queries side by side with Kùzu").
//
// For each graph of the run (g500, props; query_set.h, props_graph.h) at one scale, under
// options.out_dir/<graph>-<scale>/:
//   1. csv/         the graph's CSV files: `quiver generate g500 --out` for g500, derived
//                   from it for props (reused when graph.json says they were made with the
//                   same parameters)
//   2. sources.json seeded point-query sources (query_sources.h), among nodes with an
//                   outgoing edge
//   3. quiver.db    `quiver import` of the CSV files (reused while quiver-db.json names
//                   the same graph and the same Quiver build)
//   4. kuzu.db      `node queries.mjs --stage load`: CREATE TABLE + COPY of the same
//                   files (reused while kuzu-db.json names the same graph and Kùzu)
//   5. queryset.json the queries both runners read, with their sources
//   6. quiver-results.json  one `quiver bench queries-engine` process (query_runner.h)
//   7. kuzu-results.json    one `node queries.mjs --stage query` process, the same protocol
// A runner that dies (crash, or its watchdog after a query that ignored its timeout) has
// the query it was running recorded as crashed/hung, and a new process runs the rest.
// Then each query's answers are compared (row count and digest, result_digest.h) and the
// Quiver/Kùzu ratio of the medians taken. Everything lands in
// out_dir/bench-queries-<scale>.json (QueryBenchEvidencePath), the table beside it (.txt).

#include <chrono>
#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

#include "bench/ladder.h"
#include "bench/peer_kuzu.h"
#include "quiver/status.h"

namespace quiver::bench {

struct QueryBenchOptions {
  uint32_t scale = 18;
  uint32_t edge_factor = 16;
  uint64_t seed = 1;
  std::vector<std::string> graphs{"g500", "props"};
  std::string out_dir = "build/bench/queries";
  uint32_t repeat = 5;
  std::string peer = "kuzu";  // or "none"
  std::chrono::milliseconds query_timeout{60000};
  std::string filter;  // ECMAScript regex over "graph/name"; empty: every query
  uint32_t point_sources = 100;
  std::string threads = "auto";  // quiver import --threads
  bool rebuild = false;          // rebuild both databases even when their stamps match
  std::string quiver_binary;
  PeerOptions peer_options;
};

// out_dir/bench-queries-<scale>.json: a run at another scale keeps this one's.
std::string QueryBenchEvidencePath(const QueryBenchOptions& options);

// Runs the benchmark and writes its evidence file; returns its content. An error only
// when the run cannot start or a graph cannot be built (no CSV, an import that fails);
// a query that fails, times out or differs is data (QueryBenchProblems).
Result<nlohmann::json> RunQueryBench(const QueryBenchOptions& options, const LadderLog& log);

// The queries the options select, as "graph/name" (for --filter checks and the test).
std::vector<std::string> SelectedQueryNames(const QueryBenchOptions& options);

}  // namespace quiver::bench
