#include "ingest/csr_file.h"

#include <cstring>

#include "storage/csr.h"

namespace quiver::ingest {

CsrFileShape CsrFileShapeFor(const storage::GenerationWriter& writer, uint64_t edge_count) {
  CsrFileShape shape;
  shape.node_width = writer.node_id_width();
  shape.position_width = storage::EdgePositionWidth(edge_count);
  shape.flags = shape.position_width == 8 ? storage::kFlagWideEdgePositions : 0;
  return shape;
}

Result<CsrFile> CsrFile::Create(storage::GenerationWriter* writer, uint32_t type, uint64_t edge_count,
                                uint32_t segment) {
  CsrFile f;
  const CsrFileShape shape = CsrFileShapeFor(*writer, edge_count);
  f.node_width_ = shape.node_width;
  f.position_width_ = shape.position_width;
  QUIVER_ASSIGN_OR_RETURN(f.w_, writer->NewFile(storage::RelationshipFileName(type, segment),
                                                storage::FileKind::kRelationshipType, type, 0, shape.flags, segment));
  return f;
}

Status CsrFile::Begin(storage::SectionType type, uint32_t width) {
  width_ = width;
  return w_->BeginSection(type, width);
}

template <typename T>
Status CsrFile::AppendAs(std::span<const T> values) {
  if (width_ == sizeof(T)) return w_->AppendArray(values);  // the common case: no copy
  constexpr size_t kChunk = 1 << 16;
  for (size_t begin = 0; begin < values.size(); begin += kChunk) {
    const size_t end = std::min(values.size(), begin + kChunk);
    scratch_.resize((end - begin) * width_);
    StoreUInts(end - begin, width_, [&](uint64_t i) -> uint64_t { return values[begin + i]; }, scratch_.data());
    QUIVER_RETURN_IF_ERROR(w_->Append(scratch_));
  }
  return Status::OK();
}

Status CsrFile::Append(std::span<const uint32_t> values) {
  return AppendAs(values);
}
Status CsrFile::Append(std::span<const uint64_t> values) {
  return AppendAs(values);
}

Status CsrFile::WriteOffsets(storage::SectionType type, std::span<const uint32_t> degrees) {
  QUIVER_RETURN_IF_ERROR(BeginPositions(type));
  constexpr size_t kChunk = 1 << 16;
  std::vector<uint64_t> buf;
  buf.reserve(kChunk + 1);
  uint64_t at = 0;
  buf.push_back(0);
  for (uint32_t d : degrees) {
    at += d;
    buf.push_back(at);
    if (buf.size() >= kChunk) {
      QUIVER_RETURN_IF_ERROR(Append(std::span<const uint64_t>(buf)));
      buf.clear();
    }
  }
  QUIVER_RETURN_IF_ERROR(Append(std::span<const uint64_t>(buf)));
  return EndSection();
}

}  // namespace quiver::ingest
