#pragma once
// The base of every logical operator: its kind and its children. Each kind is a class
// of its own holding only its own fields (logical_match.h, logical_projection.h,
// logical_update.h); code that knows the kind reaches them through a checked downcast,
// `op.As<LogicalExpand>()`.
//
// Every operator has one input (children[0]) except the leaves (Start, Argument) and
// Union; Optional and Merge add their subplan as children[1], HashJoin its build side.

#include <functional>
#include <memory>
#include <optional>
#include <string_view>
#include <vector>

#include "common/assert.h"
#include "planner/bound_expression.h"

namespace quiver::planner {

enum class OpKind : uint8_t {
  kStart,           // one empty row
  kArgument,        // the outer row of a subplan (OPTIONAL MATCH, MERGE, subqueries)
  kNodeScan,        // per input row, every node with the labels (all of them)
  kNodeSeek,        // a NodeScan whose first property equality a storage key index answers
  kExpand,          // one hop from a bound node; into a new slot, or checks a bound one
  kVarExpand,       // variable-length expand, binding the list of relationships
  kShortestPath,    // per input row, the shortest path(s) between two bound nodes
  kFilter,          // keeps rows where the predicate is true
  kOptional,        // runs children[1] per input row (Argument = the row); no output → nulls
  kProject,         // evaluates expressions into slots
  kAggregate,       // groups by key expressions, aggregates per group
  kDistinct,        // keeps the first row of each distinct tuple of slots
  kSort,            // ORDER BY, keeping only the first k rows when k is known
  kSkip,            // drops the first n rows
  kLimit,           // keeps the first n rows
  kUnwind,          // per input row, each element of a list into a slot
  kCall,            // procedure call per input row
  kCreate,          // creates nodes and relationships per row (eager)
  kMerge,           // per input row: children[1] matches, else creates (eager)
  kSetProperties,   // SET / REMOVE items (eager)
  kDelete,          // DELETE / DETACH DELETE (eager)
  kEager,           // materializes all input before producing (isolates reads from writes)
  kHashJoin,        // rows of children[0] (probe) joined with children[1] (build) on a key
  kUnion,           // the rows of every child, deduplicated for UNION
  kProduceResults,  // the root: the result columns
  kCountStore,      // one row: a node or relationship count the store keeps
  kApply,           // CALL { }: runs children[1] per input row, joins its rows (logical_subquery.h)
  kLoadCsv,         // LOAD CSV: per input row, each record of a file
  kNodeIndexSeek,   // a NodeScan whose candidates a property index gives (logical_match.h)
  kSchemaCommand,   // CREATE / DROP INDEX: one schema change, no rows (logical_schema.h)
  kDirectedRelationshipIndexSeek,    // one hop's relationships from a property index (logical_index_seek.h)
  kUndirectedRelationshipIndexSeek,  // the same, each in both orientations
};
std::string_view OpKindName(OpKind kind);

class LogicalOperator;
using LogicalOperatorPtr = std::unique_ptr<LogicalOperator>;

class LogicalOperator {
 public:
  explicit LogicalOperator(OpKind k) : kind(k) {}
  // Iterative: a statement of thousands of clauses is a chain of operators thousands
  // deep, too deep to destroy by recursion.
  virtual ~LogicalOperator();
  LogicalOperator(const LogicalOperator&) = delete;
  LogicalOperator& operator=(const LogicalOperator&) = delete;

  // Checked downcasts: the operator must be a T (T::kKind, or one of T::Accepts for a
  // class that stands for several kinds).
  template <class T>
  T& As() {
    QUIVER_ASSERT_MSG(Is<T>(), "logical operator of another kind");
    return static_cast<T&>(*this);
  }
  template <class T>
  const T& As() const {
    QUIVER_ASSERT_MSG(Is<T>(), "logical operator of another kind");
    return static_cast<const T&>(*this);
  }
  template <class T>
  bool Is() const {
    if constexpr (requires { T::Accepts(kind); }) {
      return T::Accepts(kind);
    } else {
      return kind == T::kKind;
    }
  }

  // The operator's top-level expressions: predicates, projected values, grouping and
  // sort keys, SKIP/LIMIT counts, UNWIND's list, DELETE's targets, join keys, MERGE's
  // created paths. Not the expressions inside its specs (aggregate arguments,
  // CREATE/SET items, property maps): the optimizer's subplan rewrites have only ever
  // looked at these, and this keeps its plans as they were.
  virtual void ForEachExpression(const std::function<void(BoundExprPtr&)>& visit) {}
  // The same expressions, to read.
  void ForEachExpression(const std::function<void(const BoundExpr&)>& visit) const {
    const_cast<LogicalOperator*>(this)->ForEachExpression([&](BoundExprPtr& e) { visit(*e); });
  }

  const OpKind kind;
  std::vector<LogicalOperatorPtr> children;
  // The rows it is estimated to produce (per row of the outer plan, in a subplan), set
  // by EstimateRows (cardinality.h) for EXPLAIN; unknown without statistics.
  std::optional<double> estimated_rows;
};

// A new operator of class T over `input` (null for a leaf).
template <class T>
std::unique_ptr<T> MakeOp(LogicalOperatorPtr input) {
  auto op = std::make_unique<T>();
  if (input) op->children.push_back(std::move(input));
  return op;
}

// Calls `visit` on each expression of the list (the usual body of ForEachExpression).
inline void VisitAll(std::vector<BoundExprPtr>& exprs, const std::function<void(BoundExprPtr&)>& visit) {
  for (auto& e : exprs) visit(e);
}

}  // namespace quiver::planner
