#include "ingest/csr_memory.h"

#include <algorithm>
#include <cstring>
#include <functional>

#include "ingest/counting_sort.h"

namespace quiver::ingest {

using storage::SectionType;

uint64_t InMemoryCsrBytes(uint64_t n, uint64_t e, bool input_order, uint32_t parts) {
  // The peak is any of the three steps: 12 bytes an edge (16 more with input order:
  // two seq arrays), offsets 8N, histograms 4N per part. The edges themselves (8E) are
  // the caller's and are freed after step 1, which holds only 4E besides them.
  return e * (12 + (input_order ? 16 : 0)) + n * 8 + uint64_t{parts} * n * 4;
}

void SortSlice(uint32_t* targets, uint64_t* seqs, uint64_t n,
               std::vector<std::pair<uint32_t, uint64_t>>* scratch) {
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

namespace {

// The node whose slice holds position `pos`: the last node whose slice starts at or
// before it (empty slices skipped).
uint64_t NodeAt(const std::vector<uint32_t>& offsets, uint64_t pos) {
  return static_cast<uint64_t>(std::upper_bound(offsets.begin(), offsets.end(), static_cast<uint32_t>(pos)) -
                               offsets.begin()) -
         1;
}

// f(node, position) for positions [begin, end) of a CSR with these offsets, in order.
template <typename F>
void ForPositions(const std::vector<uint32_t>& offsets, uint64_t begin, uint64_t end, F&& f) {
  if (begin >= end) return;
  uint64_t v = NodeAt(offsets, begin);
  const uint32_t* off = offsets.data();
  for (uint64_t pos = begin; pos < end; ++pos) {
    while (off[v + 1] <= pos) ++v;
    f(v, pos);
  }
}

}  // namespace

CsrArrays32 BuildCsrInMemory(uint64_t n, EdgeBlocks* edges, bool input_order, uint64_t histogram_bytes,
                             WorkerPool* pool) {
  CsrArrays32 c;
  const uint64_t e = edges->size();
  QUIVER_ASSERT(e < (uint64_t{1} << 32));
  const uint32_t parts = CountingSortParts(e, n, pool->size(), histogram_bytes);
  auto part_begin = [&](uint32_t p) { return WorkerPool::RangeBegin(e, parts, p); };

  // 1. By source: by_source[i] is the target of the i-th edge in (source, input) order.
  RawVector<uint32_t> by_source(e);
  RawVector<uint64_t> seq_by_source(input_order ? e : 0);
  std::vector<uint32_t> source_offsets;
  StableCountingSort(
      parts, n,
      [&](uint32_t p, uint32_t* hist) {
        edges->ForRange(part_begin(p), part_begin(p + 1), [&](uint64_t, uint32_t s, uint32_t) { ++hist[s]; });
      },
      [&](uint32_t p, uint32_t* cursor) {
        uint32_t* out = by_source.data();
        uint64_t* seq = seq_by_source.data();
        edges->ForRange(part_begin(p), part_begin(p + 1), [&](uint64_t i, uint32_t s, uint32_t d) {
          const uint32_t slot = cursor[s]++;
          out[slot] = d;
          if (input_order) seq[slot] = i;
        });
      },
      &source_offsets, pool);
  edges->Clear();

  // 2. By target: the reverse sources, ascending within each target.
  c.rev.resize(e);
  RawVector<uint64_t> seq_by_target(input_order ? e : 0);
  StableCountingSort(
      parts, n,
      [&](uint32_t p, uint32_t* hist) {
        for (uint64_t k = part_begin(p), end = part_begin(p + 1); k < end; ++k) ++hist[by_source[k]];
      },
      [&](uint32_t p, uint32_t* cursor) {
        ForPositions(source_offsets, part_begin(p), part_begin(p + 1), [&](uint64_t s, uint64_t k) {
          const uint32_t slot = cursor[by_source[k]]++;
          c.rev[slot].source = static_cast<uint32_t>(s);
          if (input_order) seq_by_target[slot] = seq_by_source[k];
        });
      },
      &c.rev_offsets, pool);
  Release(by_source);
  Release(seq_by_source);

  // 3. The reverse by source: forward slices come out in ascending target order.
  c.fwd_targets.resize(e);
  if (input_order) c.input_of_position.resize(e);
  StableCountingSort(
      parts, n,
      [&](uint32_t p, uint32_t* hist) {
        for (uint64_t j = part_begin(p), end = part_begin(p + 1); j < end; ++j) ++hist[c.rev[j].source];
      },
      [&](uint32_t p, uint32_t* cursor) {
        ForPositions(c.rev_offsets, part_begin(p), part_begin(p + 1), [&](uint64_t t, uint64_t j) {
          const uint32_t pos = cursor[c.rev[j].source]++;
          c.fwd_targets[pos] = static_cast<uint32_t>(t);
          c.rev[j].position = pos;
          if (input_order) c.input_of_position[pos] = seq_by_target[j];
        });
      },
      &c.fwd_offsets, pool);
  return c;
}

namespace {

using Fill = std::function<void(uint64_t first, uint64_t n, char* out)>;

// Element i is get(i), at the file's width.
template <typename Get>
Fill UIntFill(uint32_t width, Get get) {
  QUIVER_ASSERT(width == 4 || width == 8);
  return [width, get](uint64_t first, uint64_t n, char* out) {
    StoreUInts(n, width, [&](uint64_t i) -> uint64_t { return get(first + i); }, out);
  };
}

template <typename T>
Fill ArrayFill(const T* data, uint32_t width) {
  if (width == sizeof(T)) {
    return [data](uint64_t first, uint64_t n, char* out) { std::memcpy(out, data + first, n * sizeof(T)); };
  }
  return UIntFill(width, [data](uint64_t i) -> uint64_t { return data[i]; });
}

}  // namespace

Result<storage::FileInfo> WriteCsrArrays(storage::GenerationWriter* writer, uint32_t type, uint32_t segment,
                                         const CsrArrays32& c,
                                         WorkerPool* pool) {
  const uint64_t e = c.fwd_targets.size();
  const CsrFileShape shape = CsrFileShapeFor(*writer, e);
  const RevEntry* rev = c.rev.data();
  const storage::SectionSource sections[] = {
      {SectionType::kFwdOffsets, shape.position_width, c.fwd_offsets.size(),
       ArrayFill(c.fwd_offsets.data(), shape.position_width)},
      {SectionType::kFwdTargets, shape.node_width, e, ArrayFill(c.fwd_targets.data(), shape.node_width)},
      {SectionType::kRevOffsets, shape.position_width, c.rev_offsets.size(),
       ArrayFill(c.rev_offsets.data(), shape.position_width)},
      {SectionType::kRevSources, shape.node_width, e,
       UIntFill(shape.node_width, [rev](uint64_t i) -> uint64_t { return rev[i].source; })},
      {SectionType::kRevEdgePositions, shape.position_width, e,
       UIntFill(shape.position_width, [rev](uint64_t i) -> uint64_t { return rev[i].position; })},
  };
  return writer->WriteFileInParallel(storage::RelationshipFileName(type, segment),
                                     storage::FileKind::kRelationshipType, type, 0, shape.flags, sections,
                                     pool->Runner(), segment);
}

}  // namespace quiver::ingest
