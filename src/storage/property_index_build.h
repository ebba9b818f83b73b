#pragma once
// Building a property index's entries from a generation (docs/design.md, "Building an
// index on an existing graph"): the label sets and the indexed columns are read and
// encoded on `workers` threads, each over its own range of node ids, and sorted into the
// file's order by an IndexEntrySorter (index_entry_sorter.h).
//
// Memory: without a budget every entry is held at once (its key bytes, an offset and a
// node id: about 40 bytes for a number key), twice while the result is assembled. With
// one (IndexSpill), entries past half of it are sorted into runs in the scratch
// directory and the result holds the sorter, which WritePropertyIndex merges straight
// into the file's sections: the peak is the budget, not the index. The file is the same
// byte for byte either way.

#include <cstdint>
#include <functional>
#include <span>
#include <string>

#include "storage/generation.h"
#include "storage/index_entry_sorter.h"
#include "storage/property_index.h"

namespace quiver::storage {

// The key of a node's entry under one index, read from the generation's label sets and
// columns: what the build sorts and what verification compares an index file with.
class NodeKeyEncoder {
 public:
  NodeKeyEncoder(const Generation& generation, const IndexDefinition& definition);
  // Appends the node's key to `out` and returns true when the node has an entry; false
  // (out unchanged) when it lacks the label or holds no indexable value on keys[0].
  // Corruption only for a value that does not decode.
  Result<bool> Append(uint64_t node, std::string& out) const;

 private:
  const Generation& g_;
  uint32_t token_;
  std::vector<const PropertyColumn*> columns_;  // by key; null: no node carries it
};

// The key of row `row` of the columns (one per key of a definition, null where nothing
// carries that key): appended to `out` with true, or false (out unchanged) when the
// first column holds no indexable value there. The tuple encoding both entities share.
Result<bool> AppendColumnsKey(std::span<const PropertyColumn* const> columns, uint64_t row, std::string& out);

// Called with the entities (nodes, or a relationship index's relationships) read so far
// and the total, from the worker threads one at a time.
using IndexBuildProgress = std::function<void(uint64_t nodes_done, uint64_t nodes_total)>;

// Appends entity `id`'s key to `out` and returns true when it has an entry (false, out
// unchanged, when not): NodeKeyEncoder::Append, or a relationship's (rel_index_build.h).
// Called from several threads at once.
using IndexEntryEncoder = std::function<Result<bool>(uint64_t id, std::string& out)>;

// The build every entity shares: encodes ids [0, count) on `workers` threads, each over
// its own range, and sorts them into the file's (key, id) order (IndexEntrySorter).
// Past spill.memory_budget the entries spill to sorted runs (the result then holds them).
Result<PropertyIndexData> BuildSortedIndex(const IndexDefinition& definition, uint64_t count,
                                           const IndexEntryEncoder& encode, unsigned workers,
                                           const IndexBuildProgress& progress = {}, const IndexSpill& spill = {});

// InvalidArgument for a definition that is not a node index with keys; Corruption when a
// damaged block of the generation is read.
// IOError when a run cannot be written or read back (its files are removed either way).
Result<PropertyIndexData> BuildPropertyIndex(const Generation& generation, const IndexDefinition& definition,
                                             unsigned workers, const IndexBuildProgress& progress = {},
                                             const IndexSpill& spill = {});

}  // namespace quiver::storage
