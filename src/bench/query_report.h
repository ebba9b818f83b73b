#pragma once
// The comparison and the table of `quiver bench queries` (query_bench.h): per query the
// two runners' results side by side, whether their answers agree, the Quiver/Kùzu ratio
// of the medians, and over all queries the geometric mean of the ratios.

#include <nlohmann/json_fwd.hpp>
#include <string>
#include <vector>

namespace quiver::bench {

// One query's row of the evidence from its definition (queryset entry) and both results
// (null when that engine did not run): adds "answer" ("equal", "DIFFER", "n/a") and
// "ratio" (null unless both ran ok).
nlohmann::json CompareQuery(const std::string& graph, const nlohmann::json& definition,
                            const nlohmann::json& quiver, const nlohmann::json& kuzu);

// {"queries_compared", "geomean_ratio" (over the queries both ran ok with equal answers),
//  "slower_than_kuzu": [...], "mismatches": [...], "quiver_failures": [...],
//  "quiver_timeouts": [...], "kuzu_failures": [...], "kuzu_timeouts": [...]}
nlohmann::json SummarizeQueries(const nlohmann::json& rows);

// The table for people, from the evidence (RunQueryBench's result).
std::string FormatQueryTable(const nlohmann::json& evidence);

// What makes the run fail (exit 1): a query that errored, crashed, hung or gave unstable
// answers in either engine, or answers that differ. A timeout is a measurement, not a
// fault: it is listed (and, for Quiver where Kùzu finished, counted as slower).
std::vector<std::string> QueryBenchProblems(const nlohmann::json& evidence);

}  // namespace quiver::bench
