#include "storage/rel_index_build.h"

#include <memory>

namespace quiver::storage {

RelationshipKeyEncoder::RelationshipKeyEncoder(const Generation& g, const IndexDefinition& d) {
  for (PropertyKeyId key : d.keys) columns_.push_back(g.EdgeColumn(d.token, key));
}

Result<bool> RelationshipKeyEncoder::Append(uint64_t position, std::string& out) const {
  return AppendColumnsKey(columns_, position, out);
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
