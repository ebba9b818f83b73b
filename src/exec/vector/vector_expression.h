#pragma once
// Expressions over DataChunks: compiled once per fragment from the bound expression,
// evaluated once per chunk into a ValueVector. Typed vectors take the fast paths —
// property gathers, integer and float comparisons and arithmetic, three-valued logic
// over boolean vectors, label tests over node ids — and whatever is not typed or not
// compiled is evaluated a row at a time by the row engine's evaluator (RowExpression),
// so the semantics are the row engine's everywhere: the fast paths only take cases
// whose answer they compute identically, and hand the rest (mixed types, overflow,
// division by zero, non-boolean operands) to the same functions the row engine calls.

#include <memory>
#include <vector>

#include "exec/exec_context.h"
#include "exec/vector/data_chunk.h"
#include "planner/bound_expression.h"

namespace quiver::exec::vector {

// One worker's evaluation state.
struct EvalContext {
  EvalContext(const GraphReader& g, ExecContext& r) : graph(g), rows(r), scratch(r.width()) {}
  const GraphReader& graph;
  // The worker's own row-engine context (token caches, parameters, subplans).
  ExecContext& rows;
  // One row of every slot, for RowExpression.
  std::vector<Value> scratch;
};

class VectorExpression {
 public:
  virtual ~VectorExpression() = default;
  // out gets chunk.size rows.
  virtual void Evaluate(const DataChunk& chunk, EvalContext& ctx, ValueVector& out) const = 0;
  // Whether evaluating can throw for some row (arithmetic, functions, type errors): AND
  // and OR evaluate every operand over the whole chunk, which is only the row engine's
  // short-circuit answer when the later operands cannot throw.
  virtual bool MayThrow() const { return false; }
};
using VectorExpressionPtr = std::unique_ptr<VectorExpression>;

// Compiles `expr`, whose slots are the fragment's `columns` (every slot it reads is one).
VectorExpressionPtr CompileExpression(const planner::BoundExpr& expr, const FragmentColumns& columns);

// Does the expression (or one inside it) run a subplan (EXISTS, a pattern predicate or
// comprehension)? Such a subplan may read any slot of the row.
bool HasSubquery(const planner::BoundExpr& expr);

// Does the expression read only slots among `columns` (and no subplan)? Others cannot
// run in a fragment.
bool ReadsOnly(const planner::BoundExpr& expr, const FragmentColumns& columns);

// The rows whose predicate vector is true (null and false drop), as keep flags; a value
// that is not a boolean is the row engine's TypeError.
void PredicateToKeep(const ValueVector& predicate, std::vector<uint8_t>& keep);

}  // namespace quiver::exec::vector
