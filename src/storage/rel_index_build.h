#pragma once
// Building a relationship property index's entries from a generation: the relationships
// of the index's type are its forward CSR positions 0..E_t-1 (a generation holds no
// deleted relationship), and their properties are the type's edge columns, indexed by
// that position. The sort and merge are the node build's (BuildSortedIndex).

#include <cstdint>
#include <vector>

#include "storage/generation.h"
#include "storage/property_index_build.h"

namespace quiver::storage {

// The key of a relationship's entry under one relationship index, read from the type's
// columns: what the build sorts and what verification compares an index file with.
class RelationshipKeyEncoder {
 public:
  RelationshipKeyEncoder(const Generation& generation, const IndexDefinition& definition);
  // `position` < the type's edge count. As NodeKeyEncoder::Append.
  Result<bool> Append(uint64_t position, std::string& out) const;

 private:
  const Generation* generation_;
  uint32_t type_;
  // Per relationship segment, by key; null: no relationship of the segment carries it.
  std::vector<std::vector<const PropertyColumn*>> columns_;
};

// InvalidArgument for a definition that is not a relationship property index.
Result<PropertyIndexData> BuildRelationshipPropertyIndex(const Generation& generation,
                                                         const IndexDefinition& definition, unsigned workers,
                                                         const IndexBuildProgress& progress = {},
                                                         const IndexSpill& spill = {});

// Either entity's build and encoder, by the definition: what a derived generation and
// `quiver check` call.
Result<PropertyIndexData> BuildIndexEntries(const Generation& generation, const IndexDefinition& definition,
                                            unsigned workers, const IndexBuildProgress& progress = {},
                                            const IndexSpill& spill = {});
IndexEntryEncoder IndexEntryEncoderFor(const Generation& generation, const IndexDefinition& definition);

}  // namespace quiver::storage
