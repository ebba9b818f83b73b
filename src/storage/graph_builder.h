#pragma once
// GraphBuilder: an in-memory graph (nodes with labels, properties and external ids;
// typed edges with properties) turned into a generation's arrays: counting-sort CSRs,
// label sets, property columns, the external id index. For tests and small paths; the
// ingest layer builds the same arrays in bounded memory and hands them to the same
// GenerationWriter.
//
// The output depends only on the order of AddNode/AddEdge calls: dictionary ids are
// assigned by first appearance, parallel edges keep their insertion order.

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "storage/external_id_index.h"
#include "storage/generation_writer.h"
#include "storage/property_value.h"

namespace quiver::storage {

class GraphBuilder {
 public:
  using Properties = std::vector<std::pair<std::string, PropertyValue>>;

  // Returns the new node's internal id (0, 1, 2, ... in call order). Null property
  // values are not stored; a repeated key keeps the last value.
  uint64_t AddNode(const std::vector<std::string>& labels = {}, const Properties& properties = {},
                   ExternalKey key = {});
  // InvalidArgument if an endpoint is not a node added before.
  Status AddEdge(uint64_t source, uint64_t target, std::string_view type, const Properties& properties = {});

  uint64_t node_count() const { return node_labels_.size(); }
  uint64_t edge_count() const { return edge_count_; }

  // Writes dictionary, labels, one CSR per type, property columns and external ids.
  // InvalidArgument for duplicate or mixed-kind external ids.
  Status Write(GenerationWriter* writer) const;

 private:
  class Dict {
   public:
    uint32_t Intern(std::string_view name);
    const std::vector<std::string>& names() const { return names_; }

   private:
    std::vector<std::string> names_;
    std::unordered_map<std::string, uint32_t> ids_;
  };
  using Column = std::vector<std::pair<uint64_t, PropertyValue>>;  // (row, value), rows ascending
  struct TypeEdges {
    std::vector<uint64_t> sources, targets;
    std::unordered_map<uint32_t, Column> columns;  // key -> (input index, value)
  };
  static void Put(std::vector<Column>* columns, uint32_t key, uint64_t row, const PropertyValue& value);

  Dict labels_, types_, keys_;
  std::vector<std::vector<uint32_t>> node_labels_;
  std::vector<ExternalKey> node_keys_;
  std::vector<Column> node_columns_;  // by key id
  std::vector<TypeEdges> edges_;      // by type id
  uint64_t edge_count_ = 0;
};

}  // namespace quiver::storage
