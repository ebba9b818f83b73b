#pragma once
// Evaluates bound expressions against one row. The row is mutable only so that list
// comprehensions and quantifiers can bind their variable's slot while they iterate;
// they restore it afterwards.

#include "exec/exec_context.h"
#include "planner/bound_expression.h"
#include "quiver/value.h"

namespace quiver::exec {

Value Evaluate(const planner::BoundExpr& expr, Value* row, ExecContext& ctx);

// A WHERE-style predicate: true, false, or null (which filters like false). A value
// that is not a boolean is a TypeError.
Ternary EvaluatePredicate(const planner::BoundExpr& expr, Value* row, ExecContext& ctx);

// The boolean reading of a value inside AND/OR/NOT/XOR.
Ternary ToTernary(const Value& v);

}  // namespace quiver::exec
