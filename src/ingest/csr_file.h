#pragma once
// CsrFile: writes one relationship type's file (docs/format/generation.md,
// "RelationshipType") section by section as the arrays are produced, narrowing or
// widening values to the file's widths. Both the in-memory build and the spilling build
// write through it, so they produce the same bytes for the same arrays.

#include <cstdint>
#include <cstring>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "storage/generation_writer.h"

namespace quiver::ingest {

// Stores get(0..n) little-endian in `width` (4 or 8) bytes each at out: how a type file's
// values reach its widths, whether streamed (CsrFile) or filled in parallel (csr_memory).
// Fixed-size copies, so that the loops compile to plain stores.
template <typename Get>
void StoreUInts(uint64_t n, uint32_t width, Get&& get, char* out) {
  if (width == 4) {
    for (uint64_t i = 0; i < n; ++i) {
      const auto v = static_cast<uint32_t>(get(i));
      std::memcpy(out + i * 4, &v, 4);
    }
  } else {
    for (uint64_t i = 0; i < n; ++i) {
      const uint64_t v = get(i);
      std::memcpy(out + i * 8, &v, 8);
    }
  }
}

// The widths and header flags of a relationship type's file.
struct CsrFileShape {
  uint32_t node_width = 4;
  uint32_t position_width = 4;
  uint16_t flags = 0;
};
CsrFileShape CsrFileShapeFor(const storage::GenerationWriter& writer, uint64_t edge_count);

class CsrFile {
 public:
  // `segment`: the type's segment the file is (0 but for an incremental import's).
  static Result<CsrFile> Create(storage::GenerationWriter* writer, uint32_t type, uint64_t edge_count,
                                uint32_t segment = 0);

  uint32_t node_width() const { return node_width_; }
  uint32_t position_width() const { return position_width_; }

  // A section of node ids (targets, sources) or of edge positions/offsets.
  Status BeginNodes(storage::SectionType type) { return Begin(type, node_width_); }
  Status BeginPositions(storage::SectionType type) { return Begin(type, position_width_); }
  Status Append(std::span<const uint32_t> values);
  Status Append(std::span<const uint64_t> values);
  // Bytes already at the open section's width.
  Status AppendRaw(std::string_view bytes) { return w_->Append(bytes); }
  Status EndSection() { return w_->EndSection(); }
  // The N+1 offsets whose differences are these degrees.
  Status WriteOffsets(storage::SectionType type, std::span<const uint32_t> degrees);

  // Finishes the file; the caller adds the FileInfo to the generation (in type order).
  Result<storage::FileInfo> Finish() { return w_->Finish(); }

 private:
  Status Begin(storage::SectionType type, uint32_t width);
  template <typename T>
  Status AppendAs(std::span<const T> values);

  std::unique_ptr<storage::SectionFileWriter> w_;
  uint32_t node_width_ = 4;
  uint32_t position_width_ = 4;
  uint32_t width_ = 4;  // of the open section
  std::string scratch_;
};

}  // namespace quiver::ingest
