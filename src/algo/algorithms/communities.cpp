// Label propagation and Louvain.

#include <algorithm>
#include <numeric>

#include "algo/algorithms/algorithms.h"
#include "common/splitmix64.h"

namespace quiver::algo {

namespace {

struct Vote {
  DenseId label;
  double weight;
};

// Ties between labels of equal weight go to the label of smallest TieRank: a fixed
// pseudo-random order, which acts as Raghavan et al.'s random tie-break but is the same
// on every run. Breaking ties by the smallest label instead lets the smallest ids flood
// the graph in the first round, when every label ties.
uint64_t TieRank(DenseId label) { return SplitMix64Mix(label); }

}  // namespace

LabelPropagationResult LabelPropagation(const GraphProjection& graph, uint32_t max_iterations, bool weighted,
                                        AlgoContext& context) {
  // Asynchronous rounds in dense-id order, on the calling thread: a node sees the labels
  // its predecessors took this round. Synchronous (parallel) rounds swap labels back
  // and forth between two nodes joined by parallel edges forever; this order converges,
  // and is the same on every run.
  const DenseId n = graph.node_count();
  context.Reserve(uint64_t{n} * sizeof(DenseId));
  LabelPropagationResult result;
  result.labels.resize(n);
  std::iota(result.labels.begin(), result.labels.end(), DenseId{0});
  std::vector<Vote> tally;
  auto add_votes = [&](const Csr& csr, DenseId v) {
    const auto neighbours = csr.Neighbours(v);
    for (size_t i = 0; i < neighbours.size(); ++i) {
      tally.push_back({result.labels[neighbours[i]], weighted ? csr.Weights(v)[i] : 1.0});
    }
  };
  while (result.iterations < max_iterations) {
    bool changed = false;
    for (DenseId v = 0; v < n; ++v) {
      if ((v & 0xfff) == 0) context.CheckInterrupt();
      tally.clear();
      tally.push_back({result.labels[v], 1.0});
      add_votes(graph.out(), v);
      if (!graph.undirected()) add_votes(graph.in(), v);
      std::sort(tally.begin(), tally.end(), [](const Vote& a, const Vote& b) { return a.label < b.label; });
      DenseId best = tally[0].label;
      double best_weight = -1;
      for (size_t j = 0; j < tally.size();) {
        double sum = 0;
        size_t k = j;
        for (; k < tally.size() && tally[k].label == tally[j].label; ++k) sum += tally[k].weight;
        if (sum > best_weight || (sum == best_weight && TieRank(tally[j].label) < TieRank(best))) {
          best_weight = sum;
          best = tally[j].label;
        }
        j = k;
      }
      changed |= best != result.labels[v];
      result.labels[v] = best;
    }
    ++result.iterations;
    if (!changed) {
      result.converged = true;
      break;
    }
  }
  return result;
}

namespace {

// One level of Louvain: a symmetric weighted graph in which a self-loop counts twice
// (two entries at the first level, one of twice the weight after), so that a node's
// degree is the sum of its entries, as NetworkX counts a self-loop in a degree twice.
struct LevelGraph {
  std::vector<uint64_t> offsets;
  std::vector<DenseId> targets;
  std::vector<double> weights;
  std::vector<double> degree;
  double total = 0;  // the sum of all degrees: 2m

