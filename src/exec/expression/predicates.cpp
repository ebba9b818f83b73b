// Predicates: comparison chains, IN, the string predicates and regular expressions.

#include <regex>

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

Value RegexMatch(const Value& text, const Value& pattern) {
  if (!text.IsString() || !pattern.IsString()) return Value();
  try {
    std::regex re{std::string(pattern.AsString()), std::regex::ECMAScript};
    return Value::Bool(std::regex_match(std::string(text.AsString()), re));
  } catch (const std::regex_error& e) {
    throw ArgumentError("InvalidArgumentValue", "invalid regular expression: " + std::string(e.what()),
                        ErrorPhase::kRuntime);
  }
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

Value CompareChain(const planner::BoundExpr& e, Value* row, ExecContext& ctx) {
  Ternary result = Ternary::kTrue;
  Value left = Evaluate(*e.args[0], row, ctx);
  for (size_t i = 0; i < e.cmp_ops.size(); ++i) {
    Value right = Evaluate(*e.args[i + 1], row, ctx);
    Ternary t = Ternary::kNull;
    switch (e.cmp_ops[i]) {
      case planner::CmpOp::kEq:
        t = Equals(left, right);
        break;
      case planner::CmpOp::kNe:
        t = NotEquals(left, right);
        break;
      case planner::CmpOp::kLt:
        t = LessThan(left, right);
        break;
      case planner::CmpOp::kGt:
        t = GreaterThan(left, right);
        break;
      case planner::CmpOp::kLe:
        t = LessOrEqual(left, right);
        break;
      case planner::CmpOp::kGe:
        t = GreaterOrEqual(left, right);
        break;
    }
    result = And(result, t);
    if (result == Ternary::kFalse) return Value::Bool(false);
    left = std::move(right);
  }
  return ToValue(result);
}

}  // namespace quiver::exec
