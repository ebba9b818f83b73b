// Degree centrality, PageRank and betweenness.

#include <algorithm>
#include <cmath>
#include <numeric>

#include "algo/algorithms/algorithms.h"
#include "common/splitmix64.h"

namespace quiver::algo {

namespace {

constexpr uint64_t kGrain = 4096;

double SumOf(std::span<const double> weights) {
  double sum = 0;
  for (double w : weights) sum += w;
  return sum;
}

}  // namespace

std::vector<double> DegreeCentrality(const GraphProjection& graph, Orientation orientation, bool weighted,
                                     AlgoContext& context) {
  const DenseId n = graph.node_count();
  context.Reserve(uint64_t{n} * sizeof(double));
  std::vector<double> degree(n, 0.0);
  const bool out = orientation != Orientation::kReverse;
  const bool in = orientation == Orientation::kReverse || (orientation == Orientation::kUndirected && !graph.undirected());
  context.ParallelFor(n, kGrain, [&](uint64_t begin, uint64_t end, uint32_t) {
    for (uint64_t v = begin; v < end; ++v) {
      const auto d = static_cast<DenseId>(v);
      double sum = 0;
      if (out) sum += weighted ? SumOf(graph.out().Weights(d)) : static_cast<double>(graph.out().Degree(d));
      if (in) sum += weighted ? SumOf(graph.in().Weights(d)) : static_cast<double>(graph.in().Degree(d));
      degree[v] = sum;
    }
  });
  return degree;
}

PageRankResult PageRank(const GraphProjection& graph, const PageRankOptions& options, AlgoContext& context) {
  const DenseId n = graph.node_count();
  context.Reserve(uint64_t{n} * sizeof(double) * 4);
  const double d = options.damping;
  std::vector<double> base(n, options.sources.empty() ? 1.0 - d : 0.0);
  for (DenseId s : options.sources) base[s] = 1.0 - d;
  // What each node passes along each out-edge per unit of its score: 1 / out-degree, or
  // 1 / out-weight (the edge's weight multiplies it on the receiving side).
  std::vector<double> share(n, 0.0);
  context.ParallelFor(n, kGrain, [&](uint64_t begin, uint64_t end, uint32_t) {
    for (uint64_t v = begin; v < end; ++v) {
      const auto u = static_cast<DenseId>(v);
      const double out = options.weighted ? SumOf(graph.out().Weights(u)) : static_cast<double>(graph.out().Degree(u));
      share[v] = out > 0 ? 1.0 / out : 0.0;
    }
  });
  PageRankResult result;
  result.scores = base;
  std::vector<double> contribution(n);
  std::vector<double> next(n);
  const Csr& in = graph.in();
  const uint64_t tasks = (uint64_t{n} + kGrain - 1) / kGrain;
  std::vector<double> task_change(tasks, 0.0);
  while (result.iterations < options.max_iterations) {
    context.ParallelFor(n, kGrain, [&](uint64_t begin, uint64_t end, uint32_t) {
      for (uint64_t v = begin; v < end; ++v) contribution[v] = result.scores[v] * share[v];
    });
    // Pull: each node sums what its in-neighbours pass, in the CSR's order.
    context.ParallelFor(n, kGrain, [&](uint64_t begin, uint64_t end, uint32_t) {
      double change = 0;
      for (uint64_t v = begin; v < end; ++v) {
        const auto dv = static_cast<DenseId>(v);
        const auto sources = in.Neighbours(dv);
        double sum = 0;
        if (options.weighted) {
          const auto weights = in.Weights(dv);
          for (size_t i = 0; i < sources.size(); ++i) sum += contribution[sources[i]] * weights[i];
        } else {
          for (DenseId u : sources) sum += contribution[u];
        }
        next[v] = base[v] + d * sum;
        change = std::max(change, std::abs(next[v] - result.scores[v]));
      }
      task_change[begin / kGrain] = change;
    });
    result.scores.swap(next);
    ++result.iterations;
    if (task_change.empty() || *std::max_element(task_change.begin(), task_change.end()) < options.tolerance) {
      result.converged = true;
      break;
    }
  }
  return result;
}

namespace {

// Brandes' single-source pass: adds each node's dependency on `source` to `centrality`.
struct BrandesScratch {
  std::vector<DenseId> order;
  std::vector<int64_t> depth;
  std::vector<double> paths;
  std::vector<double> dependency;
};

void AccumulateFrom(const Csr& out, DenseId source, BrandesScratch& s, std::vector<double>& centrality) {
  s.order.clear();
  s.order.push_back(source);
  s.depth[source] = 0;
  s.paths[source] = 1;
  for (size_t head = 0; head < s.order.size(); ++head) {
    const DenseId u = s.order[head];
    for (DenseId v : out.Neighbours(u)) {
      if (s.depth[v] < 0) {
        s.depth[v] = s.depth[u] + 1;
        s.order.push_back(v);
      }
      if (s.depth[v] == s.depth[u] + 1) s.paths[v] += s.paths[u];
    }
  }
  // Back to front: a node's dependency flows to its predecessors on shortest paths.
  for (size_t i = s.order.size(); i-- > 0;) {
    const DenseId w = s.order[i];
    for (DenseId v : out.Neighbours(w)) {
      if (s.depth[v] == s.depth[w] + 1) s.dependency[w] += s.paths[w] / s.paths[v] * (1 + s.dependency[v]);
    }
    if (w != source) centrality[w] += s.dependency[w];
  }
  for (DenseId w : s.order) {
    s.depth[w] = -1;
    s.paths[w] = 0;
    s.dependency[w] = 0;
  }
}

}  // namespace

std::vector<double> Betweenness(const GraphProjection& graph, std::optional<uint64_t> sample, uint64_t seed,
                                AlgoContext& context) {
  const DenseId n = graph.node_count();
  std::vector<DenseId> sources(n);
  std::iota(sources.begin(), sources.end(), DenseId{0});
  double scale = graph.undirected() ? 0.5 : 1.0;
  if (sample && *sample < n) {
    // A seeded partial Fisher–Yates shuffle (SplitMix64: the same sample for the same
    // seed on any machine) picks the sample; then in dense-id order.
    uint64_t state = seed;
    for (uint64_t i = 0; i < *sample; ++i) {
      const uint64_t j = i + SplitMix64Next(state) % (n - i);
      std::swap(sources[i], sources[j]);
    }
    sources.resize(*sample);
    std::sort(sources.begin(), sources.end());
    scale *= static_cast<double>(n) / static_cast<double>(std::max<uint64_t>(1, *sample));
  }
  // Sources are cut into a fixed number of parts, each summed on its own and the parts
  // added in order: the same floating-point sums for any worker count.
  const uint64_t parts = std::min<uint64_t>(16, std::max<size_t>(1, sources.size()));
  context.Reserve(parts * uint64_t{n} * sizeof(double) + context.workers() * uint64_t{n} * 32);
  std::vector<std::vector<double>> partial(parts, std::vector<double>(n, 0.0));
  std::vector<BrandesScratch> scratch(context.workers());
  for (auto& s : scratch) {
    s.depth.assign(n, -1);
    s.paths.assign(n, 0);
    s.dependency.assign(n, 0);
  }
  context.ParallelFor(parts, 1, [&](uint64_t begin, uint64_t end, uint32_t worker) {
    for (uint64_t part = begin; part < end; ++part) {
      const uint64_t first = ingest::WorkerPool::RangeBegin(sources.size(), parts, part);
      const uint64_t last = ingest::WorkerPool::RangeBegin(sources.size(), parts, part + 1);
      for (uint64_t i = first; i < last; ++i) {
        if ((i & 63) == 0) context.CheckInterrupt();
        AccumulateFrom(graph.out(), sources[i], scratch[worker], partial[part]);
      }
    }
  });
  std::vector<double> centrality(n, 0.0);
  for (const auto& p : partial) {
    for (DenseId v = 0; v < n; ++v) centrality[v] += p[v];
  }
  for (double& c : centrality) c *= scale;
  return centrality;
}

}  // namespace quiver::algo
