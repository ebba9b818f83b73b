// Predicates: comparison chains, IN, the string predicates and regular expressions.

#include "exec/expression/evaluator.h"
#include "exec/expression/expression_internal.h"

namespace quiver::exec {

Value StringPredicate(planner::ExprOp op, const Value& a, const Value& b) {
  if (!a.IsString() || !b.IsString()) return Value();
  std::string_view s = a.AsString();
  std::string_view t = b.AsString();
  switch (op) {
    case planner::ExprOp::kStartsWith:
      return Value::Bool(s.substr(0, t.size()) == t);
    case planner::ExprOp::kEndsWith:
      return Value::Bool(s.size() >= t.size() && s.substr(s.size() - t.size()) == t);
    default:
      return Value::Bool(s.find(t) != std::string_view::npos);
  }
}

Value RegexMatch(const Value& text, const Value& pattern, RegexCache& cache) {
  if (!text.IsString() || !pattern.IsString()) return Value();
  return Value::Bool(cache.Matches(pattern.AsString(), text.AsString()));
}

Value InList(const Value& needle, const Value& list) {
  if (list.IsNull()) return Value();
  if (!list.IsList()) ThrowInvalidArgumentType("IN needs a list, not " + std::string(list.TypeName()));
  bool saw_null = false;
  for (const auto& item : list.AsList()) {
    Ternary t = Equals(needle, item);
    if (t == Ternary::kTrue) return Value::Bool(true);
    if (t == Ternary::kNull) saw_null = true;
  }
  return saw_null ? Value() : Value::Bool(false);
}

Ternary Compare(planner::CmpOp op, const Value& a, const Value& b) {
  switch (op) {
    case planner::CmpOp::kEq:
      return Equals(a, b);
    case planner::CmpOp::kNe:
      return NotEquals(a, b);
    case planner::CmpOp::kLt:
      return LessThan(a, b);
    case planner::CmpOp::kGt:
      return GreaterThan(a, b);
    case planner::CmpOp::kLe:
      return LessOrEqual(a, b);
    case planner::CmpOp::kGe:
      return GreaterOrEqual(a, b);
  }
  return Ternary::kNull;
}

Value CompareChain(const planner::BoundExpr& e, Value* row, ExecContext& ctx) {
  Ternary result = Ternary::kTrue;
  Value left = Evaluate(*e.args[0], row, ctx);
  for (size_t i = 0; i < e.cmp_ops.size(); ++i) {
    Value right = Evaluate(*e.args[i + 1], row, ctx);
    const Ternary t = Compare(e.cmp_ops[i], left, right);
    result = And(result, t);
    if (result == Ternary::kFalse) return Value::Bool(false);
    left = std::move(right);
  }
  return ToValue(result);
}

}  // namespace quiver::exec
