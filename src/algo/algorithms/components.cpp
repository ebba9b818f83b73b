// Weakly and strongly connected components.

#include <algorithm>
#include <atomic>

#include "algo/algorithms/algorithms.h"

namespace quiver::algo {

namespace {

constexpr uint64_t kGrain = 4096;

// Joins the sets of u and v, hooking the larger root under the smaller (Afforest's
// link, after Shiloach–Vishkin). Because a root only ever moves under a smaller id, the
// root a set ends with is its smallest member, whatever order the edges came in.
void Link(std::vector<DenseId>& parent, DenseId u, DenseId v) {
  auto at = [&](DenseId x) { return std::atomic_ref<DenseId>(parent[x]); };
  DenseId p1 = at(u).load(std::memory_order_relaxed);
  DenseId p2 = at(v).load(std::memory_order_relaxed);
  while (p1 != p2) {
    const DenseId high = std::max(p1, p2);
    const DenseId low = std::min(p1, p2);
    DenseId expected = high;
    if (at(high).load(std::memory_order_relaxed) == low) break;
    if (at(high).compare_exchange_strong(expected, low, std::memory_order_relaxed)) break;
    p1 = at(at(high).load(std::memory_order_relaxed)).load(std::memory_order_relaxed);
    p2 = at(low).load(std::memory_order_relaxed);
  }
}

// Points every node at its root (its set's smallest member). Racy reads are benign:
// a node's parent only ever moves to a smaller member of its set.
void Compress(std::vector<DenseId>& parent, AlgoContext& context) {
  context.ParallelFor(parent.size(), kGrain, [&](uint64_t begin, uint64_t end, uint32_t) {
    for (uint64_t v = begin; v < end; ++v) {
      std::atomic_ref<DenseId> at(parent[v]);
      DenseId p = at.load(std::memory_order_relaxed);
      for (;;) {
        const DenseId grand = std::atomic_ref<DenseId>(parent[p]).load(std::memory_order_relaxed);
        if (grand == p) break;
        p = grand;
      }
      at.store(p, std::memory_order_relaxed);
    }
  });
}

// The root most of 1,024 nodes (picked by a fixed stride) share: the giant component.
DenseId MostFrequentRoot(const std::vector<DenseId>& parent) {
  std::vector<DenseId> sample;
  const uint64_t n = parent.size();
  for (uint64_t i = 0; i < 1024 && n > 0; ++i) sample.push_back(parent[(i * 0x9e3779b97f4a7c15ULL) % n]);
  std::sort(sample.begin(), sample.end());
  DenseId best = n > 0 ? sample[0] : 0;
  size_t best_count = 0;
  for (size_t i = 0; i < sample.size();) {
    size_t j = i;
    while (j < sample.size() && sample[j] == sample[i]) ++j;
    if (j - i > best_count) {
      best_count = j - i;
      best = sample[i];
    }
    i = j;
  }
  return best;
}

}  // namespace

std::vector<DenseId> WeaklyConnectedComponents(const GraphProjection& graph, AlgoContext& context) {
  // Afforest (Sutton et al.; GAPBS's cc): link each node's first two edges and compress,
  // find the component most nodes are in already, then link the remaining edges of the
  // nodes outside it only — its own nodes' edges would mostly join it to itself.
  const DenseId n = graph.node_count();
  context.Reserve(uint64_t{n} * sizeof(DenseId));
  std::vector<DenseId> parent(n);
  for (DenseId v = 0; v < n; ++v) parent[v] = v;
  const Csr& out = graph.out();
  constexpr uint64_t kNeighbourRounds = 2;
  for (uint64_t round = 0; round < kNeighbourRounds; ++round) {
    context.ParallelFor(n, kGrain, [&](uint64_t begin, uint64_t end, uint32_t) {
      for (uint64_t v = begin; v < end; ++v) {
        const auto neighbours = out.Neighbours(static_cast<DenseId>(v));
        if (round < neighbours.size()) Link(parent, static_cast<DenseId>(v), neighbours[round]);
      }
    });
    Compress(parent, context);
  }
  const DenseId giant = MostFrequentRoot(parent);
  context.ParallelFor(n, kGrain, [&](uint64_t begin, uint64_t end, uint32_t) {
    for (uint64_t v = begin; v < end; ++v) {
      const auto u = static_cast<DenseId>(v);
      if (std::atomic_ref<DenseId>(parent[u]).load(std::memory_order_relaxed) == giant) continue;
      const auto neighbours = out.Neighbours(u);
      for (size_t i = kNeighbourRounds; i < neighbours.size(); ++i) Link(parent, u, neighbours[i]);
      // Directed, an edge from the giant component into u is only in u's in-list.
      if (!graph.undirected()) {
        for (DenseId w : graph.in().Neighbours(u)) Link(parent, u, w);
      }
    }
  });
  Compress(parent, context);
  return parent;
}

std::vector<DenseId> StronglyConnectedComponents(const GraphProjection& graph, AlgoContext& context) {
  // Tarjan's algorithm with an explicit stack (a deep graph must not overflow the
  // thread's stack). One pass, O(n + m), on the calling thread.
  const DenseId n = graph.node_count();
  context.Reserve(uint64_t{n} * (4 * sizeof(DenseId) + sizeof(uint64_t) + 1));
  const Csr& out = graph.out();
  constexpr DenseId kUnvisited = kNoDense;
  std::vector<DenseId> index(n, kUnvisited);
  std::vector<DenseId> low(n);
  std::vector<DenseId> component(n, kNoDense);
  std::vector<uint8_t> on_stack(n, 0);
  std::vector<DenseId> stack;
  struct Frame {
    DenseId node;
    uint64_t next_edge;
  };
  std::vector<Frame> calls;
  DenseId counter = 0;
  uint64_t steps = 0;
  for (DenseId root = 0; root < n; ++root) {
    if (index[root] != kUnvisited) continue;
    calls.push_back({root, out.offsets[root]});
    index[root] = low[root] = counter++;
    stack.push_back(root);
    on_stack[root] = 1;
    while (!calls.empty()) {
      if ((++steps & 0xffff) == 0) context.CheckInterrupt();
      Frame& frame = calls.back();
      const DenseId v = frame.node;
      if (frame.next_edge < out.offsets[v + 1]) {
        const DenseId w = out.targets[frame.next_edge++];
        if (index[w] == kUnvisited) {
          index[w] = low[w] = counter++;
          stack.push_back(w);
          on_stack[w] = 1;
          calls.push_back({w, out.offsets[w]});
        } else if (on_stack[w]) {
          low[v] = std::min(low[v], index[w]);
        }
        continue;
      }
      if (low[v] == index[v]) {
        // v roots a component: it is the stack from v up. Name it by its smallest id.
        auto first = std::find(stack.rbegin(), stack.rend(), v).base() - 1;
        const DenseId smallest = *std::min_element(first, stack.end());
        for (auto it = first; it != stack.end(); ++it) {
          component[*it] = smallest;
          on_stack[*it] = 0;
        }
        stack.erase(first, stack.end());
      }
      calls.pop_back();
      if (!calls.empty()) {
        const DenseId parent = calls.back().node;
        low[parent] = std::min(low[parent], low[v]);
      }
    }
  }
  return component;
}

}  // namespace quiver::algo
