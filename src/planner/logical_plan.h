#pragma once
// The logical plan: a tree of operators (logical_operator.h, one class per kind), each
// of which turns the rows of its input into rows of its output. Every operator has one
// input (children[0]) except the leaves (Start, Argument) and Union. Operators that
// produce rows "per input row" (scans, expands, UNWIND, CALL) make cartesian products
// and correlated subplans fall out of the same shape: a scan under an expand is a
// nested loop, a subplan's Argument leaf yields the outer row.
//
// Rows: every variable and computed column of a statement has one slot in a fixed-width
// row (SlotId); a clause writes new slots and never moves old ones, so a slot's meaning
// is the same everywhere in the plan. Nodes and relationships sit in rows as identities.

#include <string>
#include <vector>

#include "planner/logical_match.h"
#include "planner/logical_operator.h"
#include "planner/logical_projection.h"
#include "planner/logical_schema.h"
#include "planner/logical_specs.h"
#include "planner/logical_subquery.h"
#include "planner/logical_update.h"
#include "quiver/result.h"

namespace quiver::planner {

struct LogicalPlan {
  LogicalOperatorPtr root;  // a ProduceResults
  uint32_t slot_count = 0;
  std::vector<std::string> slot_names;  // for EXPLAIN, per slot
  bool has_updates = false;
  // It has a CALL { } IN TRANSACTIONS: it commits batches of its own, so it runs only
  // in an auto-commit (implicit) transaction.
  bool in_transactions = false;
  // The property keys whose storage index a NodeSeek of this plan relies on: a prepared
  // plan is re-planned when the graph no longer indexes one of them.
  std::vector<std::string> seek_keys;
  // The property indexes its NodeIndexSeeks read (by name). The rows never depend on
  // them (a seek whose index is gone scans); they are for EXPLAIN and re-planning.
  std::vector<std::string> seek_indexes;
};

// The plan as the result summary reports it (quiver/result.h): operator names, details
// and identifiers (slots as their variable names when `slot_names` is given, else as
// `#n`), estimates (cardinality.h). PROFILE fills in the rest (main/statement_run.cpp).
PlanOperator ToPlanOperator(const LogicalOperator& root, const std::vector<std::string>* slot_names);
// One operator's fields, its children left alone.
void FillPlanOperator(const LogicalOperator& op, const std::vector<std::string>* slot_names, PlanOperator& out);
// One operator's details: `(a)-[r:KNOWS]->(b)` for an Expand.
std::string Details(const LogicalOperator& op, const std::vector<std::string>* slot_names = nullptr);

// EXPLAIN's text: FormatPlan of ToPlanOperator.
std::string ToString(const LogicalPlan& plan);
std::string ToString(const LogicalOperator& op, const std::vector<std::string>* slot_names = nullptr);

}  // namespace quiver::planner
