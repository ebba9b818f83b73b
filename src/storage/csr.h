#pragma once
// Forward and reverse CSR of one relationship type (docs/format/generation.md,
// "RelationshipType"). The forward position of an edge is its id: the forward CSR stores
// no edge ids; the reverse CSR stores the forward position of each entry.

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "storage/section_file.h"

namespace quiver::storage {

enum class Direction : uint8_t { kOut = 1, kIn = 2, kBoth = 3 };

// The arrays of one type, as the writer takes them (values narrowed to the file widths).
struct CsrArrays {
  std::vector<uint64_t> fwd_offsets;  // N+1
  std::vector<uint64_t> fwd_targets;  // E
  std::vector<uint64_t> rev_offsets;  // N+1
  std::vector<uint64_t> rev_sources;  // E
  std::vector<uint64_t> rev_edge_positions;  // E
  uint64_t edge_count() const { return fwd_targets.size(); }
};

// Counting-sort build from edges in input order: forward slices sorted by (target, input
// order), reverse slices by (source, forward position). If input_of_position is given it
// receives, per forward position, the input index of that edge (to place edge properties).
// Endpoints must be < node_count (checked by the caller).
CsrArrays BuildCsr(uint64_t node_count, std::span<const uint64_t> sources, std::span<const uint64_t> targets,
                   std::vector<uint64_t>* input_of_position = nullptr);

// Segment 0 is the type's first file (and its only one before segments existed).
std::string RelationshipFileName(uint32_t type, uint32_t segment = 0);
// Widths: node ids and edge positions in bytes (4 or 8), at least the minimal ones.
Status WriteCsr(SectionFileWriter* w, const CsrArrays& csr, uint32_t node_id_width, uint32_t edge_position_width);

// The neighbours of one node in one direction of one type. Edge ids (forward positions)
// are first_edge + i for out-slices and edge_positions[i] for in-slices.
// A slice of a relationship segment (Generation::Neighbors) carries the segment's first
// edge: in-slices add it to their positions, out-slices have it in first_edge.
struct AdjacencySlice {
  UIntArray neighbors;
  UIntArray edge_positions;  // empty for out-slices
  uint64_t first_edge = 0;
  uint64_t position_base = 0;  // added to edge_positions
  uint64_t size() const { return neighbors.size(); }
  uint64_t EdgeAt(uint64_t i) const {
    return edge_positions.empty() ? first_edge + i : position_base + edge_positions[i];
  }
};

class CsrView {
 public:
  static Result<CsrView> Open(const SectionFile& f, uint64_t node_count, uint32_t node_id_width,
                              uint64_t edge_count);
  uint64_t edge_count() const { return fwd_targets_.size(); }
  uint32_t edge_position_width() const { return fwd_offsets_.width(); }
  // O(1); clamped so corrupt offsets cannot reach outside the mapping.
  AdjacencySlice Out(uint64_t node) const;
  AdjacencySlice In(uint64_t node) const;
  // From the offsets alone: no neighbour is read (or checked, block_verifier.h).
  uint64_t OutDegree(uint64_t node) const { return SliceLength(fwd_offsets_, node); }
  uint64_t InDegree(uint64_t node) const { return SliceLength(rev_offsets_, node); }
  // Source and target of the edge at a forward position: O(log N).
  bool Endpoints(uint64_t position, uint64_t* source, uint64_t* target) const;

  // Offsets monotone from 0 to E, ids < N, slices sorted, reverse = transpose of forward.
  Status Verify(const SectionFile& f) const;

 private:
  AdjacencySlice Slice(const UIntArray& offsets, const UIntArray& ids, uint64_t node) const;
  // The slice's length as Slice would clamp it.
  uint64_t SliceLength(const UIntArray& offsets, uint64_t node) const;

  uint64_t node_count_ = 0;
  UIntArray fwd_offsets_, fwd_targets_, rev_offsets_, rev_sources_, rev_positions_;
  SectionView fwd_offsets_s_, fwd_targets_s_, rev_offsets_s_, rev_sources_s_, rev_positions_s_;
};

}  // namespace quiver::storage
