// Function calls: the engine's entity functions, scalar and temporal functions from
// the catalog, aggregates (which go to the projection's aggregation sink); and the
// aggregation analysis of an AST expression.

#include <cctype>

#include "common/stack_guard.h"
#include "planner/binder_impl.h"

namespace quiver::planner {

using namespace cypher;  // NOLINT


BoundExprPtr Binder::BindFunctionCall(const FunctionCallExpr& call, const ExprContext& ctx) {
  if (auto entity = FindEntityFunction(call.name)) return BindEntityFunction(*entity, call, ctx);
  if (auto csv = BindLoadCsvFunction(call)) return csv;
  auto info = catalog_.FindFunction(call.name);
  if (!info) Fail(call.pos, "UnknownFunction", "unknown function '" + call.name + "'");
  if (info->aggregate != nullptr) return BindAggregate(call, ctx);
  if (call.distinct) {
    Fail(call.pos, "InvalidArgumentPassingMode", "DISTINCT is only allowed in aggregate functions");
  }
  int n = static_cast<int>(call.args.size());
  if (n < info->min_args || (info->max_args >= 0 && n > info->max_args)) {
    Fail(call.pos, "InvalidNumberOfArguments", "wrong number of arguments to " + call.name);
  }
  auto e = std::make_unique<BoundExpr>(info->temporal != nullptr ? ExprOp::kTemporalFunction
                                                                 : ExprOp::kScalarFunction);
  e->scalar = info->scalar;
  e->temporal = info->temporal;
  e->deterministic = info->deterministic;
  e->name = std::string(info->name);
  for (const auto& a : call.args) e->args.push_back(BindNormalFormWord(e->name, *a, ctx));
  if (e->name == "size" && e->args.size() == 1 && e->args[0]->type == StaticType::kPath) {
    Fail(call.pos, "InvalidArgumentType", "size() of a path; use length()");
  }
  return e;
}

// Neo4j writes normalize's form as a bare word, normalize(s, NFKC): unless a variable of
// that name is in scope, it is the string 'NFKC'.
BoundExprPtr Binder::BindNormalFormWord(std::string_view function, const Expr& arg, const ExprContext& ctx) {
  if (function == "normalize" && arg.Is<VariableExpr>() &&
      ctx.scope->Find(arg.As<VariableExpr>().name) == nullptr) {
    std::string form = arg.As<VariableExpr>().name;
    for (char& c : form) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    if (form == "NFC" || form == "NFD" || form == "NFKC" || form == "NFKD")
      return MakeConstant(Value::String(form));
  }
  return BindExpr(arg, ctx);
}

BoundExprPtr Binder::BindAggregate(const Expr& expr, const ExprContext& ctx) {
  if (ctx.in_aggregate) Fail(expr.pos, "NestedAggregation", "an aggregate cannot contain another aggregate");
  if (ctx.aggregation == nullptr) {
    Fail(expr.pos, "InvalidAggregation", "aggregate functions are not allowed here");
  }
  AggregateSpec spec;
  ExprContext inner;
  inner.scope = ctx.aggregation->inner_scope;
  inner.aggregation = ctx.aggregation;
  inner.in_aggregate = true;
  if (expr.Is<CountStarExpr>()) {
    spec.name = "count(*)";
  } else {
    const auto& call = expr.As<FunctionCallExpr>();
    auto info = catalog_.FindFunction(call.name);
    QUIVER_ASSERT(info && info->aggregate != nullptr);
    int n = static_cast<int>(call.args.size());
    if (n < info->min_args || n > info->max_args) {
      Fail(call.pos, "InvalidNumberOfArguments", "wrong number of arguments to " + call.name);
    }
    spec.function = info->aggregate;
    spec.name = std::string(info->name);
    spec.distinct = call.distinct;
    for (const auto& a : call.args) spec.args.push_back(BindExpr(*a, inner));
    for (const auto& a : spec.args) {
      if (!IsDeterministic(*a)) {
        Fail(call.pos, "NonConstantExpression",
             "an aggregate's argument cannot be non-deterministic (rand())");
      }
    }
  }
  spec.slot = NewSlot(spec.name);
  SlotId slot = spec.slot;
  ctx.aggregation->aggregates->push_back(std::move(spec));
  return MakeSlotRef(slot);
}

BoundExprPtr Binder::BindEntityFunction(EntityFunction f, const FunctionCallExpr& call,
                                        const ExprContext& ctx) {
  if (call.args.size() != 1) {
    Fail(call.pos, "InvalidNumberOfArguments", std::string(EntityFunctionName(f)) + "() takes one argument");
  }
  const Expr& arg_ast = *call.args[0];
  if (f == EntityFunction::kExists && arg_ast.Is<PatternPredicateExpr>())
    return BindPatternSubquery(arg_ast, ctx);
  auto arg = BindExpr(arg_ast, ctx);
  StaticType t = arg->type;
  auto expect = [&](std::initializer_list<StaticType> allowed) {
    if (t == StaticType::kAny || t == StaticType::kNull) return;
    for (StaticType a : allowed) {
      if (a == t) return;
    }
    Fail(call.pos, "InvalidArgumentType",
         std::string(EntityFunctionName(f)) + "() cannot take a " + std::string(StaticTypeName(t)));
  };
  StaticType result = StaticType::kAny;
  switch (f) {
    case EntityFunction::kId:
      expect({StaticType::kNode, StaticType::kRelationship});
      result = StaticType::kInt;
      break;
    case EntityFunction::kElementId:
      expect({StaticType::kNode, StaticType::kRelationship});
      result = StaticType::kString;
      break;
    case EntityFunction::kLabels:
      expect({StaticType::kNode});
      result = StaticType::kList;
      break;
    case EntityFunction::kType:
      expect({StaticType::kRelationship});
      result = StaticType::kString;
      break;
    case EntityFunction::kKeys:
      expect({StaticType::kNode, StaticType::kRelationship, StaticType::kMap});
      result = StaticType::kList;
      break;
    case EntityFunction::kProperties:
      expect({StaticType::kNode, StaticType::kRelationship, StaticType::kMap});
      result = StaticType::kMap;
      break;
    case EntityFunction::kStartNode:
    case EntityFunction::kEndNode:
      expect({StaticType::kRelationship});
      result = StaticType::kNode;
      break;
    case EntityFunction::kNodes:
    case EntityFunction::kRelationships:
      expect({StaticType::kPath});
      result = StaticType::kList;
      break;
    case EntityFunction::kLength:
      expect({StaticType::kPath});
      result = StaticType::kInt;
      break;
    case EntityFunction::kAsNode:
      expect({StaticType::kInt});
      result = StaticType::kNode;
      break;
    case EntityFunction::kExists:
      if (!arg_ast.Is<PropertyExpr>()) {
        Fail(call.pos, "InvalidArgumentType", "exists() takes a property access or a pattern");
      }
      result = StaticType::kBool;
      break;
  }
  std::vector<BoundExprPtr> args;
  args.push_back(std::move(arg));
  auto e = MakeExpr(ExprOp::kEntityFunction, std::move(args), result);
  e->entity = f;
  e->name = std::string(EntityFunctionName(f));
  return e;
}

bool Binder::ContainsAggregate(const Expr& expr) const {
  CheckStack();
  switch (expr.kind()) {
    case ExprKind::kCountStar:
      return true;
    case ExprKind::kFunctionCall: {
      const auto& call = expr.As<FunctionCallExpr>();
      if (!FindEntityFunction(call.name)) {
        auto info = catalog_.FindFunction(call.name);
        if (info && info->aggregate != nullptr) return true;
      }
      for (const auto& a : call.args) {
        if (ContainsAggregate(*a)) return true;
      }
      return false;
    }
    case ExprKind::kProperty:
      return ContainsAggregate(*expr.As<PropertyExpr>().object);
    case ExprKind::kHasLabels:
      return ContainsAggregate(*expr.As<HasLabelsExpr>().object);
    case ExprKind::kSubscript:
      return ContainsAggregate(*expr.As<SubscriptExpr>().object) ||
             ContainsAggregate(*expr.As<SubscriptExpr>().index);
    case ExprKind::kSlice: {
      const auto& s = expr.As<SliceExpr>();
      return ContainsAggregate(*s.object) || (s.from && ContainsAggregate(*s.from)) ||
             (s.to && ContainsAggregate(*s.to));
    }
    case ExprKind::kUnary:
      return ContainsAggregate(*expr.As<UnaryExpr>().operand);
    case ExprKind::kBinary:
      return ContainsAggregate(*expr.As<BinaryExpr>().left) ||
             ContainsAggregate(*expr.As<BinaryExpr>().right);
    case ExprKind::kComparison:
      for (const auto& o : expr.As<ComparisonExpr>().operands) {
        if (ContainsAggregate(*o)) return true;
      }
      return false;
    case ExprKind::kCase: {
      const auto& c = expr.As<CaseExpr>();
      if (c.test && ContainsAggregate(*c.test)) return true;
      if (c.else_expr && ContainsAggregate(*c.else_expr)) return true;
      for (const auto& alt : c.alternatives) {
        if (ContainsAggregate(*alt.when) || ContainsAggregate(*alt.then)) return true;
      }
      return false;
    }
    case ExprKind::kList:
      for (const auto& e : expr.As<ListExpr>().elements) {
        if (ContainsAggregate(*e)) return true;
      }
      return false;
    case ExprKind::kMap:
      for (const auto& e : expr.As<MapExpr>().entries) {
        if (ContainsAggregate(*e.value)) return true;
      }
      return false;
    case ExprKind::kListComprehension: {
      const auto& c = expr.As<ListComprehensionExpr>();
      return ContainsAggregate(*c.list) || (c.where && ContainsAggregate(*c.where)) ||
             (c.projection && ContainsAggregate(*c.projection));
    }
    case ExprKind::kQuantifier: {
      const auto& q = expr.As<QuantifierExpr>();
      return ContainsAggregate(*q.list) || (q.where && ContainsAggregate(*q.where));
    }
    case ExprKind::kMapProjection:
      for (const auto& item : expr.As<MapProjectionExpr>().items) {
        if (item.value && ContainsAggregate(*item.value)) return true;
      }
      return false;
    case ExprKind::kReduce: {
      const auto& r = expr.As<ReduceExpr>();
      return ContainsAggregate(*r.init) || ContainsAggregate(*r.list) || ContainsAggregate(*r.expression);
    }
    case ExprKind::kTypePredicate:
      return ContainsAggregate(*expr.As<TypePredicateExpr>().operand);
    default:
      return false;
  }
}

}  // namespace quiver::planner
