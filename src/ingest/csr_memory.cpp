#include "ingest/csr_memory.h"

#include <algorithm>

#include "ingest/counting_sort.h"

namespace quiver::ingest {

using storage::SectionType;

uint64_t InMemoryCsrBytes(uint64_t n, uint64_t e, bool input_order, uint32_t parts) {
  // fwd targets 4E + reverse 8E (+ input order 8E), offsets 8N, histograms 4N per part.
  return e * (12 + (input_order ? 8 : 0)) + n * 8 + uint64_t{parts} * n * 4;
}

void SortSlice(uint32_t* targets, uint64_t* seqs, uint64_t n, std::vector<std::pair<uint32_t, uint64_t>>* scratch) {
  if (n < 2) return;
  if (seqs == nullptr) {
    // Equal targets are indistinguishable without payload: any sort is the stable one.
    std::sort(targets, targets + n);
    return;
  }
  // seqs ascend within a slice (it came from a stable sort), so (target, seq) order is
  // the stable order by target.
  scratch->resize(n);
  for (uint64_t i = 0; i < n; ++i) (*scratch)[i] = {targets[i], seqs[i]};
  std::sort(scratch->begin(), scratch->end());
  for (uint64_t i = 0; i < n; ++i) {
    targets[i] = (*scratch)[i].first;
    seqs[i] = (*scratch)[i].second;
  }
}

void SortSlices(std::span<const uint32_t> offsets, uint32_t* targets, uint64_t* seqs, WorkerPool* pool) {
  const uint64_t nodes = offsets.size() - 1;
  const uint64_t e = offsets.back();
  const uint64_t tasks = std::min<uint64_t>(nodes, uint64_t{pool->size()} * 16);
  if (tasks == 0) return;
  auto bound = [&](uint64_t t) -> uint64_t {
    if (t == 0) return 0;
    if (t == tasks) return nodes;
    const uint64_t target = WorkerPool::RangeBegin(e, tasks, t);
    return static_cast<uint64_t>(std::lower_bound(offsets.begin(), offsets.end() - 1, target) - offsets.begin());
  };
  pool->ParallelFor(tasks, [&](size_t t, uint32_t) {
    std::vector<std::pair<uint32_t, uint64_t>> scratch;
    for (uint64_t v = bound(t); v < bound(t + 1); ++v) {
      const uint64_t b = offsets[v];
      SortSlice(targets + b, seqs == nullptr ? nullptr : seqs + b, offsets[v + 1] - b, &scratch);
    }
  });
}

CsrArrays32 BuildCsrInMemory(uint64_t n, EdgeBlocks* edges, bool input_order, uint64_t histogram_bytes,
                             WorkerPool* pool) {
  CsrArrays32 c;
  const uint64_t e = edges->size();
  QUIVER_ASSERT(e < (uint64_t{1} << 32));
  c.fwd_targets.resize(e);
  if (input_order) c.input_of_position.resize(e);
  {
    const uint32_t parts = CountingSortParts(e, n, pool->size(), histogram_bytes);
    auto part_begin = [&](uint32_t p) { return WorkerPool::RangeBegin(e, parts, p); };
    StableCountingSort(
        parts, n,
        [&](uint32_t p, uint32_t* hist) {
          edges->ForRange(part_begin(p), part_begin(p + 1), [&](uint64_t, uint32_t s, uint32_t) { ++hist[s]; });
        },
        [&](uint32_t p, uint32_t* cursor) {
          uint32_t* targets = c.fwd_targets.data();
          if (input_order) {
            uint64_t* order = c.input_of_position.data();
            edges->ForRange(part_begin(p), part_begin(p + 1), [&](uint64_t i, uint32_t s, uint32_t d) {
              const uint32_t pos = cursor[s]++;
              targets[pos] = d;
              order[pos] = i;
            });
          } else {
            edges->ForRange(part_begin(p), part_begin(p + 1),
                            [&](uint64_t, uint32_t s, uint32_t d) { targets[cursor[s]++] = d; });
          }
        },
        &c.fwd_offsets, pool);
  }
  edges->Clear();
  SortSlices(c.fwd_offsets, c.fwd_targets.data(), input_order ? c.input_of_position.data() : nullptr, pool);

  // Reverse: forward positions in order, stably by target.
  c.rev_sources.resize(e);
  c.rev_positions.resize(e);
  const uint32_t parts = CountingSortParts(e, n, pool->size(), histogram_bytes);
  auto part_begin = [&](uint32_t p) { return WorkerPool::RangeBegin(e, parts, p); };
  StableCountingSort(
      parts, n,
      [&](uint32_t p, uint32_t* hist) {
        const uint32_t* t = c.fwd_targets.data();
        for (uint64_t pos = part_begin(p); pos < part_begin(p + 1); ++pos) ++hist[t[pos]];
      },
      [&](uint32_t p, uint32_t* cursor) {
        const uint64_t begin = part_begin(p), end = part_begin(p + 1);
        if (begin == end) return;
        // The source of position `begin`: the last node whose slice starts at or before it.
        uint64_t s = static_cast<uint64_t>(
                         std::upper_bound(c.fwd_offsets.begin(), c.fwd_offsets.end(), static_cast<uint32_t>(begin)) -
                         c.fwd_offsets.begin()) - 1;
        const uint32_t* t = c.fwd_targets.data();
        const uint32_t* off = c.fwd_offsets.data();
        for (uint64_t pos = begin; pos < end; ++pos) {
          while (off[s + 1] <= pos) ++s;
          const uint32_t slot = cursor[t[pos]]++;
          c.rev_sources[slot] = static_cast<uint32_t>(s);
          c.rev_positions[slot] = static_cast<uint32_t>(pos);
        }
      },
      &c.rev_offsets, pool);
  return c;
}

Status WriteCsrArrays(CsrFile* f, const CsrArrays32& c) {
  QUIVER_RETURN_IF_ERROR(f->BeginPositions(SectionType::kFwdOffsets));
  QUIVER_RETURN_IF_ERROR(f->Append(std::span<const uint32_t>(c.fwd_offsets)));
  QUIVER_RETURN_IF_ERROR(f->EndSection());
  QUIVER_RETURN_IF_ERROR(f->BeginNodes(SectionType::kFwdTargets));
  QUIVER_RETURN_IF_ERROR(f->Append(std::span<const uint32_t>(c.fwd_targets)));
  QUIVER_RETURN_IF_ERROR(f->EndSection());
  QUIVER_RETURN_IF_ERROR(f->BeginPositions(SectionType::kRevOffsets));
  QUIVER_RETURN_IF_ERROR(f->Append(std::span<const uint32_t>(c.rev_offsets)));
  QUIVER_RETURN_IF_ERROR(f->EndSection());
  QUIVER_RETURN_IF_ERROR(f->BeginNodes(SectionType::kRevSources));
  QUIVER_RETURN_IF_ERROR(f->Append(std::span<const uint32_t>(c.rev_sources)));
  QUIVER_RETURN_IF_ERROR(f->EndSection());
  QUIVER_RETURN_IF_ERROR(f->BeginPositions(SectionType::kRevEdgePositions));
  QUIVER_RETURN_IF_ERROR(f->Append(std::span<const uint32_t>(c.rev_positions)));
  return f->EndSection();
}

}  // namespace quiver::ingest
