#include "exec/expression/evaluator.h"

#include <algorithm>

#include "common/stack_guard.h"
#include "exec/expression/expression_internal.h"
#include "exec/function/function.h"

namespace quiver::exec {

using planner::BoundExpr;
using planner::ExprOp;

Ternary ToTernary(const Value& v) {
  if (v.IsNull()) return Ternary::kNull;
  if (v.IsBool()) return TernaryOf(v.AsBool());
  ThrowInvalidArgumentType("expected a boolean, got a " + std::string(v.TypeName()));
}

Ternary EvaluatePredicate(const BoundExpr& expr, Value* row, ExecContext& ctx) {
  return ToTernary(Evaluate(expr, row, ctx));
}

namespace {

Value EvaluateCase(const BoundExpr& e, Value* row, ExecContext& ctx) {
  size_t i = 0;
  Value test;
  if (e.has_test) test = Evaluate(*e.args[i++], row, ctx);
  size_t end = e.args.size() - (e.has_else ? 1 : 0);
  for (; i < end; i += 2) {  // (when, then) pairs
    Value when = Evaluate(*e.args[i], row, ctx);
    bool hit = e.has_test ? Equals(test, when) == Ternary::kTrue : ToTernary(when) == Ternary::kTrue;
    if (hit) return Evaluate(*e.args[i + 1], row, ctx);
  }
  return e.has_else ? Evaluate(*e.args.back(), row, ctx) : Value();
}

// List comprehensions and quantifiers bind e.slot to each element in turn.
Value EvaluateComprehension(const BoundExpr& e, Value* row, ExecContext& ctx) {
  Value list = Evaluate(*e.args[0], row, ctx);
  if (list.IsNull()) return Value();
  if (!list.IsList()) ThrowInvalidArgumentType("expected a list, got a " + std::string(list.TypeName()));
  const BoundExpr* where = e.has_where ? e.args[1].get() : nullptr;
  const BoundExpr* projection = e.has_projection ? e.args.back().get() : nullptr;
  Value saved = std::move(row[e.slot]);
  std::vector<Value> out;
  size_t trues = 0;
  bool saw_null = false;
  for (const auto& item : list.AsList()) {
    row[e.slot] = item;
    Ternary keep = where != nullptr ? EvaluatePredicate(*where, row, ctx) : Ternary::kTrue;
    if (e.op == ExprOp::kListComprehension) {
      if (keep == Ternary::kTrue)
        out.push_back(projection != nullptr ? Evaluate(*projection, row, ctx) : item);
      continue;
    }
    if (keep == Ternary::kTrue) ++trues;
    if (keep == Ternary::kNull) saw_null = true;
    // Short-circuit where the answer is decided.
    if (e.quantifier == planner::Quantifier::kAny && trues > 0) break;
    if (e.quantifier == planner::Quantifier::kNone && trues > 0) break;
    if (e.quantifier == planner::Quantifier::kSingle && trues > 1) break;
    if (e.quantifier == planner::Quantifier::kAll && keep == Ternary::kFalse) {
      row[e.slot] = std::move(saved);
      return Value::Bool(false);
    }
  }
  row[e.slot] = std::move(saved);
  if (e.op == ExprOp::kListComprehension) return Value::List(std::move(out));
  switch (e.quantifier) {
    case planner::Quantifier::kAll:
      return saw_null ? Value() : Value::Bool(true);
    case planner::Quantifier::kAny:
      return trues > 0 ? Value::Bool(true) : (saw_null ? Value() : Value::Bool(false));
    case planner::Quantifier::kNone:
      return trues > 0 ? Value::Bool(false) : (saw_null ? Value() : Value::Bool(true));
    case planner::Quantifier::kSingle:
      if (trues > 1) return Value::Bool(false);
      return saw_null ? Value() : Value::Bool(trues == 1);
  }
  return Value();
}

Value EvaluateSubquery(const BoundExpr& e, Value* row, ExecContext& ctx) {
  bool exists = e.subquery_mode == planner::SubqueryMode::kExists;
  auto [plan, batch] = ctx.Subplan(*e.subplan, /*single_row=*/exists);
  plan.Open(ctx, row);
  if (exists) {
    bool any = plan.Next(ctx, batch);
    batch.Clear();
    return Value::Bool(any);
  }
  if (e.subquery_mode == planner::SubqueryMode::kCount) {
    int64_t count = 0;
    while (plan.Next(ctx, batch)) {
      count += static_cast<int64_t>(batch.size());
      batch.Clear();
    }
    return Value::Int(count);
  }
  std::vector<Value> out;
  while (plan.Next(ctx, batch)) {
    for (size_t i = 0; i < batch.size(); ++i) out.push_back(batch.Row(i)[e.slot]);
    batch.Clear();
  }
  return Value::List(std::move(out));
}

// The ids of the relationship types `names` that the graph has; false when names lists
// types and the graph has none of them (nothing can match), true with none for any type.
bool ResolveTypeNames(const std::vector<std::string>& names, ExecContext& ctx, std::vector<RelTypeId>& types) {
  for (const auto& name : names) {
    if (auto t = ctx.RelType(name)) types.push_back(*t);
  }
  return names.empty() || !types.empty();
}

// The labels of `names`, false when one is a label no node carries.
bool ResolveLabelNames(const std::vector<std::string>& names, ExecContext& ctx, std::vector<LabelId>& labels) {
  for (const auto& name : names) {
    auto label = ctx.Label(name);
    if (!label) return false;
    labels.push_back(*label);
  }
  return true;
}

// The optimizer's count-by-degree: a node's relationship count without expanding.
Value Degree(const BoundExpr& e, Value* row, ExecContext& ctx) {
  const Value node = Evaluate(*e.args[0], row, ctx);
  if (!node.IsNode() || !ctx.graph().NodeExists(node.AsNode().id)) return Value::Int(0);
  std::vector<RelTypeId> types;
  if (!ResolveTypeNames(e.names, ctx, types)) return Value::Int(0);
  auto degree = static_cast<int64_t>(ctx.graph().Degree(node.AsNode().id, e.direction, types));
  // Earlier hops' relationships that this hop would meet again (the optimizer only asks
  // for a directed hop, where each relationship is in a node's adjacency once).
  const uint64_t id = node.AsNode().id;
  for (size_t i = 1; i < e.args.size() && degree > 0; ++i) {
    const Value r = Evaluate(*e.args[i], row, ctx);
    if (!r.IsRelationship()) continue;
    const RelationshipValue& rel = r.AsRelationship();
    const bool incident = e.direction == Direction::kOutgoing ? rel.start_id == id : rel.end_id == id;
    const bool typed = e.names.empty() || std::find(e.names.begin(), e.names.end(), rel.type) != e.names.end();
    if (incident && typed) --degree;
  }
  return Value::Int(degree);
}

// The optimizer's one-hop EXISTS between two bound nodes: a lookup, not a subplan run.
// An unbound end (OPTIONAL MATCH's null) has no relationship, as the subplan's Expand
// finds; like it, a `from` that is no node is an error.
Value HasRelationship(const BoundExpr& e, Value* row, ExecContext& ctx) {
  const Value from = Evaluate(*e.args[0], row, ctx);
  if (from.IsNull()) return Value::Bool(false);
  if (!from.IsNode()) ThrowInvalidArgumentType("expected a node, got a " + std::string(from.TypeName()));
  std::vector<RelTypeId> types;
  if (e.args.size() == 1) {
    std::vector<LabelId> labels;
    if (!ResolveTypeNames(e.names, ctx, types) || !ResolveLabelNames(e.end_labels, ctx, labels)) {
      return Value::Bool(false);
    }
    ctx.graph().DropLabelsOnEveryNode(labels);
    return Value::Bool(ctx.graph().HasNeighbour(from.AsNode().id, e.direction, types, labels));
  }
  const Value to = Evaluate(*e.args[1], row, ctx);
  if (!to.IsNode()) return Value::Bool(false);
  if (!ResolveTypeNames(e.names, ctx, types)) return Value::Bool(false);
  return Value::Bool(ctx.graph().HasRelationship(from.AsNode().id, to.AsNode().id, e.direction, types));
}

Value EvaluateLogic(const BoundExpr& e, Value* row, ExecContext& ctx) {
  if (e.op == ExprOp::kXor) {
    return ToValue(Xor(EvaluatePredicate(*e.args[0], row, ctx), EvaluatePredicate(*e.args[1], row, ctx)));
  }
  bool is_and = e.op == ExprOp::kAnd;
  Ternary acc = is_and ? Ternary::kTrue : Ternary::kFalse;
  for (const auto& arg : e.args) {
    Ternary t = EvaluatePredicate(*arg, row, ctx);
    acc = is_and ? And(acc, t) : Or(acc, t);
    if (is_and && acc == Ternary::kFalse) return Value::Bool(false);
    if (!is_and && acc == Ternary::kTrue) return Value::Bool(true);
  }
  return ToValue(acc);
}

}  // namespace

Value Evaluate(const BoundExpr& e, Value* row, ExecContext& ctx) {
  // Nested expressions recurse here; the parser's limits keep that within
  // kQueryStackBytes, and this is the backstop for threads with less.
  CheckStack();
  switch (e.op) {
    case ExprOp::kConstant:
      return e.value;
    case ExprOp::kParameter: {
      const Value* v = ctx.parameters().Find(e.name);
      if (v == nullptr) throw ParameterMissing("MissingParameter", "expected a parameter named $" + e.name);
      return *v;
    }
    case ExprOp::kSlot:
      return row[e.slot];
    case ExprOp::kProperty:
      return GetProperty(Evaluate(*e.args[0], row, ctx), e.name, ctx);
    case ExprOp::kHasLabels:
      return HasLabels(Evaluate(*e.args[0], row, ctx), e.names, ctx);
    case ExprOp::kSubscript:
      return Subscript(Evaluate(*e.args[0], row, ctx), Evaluate(*e.args[1], row, ctx), ctx);
    case ExprOp::kSlice:
      return Slice(Evaluate(*e.args[0], row, ctx), Evaluate(*e.args[1], row, ctx),
                   Evaluate(*e.args[2], row, ctx), e.has_test, e.has_else);
    case ExprOp::kNot:
      return ToValue(Not(EvaluatePredicate(*e.args[0], row, ctx)));
    case ExprOp::kNegate:
      return Negate(Evaluate(*e.args[0], row, ctx));
    case ExprOp::kIsNull:
      return Value::Bool(Evaluate(*e.args[0], row, ctx).IsNull());
    case ExprOp::kIsNotNull:
      return Value::Bool(!Evaluate(*e.args[0], row, ctx).IsNull());
    case ExprOp::kAnd:
    case ExprOp::kOr:
    case ExprOp::kXor:
      return EvaluateLogic(e, row, ctx);
    case ExprOp::kAdd:
      return Add(Evaluate(*e.args[0], row, ctx), Evaluate(*e.args[1], row, ctx));
    case ExprOp::kSubtract:
      return Subtract(Evaluate(*e.args[0], row, ctx), Evaluate(*e.args[1], row, ctx));
    case ExprOp::kMultiply:
      return Multiply(Evaluate(*e.args[0], row, ctx), Evaluate(*e.args[1], row, ctx));
    case ExprOp::kDivide:
      return Divide(Evaluate(*e.args[0], row, ctx), Evaluate(*e.args[1], row, ctx));
    case ExprOp::kModulo:
      return Modulo(Evaluate(*e.args[0], row, ctx), Evaluate(*e.args[1], row, ctx));
    case ExprOp::kPower:
      return Power(Evaluate(*e.args[0], row, ctx), Evaluate(*e.args[1], row, ctx));
    case ExprOp::kComparison:
      return CompareChain(e, row, ctx);
    case ExprOp::kStartsWith:
    case ExprOp::kEndsWith:
    case ExprOp::kContains:
      return StringPredicate(e.op, Evaluate(*e.args[0], row, ctx), Evaluate(*e.args[1], row, ctx));
    case ExprOp::kRegexMatch:
      return RegexMatch(Evaluate(*e.args[0], row, ctx), Evaluate(*e.args[1], row, ctx), ctx.functions().regex());
    case ExprOp::kIn:
      return InList(Evaluate(*e.args[0], row, ctx), Evaluate(*e.args[1], row, ctx));
    case ExprOp::kScalarFunction: {
      std::vector<Value> args;
      args.reserve(e.args.size());
      for (const auto& a : e.args) args.push_back(Evaluate(*a, row, ctx));
      return CallScalar(*e.scalar, args, ctx.functions());
    }
    case ExprOp::kTemporalFunction: {
      std::vector<Value> args;
      args.reserve(e.args.size());
      for (const auto& a : e.args) args.push_back(Evaluate(*a, row, ctx));
      return e.temporal->impl(args, ctx.clock());
    }
    case ExprOp::kEntityFunction:
      return CallEntityFunction(e.entity, Evaluate(*e.args[0], row, ctx), ctx);
    case ExprOp::kCase:
      return EvaluateCase(e, row, ctx);
    case ExprOp::kList: {
      std::vector<Value> items;
      items.reserve(e.args.size());
      for (const auto& a : e.args) items.push_back(Evaluate(*a, row, ctx));
      return Value::List(std::move(items));
    }
    case ExprOp::kMap: {
      std::vector<ValueMap::Entry> entries;
      entries.reserve(e.args.size());
      for (size_t i = 0; i < e.args.size(); ++i)
        entries.emplace_back(e.names[i], Evaluate(*e.args[i], row, ctx));
      return Value::Map(ValueMap(std::move(entries)));
    }
    case ExprOp::kListComprehension:
    case ExprOp::kQuantifier:
      return EvaluateComprehension(e, row, ctx);
    case ExprOp::kSubquery:
      return EvaluateSubquery(e, row, ctx);
    case ExprOp::kPath:
      return BuildPath(e.path_steps, row);
    case ExprOp::kDegree:
      return Degree(e, row, ctx);
    case ExprOp::kHasRelationship:
      return HasRelationship(e, row, ctx);
    case ExprOp::kHasAnyLabel:
      return HasAnyLabel(Evaluate(*e.args[0], row, ctx), ctx);
    case ExprOp::kMapProjection:
      return EvaluateMapProjection(e, row, ctx);
    case ExprOp::kReduce:
      return EvaluateReduce(e, row, ctx);
    case ExprOp::kTypeCheck:
      return Value::Bool(MatchesType(Evaluate(*e.args[0], row, ctx), *e.cypher_type));
  }
  return Value();
}

}  // namespace quiver::exec
