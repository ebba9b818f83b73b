#pragma once
// The graph algorithms, over a GraphProjection's dense ids. Each is deterministic: the
// same projection and options give the same result for any worker count (work is cut
// into tasks by node position; floating-point sums run in a fixed order). Each checks
// for cancellation between tasks and charges what it holds to the statement's memory.
// docs/algorithms.md gives each one's definition, and where Neo4j GDS, NetworkX and
// LDBC Graphalytics differ, which one it follows.

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "algo/algo_context.h"
#include "algo/projection.h"

namespace quiver::algo {

// ---- centrality ----

// Edges per node (or their summed weights): out-edges (kNatural), in-edges (kReverse),
// or both (kUndirected; on an undirected projection, the edges of the node).
std::vector<double> DegreeCentrality(const GraphProjection& graph, Orientation orientation, bool weighted,
                                     AlgoContext& context);

struct PageRankOptions {
  double damping = 0.85;
  uint32_t max_iterations = 20;
  double tolerance = 1e-7;
  std::vector<DenseId> sources;  // personalised: teleport to these only
  bool weighted = false;
};
struct PageRankResult {
  std::vector<double> scores;
  uint32_t iterations = 0;
  bool converged = false;
};
// GDS's PageRank: score(v) = (1 - d)·[v is a source] + d·Σ_{u→v} score(u)·w(u,v)/W(u)
// (every node is a source unless some are given), not normalized; the rank of nodes
// without out-edges is not redistributed. Stops when every score moved by less than the
// tolerance, or after max_iterations.
PageRankResult PageRank(const GraphProjection& graph, const PageRankOptions& options, AlgoContext& context);

// Brandes' exact betweenness over unweighted shortest paths, from every node or from
// `sample` nodes drawn with `seed` (then scaled by n / sample). On an undirected
// projection each pair counts once (NetworkX's convention).
std::vector<double> Betweenness(const GraphProjection& graph, std::optional<uint64_t> sample, uint64_t seed,
                                AlgoContext& context);

// ---- components and communities: each node's community is a dense id ----

// Weakly connected components: each node's component is the smallest dense id in it.
std::vector<DenseId> WeaklyConnectedComponents(const GraphProjection& graph, AlgoContext& context);
// Strongly connected components (the projection's direction): the smallest dense id in each.
std::vector<DenseId> StronglyConnectedComponents(const GraphProjection& graph, AlgoContext& context);

struct LabelPropagationResult {
  std::vector<DenseId> labels;
  uint32_t iterations = 0;
  bool converged = false;
};
// Label propagation: in rounds over the nodes in dense-id order, each node takes the
// label of greatest weight among its neighbours (both directions) and itself (its own
// label counts once), ties in a fixed pseudo-random order of the labels; until a round
// changes nothing, or
// max_iterations. Asynchronous (a node sees this round's earlier choices), so it runs
// on one thread.
LabelPropagationResult LabelPropagation(const GraphProjection& graph, uint32_t max_iterations, bool weighted,
                                        AlgoContext& context);

struct LouvainResult {
  std::vector<DenseId> communities;  // the smallest dense id of each community
  std::vector<double> level_modularities;
  uint32_t levels = 0;
};
// Louvain modularity optimisation over the undirected view (both directions), levels
// until no move improves modularity or max_levels; nodes move in dense-id order.
LouvainResult Louvain(const GraphProjection& graph, uint32_t max_levels, uint32_t max_iterations, double tolerance,
                      bool weighted, AlgoContext& context);

// ---- on the simple undirected graph (no self-loops, parallel edges once); the
// projection must be undirected ----

// Triangles through each node.
std::vector<uint64_t> TriangleCounts(const GraphProjection& graph, AlgoContext& context);
// 2·T(v) / (d(v)·(d(v) − 1)) with d the number of distinct neighbours; 0 below 2.
std::vector<double> LocalClusteringCoefficients(const GraphProjection& graph, AlgoContext& context);
// The largest k such that the node is in a subgraph where every node has degree >= k.
std::vector<uint32_t> CoreNumbers(const GraphProjection& graph, AlgoContext& context);

// ---- traversals and paths ----

struct BfsResult {
  // Visited nodes in order: by depth, ascending dense id within a depth.
  std::vector<DenseId> order;
  std::vector<uint32_t> depths;  // alongside order
};
// Breadth-first search along the projection's direction, top-down or bottom-up per
// level (Beamer's direction optimization). Stops at max_depth, or once the first level
// that holds a target is reached (order then ends at the first target in it).
BfsResult BreadthFirstSearch(const GraphProjection& graph, DenseId source, std::span<const DenseId> targets,
                             std::optional<uint32_t> max_depth, AlgoContext& context);

inline constexpr double kUnreached = -1;
struct ShortestPaths {
  std::vector<double> distance;  // kUnreached where no path
  std::vector<DenseId> parent;   // kNoDense for the source and unreached nodes
  std::vector<DenseId> settled;  // reached nodes by increasing (distance, dense id)
};
// Dijkstra from `source` (every weight 1 unless `weighted`); stops once `target` is
// settled when given. ProcedureError for a negative weight.
ShortestPaths Dijkstra(const GraphProjection& graph, DenseId source, std::optional<DenseId> target, bool weighted,
                       AlgoContext& context);
// Delta-stepping (Meyer and Sanders): buckets of width `delta`, light edges relaxed within
// a bucket, heavy ones after. The same distances as Dijkstra.
ShortestPaths DeltaStepping(const GraphProjection& graph, DenseId source, double delta, bool weighted,
                            AlgoContext& context);
// The path to `target` as dense ids, source first; empty when unreached.
std::vector<DenseId> PathTo(const ShortestPaths& paths, DenseId target);

}  // namespace quiver::algo
