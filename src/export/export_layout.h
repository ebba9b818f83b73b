#pragma once
// Which file each node and relationship of a snapshot goes to, and the typed columns of
// each file, for the formats with a header (CSV, Parquet): neo4j-admin's typed headers
// need one type per column, while Cypher lets a key hold an integer on one node and a
// string on the next.
//
// The entities are grouped by "owner" — a node's label set, a relationship's type —
// and an owner's file has a column per key its entities carry, typed by the one shape
// the key's values take there. Where a key's values take several shapes within an
// owner (rare: `n.x = 1` here, `n.x = 'a'` there), the owner is split into one file per
// combination of the shapes of those keys that occurs. An empty list fits any list
// column; a key that only ever holds empty lists is a string list.
//
// The scan reads every entity once, in parallel by node range; the grouping is decided
// after it, so it does not depend on the number of workers, and neither do the files.

#include <algorithm>
#include <cstdint>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "export/value_shape.h"
#include "ingest/worker_pool.h"
#include "storage/graph.h"

namespace quiver::exporter {

struct PropertyColumn {
  PropertyKeyId key = 0;
  std::string name;
  Shape shape;  // a scalar or a list
};

struct ExportFile {
  bool relationships = false;
  std::vector<LabelId> labels;  // nodes: the label set, ascending ids
  RelTypeId type = 0;           // relationships
  std::vector<PropertyColumn> columns;  // ascending keys
  std::string stem;  // the file name without its extension: "nodes_Person", "relationships_KNOWS"
  uint64_t rows = 0;
};

// The node ranges scans and writers cut a snapshot into: [Begin(i), Begin(i + 1)).
struct Morsels {
  uint64_t bound = 0;  // GraphReader::NodeIdBound()
  uint64_t size = 0;   // nodes per morsel
  uint64_t count() const { return size == 0 ? 0 : (bound + size - 1) / size; }
  uint64_t Begin(uint64_t i) const { return std::min(bound, i * size); }
};

class ExportLayout {
 public:
  // Scans `graph`. A value no typed column holds (a map, a list of lists or of mixed
  // types) or a key name a header cannot carry is InvalidArgument naming the entity and
  // the key, suggesting the jsonl or cypher format.
  static Result<ExportLayout> Scan(const GraphReader& graph, const Morsels& morsels, ingest::WorkerPool* pool);

  const std::vector<ExportFile>& files() const { return files_; }
  // The file of a node with these labels (ascending) and properties (ascending keys).
  uint32_t NodeFile(std::span<const LabelId> labels, std::span<const PropertyEntry> props) const;
  uint32_t RelationshipFile(RelTypeId type, std::span<const PropertyEntry> props) const;
  // Whether some relationship of `type` carries a property (else a writer need not read).
  bool RelationshipsHaveProperties(RelTypeId type) const {
    return type < type_owner_.size() && type_owner_[type] >= 0 && !owners_[type_owner_[type]].shapes.empty();
  }
  // The array delimiter of the files: ';' unless a label or a string in a list holds one;
  // then the first of '|', '\x1f' (the unit separator) that none holds.
  char array_delimiter() const { return array_delimiter_; }
  uint64_t nodes() const { return nodes_; }
  uint64_t relationships() const { return relationships_; }

  // One group's keys: how the shape of each maps to its column (exposed for the scan).
  struct Owner {
    // key -> the shapes its values take in the group (Shape bits).
    std::map<PropertyKeyId, uint32_t> shapes;
    // The keys of several column shapes, and the file of each combination of their
    // column shapes (kAbsent where the entity lacks the key).
    std::vector<PropertyKeyId> split_keys;
    std::map<std::string, uint32_t> file_of_split;  // the combination: a shape code per split key
    uint32_t file = 0;  // without split keys
    // The column shape a value of `shape` takes under `key`.
    Shape ColumnShape(PropertyKeyId key, Shape shape) const;
  };
  static constexpr uint8_t kAbsent = 0xFF;

 private:
  uint32_t FileOf(const Owner& owner, std::span<const PropertyEntry> props) const;

  std::vector<ExportFile> files_;
  std::vector<Owner> owners_;
  // Label sets compared as ranges, so a node's labels are looked up without a copy.
  struct LabelSetLess {
    using is_transparent = void;
    bool operator()(std::span<const LabelId> a, std::span<const LabelId> b) const {
      return std::lexicographical_compare(a.begin(), a.end(), b.begin(), b.end());
    }
  };
  std::map<std::vector<LabelId>, uint32_t, LabelSetLess> node_owner_;  // label set -> owners_ index
  std::vector<int64_t> type_owner_;                       // type -> owners_ index, -1: none
  char array_delimiter_ = ';';
  uint64_t nodes_ = 0, relationships_ = 0;
};

}  // namespace quiver::exporter
