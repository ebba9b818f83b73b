#pragma once
// The schema command operator: CREATE / DROP INDEX and CONSTRAINT as a plan of its own (a leaf
// under ProduceResults with no columns), so it runs in the statement's write
// transaction like any other write — and through every client surface — and its
// outcome reaches the summary's counters (indexes / constraints added and removed).

#include <string>
#include <vector>

#include "cypher/ast/clause.h"
#include "planner/logical_operator.h"

namespace quiver::planner {

class LogicalSchemaCommand final : public LogicalOperator {
 public:
  static constexpr OpKind kKind = OpKind::kSchemaCommand;
  LogicalSchemaCommand() : LogicalOperator(kKind) {}

  enum class Action : uint8_t { kCreateIndex, kDropIndex, kCreateConstraint, kDropConstraint };
  Action action = Action::kCreateIndex;
  cypher::ConstraintType constraint_type = cypher::ConstraintType::kUnique;  // CREATE CONSTRAINT
  cypher::CypherType property_type;                                          // kPropertyType
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
