#pragma once
// The planner's statistics (planner/graph_statistics.h) from the graph a statement will
// run on: the counts GraphReader keeps without scanning (per label and type where the
// store has them — a generation with no writes over it — and the totals everywhere).

#include <memory>

#include "planner/graph_statistics.h"
#include "storage/graph.h"

namespace quiver::main {

class StoreStatistics final : public planner::GraphStatistics {
 public:
  explicit StoreStatistics(const GraphReader& graph) : graph_(graph) {}

  std::optional<uint64_t> NodeCount() const override { return graph_.CountNodes(std::nullopt); }
  std::optional<uint64_t> LabelCount(std::string_view label) const override;
  std::optional<uint64_t> RelationshipCount() const override {
    return graph_.CountRelationships(std::nullopt);
  }
  std::optional<uint64_t> RelTypeCount(std::string_view type) const override;
  bool HasNodeKeyIndex(std::string_view property) const override;
  bool HasPropertyIndex(std::string_view label, std::string_view property) const override;

 private:
  const GraphReader& graph_;
};

// The statistics of `graph`; none (planner::NoStatistics) when null.
std::unique_ptr<planner::GraphStatistics> StatisticsOf(const GraphReader* graph);

}  // namespace quiver::main
