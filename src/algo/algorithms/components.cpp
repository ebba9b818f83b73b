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

}  // namespace

std::vector<DenseId> WeaklyConnectedComponents(const GraphProjection& graph, AlgoContext& context) {
  const DenseId n = graph.node_count();
  context.Reserve(uint64_t{n} * sizeof(DenseId));
  std::vector<DenseId> parent(n);
  for (DenseId v = 0; v < n; ++v) parent[v] = v;
  // Every edge is some node's out-edge: the out CSR alone connects everything.
  const Csr& out = graph.out();
  context.ParallelFor(n, kGrain, [&](uint64_t begin, uint64_t end, uint32_t) {
    for (uint64_t v = begin; v < end; ++v) {
      for (DenseId u : out.Neighbours(static_cast<DenseId>(v))) Link(parent, static_cast<DenseId>(v), u);
    }
  });
  // Compress: ascending order sees every parent (smaller) settled already.
  for (DenseId v = 0; v < n; ++v) parent[v] = parent[parent[v]];
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