  DenseId size() const { return static_cast<DenseId>(degree.size()); }
};

LevelGraph FirstLevel(const GraphProjection& graph, bool weighted) {
  const DenseId n = graph.node_count();
  LevelGraph level;
  level.offsets.assign(n + 1, 0);
  for (DenseId v = 0; v < n; ++v) {
    level.offsets[v + 1] = level.offsets[v] + graph.out().Degree(v) + (graph.undirected() ? 0 : graph.in().Degree(v));
  }
  level.targets.resize(level.offsets[n]);
  level.weights.resize(level.offsets[n]);
  level.degree.assign(n, 0);
  for (DenseId v = 0; v < n; ++v) {
    uint64_t at = level.offsets[v];
    auto add = [&](const Csr& csr) {
      const auto neighbours = csr.Neighbours(v);
      for (size_t i = 0; i < neighbours.size(); ++i) {
        // A self-loop is listed twice already: undirected, from both ends; directed, in
        // the out- and the in-list.
        const double w = weighted ? csr.Weights(v)[i] : 1.0;
        level.targets[at] = neighbours[i];
        level.weights[at] = w;
        level.degree[v] += w;
        ++at;
      }
    };
    add(graph.out());
    if (!graph.undirected()) add(graph.in());
  }
  for (double k : level.degree) level.total += k;
  return level;
}

double Modularity(const LevelGraph& g, const std::vector<DenseId>& community) {
  if (g.total <= 0) return 0;
  std::vector<double> inside(g.size(), 0), tot(g.size(), 0);
  for (DenseId v = 0; v < g.size(); ++v) {
    tot[community[v]] += g.degree[v];
    for (uint64_t e = g.offsets[v]; e < g.offsets[v + 1]; ++e) {
      if (community[g.targets[e]] == community[v]) inside[community[v]] += g.weights[e];
    }
  }
  double q = 0;
  for (DenseId c = 0; c < g.size(); ++c) q += inside[c] / g.total - (tot[c] / g.total) * (tot[c] / g.total);
  return q;
}

// Moves nodes one at a time, in order, to the neighbouring community that gains most
// modularity, in passes until a pass moves nobody (or max_iterations). Returns whether
// any node moved.
bool MoveNodes(const LevelGraph& g, std::vector<DenseId>& community, uint32_t max_iterations, double tolerance,
               AlgoContext& context) {
  const DenseId n = g.size();
  std::vector<double> tot(n, 0);
  for (DenseId v = 0; v < n; ++v) tot[community[v]] += g.degree[v];
  std::vector<double> link(n, 0);  // weight from the node being moved to each community
  std::vector<uint8_t> marked(n, 0);  // whether a community is in `touched`
  std::vector<DenseId> touched;
  bool moved_any = false;
  double before = Modularity(g, community);
  for (uint32_t pass = 0; pass < max_iterations; ++pass) {
    bool moved = false;
    for (DenseId v = 0; v < n; ++v) {
      if ((v & 0xfff) == 0) context.CheckInterrupt();
      const DenseId own = community[v];
      touched.clear();
      touched.push_back(own);
      marked[own] = 1;
      for (uint64_t e = g.offsets[v]; e < g.offsets[v + 1]; ++e) {
        const DenseId u = g.targets[e];
        if (u == v) continue;
        const DenseId c = community[u];
        if (!marked[c]) {
          marked[c] = 1;
          touched.push_back(c);
        }
        link[c] += g.weights[e];
      }
      tot[own] -= g.degree[v];
      const double k = g.degree[v];
      auto gain = [&](DenseId c) { return link[c] - tot[c] * k / g.total; };
      DenseId best = own;
      double best_gain = gain(own);
      for (DenseId c : touched) {
        const double value = gain(c);
        if (value > best_gain + 1e-12 || (value == best_gain && c < best && c != own && best != own)) {
          best = c;
          best_gain = value;
        }
      }
      tot[best] += k;
      community[v] = best;
      if (best != own) moved = true;
      for (DenseId c : touched) {
        link[c] = 0;
        marked[c] = 0;
      }
    }
    const double after = Modularity(g, community);
    if (moved) moved_any = true;
    if (!moved || after - before < tolerance) break;
    before = after;
  }
  return moved_any;
}

// The graph of communities: community c's entries are the summed weights to the others,
// and its internal weight as a self-loop entry (already doubled, as entries are).
LevelGraph Aggregate(const LevelGraph& g, const std::vector<DenseId>& community, DenseId communities) {
  std::vector<std::vector<DenseId>> members(communities);
  for (DenseId v = 0; v < g.size(); ++v) members[community[v]].push_back(v);
  LevelGraph next;
  next.offsets.assign(communities + 1, 0);
  next.degree.assign(communities, 0);
  std::vector<double> link(communities, 0);
  std::vector<uint8_t> marked(communities, 0);
  std::vector<DenseId> touched;
  for (DenseId c = 0; c < communities; ++c) {
    touched.clear();
    for (DenseId v : members[c]) {
      for (uint64_t e = g.offsets[v]; e < g.offsets[v + 1]; ++e) {
        const DenseId d = community[g.targets[e]];
        if (!marked[d]) {
          marked[d] = 1;
          touched.push_back(d);
        }
        link[d] += g.weights[e];
      }
    }
    std::sort(touched.begin(), touched.end());
    for (DenseId d : touched) {
      next.targets.push_back(d);
      next.weights.push_back(link[d]);
      next.degree[c] += link[d];
      link[d] = 0;
      marked[d] = 0;
    }
    next.offsets[c + 1] = next.targets.size();
  }
  next.total = g.total;
  return next;
}

}  // namespace

LouvainResult Louvain(const GraphProjection& graph, uint32_t max_levels, uint32_t max_iterations, double tolerance,
                      bool weighted, AlgoContext& context) {
  const DenseId n = graph.node_count();
  const uint64_t entries = graph.out().edge_count() + (graph.undirected() ? 0 : graph.in().edge_count());
  context.Reserve(entries * 2 * (sizeof(DenseId) + sizeof(double)) + uint64_t{n} * 64);
  LouvainResult result;
  result.communities.resize(n);
  std::iota(result.communities.begin(), result.communities.end(), DenseId{0});
  LevelGraph level = FirstLevel(graph, weighted);
  while (result.levels < max_levels) {
    std::vector<DenseId> community(level.size());
    std::iota(community.begin(), community.end(), DenseId{0});
    if (!MoveNodes(level, community, max_iterations, tolerance, context)) break;
    // Number the communities by their first member, so the next level's order follows
    // the nodes' order.
    std::vector<DenseId> number(level.size(), kNoDense);
    DenseId count = 0;
    for (DenseId v = 0; v < level.size(); ++v) {
      if (number[community[v]] == kNoDense) number[community[v]] = count++;
      community[v] = number[community[v]];
    }
    result.level_modularities.push_back(Modularity(level, community));
    for (DenseId& c : result.communities) c = community[c];
    level = Aggregate(level, community, count);
    ++result.levels;
  }
  // Each community is named by its smallest member.
  std::vector<DenseId> smallest(n, kNoDense);
  for (DenseId v = 0; v < n; ++v) smallest[result.communities[v]] = std::min(smallest[result.communities[v]], v);
  for (DenseId& c : result.communities) c = smallest[c];
  return result;
}

}  // namespace quiver::algo
