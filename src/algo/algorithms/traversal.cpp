// Breadth-first search (direction-optimizing, parallel), Dijkstra and delta-stepping.

#include <algorithm>
#include <atomic>
#include <bit>
#include <cmath>
#include <cstdio>
#include <queue>

#include "algo/algorithms/algorithms.h"
#include "quiver/error.h"

namespace quiver::algo {

namespace {

constexpr uint64_t kWordBits = 64;
// Tasks of whole bitmap words, so that no two tasks write one word.
constexpr uint64_t kGrain = 64 * kWordBits;
// Beamer et al.'s switching thresholds (GAPBS's defaults).
constexpr uint64_t kAlpha = 15;
constexpr uint64_t kBeta = 18;

class Bitmap {
 public:
  explicit Bitmap(uint64_t bits) : words_((bits + kWordBits - 1) / kWordBits, 0) {}
  bool Test(uint64_t i) const { return (words_[i / kWordBits] >> (i % kWordBits)) & 1; }
  void Set(uint64_t i) { words_[i / kWordBits] |= uint64_t{1} << (i % kWordBits); }
  void SetAtomic(uint64_t i) {
    std::atomic_ref<uint64_t>(words_[i / kWordBits]).fetch_or(uint64_t{1} << (i % kWordBits),
                                                               std::memory_order_relaxed);
  }
  void Clear() { std::fill(words_.begin(), words_.end(), 0); }
  uint64_t word(uint64_t w) const { return words_[w]; }
  uint64_t words() const { return words_.size(); }

