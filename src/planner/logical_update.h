#pragma once
// The updating operators: CREATE, MERGE, SET / REMOVE, DELETE. All are eager: they
// consume their whole input before writing, and emit their rows after.

#include <vector>

#include "planner/logical_operator.h"
#include "planner/logical_specs.h"

namespace quiver::planner {

// Creates `nodes` and then `rels` per input row.
class LogicalCreate final : public LogicalOperator {
 public:
  static constexpr OpKind kKind = OpKind::kCreate;
  LogicalCreate() : LogicalOperator(kKind) {}

  std::vector<CreateNodeSpec> nodes;
  std::vector<CreateRelSpec> rels;
};

// Per input row: the rows children[1] matches (its Argument yields the row), with
// `on_match` applied; none: creates `nodes` and `rels`, evaluates the created paths
// (path_exprs[i] into path_slots[i]) and applies `on_create`.
class LogicalMerge final : public LogicalOperator {
 public:
  static constexpr OpKind kKind = OpKind::kMerge;
  LogicalMerge() : LogicalOperator(kKind) {}

  std::vector<CreateNodeSpec> nodes;
  std::vector<CreateRelSpec> rels;
  std::vector<BoundExprPtr> path_exprs;
  std::vector<SlotId> path_slots;
  std::vector<SetSpec> on_create;
  std::vector<SetSpec> on_match;

  void ForEachExpression(const std::function<void(BoundExprPtr&)>& visit) override {
    VisitAll(path_exprs, visit);
  }
};

// SET and REMOVE: `items` in order, per input row.
class LogicalSetProperties final : public LogicalOperator {
 public:
  static constexpr OpKind kKind = OpKind::kSetProperties;
  LogicalSetProperties() : LogicalOperator(kKind) {}

  std::vector<SetSpec> items;
};

// DELETE / DETACH DELETE of what `targets` evaluate to (nodes, relationships, paths,
// lists of them, null).
class LogicalDelete final : public LogicalOperator {
 public:
  static constexpr OpKind kKind = OpKind::kDelete;
  LogicalDelete() : LogicalOperator(kKind) {}

  std::vector<BoundExprPtr> targets;
  bool detach = false;

  void ForEachExpression(const std::function<void(BoundExprPtr&)>& visit) override {
    VisitAll(targets, visit);
  }
};

}  // namespace quiver::planner
