#pragma once
// The schema command operator: CREATE INDEX / DROP INDEX as a plan of its own (a leaf
// under ProduceResults with no columns), so it runs in the statement's write
// transaction like any other write — and through every client surface — and its
// outcome reaches the summary's counters (indexes added / removed).

#include <string>
#include <vector>

#include "planner/logical_operator.h"

namespace quiver::planner {

class LogicalSchemaCommand final : public LogicalOperator {
 public:
  static constexpr OpKind kKind = OpKind::kSchemaCommand;
  LogicalSchemaCommand() : LogicalOperator(kKind) {}

  enum class Action : uint8_t { kCreateIndex, kDropIndex };
  Action action = Action::kCreateIndex;
  std::string index_type;  // CREATE: RANGE, TEXT, POINT or LOOKUP (RANGE when not written)
  std::string name;        // empty: CREATE generates one
  bool if_not_exists = false;
  bool if_exists = false;
  bool relationship = false;           // FOR ()-[r:T]-()
  std::string label_or_type;           // empty for LOOKUP
  std::vector<std::string> properties;  // the keys, in order
  BoundExprPtr options;                 // OPTIONS {...}; null when not written

  void ForEachExpression(const std::function<void(BoundExprPtr&)>& visit) override {
    if (options) visit(options);
  }
};

}  // namespace quiver::planner
