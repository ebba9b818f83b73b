#pragma once
// Quiver's side of `quiver bench queries`: one long-lived process (the hidden `quiver
// bench queries-engine`, started by the driver, query_bench.h) that opens the database
// read-only once and runs a query set (query_set.h) in order, each query
//   analytic  once cold (its first run in the process, which is also the warm-up), then
//             `repeat` times; the figure is the median of those runs
//   point     one pass over its sources cold, then `repeat` passes; the figure is the
//             median latency of one execution over the measured passes
// A run's time is Query/Execute until every row has been read into memory (the Kùzu
// runner times query + getAll() the same way); the rows are rendered into a digest
// (result_digest.h) outside the timed span. Every run of a query must give the same
// digest, else it is recorded as unstable.
//
// The output file is rewritten after every query, with "running" naming the query in
// progress, so the driver knows what a process that died was doing and can start a new
// one after it. A query past its timeout ends with QueryInterrupted (status "timeout"); one
// that does not end within 2 x timeout + 30 s means the engine ignored its timeout: a
// watchdog thread ends the process with kHungExitCode, and the driver records "hung".

#include <cstdint>
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

#include "quiver/status.h"

namespace quiver::bench {

inline constexpr int kHungExitCode = 4;

struct QueryRunOptions {
  std::string db_path;
  std::string queries_path;       // the query set (QuerySetJson)
  std::string out_path;           // results, rewritten after every query
  std::vector<std::string> only;  // run only these queries of the set (empty: all)
};

// {"engine": "quiver", "build", "open_us", "running", "results": [{"name", "kind",
//  "status": "ok"|"timeout"|"error"|"unstable", "error", "cold_us", "runs_us", "median_us",
//  "executions", "rows", "hash", "sample"}]}. An error only when the query set or the
// database cannot be read; a failing query is a result.
Status RunQuiverQueries(const QueryRunOptions& options);

}  // namespace quiver::bench
