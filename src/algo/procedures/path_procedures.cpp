// Traversals and shortest paths as gds.* procedures: gds.bfs.stream and .stats,
// gds.shortestPath.dijkstra.stream (one pair), gds.allShortestPaths.dijkstra.stream and
// gds.allShortestPaths.delta.stream (one source, every reachable target).

#include <chrono>

#include "algo/algorithms/algorithms.h"
#include "algo/procedures/procedures.h"
#include "exec/procedure_context.h"

namespace quiver::algo {

namespace {

Value NodeIdList(const GraphProjection& graph, std::span<const DenseId> nodes) {
  std::vector<Value> ids;
  ids.reserve(nodes.size());
  for (DenseId v : nodes) ids.push_back(Value::Int(static_cast<int64_t>(graph.OriginalId(v))));
  return Value::List(std::move(ids));
}

DenseId RequiredNode(const ProcedureConfig& config, std::string_view key, const GraphProjection& graph) {
  auto node = config.Node(key, graph);
  if (!node) config.Fail("the configuration needs a " + std::string(key));
  return *node;
}

const Columns kPathColumns{{"index", "INTEGER?"},    {"sourceNode", "INTEGER?"}, {"targetNode", "INTEGER?"},
                           {"totalCost", "FLOAT?"},  {"nodeIds", "LIST? OF INTEGER?"},
                           {"costs", "LIST? OF FLOAT?"}};

// One row per path, as GDS's shortest-path procedures give them (without `path`).
void EmitPath(exec::ExecProcedureContext& call, const GraphProjection& graph, const ShortestPaths& paths,
              DenseId source, DenseId target, int64_t index) {
  const std::vector<DenseId> nodes = PathTo(paths, target);
  std::vector<Value> costs;
  costs.reserve(nodes.size());
  for (DenseId v : nodes) costs.push_back(Value::Float(paths.distance[v]));
  call.Emit({Value::Int(index), Value::Int(static_cast<int64_t>(graph.OriginalId(source))),
             Value::Int(static_cast<int64_t>(graph.OriginalId(target))), Value::Float(paths.distance[target]),
             NodeIdList(graph, nodes), Value::List(std::move(costs))});
}

BfsResult RunBfs(const GraphProjection& graph, const ProcedureConfig& config, AlgoContext& context) {
  const DenseId source = RequiredNode(config, "sourceNode", graph);
  const std::vector<DenseId> targets = config.Nodes("targetNodes", graph);
  std::optional<uint32_t> max_depth;
  if (auto depth = config.IntIn("maxDepth", 0, UINT32_MAX - 1)) max_depth = static_cast<uint32_t>(*depth);
  return BreadthFirstSearch(graph, source, targets, max_depth, context);
}

using PathBody = std::function<void(exec::ExecProcedureContext&, const GraphProjection&, const ProcedureConfig&,
                                    AlgoContext&)>;

void AddPathProcedure(ProcedureList& procedures, std::shared_ptr<GraphCatalog> catalog, std::string name,
                      std::vector<std::string> keys, Columns outputs, PathBody run) {
  ProcedureSignature signature;
  signature.name = name;
  signature.inputs = {{"graphName", "STRING?"}, {"configuration", "MAP?"}};
  signature.outputs = std::move(outputs);
  keys.push_back("concurrency");
  procedures.push_back({signature, [catalog, name, keys, run](exec::ExecProcedureContext& call) {
                          auto graph = NamedGraph(*catalog, call.arguments()[0], name);
                          ProcedureConfig config(name, call.arguments()[1], keys);
                          AlgoContext context(call.exec(), Concurrency(config));
                          run(call, *graph, config, context);
                        }});
}

}  // namespace

void AddPathAlgorithms(ProcedureList& procedures, std::shared_ptr<GraphCatalog> catalog) {
  AddPathProcedure(procedures, catalog, "gds.bfs.stream", {"sourceNode", "targetNodes", "maxDepth"},
                   {{"sourceNode", "INTEGER?"}, {"nodeIds", "LIST? OF INTEGER?"}},
                   [](exec::ExecProcedureContext& call, const GraphProjection& graph, const ProcedureConfig& config,
                      AlgoContext& context) {
                     const DenseId source = RequiredNode(config, "sourceNode", graph);
                     BfsResult bfs = RunBfs(graph, config, context);
                     call.Emit({Value::Int(static_cast<int64_t>(graph.OriginalId(source))),
                                NodeIdList(graph, bfs.order)});
                   });
  // The traversal without its list: how many nodes it reached, how deep, how long.
  AddPathProcedure(procedures, catalog, "gds.bfs.stats", {"sourceNode", "targetNodes", "maxDepth"},
                   {{"visitedNodes", "INTEGER?"}, {"depth", "INTEGER?"}, {"computeMillis", "INTEGER?"},
                    {"configuration", "MAP?"}},
                   [](exec::ExecProcedureContext& call, const GraphProjection& graph, const ProcedureConfig& config,
                      AlgoContext& context) {
                     const auto started = std::chrono::steady_clock::now();
                     BfsResult bfs = RunBfs(graph, config, context);
                     const auto millis = std::chrono::duration_cast<std::chrono::milliseconds>(
                                             std::chrono::steady_clock::now() - started)
                                             .count();
                     call.Emit({Value::Int(static_cast<int64_t>(bfs.order.size())),
                                Value::Int(bfs.depths.empty() ? 0 : bfs.depths.back()), Value::Int(millis),
                                config.AsValue()});
                   });
  AddPathProcedure(procedures, catalog, "gds.shortestPath.dijkstra.stream",
                   {"sourceNode", "targetNode", "relationshipWeightProperty"}, kPathColumns,
                   [](exec::ExecProcedureContext& call, const GraphProjection& graph, const ProcedureConfig& config,
                      AlgoContext& context) {
                     const DenseId source = RequiredNode(config, "sourceNode", graph);
                     const DenseId target = RequiredNode(config, "targetNode", graph);
                     ShortestPaths paths = Dijkstra(graph, source, target, Weighted(config, graph), context);
                     if (paths.distance[target] != kUnreached) EmitPath(call, graph, paths, source, target, 0);
                   });
  auto emit_all = [](exec::ExecProcedureContext& call, const GraphProjection& graph, const ShortestPaths& paths,
                     DenseId source) {
    int64_t index = 0;
    for (DenseId target : paths.settled) EmitPath(call, graph, paths, source, target, index++);
  };
  AddPathProcedure(procedures, catalog, "gds.allShortestPaths.dijkstra.stream",
                   {"sourceNode", "relationshipWeightProperty"}, kPathColumns,
                   [emit_all](exec::ExecProcedureContext& call, const GraphProjection& graph,
                              const ProcedureConfig& config, AlgoContext& context) {
                     const DenseId source = RequiredNode(config, "sourceNode", graph);
                     emit_all(call, graph, Dijkstra(graph, source, std::nullopt, Weighted(config, graph), context),
                              source);
                   });
  AddPathProcedure(procedures, catalog, "gds.allShortestPaths.delta.stream",
                   {"sourceNode", "delta", "relationshipWeightProperty"}, kPathColumns,
                   [emit_all](exec::ExecProcedureContext& call, const GraphProjection& graph,
                              const ProcedureConfig& config, AlgoContext& context) {
                     const DenseId source = RequiredNode(config, "sourceNode", graph);
                     const double delta = config.Float("delta").value_or(2.0);
                     emit_all(call, graph, DeltaStepping(graph, source, delta, Weighted(config, graph), context),
                              source);
                   });
}

}  // namespace quiver::algo
