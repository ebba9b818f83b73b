#pragma once
// A parallel, stable counting sort, the one sorting primitive of CSR construction.
//
// The input is cut into `parts` contiguous ranges in input order. Each part counts its
// keys into a private histogram; the histograms become per-part cursors (part p's items
// with key k go after every earlier part's items with key k); each part then places its
// items in input order. So the result is the stable order — a function of the input
// alone, whatever the number of parts (determinism across worker counts).
//
// Histograms cost parts x key_count x 4 bytes; callers choose `parts` with that in mind
// (CountingSortParts). Counts are 32-bit: a sort handles fewer than 2^32 items.

#include <algorithm>
#include <cstdint>
#include <vector>

#include "common/assert.h"
#include "ingest/worker_pool.h"

namespace quiver::ingest {

// Parts for n items: one per worker, fewer when the histograms would pass
// histogram_bytes or a part would have under 64 Ki items.
inline uint32_t CountingSortParts(uint64_t n, uint64_t key_count, uint32_t workers,
                                  uint64_t histogram_bytes) {
  const uint64_t by_memory = histogram_bytes / std::max<uint64_t>(1, key_count * 4);
  const uint64_t by_size = std::max<uint64_t>(1, n >> 16);
  return static_cast<uint32_t>(std::max<uint64_t>(1, std::min<uint64_t>({workers, by_memory, by_size})));
}

// count(part, uint32_t* hist): adds the part's keys to hist (key_count zeroed entries).
// place(part, uint32_t* cursor): for each item of the part in input order, its
//   destination is cursor[key]++.
// offsets, if not null, receives key_count + 1 entries: the start of each key's range.
template <typename CountFn, typename PlaceFn>
void StableCountingSort(uint32_t parts, uint64_t key_count, CountFn&& count, PlaceFn&& place,
                        std::vector<uint32_t>* offsets, WorkerPool* pool) {
  QUIVER_ASSERT(parts >= 1);
  std::vector<std::vector<uint32_t>> hist(parts);
  pool->ParallelFor(parts, [&](size_t p, uint32_t) {
    hist[p].assign(key_count, 0);
    count(static_cast<uint32_t>(p), hist[p].data());
  });
  // Keys in ranges: totals per range, prefix over ranges, then cursors within each range.
  const uint64_t ranges = std::min<uint64_t>(std::max<uint64_t>(1, key_count >> 14), pool->size() * 4ull);
  std::vector<uint64_t> range_total(ranges + 1, 0);
  pool->ParallelFor(ranges, [&](size_t r, uint32_t) {
    uint64_t sum = 0;
    for (uint64_t k = WorkerPool::RangeBegin(key_count, ranges, r),
                  k_end = WorkerPool::RangeBegin(key_count, ranges, r + 1);
         k < k_end; ++k) {
      for (uint32_t p = 0; p < parts; ++p) sum += hist[p][k];
    }
    range_total[r + 1] = sum;
  });
  for (uint64_t r = 0; r < ranges; ++r) range_total[r + 1] += range_total[r];
  QUIVER_ASSERT(range_total[ranges] < (uint64_t{1} << 32));
  if (offsets) offsets->assign(key_count + 1, 0);
  pool->ParallelFor(ranges, [&](size_t r, uint32_t) {
    uint32_t at = static_cast<uint32_t>(range_total[r]);
    for (uint64_t k = WorkerPool::RangeBegin(key_count, ranges, r),
                  k_end = WorkerPool::RangeBegin(key_count, ranges, r + 1);
         k < k_end; ++k) {
      if (offsets) (*offsets)[k] = at;
      for (uint32_t p = 0; p < parts; ++p) {
        const uint32_t c = hist[p][k];
        hist[p][k] = at;
        at += c;
      }
    }
  });
  if (offsets) (*offsets)[key_count] = static_cast<uint32_t>(range_total[ranges]);
  pool->ParallelFor(parts, [&](size_t p, uint32_t) { place(static_cast<uint32_t>(p), hist[p].data()); });
}

}  // namespace quiver::ingest
