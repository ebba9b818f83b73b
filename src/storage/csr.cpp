#include "storage/csr.h"

#include "common/assert.h"

#include <algorithm>
#include <cstdio>

namespace quiver::storage {
namespace {

// Writes values narrowed to `width` bytes, in chunks.
Status WriteUInts(SectionFileWriter* w, SectionType type, uint32_t width, std::span<const uint64_t> values) {
  QUIVER_RETURN_IF_ERROR(w->BeginSection(type, width));
  std::string chunk;
  constexpr size_t kChunk = 1 << 16;
  chunk.reserve(kChunk * width);
  for (size_t i = 0; i < values.size(); ++i) {
    chunk.append(reinterpret_cast<const char*>(&values[i]), width);  // little-endian: low bytes first
    if (chunk.size() >= kChunk * width) {
      QUIVER_RETURN_IF_ERROR(w->Append(chunk));
      chunk.clear();
    }
  }
  QUIVER_RETURN_IF_ERROR(w->Append(chunk));
  return w->EndSection();
}

}  // namespace

CsrArrays BuildCsr(uint64_t node_count, std::span<const uint64_t> sources, std::span<const uint64_t> targets,
                   std::vector<uint64_t>* input_of_position) {
  const uint64_t e = sources.size();
  CsrArrays c;
  // Two stable counting sorts (by target, then by source) order edges by
  // (source, target, input order) in O(N + E).
  std::vector<uint64_t> by_target(e), order(e);
  c.rev_offsets.assign(node_count + 1, 0);
  for (uint64_t t : targets) ++c.rev_offsets[t + 1];
  for (uint64_t v = 0; v < node_count; ++v) c.rev_offsets[v + 1] += c.rev_offsets[v];
  {
    std::vector<uint64_t> next(c.rev_offsets.begin(), c.rev_offsets.end() - 1);
    for (uint64_t i = 0; i < e; ++i) by_target[next[targets[i]]++] = i;
  }
  c.fwd_offsets.assign(node_count + 1, 0);
  for (uint64_t s : sources) ++c.fwd_offsets[s + 1];
  for (uint64_t v = 0; v < node_count; ++v) c.fwd_offsets[v + 1] += c.fwd_offsets[v];
  {
    std::vector<uint64_t> next(c.fwd_offsets.begin(), c.fwd_offsets.end() - 1);
    for (uint64_t i : by_target) order[next[sources[i]]++] = i;
  }
  c.fwd_targets.resize(e);
  for (uint64_t p = 0; p < e; ++p) c.fwd_targets[p] = targets[order[p]];

  // Reverse: walking forward positions in order fills each target's slice by ascending
  // (source, position).
  c.rev_sources.resize(e);
  c.rev_edge_positions.resize(e);
  std::vector<uint64_t> next(c.rev_offsets.begin(), c.rev_offsets.end() - 1);
  for (uint64_t s = 0; s < node_count; ++s) {
    for (uint64_t p = c.fwd_offsets[s]; p < c.fwd_offsets[s + 1]; ++p) {
      const uint64_t slot = next[c.fwd_targets[p]]++;
      c.rev_sources[slot] = s;
      c.rev_edge_positions[slot] = p;
    }
  }
  if (input_of_position != nullptr) *input_of_position = std::move(order);
  return c;
}

std::string RelationshipFileName(uint32_t type, uint32_t segment) {
  char buf[40];
  if (segment == 0) {
    std::snprintf(buf, sizeof(buf), "rel-%06u.qv", type);
  } else {
    std::snprintf(buf, sizeof(buf), "rel-%06u-s%03u.qv", type, segment);
  }
  return buf;
}

Status WriteCsr(SectionFileWriter* w, const CsrArrays& c, uint32_t node_id_width, uint32_t ew) {
  QUIVER_ASSERT(ew >= EdgePositionWidth(c.edge_count()) && (ew == 4 || ew == 8));
  QUIVER_RETURN_IF_ERROR(WriteUInts(w, SectionType::kFwdOffsets, ew, c.fwd_offsets));
  QUIVER_RETURN_IF_ERROR(WriteUInts(w, SectionType::kFwdTargets, node_id_width, c.fwd_targets));
  QUIVER_RETURN_IF_ERROR(WriteUInts(w, SectionType::kRevOffsets, ew, c.rev_offsets));
  QUIVER_RETURN_IF_ERROR(WriteUInts(w, SectionType::kRevSources, node_id_width, c.rev_sources));
  return WriteUInts(w, SectionType::kRevEdgePositions, ew, c.rev_edge_positions);
}

Result<CsrView> CsrView::Open(const SectionFile& f, uint64_t node_count, uint32_t node_id_width,
                              uint64_t edge_count) {
  CsrView v;
  v.node_count_ = node_count;
  // The writer chose the edge-position width (the minimal one unless told otherwise);
  // it must hold E and be 4 or 8 bytes.
  const SectionView* fo = f.Find(SectionType::kFwdOffsets);
  const uint32_t ew = fo != nullptr ? fo->width : 8;
  if (fo != nullptr && ((ew != 4 && ew != 8) || ew < EdgePositionWidth(edge_count))) {
    return CorruptionAt(f.name(), fo->offset, "edge position width " + std::to_string(ew) + " cannot hold " +
                                                  std::to_string(edge_count) + " edges");
  }
  QUIVER_ASSIGN_OR_RETURN(v.fwd_offsets_s_, f.Get(SectionType::kFwdOffsets, ew, node_count + 1));
  QUIVER_ASSIGN_OR_RETURN(v.fwd_targets_s_, f.Get(SectionType::kFwdTargets, node_id_width, edge_count));
  QUIVER_ASSIGN_OR_RETURN(v.rev_offsets_s_, f.Get(SectionType::kRevOffsets, ew, node_count + 1));
  QUIVER_ASSIGN_OR_RETURN(v.rev_sources_s_, f.Get(SectionType::kRevSources, node_id_width, edge_count));
  QUIVER_ASSIGN_OR_RETURN(v.rev_positions_s_, f.Get(SectionType::kRevEdgePositions, ew, edge_count));
  v.fwd_offsets_ = v.fwd_offsets_s_.uints();
  v.fwd_targets_ = v.fwd_targets_s_.uints();
  v.rev_offsets_ = v.rev_offsets_s_.uints();
  v.rev_sources_ = v.rev_sources_s_.uints();
  v.rev_positions_ = v.rev_positions_s_.uints();
  return v;
}

AdjacencySlice CsrView::Slice(const UIntArray& offsets, const UIntArray& ids, uint64_t node) const {
  AdjacencySlice s;
  if (node >= node_count_) return s;
  const uint64_t begin = offsets[node], end = offsets[node + 1];
  s.neighbors = ids.Slice(begin, end);
  s.first_edge = begin;
  return s;
}

uint64_t CsrView::SliceLength(const UIntArray& offsets, uint64_t node) const {
  if (node >= node_count_) return 0;
  const uint64_t edges = fwd_targets_.size();
  const uint64_t end = std::min(offsets[node + 1], edges);
  const uint64_t begin = std::min(offsets[node], end);
  return end - begin;
}

AdjacencySlice CsrView::Out(uint64_t node) const { return Slice(fwd_offsets_, fwd_targets_, node); }

AdjacencySlice CsrView::In(uint64_t node) const {
  AdjacencySlice s = Slice(rev_offsets_, rev_sources_, node);
  const uint64_t begin = s.neighbors.empty() ? 0 : s.first_edge;
  s.edge_positions = rev_positions_.Slice(begin, begin + s.neighbors.size());
  s.first_edge = 0;
  return s;
}

bool CsrView::Endpoints(uint64_t position, uint64_t* source, uint64_t* target) const {
  if (position >= fwd_targets_.size()) return false;
  // The source is the last node whose slice starts at or before position.
  uint64_t lo = 0, hi = node_count_;  // invariant: offsets[lo] <= position < offsets[hi]
  while (hi - lo > 1) {
    const uint64_t mid = lo + (hi - lo) / 2;
    if (fwd_offsets_[mid] <= position) lo = mid; else hi = mid;
  }
  *source = lo;
  *target = fwd_targets_[position];
  return true;
}

Status CsrView::Verify(const SectionFile& f) const {
  const std::string& n = f.name();
  const uint64_t e = fwd_targets_.size();
  // Offsets: 0, monotone, E; ids in range; slices sorted.
  struct Side {
    const UIntArray& offsets;
    const SectionView& offsets_s;
    const UIntArray& ids;
    const SectionView& ids_s;
    const char* what;
  };
  for (const Side& side : {Side{fwd_offsets_, fwd_offsets_s_, fwd_targets_, fwd_targets_s_, "forward"},
                           Side{rev_offsets_, rev_offsets_s_, rev_sources_, rev_sources_s_, "reverse"}}) {
    if (side.offsets[0] != 0) return CorruptionAt(n, side.offsets_s.offset, std::string(side.what) + " offsets[0] is not 0");
    for (uint64_t v = 0; v < node_count_; ++v) {
      const uint64_t b = side.offsets[v], end = side.offsets[v + 1];
      if (end < b || end > e) {
        return CorruptionAt(n, side.offsets_s.OffsetOf(v + 1), std::string(side.what) + " offsets not monotone or past E");
      }
      for (uint64_t i = b; i < end; ++i) {
        const uint64_t id = side.ids[i];
        if (id >= node_count_) return CorruptionAt(n, side.ids_s.OffsetOf(i), std::string(side.what) + " node id out of range");
        if (i > b && id < side.ids[i - 1]) {
          return CorruptionAt(n, side.ids_s.OffsetOf(i), std::string(side.what) + " slice not sorted by neighbour");
        }
      }
    }
    if (side.offsets[node_count_] != e) {
      return CorruptionAt(n, side.offsets_s.OffsetOf(node_count_), std::string(side.what) + " offsets[N] is not E");
    }
  }
  // Transpose: every reverse entry (v <- u, position p) is the forward edge u -> v at p,
  // each forward position appears exactly once, and ties are in position order.
  std::vector<bool> seen(e, false);
  for (uint64_t v = 0; v < node_count_; ++v) {
    for (uint64_t i = rev_offsets_[v]; i < rev_offsets_[v + 1]; ++i) {
      const uint64_t p = rev_positions_[i], u = rev_sources_[i];
      if (p >= e) return CorruptionAt(n, rev_positions_s_.OffsetOf(i), "reverse edge position out of range");
      if (seen[p]) return CorruptionAt(n, rev_positions_s_.OffsetOf(i), "forward position listed twice in the reverse CSR");
      seen[p] = true;
      if (fwd_targets_[p] != v || p < fwd_offsets_[u] || p >= fwd_offsets_[u + 1]) {
        return CorruptionAt(n, rev_positions_s_.OffsetOf(i), "reverse CSR is not the transpose of the forward CSR");
      }
      if (i > rev_offsets_[v] && u == rev_sources_[i - 1] && p <= rev_positions_[i - 1]) {
        return CorruptionAt(n, rev_positions_s_.OffsetOf(i), "parallel edges out of position order in the reverse CSR");
      }
    }
  }
  // Every forward position was seen: the reverse CSR has E entries, each a distinct position.
  return Status::OK();
}

}  // namespace quiver::storage
