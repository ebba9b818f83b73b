#pragma once
// ParallelSort: sorts parts of a vector on the pool, then merges them pairwise in
// rounds (each round's merges in parallel). The comparator must be a strict weak order
// that never ties distinct elements the caller cares about (ingest sorts (key, node)
// pairs, which are unique), so the result does not depend on the number of parts.

#include <algorithm>
#include <vector>

#include "ingest/worker_pool.h"

namespace quiver::ingest {

template <typename T, typename Less>
void ParallelSort(std::vector<T>* v, Less less, WorkerPool* pool) {
  const uint64_t n = v->size();
  uint64_t parts = std::min<uint64_t>(pool->size(), std::max<uint64_t>(1, n / 4096));
  if (parts <= 1) {
    std::sort(v->begin(), v->end(), less);
    return;
  }
  std::vector<uint64_t> bounds(parts + 1);
  for (uint64_t i = 0; i <= parts; ++i) bounds[i] = WorkerPool::RangeBegin(n, parts, i);
  pool->ParallelFor(parts, [&](size_t p, uint32_t) {
    std::sort(v->begin() + bounds[p], v->begin() + bounds[p + 1], less);
  });
  std::vector<T> tmp(n);
  std::vector<T>* src = v;
  std::vector<T>* dst = &tmp;
  while (bounds.size() > 2) {
    const size_t runs = bounds.size() - 1;
    const size_t pairs = (runs + 1) / 2;
    pool->ParallelFor(pairs, [&](size_t i, uint32_t) {
      const uint64_t b = bounds[2 * i];
      const uint64_t m = bounds[std::min(2 * i + 1, runs)];
      const uint64_t e = bounds[std::min(2 * i + 2, runs)];
      std::merge(src->begin() + b, src->begin() + m, src->begin() + m, src->begin() + e, dst->begin() + b,
                 less);
    });
    std::vector<uint64_t> next;
    for (size_t i = 0; i < bounds.size(); i += 2) next.push_back(bounds[i]);
    if (next.back() != n) next.push_back(n);
    bounds = std::move(next);
    std::swap(src, dst);
  }
  if (src != v) *v = std::move(*src);
}

}  // namespace quiver::ingest
