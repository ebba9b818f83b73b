#pragma once
// A property index's data in a generation (docs/format/generation.md, "PropertyIndex"):
// the (key, id) entries of one node or relationship index, sorted by the key's
// order-preserving bytes (index_key.h) then by id, so a seek is a binary search per byte range with
// nothing loaded at open — the external-id index's shape (external_id_index.h). The
// file records the definition it was built for, so a reader can tell a file built for
// another definition of the same name from the one the catalog holds now.
//
// Entries: the nodes carrying definition.token (a node index), or the relationships of
// type definition.token (a relationship index: ids are forward CSR positions within the
// type, the generation's relationship identity), whose value on keys[0] is indexable
// (IsIndexable); a composite index's key is the tuple of every key's value, a later key
// that is absent or unindexable written as kIndexKeyAbsent. Building from a generation
// is property_index_build.h; the delta's overlay is not here.

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "storage/graph.h"
#include "storage/index_key.h"
#include "storage/schema_catalog.h"
#include "storage/section_file.h"

namespace quiver::storage {

// Files are numbered within a generation (the MANIFEST subject): an index's name may
// hold any character, a file name may not.
std::string PropertyIndexFileName(uint64_t subject);

class IndexEntrySorter;  // index_entry_sorter.h

struct PropertyIndexData {
  IndexDefinition definition;
  std::vector<uint64_t> key_offsets{0};  // size() + 1: entry i's key is [offsets[i], offsets[i + 1])
  std::string key_bytes;
  std::vector<uint64_t> nodes;  // entry i's node, or its relationship's forward position
  // A build past its memory budget (property_index_build.h): the entries are here, in
  // sorted runs, instead of in the vectors above, and WritePropertyIndex merges them.
  std::shared_ptr<const IndexEntrySorter> sorted;
  uint64_t size() const;
};

// The ids an index's entries may hold and the width the file stores them at: the
// generation's node count and node id width for a node index; the type's edge count
// and CSR position width for a relationship index.
struct IndexIdDomain {
  uint64_t bound = 0;
  uint32_t width = 4;
};

// id_width: IndexIdDomain::width of the definition's entity.
Status WritePropertyIndex(SectionFileWriter* w, const PropertyIndexData& data, uint32_t id_width);

class PropertyIndexView {
 public:
  // Checks the sections' presence and sizes and decodes the definition: O(1) in the
  // entries. Corruption for a damaged file, NotSupported for a definition of a newer build.
  // domain_of gives the ids the definition's entity allows (the file must use its width).
  static Result<PropertyIndexView> Open(const SectionFile& f,
                                        const std::function<IndexIdDomain(const IndexDefinition&)>& domain_of);

  const IndexDefinition& definition() const { return definition_; }
  uint64_t size() const { return nodes_.size(); }
  std::string_view KeyAt(uint64_t i) const;
  uint64_t NodeAt(uint64_t i) const { return nodes_[i]; }  // a relationship index's: a position
  // Positions [first, second) of the entries whose key lies in the range. O(log N).
  std::pair<uint64_t, uint64_t> Find(const IndexKeyRange& range) const;
  // Appends the nodes of the entries in each range (in key order within a range).
  void Seek(std::span<const IndexKeyRange> ranges, std::vector<NodeId>& out) const;
  // Offsets bounded and ascending, every key a well-formed tuple of the definition's
  // arity, (key, id) strictly ascending, every id below the domain's bound. O(size).
  Status Verify(const SectionFile& f) const;

 private:
  uint64_t LowerBound(std::string_view key) const;

  IndexDefinition definition_;
  uint64_t id_bound_ = 0;
  UIntArray key_offsets_, nodes_;
  ByteView key_bytes_;
  SectionView offsets_s_, bytes_s_, nodes_s_;
};

}  // namespace quiver::storage
