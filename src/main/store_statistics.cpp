#include "main/store_statistics.h"

namespace quiver::main {

// A name the graph has never seen labels (or types) nothing: a known zero.
std::optional<uint64_t> StoreStatistics::LabelCount(std::string_view label) const {
  auto id = graph_.FindLabel(label);
  return id ? graph_.CountNodes(*id) : std::optional<uint64_t>(0);
}

std::optional<uint64_t> StoreStatistics::RelTypeCount(std::string_view type) const {
  auto id = graph_.FindRelType(type);
  return id ? graph_.CountRelationships(*id) : std::optional<uint64_t>(0);
}

std::unique_ptr<planner::GraphStatistics> StatisticsOf(const GraphReader* graph) {
  if (graph == nullptr) return std::make_unique<planner::NoStatistics>();
  return std::make_unique<StoreStatistics>(*graph);
}

bool StoreStatistics::HasPropertyIndex(std::string_view label, std::string_view property) const {
  auto label_id = graph_.FindLabel(label);
  auto key = graph_.FindPropertyKey(property);
  return label_id && key && graph_.OnlineNodeIndex(*label_id, *key) != nullptr;
}

bool StoreStatistics::HasNodeKeyIndex(std::string_view property) const {
  auto key = graph_.FindPropertyKey(property);
  return key && graph_.HasNodeKeyIndex(*key);
}

}  // namespace quiver::main
