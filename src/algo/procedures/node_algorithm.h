#pragma once
// The three modes of an algorithm that gives each node one value (PageRank's score, WCC's
// component, …), with GDS's names and columns, from one description of the algorithm:
//   <name>.stream(graphName [, configuration]) → nodeId, <column>
//   <name>.stats(graphName [, configuration])  → <stats…>, computeMillis, configuration
//   <name>.write(graphName, configuration)     → nodePropertiesWritten, <stats…>,
//                                                 computeMillis, writeMillis, configuration
// `.write` sets configuration.writeProperty on every projected node still in the graph,
// in the calling statement's transaction (so it commits, or rolls back, with it).

#include <functional>
#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "algo/algo_context.h"
#include "algo/graph_catalog.h"
#include "algo/procedures/procedure_config.h"
#include "exec/exec_context.h"

namespace quiver::algo {

using ProcedureList = std::vector<exec::RegisteredProcedure>;
using Columns = std::vector<std::pair<std::string, std::string>>;  // (name, type)

struct NodeResult {
  std::vector<Value> values;  // per dense node
  std::vector<Value> stats;   // in NodeAlgorithm::stats's order
};

struct NodeAlgorithm {
  std::string name;         // "gds.pageRank"
  std::string column;       // "score"
  std::string column_type;  // "FLOAT?"
  std::vector<std::string> keys;  // configuration keys, besides concurrency (and writeProperty)
  Columns stats;
  std::function<NodeResult(const GraphProjection&, const ProcedureConfig&, AlgoContext&)> run;
};

void AddNodeAlgorithm(ProcedureList& procedures, std::shared_ptr<GraphCatalog> catalog, NodeAlgorithm algorithm);

// The projection a call names in its first argument.
std::shared_ptr<const GraphProjection> NamedGraph(const GraphCatalog& catalog, const Value& name,
                                                  const std::string& procedure);
// concurrency from a configuration: at most that many workers.
uint32_t Concurrency(const ProcedureConfig& config);

// GDS's summaries: {min, max, mean, p50, p75, p90, p95, p99, p999} of the values…
Value Distribution(std::vector<double> values);
Value CentralityDistribution(std::span<const Value> scores);
// …and of community sizes, after the number of communities: {count, distribution}.
std::pair<Value, Value> CommunitySummary(std::span<const DenseId> community);
// Values for NodeResult from dense ids named in node ids (components, communities).
std::vector<Value> AsNodeIds(const GraphProjection& graph, std::span<const DenseId> dense);

}  // namespace quiver::algo