 private:
  std::vector<uint64_t> words_;
};

// The set bits of `bits`, ascending, appended to `out`: per task, counted, then written
// at the task's offset.
void Extract(const Bitmap& bits, uint64_t n, std::vector<DenseId>& out, AlgoContext& context) {
  const uint64_t tasks = (n + kGrain - 1) / kGrain;
  std::vector<uint64_t> counts(tasks + 1, 0);
  context.ParallelFor(n, kGrain, [&](uint64_t begin, uint64_t end, uint32_t) {
    uint64_t count = 0;
    for (uint64_t w = begin / kWordBits; w < (end + kWordBits - 1) / kWordBits; ++w) count += std::popcount(bits.word(w));
    counts[begin / kGrain + 1] = count;
  });
  for (uint64_t t = 0; t < tasks; ++t) counts[t + 1] += counts[t];
  const size_t base = out.size();
  out.resize(base + counts[tasks]);
  context.ParallelFor(n, kGrain, [&](uint64_t begin, uint64_t end, uint32_t) {
    uint64_t at = base + counts[begin / kGrain];
    for (uint64_t w = begin / kWordBits; w < (end + kWordBits - 1) / kWordBits; ++w) {
      for (uint64_t word = bits.word(w); word != 0; word &= word - 1) {
        out[at++] = static_cast<DenseId>(w * kWordBits + std::countr_zero(word));
      }
    }
  });
}

}  // namespace

BfsResult BreadthFirstSearch(const GraphProjection& graph, DenseId source, std::span<const DenseId> targets,
                             std::optional<uint32_t> max_depth, AlgoContext& context) {
  const DenseId n = graph.node_count();
  const Csr& out = graph.out();
  const Csr& in = graph.in();
  context.Reserve(uint64_t{n} * (sizeof(uint32_t) + 2 * sizeof(DenseId)) + uint64_t{n} / 4);
  constexpr uint32_t kUnseen = UINT32_MAX;
  std::vector<uint32_t> depth(n, kUnseen);
  Bitmap is_target(n);
  for (DenseId t : targets) is_target.Set(t);
  Bitmap frontier_bits(n);
  Bitmap next_bits(n);
  BfsResult result;
  std::vector<DenseId> frontier{source};
  depth[source] = 0;
  result.order.push_back(source);
  result.depths.push_back(0);
  if (is_target.Test(source)) return result;
  uint64_t unexplored_edges = out.edge_count();
  bool bottom_up = false;
  for (uint32_t level = 0; !frontier.empty(); ++level) {
    if (max_depth && level >= *max_depth) break;
    context.CheckInterrupt();
    uint64_t frontier_edges = 0;
    for (DenseId v : frontier) frontier_edges += out.Degree(v);
    unexplored_edges -= std::min(unexplored_edges, frontier_edges);
    // Bottom-up pays when the frontier's edges outnumber a fraction of those left;
    // back to top-down once the frontier is small again.
    if (!bottom_up && frontier_edges > unexplored_edges / kAlpha) {
      bottom_up = true;
    } else if (bottom_up && frontier.size() < n / kBeta) {
      bottom_up = false;
    }
    next_bits.Clear();
    if (bottom_up) {
      frontier_bits.Clear();
      for (DenseId v : frontier) frontier_bits.Set(v);
      context.ParallelFor(n, kGrain, [&](uint64_t begin, uint64_t end, uint32_t) {
        for (uint64_t v = begin; v < end; ++v) {
          if (depth[v] != kUnseen) continue;
          for (DenseId u : in.Neighbours(static_cast<DenseId>(v))) {
            if (frontier_bits.Test(u)) {
              depth[v] = level + 1;
              next_bits.Set(v);
              break;
            }
          }
        }
      });
    } else {
      context.ParallelFor(frontier.size(), 1024, [&](uint64_t begin, uint64_t end, uint32_t) {
        for (uint64_t i = begin; i < end; ++i) {
          for (DenseId v : out.Neighbours(frontier[i])) {
            std::atomic_ref<uint32_t> seen(depth[v]);
            uint32_t expected = kUnseen;
            if (seen.load(std::memory_order_relaxed) == kUnseen &&
                seen.compare_exchange_strong(expected, level + 1, std::memory_order_relaxed)) {
              next_bits.SetAtomic(v);
            }
          }
        }
      });
    }
    frontier.clear();
    Extract(next_bits, n, frontier, context);
    for (size_t i = 0; i < frontier.size(); ++i) {
      result.order.push_back(frontier[i]);
      result.depths.push_back(level + 1);
      if (is_target.Test(frontier[i])) return result;  // the first target of the first level that has one
    }
  }
  return result;
}

namespace {

double WeightOf(const Csr& csr, uint64_t edge, bool weighted) {
  if (!weighted) return 1.0;
  const double w = csr.weights[edge];
  if (w < 0 || std::isnan(w)) {
    throw ProcedureError("ProcedureCallFailed",
                         "shortest paths need non-negative weights; found " + std::to_string(w));
  }
  return w;
}

ShortestPaths Unreached(DenseId n, AlgoContext& context) {
  context.Reserve(uint64_t{n} * (sizeof(double) + 2 * sizeof(DenseId)));
  ShortestPaths paths;
  paths.distance.assign(n, kUnreached);
  paths.parent.assign(n, kNoDense);
  return paths;
}

}  // namespace

ShortestPaths Dijkstra(const GraphProjection& graph, DenseId source, std::optional<DenseId> target, bool weighted,
                       AlgoContext& context) {
  const Csr& out = graph.out();
  ShortestPaths paths = Unreached(graph.node_count(), context);
  std::vector<uint8_t> settled(graph.node_count(), 0);
  // (distance, node): ties settle in dense-id order.
  using Entry = std::pair<double, DenseId>;
  std::priority_queue<Entry, std::vector<Entry>, std::greater<>> queue;
  paths.distance[source] = 0;
  queue.push({0, source});
  uint64_t steps = 0;
  while (!queue.empty()) {
    const auto [dist, u] = queue.top();
    queue.pop();
    if (settled[u]) continue;
    settled[u] = 1;
    paths.settled.push_back(u);
    if (target && u == *target) break;
    if ((++steps & 0xfff) == 0) context.CheckInterrupt();
    for (uint64_t e = out.offsets[u]; e < out.offsets[u + 1]; ++e) {
      const DenseId v = out.targets[e];
      const double candidate = dist + WeightOf(out, e, weighted);
      if (!settled[v] && (paths.distance[v] == kUnreached || candidate < paths.distance[v])) {
        paths.distance[v] = candidate;
        paths.parent[v] = u;
        queue.push({candidate, v});
      }
    }
  }
  // Nodes reached but not settled (a stop at the target) have no final distance.
  for (DenseId v = 0; v < graph.node_count(); ++v) {
    if (!settled[v]) {
      paths.distance[v] = kUnreached;
      paths.parent[v] = kNoDense;
    }
  }
  return paths;
}

ShortestPaths DeltaStepping(const GraphProjection& graph, DenseId source, double delta, bool weighted,
                            AlgoContext& context) {
  if (!(delta > 0)) throw ProcedureError("ProcedureCallFailed", "delta must be positive");
  const Csr& out = graph.out();
  ShortestPaths paths = Unreached(graph.node_count(), context);
  std::vector<std::vector<DenseId>> buckets;
  // Buckets are a dense array: bound how many a search may open (the largest distance
  // over delta), so a tiny delta fails clearly instead of exhausting memory.
  constexpr double kMaxBuckets = 1 << 26;
  auto bucket_of = [&](double d) {
    const double b = d / delta;
    if (!(b < kMaxBuckets)) {
      char message[160];
      std::snprintf(message, sizeof(message),
                    "delta %g is too small for distances of %g (more than 2^26 buckets): give a larger delta", delta,
                    d);
      throw ProcedureError("ProcedureCallFailed", message);
    }
    return static_cast<size_t>(b);
  };
  auto relax = [&](DenseId v, double candidate, DenseId from) {
    if (paths.distance[v] != kUnreached && candidate >= paths.distance[v]) return;
    paths.distance[v] = candidate;
    paths.parent[v] = from;
    const size_t b = bucket_of(candidate);
    if (b >= buckets.size()) buckets.resize(b + 1);
    buckets[b].push_back(v);
  };
  relax(source, 0, kNoDense);
  std::vector<DenseId> settled_here;
  std::vector<DenseId> current;
  uint64_t steps = 0;
  for (size_t b = 0; b < buckets.size(); ++b) {
    settled_here.clear();
    // Light edges (weight <= delta) can land in this bucket again: repeat until it stays empty.
    while (!buckets[b].empty()) {
      current.swap(buckets[b]);
      buckets[b].clear();
      for (DenseId u : current) {
        if (bucket_of(paths.distance[u]) != b) continue;  // moved to an earlier bucket's entry
        if ((++steps & 0xfff) == 0) context.CheckInterrupt();
        settled_here.push_back(u);
        for (uint64_t e = out.offsets[u]; e < out.offsets[u + 1]; ++e) {
          const double w = WeightOf(out, e, weighted);
          if (w <= delta) relax(out.targets[e], paths.distance[u] + w, u);
        }
      }
      current.clear();
    }
    std::sort(settled_here.begin(), settled_here.end());
    settled_here.erase(std::unique(settled_here.begin(), settled_here.end()), settled_here.end());
    for (DenseId u : settled_here) {
      for (uint64_t e = out.offsets[u]; e < out.offsets[u + 1]; ++e) {
        const double w = WeightOf(out, e, weighted);
        if (w > delta) relax(out.targets[e], paths.distance[u] + w, u);
      }
    }
  }
  for (DenseId v = 0; v < graph.node_count(); ++v) {
    if (paths.distance[v] != kUnreached) paths.settled.push_back(v);
  }
  std::stable_sort(paths.settled.begin(), paths.settled.end(),
                   [&](DenseId a, DenseId b) { return paths.distance[a] < paths.distance[b]; });
  return paths;
}

std::vector<DenseId> PathTo(const ShortestPaths& paths, DenseId target) {
  std::vector<DenseId> path;
  if (paths.distance[target] == kUnreached) return path;
  for (DenseId v = target; v != kNoDense; v = paths.parent[v]) path.push_back(v);
  std::reverse(path.begin(), path.end());
  return path;
}

}  // namespace quiver::algo
