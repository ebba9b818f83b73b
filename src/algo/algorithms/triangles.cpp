// Triangle count, local clustering coefficient and k-core decomposition: on the simple
// undirected graph under an undirected projection — self-loops dropped, parallel edges
// once — as NetworkX, GDS and Graphalytics define them.

#include <algorithm>
#include <atomic>

#include "algo/algorithms/algorithms.h"
#include "quiver/error.h"

namespace quiver::algo {

namespace {

constexpr uint64_t kGrain = 1024;

struct SimpleGraph {
  std::vector<uint64_t> offsets;
  std::vector<DenseId> targets;  // ascending per node
  uint64_t Degree(DenseId v) const { return offsets[v + 1] - offsets[v]; }
  std::span<const DenseId> Neighbours(DenseId v) const {
    return {targets.data() + offsets[v], targets.data() + offsets[v + 1]};
  }
};

// keep(v, u): whether the edge from v to u stays (after dropping self-loops and repeats).
// Without `fill`, only the offsets (the degrees) are computed.
template <typename Keep>
SimpleGraph Simplify(const Csr& csr, DenseId n, AlgoContext& context, Keep keep, bool fill = true) {
  SimpleGraph g;
  g.offsets.assign(n + 1, 0);
  std::vector<std::vector<DenseId>> scratch(context.workers());
  auto neighbours_of = [&](DenseId v, std::vector<DenseId>& out) {
    out.clear();
    for (DenseId u : csr.Neighbours(v)) {
      if (u != v && keep(v, u)) out.push_back(u);
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
  };
  context.ParallelFor(n, kGrain, [&](uint64_t begin, uint64_t end, uint32_t worker) {
    for (uint64_t v = begin; v < end; ++v) {
      neighbours_of(static_cast<DenseId>(v), scratch[worker]);
      g.offsets[v + 1] = scratch[worker].size();
    }
  });
  for (DenseId v = 0; v < n; ++v) g.offsets[v + 1] += g.offsets[v];
  if (!fill) return g;
  context.Reserve(g.offsets[n] * sizeof(DenseId));
  g.targets.resize(g.offsets[n]);
  context.ParallelFor(n, kGrain, [&](uint64_t begin, uint64_t end, uint32_t worker) {
    for (uint64_t v = begin; v < end; ++v) {
      neighbours_of(static_cast<DenseId>(v), scratch[worker]);
      std::copy(scratch[worker].begin(), scratch[worker].end(), g.targets.begin() + g.offsets[v]);
    }
  });
  return g;
}

void RequireUndirected(const GraphProjection& graph, std::string_view what) {
  if (!graph.undirected()) {
    throw ProcedureError("ProcedureCallFailed", std::string(what) + " needs an undirected projection: project '" +
                                                    graph.name() + "' with orientation: 'UNDIRECTED'");
  }
}

struct Triangles {
  std::vector<uint64_t> counts;
  SimpleGraph degrees;  // offsets only: the distinct neighbours of each node
};

Triangles CountTriangles(const GraphProjection& graph, AlgoContext& context) {
  const DenseId n = graph.node_count();
  context.Reserve(uint64_t{n} * (sizeof(uint64_t) * 2));
  Triangles result;
  result.degrees = Simplify(graph.out(), n, context, [](DenseId, DenseId) { return true; }, /*fill=*/false);
  const SimpleGraph& simple = result.degrees;
  // Each triangle is found once, from its lowest-ranked corner, by intersecting the
  // neighbours ranked above it (rank: degree, then id) — the forward algorithm.
  auto above = [&](DenseId v, DenseId u) {
    const uint64_t dv = simple.Degree(v), du = simple.Degree(u);
    return du > dv || (du == dv && u > v);
  };
  const SimpleGraph forward = Simplify(graph.out(), n, context, above);
  std::vector<uint64_t>& triangles = result.counts;
  triangles.assign(n, 0);
  context.ParallelFor(n, kGrain, [&](uint64_t begin, uint64_t end, uint32_t) {
    for (uint64_t i = begin; i < end; ++i) {
      const auto v = static_cast<DenseId>(i);
      const auto nv = forward.Neighbours(v);
      for (DenseId u : nv) {
        const auto nu = forward.Neighbours(u);
        auto a = nv.begin();
        auto b = nu.begin();
        while (a != nv.end() && b != nu.end()) {
          if (*a < *b) {
            ++a;
          } else if (*b < *a) {
            ++b;
          } else {
            // Integer counts: the order the increments land in does not matter.
            std::atomic_ref<uint64_t>(triangles[v]).fetch_add(1, std::memory_order_relaxed);
            std::atomic_ref<uint64_t>(triangles[u]).fetch_add(1, std::memory_order_relaxed);
            std::atomic_ref<uint64_t>(triangles[*a]).fetch_add(1, std::memory_order_relaxed);
            ++a;
            ++b;
          }
        }
      }
    }
  });
  return result;
}

}  // namespace

std::vector<uint64_t> TriangleCounts(const GraphProjection& graph, AlgoContext& context) {
  RequireUndirected(graph, "triangle counting");
  return CountTriangles(graph, context).counts;
}

std::vector<double> LocalClusteringCoefficients(const GraphProjection& graph, AlgoContext& context) {
  RequireUndirected(graph, "the local clustering coefficient");
  const Triangles triangles = CountTriangles(graph, context);
  const DenseId n = graph.node_count();
  std::vector<double> coefficient(n, 0.0);
  for (DenseId v = 0; v < n; ++v) {
    const double d = static_cast<double>(triangles.degrees.Degree(v));
    if (d >= 2) coefficient[v] = 2.0 * static_cast<double>(triangles.counts[v]) / (d * (d - 1));
  }
  return coefficient;
}

std::vector<uint32_t> CoreNumbers(const GraphProjection& graph, AlgoContext& context) {
  RequireUndirected(graph, "k-core decomposition");
  const DenseId n = graph.node_count();
  const SimpleGraph simple = Simplify(graph.out(), n, context, [](DenseId, DenseId) { return true; });
  context.Reserve(uint64_t{n} * 4 * sizeof(uint32_t));
  // Batagelj and Zaveršnik: nodes in bins by current degree, peeled from the lowest.
  std::vector<uint32_t> degree(n);
  uint32_t max_degree = 0;
  for (DenseId v = 0; v < n; ++v) {
    degree[v] = static_cast<uint32_t>(simple.Degree(v));
    max_degree = std::max(max_degree, degree[v]);
  }
  std::vector<uint32_t> bin(max_degree + 2, 0);
  for (DenseId v = 0; v < n; ++v) ++bin[degree[v]];
  uint32_t start = 0;
  for (uint32_t d = 0; d <= max_degree; ++d) {
    const uint32_t count = bin[d];
    bin[d] = start;
    start += count;
  }
  std::vector<DenseId> order(n);
  std::vector<uint32_t> position(n);
  for (DenseId v = 0; v < n; ++v) {
    position[v] = bin[degree[v]]++;
    order[position[v]] = v;
  }
  for (uint32_t d = max_degree + 1; d > 0; --d) bin[d] = bin[d - 1];
  bin[0] = 0;
  for (uint32_t i = 0; i < n; ++i) {
    if ((i & 0xffff) == 0) context.CheckInterrupt();
    const DenseId v = order[i];
    for (DenseId u : simple.Neighbours(v)) {
      if (degree[u] > degree[v]) {
        const uint32_t du = degree[u];
        const uint32_t pu = position[u];
        const uint32_t pw = bin[du];
        const DenseId w = order[pw];
        if (u != w) {
          std::swap(order[pu], order[pw]);
          position[u] = pw;
          position[w] = pu;
        }
        ++bin[du];
        --degree[u];
      }
    }
  }
  return degree;
}

}  // namespace quiver::algo
