#pragma once
// Estimated row counts from the graph's statistics: which node a pattern part starts at
// (plan_match.cpp) and the estimates EXPLAIN prints (EstimateRows).
//
// The store keeps counts per label and per relationship type, nothing about property
// values, so a predicate's selectivity is a heuristic by its shape (the usual textbook
// constants, System R's among them):
//   n.key = value              0.01, or 1 / nodes where the store seeks by key
//   n.key < value, <>, ...     0.3
//   IS NOT NULL                0.9
//   anything else (n.x % 10 = 1, OR, a function, a subquery)  0.1
// They only rank alternatives; no plan relies on them for what it computes.

#include <optional>
#include <string>
#include <vector>

#include "planner/graph_statistics.h"
#include "planner/logical_plan.h"

namespace quiver::planner {

class CardinalityEstimator {
 public:
  static constexpr double kEqualitySelectivity = 0.01;
  static constexpr double kRangeSelectivity = 0.3;
  static constexpr double kNotNullSelectivity = 0.9;
  static constexpr double kOtherSelectivity = 0.1;
  // Groups of an aggregation or DISTINCT with keys, as a fraction of its input rows:
  // the number of distinct keys is unknown without value statistics.
  static constexpr double kGroupFraction = 0.1;
  // Elements of an UNWIND whose list is not a literal.
  static constexpr double kUnwindElements = 10;

  explicit CardinalityEstimator(const GraphStatistics& statistics) : statistics_(statistics) {}
  const GraphStatistics& statistics() const { return statistics_; }

  // The nodes carrying all of `labels` (every node when empty); nullopt when unknown.
  std::optional<double> Nodes(const std::vector<std::string>& labels) const;
  // The fraction of rows `predicate` keeps, for rows binding `node` (kNoSlot when none)
  // of which there are `node_rows` (a key equality on it finds one of them).
  double Selectivity(const BoundExpr& predicate, SlotId node, double node_rows) const;
  // The relationships per node one hop along `rel` reaches; nullopt when unknown.
  std::optional<double> Degree(const RelPattern& rel) const;

 private:
  const GraphStatistics& statistics_;
};

// Sets estimated_rows on every operator of the plan (subplans estimate per outer row),
// or leaves them all unknown when the statistics know no node count.
void EstimateRows(LogicalPlan& plan, const GraphStatistics& statistics);

}  // namespace quiver::planner
