#pragma once
// GraphCounts: how many nodes carry each label and how many relationships have each
// type in one state of the graph, base generation ⊕ delta — what a query on that state
// would count. `quiver info` reports them, so that writes still in the log count.
//
// Cost: O(labels + types + delta records); the base's counts come from its metadata.

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "storage/txn/delta_state.h"

namespace quiver::storage {

struct GraphCounts {
  uint64_t nodes = 0;
  uint64_t relationships = 0;
  std::vector<std::pair<std::string, uint64_t>> labels;     // (name, live nodes), by label id
  std::vector<std::pair<std::string, uint64_t>> rel_types;  // (name, live relationships), by type id
};

GraphCounts CountGraph(const DeltaState& state);

// The same counts by token id, without the names (GraphReader::NodeCountsByLabel).
struct TokenUse {
  std::vector<uint64_t> label_nodes;         // by label id
  std::vector<uint64_t> type_relationships;  // by type id
};
TokenUse CountTokenUse(const DeltaState& state);

}  // namespace quiver::storage
