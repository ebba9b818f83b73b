#pragma once
// Pieces of expression evaluation, one family per .cpp: arithmetic.cpp, value_access.cpp
// (properties, subscripts, slices, labels), entity_functions.cpp, predicates.cpp.

#include <string>

#include "exec/exec_context.h"
#include "planner/bound_expression.h"
#include "quiver/value.h"

namespace quiver::cypher {
struct CypherType;
}  // namespace quiver::cypher

namespace quiver::exec {

[[noreturn]] void ThrowInvalidArgumentType(std::string message);

// ---- arithmetic (openCypher: Integer op Integer stays Integer and overflow is an
// error; a Float operand makes the result Float) ----
Value Add(const Value& a, const Value& b);
Value Subtract(const Value& a, const Value& b);
Value Multiply(const Value& a, const Value& b);
Value Divide(const Value& a, const Value& b);
Value Modulo(const Value& a, const Value& b);
Value Power(const Value& a, const Value& b);
Value Negate(const Value& a);

// ---- access ----
// `key` must outlive the query (a plan string): its address keys the token cache.
Value GetProperty(const Value& object, const std::string& key, ExecContext& ctx);
// The same for a key computed at run time (n[key]).
Value GetPropertyByValue(const Value& object, std::string_view key, ExecContext& ctx);
Value HasLabels(const Value& node, const std::vector<std::string>& labels, ExecContext& ctx);
Value Subscript(const Value& object, const Value& index, ExecContext& ctx);
Value Slice(const Value& list, const Value& from, const Value& to, bool has_from, bool has_to);
// Raises EntityNotFound/DeletedEntityAccess for a node or relationship deleted by this
// query (reading its labels or properties is an error; its identity is not).
void CheckNodeAlive(NodeId node, ExecContext& ctx);
void CheckRelationshipAlive(RelId rel, ExecContext& ctx);

// ---- entity functions and paths ----
Value CallEntityFunction(planner::EntityFunction f, const Value& arg, ExecContext& ctx);
Value BuildPath(const std::vector<planner::PathStep>& steps, const Value* row);

// ---- predicates ----
Value StringPredicate(planner::ExprOp op, const Value& a, const Value& b);
Value RegexMatch(const Value& text, const Value& pattern, RegexCache& cache);
Value InList(const Value& needle, const Value& list);
// `a op b` (=, <>, <, >, <=, >=) as the row engine answers it; the vectorized engine's
// typed loops hand it every case they do not compute in place.
Ternary Compare(planner::CmpOp op, const Value& a, const Value& b);
Value CompareChain(const planner::BoundExpr& e, Value* row, ExecContext& ctx);

// ---- Neo4j 5 expressions (neo4j_expressions.cpp) ----
Value HasAnyLabel(const Value& subject, ExecContext& ctx);
Value EvaluateMapProjection(const planner::BoundExpr& e, Value* row, ExecContext& ctx);
Value EvaluateReduce(const planner::BoundExpr& e, Value* row, ExecContext& ctx);
bool MatchesType(const Value& value, const cypher::CypherType& type);

}  // namespace quiver::exec
