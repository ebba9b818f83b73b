// The node algorithms as gds.* procedures, each in its .stream, .stats and .write modes
// (node_algorithm.h), with GDS's configuration keys and defaults.

#include <numeric>

#include "algo/algorithms/algorithms.h"
#include "algo/procedures/node_algorithm.h"
#include "algo/procedures/procedures.h"

namespace quiver::algo {

namespace {

std::vector<Value> Floats(const std::vector<double>& values) {
  std::vector<Value> out;
  out.reserve(values.size());
  for (double v : values) out.push_back(Value::Float(v));
  return out;
}

template <typename Int>
std::vector<Value> Ints(const std::vector<Int>& values) {
  std::vector<Value> out;
  out.reserve(values.size());
  for (Int v : values) out.push_back(Value::Int(static_cast<int64_t>(v)));
  return out;
}

NodeResult Community(const GraphProjection& graph, const std::vector<DenseId>& community,
                     std::vector<Value> stats_before) {
  NodeResult result;
  result.values = AsNodeIds(graph, community);
  auto [count, distribution] = CommunitySummary(community);
  result.stats = std::move(stats_before);
  result.stats.push_back(std::move(count));
  result.stats.push_back(std::move(distribution));
  return result;
}

Orientation OrientationOf(const ProcedureConfig& config) {
  const std::string o = config.String("orientation").value_or("NATURAL");
  if (o == "NATURAL") return Orientation::kNatural;
  if (o == "REVERSE") return Orientation::kReverse;
  if (o == "UNDIRECTED") return Orientation::kUndirected;
  config.Fail("orientation must be NATURAL, REVERSE or UNDIRECTED, not '" + o + "'");
}

}  // namespace

bool Weighted(const ProcedureConfig& config, const GraphProjection& graph) {
  auto property = config.String("relationshipWeightProperty");
  if (!property) return false;
  if (graph.spec().weight_property != property) {
    config.Fail("the graph '" + graph.name() + "' was not projected with the relationship property `" + *property +
                "` (add it to the projection's relationship properties)");
  }
  return true;
}

void AddNodeAlgorithms(ProcedureList& procedures, std::shared_ptr<GraphCatalog> catalog) {
  const Columns centrality{{"centralityDistribution", "MAP?"}};
  AddNodeAlgorithm(procedures, catalog,
                   {"gds.pageRank", "score", "FLOAT?",
                    {"dampingFactor", "maxIterations", "tolerance", "sourceNodes", "relationshipWeightProperty"},
                    {{"ranIterations", "INTEGER?"}, {"didConverge", "BOOLEAN?"}, {"centralityDistribution", "MAP?"}},
                    [](const GraphProjection& graph, const ProcedureConfig& config, AlgoContext& context) {
                      PageRankOptions options;
                      options.damping = config.Float("dampingFactor").value_or(0.85);
                      if (!(options.damping >= 0 && options.damping < 1)) {
                        config.Fail("dampingFactor must be in [0, 1)");
                      }
                      options.max_iterations =
                          static_cast<uint32_t>(config.IntIn("maxIterations", 1, 1'000'000).value_or(20));
                      options.tolerance = config.Float("tolerance").value_or(1e-7);
                      if (options.tolerance < 0) config.Fail("tolerance must not be negative");
                      options.sources = config.Nodes("sourceNodes", graph);
                      options.weighted = Weighted(config, graph);
                      PageRankResult pr = PageRank(graph, options, context);
                      context.MarkComputed();
                      NodeResult result;
                      result.values = Floats(pr.scores);
                      result.stats = {Value::Int(pr.iterations), Value::Bool(pr.converged),
                                      CentralityDistribution(result.values)};
                      return result;
                    }});
  AddNodeAlgorithm(procedures, catalog,
                   {"gds.degree", "score", "FLOAT?", {"orientation", "relationshipWeightProperty"}, centrality,
                    [](const GraphProjection& graph, const ProcedureConfig& config, AlgoContext& context) {
                      const auto degrees = DegreeCentrality(graph, OrientationOf(config), Weighted(config, graph), context);
                      context.MarkComputed();
                      NodeResult result;
                      result.values = Floats(degrees);
                      result.stats = {CentralityDistribution(result.values)};
                      return result;
                    }});
  AddNodeAlgorithm(procedures, catalog,
                   {"gds.betweenness", "score", "FLOAT?", {"samplingSize", "samplingSeed"}, centrality,
                    [](const GraphProjection& graph, const ProcedureConfig& config, AlgoContext& context) {
                      std::optional<uint64_t> sample;
                      if (auto size = config.IntIn("samplingSize", 0, INT64_MAX)) sample = static_cast<uint64_t>(*size);
                      const auto seed = static_cast<uint64_t>(config.Int("samplingSeed").value_or(0));
                      const auto scores = Betweenness(graph, sample, seed, context);
                      context.MarkComputed();
                      NodeResult result;
                      result.values = Floats(scores);
                      result.stats = {CentralityDistribution(result.values)};
                      return result;
                    }});
  const Columns components{{"componentCount", "INTEGER?"}, {"componentDistribution", "MAP?"}};
  AddNodeAlgorithm(procedures, catalog,
                   {"gds.wcc", "componentId", "INTEGER?", {}, components,
                    [](const GraphProjection& graph, const ProcedureConfig&, AlgoContext& context) {
                      const auto components = WeaklyConnectedComponents(graph, context);
                      context.MarkComputed();
                      return Community(graph, components, {});
                    }});
  AddNodeAlgorithm(procedures, catalog,
                   {"gds.scc", "componentId", "INTEGER?", {}, components,
                    [](const GraphProjection& graph, const ProcedureConfig&, AlgoContext& context) {
                      const auto components = StronglyConnectedComponents(graph, context);
                      context.MarkComputed();
                      return Community(graph, components, {});
                    }});
  AddNodeAlgorithm(procedures, catalog,
                   {"gds.labelPropagation", "communityId", "INTEGER?", {"maxIterations", "relationshipWeightProperty"},
                    {{"ranIterations", "INTEGER?"},
                     {"didConverge", "BOOLEAN?"},
                     {"communityCount", "INTEGER?"},
                     {"communityDistribution", "MAP?"}},
                    [](const GraphProjection& graph, const ProcedureConfig& config, AlgoContext& context) {
                      const auto iterations =
                          static_cast<uint32_t>(config.IntIn("maxIterations", 1, 1'000'000).value_or(10));
                      auto lpa = LabelPropagation(graph, iterations, Weighted(config, graph), context);
                      context.MarkComputed();
                      return Community(graph, lpa.labels, {Value::Int(lpa.iterations), Value::Bool(lpa.converged)});
                    }});
  AddNodeAlgorithm(procedures, catalog,
                   {"gds.louvain", "communityId", "INTEGER?",
                    {"maxLevels", "maxIterations", "tolerance", "relationshipWeightProperty"},
                    {{"modularity", "FLOAT?"},
                     {"modularities", "LIST? OF FLOAT?"},
                     {"ranLevels", "INTEGER?"},
                     {"communityCount", "INTEGER?"},
                     {"communityDistribution", "MAP?"}},
                    [](const GraphProjection& graph, const ProcedureConfig& config, AlgoContext& context) {
                      const auto levels = static_cast<uint32_t>(config.IntIn("maxLevels", 1, 1'000).value_or(10));
                      const auto iterations =
                          static_cast<uint32_t>(config.IntIn("maxIterations", 1, 1'000'000).value_or(10));
                      const double tolerance = config.Float("tolerance").value_or(0.0001);
                      auto louvain = Louvain(graph, levels, iterations, tolerance, Weighted(config, graph), context);
                      context.MarkComputed();
                      std::vector<Value> modularities;
                      for (double q : louvain.level_modularities) modularities.push_back(Value::Float(q));
                      const double last = louvain.level_modularities.empty() ? 0 : louvain.level_modularities.back();
                      return Community(graph, louvain.communities,
                                       {Value::Float(last), Value::List(std::move(modularities)),
                                        Value::Int(louvain.levels)});
                    }});
  AddNodeAlgorithm(procedures, catalog,
                   {"gds.triangleCount", "triangleCount", "INTEGER?", {},
                    {{"globalTriangleCount", "INTEGER?"}, {"nodeCount", "INTEGER?"}},
                    [](const GraphProjection& graph, const ProcedureConfig&, AlgoContext& context) {
                      auto triangles = TriangleCounts(graph, context);
                      context.MarkComputed();
                      NodeResult result;
                      result.values = Ints(triangles);
                      const uint64_t corners = std::accumulate(triangles.begin(), triangles.end(), uint64_t{0});
                      result.stats = {Value::Int(static_cast<int64_t>(corners / 3)), Value::Int(graph.node_count())};
                      return result;
                    }});
  AddNodeAlgorithm(procedures, catalog,
                   {"gds.localClusteringCoefficient", "localClusteringCoefficient", "FLOAT?", {},
                    {{"averageClusteringCoefficient", "FLOAT?"}, {"nodeCount", "INTEGER?"}},
                    [](const GraphProjection& graph, const ProcedureConfig&, AlgoContext& context) {
                      auto coefficients = LocalClusteringCoefficients(graph, context);
                      context.MarkComputed();
                      NodeResult result;
                      result.values = Floats(coefficients);
                      const double sum = std::accumulate(coefficients.begin(), coefficients.end(), 0.0);
                      const double n = static_cast<double>(graph.node_count());
                      result.stats = {Value::Float(n > 0 ? sum / n : 0), Value::Int(graph.node_count())};
                      return result;
                    }});
  AddNodeAlgorithm(procedures, catalog,
                   {"gds.kcore", "coreValue", "INTEGER?", {}, {{"degeneracy", "INTEGER?"}},
                    [](const GraphProjection& graph, const ProcedureConfig&, AlgoContext& context) {
                      auto cores = CoreNumbers(graph, context);
                      context.MarkComputed();
                      NodeResult result;
                      result.values = Ints(cores);
                      uint32_t degeneracy = 0;
                      for (uint32_t c : cores) degeneracy = std::max(degeneracy, c);
                      result.stats = {Value::Int(degeneracy)};
                      return result;
                    }});
}

}  // namespace quiver::algo
