#include "storage/rel_index_build.h"

#include <memory>

namespace quiver::storage {

RelationshipKeyEncoder::RelationshipKeyEncoder(const Generation& g, const IndexDefinition& d)
    : generation_(&g), type_(d.token) {
  columns_.resize(std::max<uint32_t>(g.SegmentCount(d.token), 1));
  for (uint32_t segment = 0; segment < columns_.size(); ++segment) {
    for (PropertyKeyId key : d.keys) columns_[segment].push_back(g.EdgeColumn(d.token, segment, key));
  }
}

Result<bool> RelationshipKeyEncoder::Append(uint64_t position, std::string& out) const {
  if (columns_.size() == 1) return AppendColumnsKey(columns_[0], position, out);
  const Generation::SegmentPosition at = generation_->LocateEdge(type_, position);
  return AppendColumnsKey(columns_[at.segment], at.position, out);
}

Result<PropertyIndexData> BuildRelationshipPropertyIndex(const Generation& g, const IndexDefinition& d,
                                                         unsigned workers, const IndexBuildProgress& progress,
                                                         const IndexSpill& spill) {
  if (!d.IsRelationshipPropertyIndex()) {
    return Status::InvalidArgument("index " + d.name + " is not a relationship property index");
  }
  const RelationshipKeyEncoder encoder(g, d);
  return BuildSortedIndex(
      d, g.RelTypeEdgeCount(d.token),
      [&](uint64_t position, std::string& out) { return encoder.Append(position, out); }, workers, progress,
      spill);
}

Result<PropertyIndexData> BuildIndexEntries(const Generation& g, const IndexDefinition& d, unsigned workers,
                                            const IndexBuildProgress& progress, const IndexSpill& spill) {
  return d.entity == IndexEntity::kRelationship ? BuildRelationshipPropertyIndex(g, d, workers, progress, spill)
                                                : BuildPropertyIndex(g, d, workers, progress, spill);
}

IndexEntryEncoder IndexEntryEncoderFor(const Generation& g, const IndexDefinition& d) {
  if (d.entity == IndexEntity::kRelationship) {
    auto encoder = std::make_shared<const RelationshipKeyEncoder>(g, d);
    return [encoder](uint64_t id, std::string& out) { return encoder->Append(id, out); };
  }
  auto encoder = std::make_shared<const NodeKeyEncoder>(g, d);
  return [encoder](uint64_t id, std::string& out) { return encoder->Append(id, out); };
}

}  // namespace quiver::storage
