#pragma once
// What the planner may ask about the graph a statement will run on: the counts the
// store keeps. The planner cannot see storage's open graph (the exec/main layer
// implements this over it, main/store_statistics.h); plans made without one
// (NoStatistics) are today's rule-based plans.
//
// Statistics only steer speed choices — where a pattern starts, EXPLAIN's estimates —
// never what a plan computes, so a plan made from stale counts is still correct.

#include <cstdint>
#include <optional>
#include <string_view>

namespace quiver::planner {

class GraphStatistics {
 public:
  virtual ~GraphStatistics() = default;
  // Each nullopt where the store does not know the count without scanning.
  virtual std::optional<uint64_t> NodeCount() const = 0;
  virtual std::optional<uint64_t> LabelCount(std::string_view label) const = 0;
  virtual std::optional<uint64_t> RelationshipCount() const = 0;
  virtual std::optional<uint64_t> RelTypeCount(std::string_view type) const = 0;
  // Whether the store looks nodes up by this property (the optimizer's NodeSeek): an
  // equality on it finds about one node.
  virtual bool HasNodeKeyIndex(std::string_view property) const = 0;
  // Whether an ONLINE property index of `label` has `property` first (the optimizer's
  // NodeIndexSeek): an equality on it is a seek, not a pass over the label.
  virtual bool HasPropertyIndex(std::string_view /*label*/, std::string_view /*property*/) const {
    return false;
  }
};

// No graph at hand (planner tests, tools): nothing is known.
class NoStatistics final : public GraphStatistics {
 public:
  std::optional<uint64_t> NodeCount() const override { return std::nullopt; }
  std::optional<uint64_t> LabelCount(std::string_view) const override { return std::nullopt; }
  std::optional<uint64_t> RelationshipCount() const override { return std::nullopt; }
  std::optional<uint64_t> RelTypeCount(std::string_view) const override { return std::nullopt; }
  bool HasNodeKeyIndex(std::string_view) const override { return false; }
};

}  // namespace quiver::planner
