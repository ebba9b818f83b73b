// Evaluating the expressions of Neo4j 5's syntax: map projections, reduce, type
// predicates and the `%` label wildcard (planner/bind_neo4j_expression.cpp binds them).

#include <algorithm>

#include "cypher/ast/cypher_type.h"
#include "exec/expression/evaluator.h"
#include "exec/expression/expression_internal.h"

namespace quiver::exec {

using planner::BoundExpr;

Value HasAnyLabel(const Value& subject, ExecContext& ctx) {
  if (subject.IsNull()) return Value();
  if (subject.IsRelationship()) return Value::Bool(true);  // a relationship always has its type
  if (!subject.IsNode()) {
    ThrowInvalidArgumentType("labels can only be tested on a node, not " + std::string(subject.TypeName()));
  }
  const Value labels = CallEntityFunction(planner::EntityFunction::kLabels, subject, ctx);
  return Value::Bool(!labels.AsList().empty());
}

// Neo4j's semantics: null when the subject is null; `.*` first, then the items in
// order, a later key replacing an earlier one.
Value EvaluateMapProjection(const BoundExpr& e, Value* row, ExecContext& ctx) {
  const Value subject = Evaluate(*e.args[0], row, ctx);
  if (subject.IsNull()) return Value();
  if (!subject.IsNode() && !subject.IsRelationship() && !subject.IsMap()) {
    ThrowInvalidArgumentType("a map projection needs a node, relationship or map, not " +
                             std::string(subject.TypeName()));
  }
  ValueMap map;
  if (e.has_test) map = CallEntityFunction(planner::EntityFunction::kProperties, subject, ctx).AsMap();
  for (size_t i = 1; i < e.args.size(); ++i) map.Set(e.names[i - 1], Evaluate(*e.args[i], row, ctx));
  return Value::Map(std::move(map));
}

Value EvaluateReduce(const BoundExpr& e, Value* row, ExecContext& ctx) {
  Value accumulator = Evaluate(*e.args[0], row, ctx);
  const Value list = Evaluate(*e.args[1], row, ctx);
  if (list.IsNull()) return Value();
  if (!list.IsList())
    ThrowInvalidArgumentType("reduce(...) needs a list, not " + std::string(list.TypeName()));
  // The slots are the expression's own, but restore them: an enclosing comprehension or
  // reduce of the same names may be using them.
  Value saved_element = std::move(row[e.slot]);
  Value saved_accumulator = std::move(row[e.accumulator_slot]);
  for (const Value& item : list.AsList()) {
    row[e.slot] = item;
    row[e.accumulator_slot] = std::move(accumulator);
    accumulator = Evaluate(*e.args[2], row, ctx);
  }
  row[e.slot] = std::move(saved_element);
  row[e.accumulator_slot] = std::move(saved_accumulator);
  return accumulator;
}

namespace {

using TypeKind = cypher::CypherType::Kind;

bool IsPropertyScalar(const Value& v) {
  return v.IsBool() || v.IsInt() || v.IsFloat() || v.IsString() || v.IsTemporal();
}

}  // namespace

// `value IS :: type`. Null is of every type but a NOT NULL one ("all Cypher types are
// nullable", NOTHING included: NOTHING holds no value but null).
bool MatchesType(const Value& value, const cypher::CypherType& type) {
  if (type.kind == TypeKind::kUnion) {
    return std::any_of(type.members.begin(), type.members.end(),
                       [&](const cypher::CypherType& member) { return MatchesType(value, member); });
  }
  if (value.IsNull()) return !type.not_null;
  switch (type.kind) {
    case TypeKind::kAny:
      return true;
    case TypeKind::kNothing:
    case TypeKind::kNull:
      return false;
    case TypeKind::kBoolean:
      return value.IsBool();
    case TypeKind::kString:
      return value.IsString();
    case TypeKind::kInteger:
      return value.IsInt();
    case TypeKind::kFloat:
      return value.IsFloat();
    case TypeKind::kDate:
      return value.IsDate();
    case TypeKind::kLocalTime:
      return value.IsLocalTime();
    case TypeKind::kZonedTime:
      return value.IsTime();
    case TypeKind::kLocalDateTime:
      return value.IsLocalDateTime();
    case TypeKind::kZonedDateTime:
      return value.IsDateTime();
    case TypeKind::kDuration:
      return value.IsDuration();
    case TypeKind::kNode:
      return value.IsNode();
    case TypeKind::kRelationship:
      return value.IsRelationship();
    case TypeKind::kPath:
      return value.IsPath();
    case TypeKind::kMap:
      return value.IsMap();
    case TypeKind::kPropertyValue:
      // What a property may hold: a scalar, or a list of non-null scalars.
      if (IsPropertyScalar(value)) return true;
      return value.IsList() && std::all_of(value.AsList().begin(), value.AsList().end(), IsPropertyScalar);
    case TypeKind::kList:
      return value.IsList() &&
             std::all_of(value.AsList().begin(), value.AsList().end(),
                         [&](const Value& element) { return MatchesType(element, type.members[0]); });
    case TypeKind::kUnion:
      break;
  }
  return false;
}

}  // namespace quiver::exec
