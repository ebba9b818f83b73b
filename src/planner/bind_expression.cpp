// Expressions: names to slots, functions to implementations, static type checks.

#include "common/stack_guard.h"
#include "cypher/ast/ast_equal.h"
#include "planner/binder_impl.h"

namespace quiver::planner {

using namespace cypher;  // NOLINT: AST node names read better unqualified here

namespace {

bool IsSimpleKey(const Expr& e) {
  return e.Is<VariableExpr>() || (e.Is<PropertyExpr>() && e.As<PropertyExpr>().object->Is<VariableExpr>());
}

// Types no arithmetic operator accepts.
bool NonArithmetic(StaticType t) {
  switch (t) {
    case StaticType::kBool:
    case StaticType::kMap:
    case StaticType::kNode:
    case StaticType::kRelationship:
    case StaticType::kPath:
      return true;
    default:
      return false;
  }
}

// Types only `+` accepts (concatenation).
bool ConcatOnly(StaticType t) {
  return t == StaticType::kString || t == StaticType::kList || t == StaticType::kRelationshipList;
}

StaticType ArithmeticResult(ExprOp op, StaticType a, StaticType b) {
  if (op == ExprOp::kAdd) {
    if (a == StaticType::kString || b == StaticType::kString) {
      return (a == StaticType::kList || b == StaticType::kList) ? StaticType::kList : StaticType::kString;
    }
    if (a == StaticType::kList || b == StaticType::kList) return StaticType::kList;
  }
  if (a == StaticType::kInt && b == StaticType::kInt) return StaticType::kInt;
  bool a_num = a == StaticType::kInt || a == StaticType::kFloat;
  bool b_num = b == StaticType::kInt || b == StaticType::kFloat;
  if (a_num && b_num) return StaticType::kFloat;
  return StaticType::kAny;
}

// The static type of the elements of a list expression, when they all agree.
StaticType ElementType(const BoundExpr& list) {
  if (list.type == StaticType::kRelationshipList) return StaticType::kRelationship;
  std::optional<StaticType> common;
  auto merge = [&](StaticType t) {
    if (t == StaticType::kNull) return;
    if (!common) {
      common = t;
    } else if (*common != t) {
      common = StaticType::kAny;
    }
  };
  if (list.op == ExprOp::kList) {
    for (const auto& a : list.args) merge(a->type);
  } else if (list.op == ExprOp::kConstant && list.value.IsList()) {
    for (const auto& v : list.value.AsList()) merge(MakeConstant(v)->type);
  } else {
    return StaticType::kAny;
  }
  return common.value_or(StaticType::kAny);
}

ExprOp BinaryToOp(BinaryOp op) {
  switch (op) {
    case BinaryOp::kOr:
      return ExprOp::kOr;
    case BinaryOp::kXor:
      return ExprOp::kXor;
    case BinaryOp::kAnd:
      return ExprOp::kAnd;
    case BinaryOp::kAdd:
      return ExprOp::kAdd;
    case BinaryOp::kSubtract:
      return ExprOp::kSubtract;
    case BinaryOp::kMultiply:
      return ExprOp::kMultiply;
    case BinaryOp::kDivide:
      return ExprOp::kDivide;
    case BinaryOp::kModulo:
      return ExprOp::kModulo;
    case BinaryOp::kPower:
      return ExprOp::kPower;
    case BinaryOp::kStartsWith:
      return ExprOp::kStartsWith;
    case BinaryOp::kEndsWith:
      return ExprOp::kEndsWith;
    case BinaryOp::kContains:
      return ExprOp::kContains;
    case BinaryOp::kIn:
      return ExprOp::kIn;
    case BinaryOp::kRegexMatch:
      return ExprOp::kRegexMatch;
  }
  return ExprOp::kAnd;
}

CmpOp ToCmpOp(ComparisonOp op) {
  switch (op) {
    case ComparisonOp::kEq:
      return CmpOp::kEq;
    case ComparisonOp::kNe:
      return CmpOp::kNe;
    case ComparisonOp::kLt:
      return CmpOp::kLt;
    case ComparisonOp::kGt:
      return CmpOp::kGt;
    case ComparisonOp::kLe:
      return CmpOp::kLe;
    case ComparisonOp::kGe:
      return CmpOp::kGe;
  }
  return CmpOp::kEq;
}

Value LiteralValue(const LiteralExpr& lit) {
  return std::visit(
      [](const auto& v) -> Value {
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<T, std::monostate>) {
          return Value();
        } else if constexpr (std::is_same_v<T, bool>) {
          return Value::Bool(v);
        } else if constexpr (std::is_same_v<T, int64_t>) {
          return Value::Int(v);
        } else if constexpr (std::is_same_v<T, double>) {
          return Value::Float(v);
        } else {
          return Value::String(v);
        }
      },
      lit.value);
}

bool MayBeBoolean(StaticType t) {
  return t == StaticType::kAny || t == StaticType::kNull || t == StaticType::kBool;
}

}  // namespace

BoundExprPtr Binder::BindExpr(const Expr& expr, const ExprContext& ctx) {
  CheckStack();  // the backstop for threads with less stack than the parser's limits assume
  if (auto item = BindAsItem(expr, ctx)) return item;
  return BindExprInner(expr, ctx);
}

BoundExprPtr Binder::BindAsItem(const Expr& expr, const ExprContext& ctx) {
  if (ctx.items == nullptr || ctx.in_aggregate) return nullptr;
  for (const auto& item : *ctx.items) {
    if (item.ast == nullptr || !Equal(*item.ast, expr)) continue;
    if (ctx.mixed_aggregation && !item.is_aggregate && !IsSimpleKey(expr)) {
      Fail(expr.pos, "AmbiguousAggregationExpression",
           "only variables and their properties that are grouping keys may be combined with an aggregate");
    }
    return MakeSlotRef(item.slot, item.type);
  }
  return nullptr;
}

BoundExprPtr Binder::BindPredicate(const Expr& expr, const ExprContext& ctx) {
  auto bound = BindExpr(expr, ctx);
  if (!MayBeBoolean(bound->type)) {
    Fail(expr.pos, "InvalidArgumentType",
         "expected a boolean predicate, got " + std::string(StaticTypeName(bound->type)));
  }
  return bound;
}

BoundExprPtr Binder::BindVariable(const VariableExpr& expr, const ExprContext& ctx) {
  if (ctx.constant_only) {
    Fail(expr.pos, "NonConstantExpression",
         "expected a constant or a parameter, not the variable " + expr.name);
  }
  if (const Variable* v = ctx.scope->Find(expr.name)) return MakeSlotRef(v->slot, v->type);
  if (ctx.ambiguity_scope != nullptr && ctx.ambiguity_scope->Find(expr.name) != nullptr) {
    Fail(expr.pos, "AmbiguousAggregationExpression",
         "variable `" + expr.name + "` is neither a grouping key nor inside an aggregate");
  }
  Fail(expr.pos, "UndefinedVariable", "variable `" + expr.name + "` not defined");
}

BoundExprPtr Binder::BindExprInner(const Expr& expr, const ExprContext& ctx) {
  switch (expr.kind()) {
    case ExprKind::kLiteral:
      return MakeConstant(LiteralValue(expr.As<LiteralExpr>()));
    case ExprKind::kParameter: {
      const auto& p = expr.As<ParameterExpr>();
      const Value* value = parameters_.Find(p.name);
      if (value == nullptr) {
        throw ParameterMissing("MissingParameter", "expected a parameter named $" + p.name,
                               ErrorPhase::kCompileTime);
      }
      auto e = std::make_unique<BoundExpr>(ExprOp::kParameter);
      e->name = p.name;
      e->type = MakeConstant(*value)->type;
      return e;
    }
    case ExprKind::kVariable:
      return BindVariable(expr.As<VariableExpr>(), ctx);
    case ExprKind::kProperty: {
      const auto& p = expr.As<PropertyExpr>();
      auto object = BindExpr(*p.object, ctx);
      if (object->type == StaticType::kPath) {
        Fail(p.pos, "InvalidArgumentType", "a path has no properties");
      }
      switch (object->type) {
        case StaticType::kBool:
        case StaticType::kInt:
        case StaticType::kFloat:
        case StaticType::kString:
        case StaticType::kList:
        case StaticType::kPath:
        case StaticType::kRelationshipList:
          FailTypeError(p.pos, "InvalidArgumentType",
                        "property access needs a node, relationship or map, not " +
                            std::string(StaticTypeName(object->type)));
        default:
          break;
      }
      std::vector<BoundExprPtr> args;
      args.push_back(std::move(object));
      auto e = MakeExpr(ExprOp::kProperty, std::move(args));
      e->name = p.key;
      return e;
    }
    case ExprKind::kHasLabels:
      return BindHasLabels(expr.As<HasLabelsExpr>(), ctx);
    case ExprKind::kSubscript: {
      const auto& s = expr.As<SubscriptExpr>();
      std::vector<BoundExprPtr> args;
      args.push_back(BindExpr(*s.object, ctx));
      args.push_back(BindExpr(*s.index, ctx));
      return MakeExpr(ExprOp::kSubscript, std::move(args));
    }
    case ExprKind::kSlice: {
      const auto& s = expr.As<SliceExpr>();
      std::vector<BoundExprPtr> args;
      args.push_back(BindExpr(*s.object, ctx));
      args.push_back(s.from ? BindExpr(*s.from, ctx) : MakeConstant(Value()));
      args.push_back(s.to ? BindExpr(*s.to, ctx) : MakeConstant(Value()));
      auto e = MakeExpr(ExprOp::kSlice, std::move(args), StaticType::kList);
      e->has_test = s.from != nullptr;
      e->has_else = s.to != nullptr;
      return e;
    }
    case ExprKind::kUnary: {
      const auto& u = expr.As<UnaryExpr>();
      auto operand = BindExpr(*u.operand, ctx);
      std::vector<BoundExprPtr> args;
      switch (u.op) {
        case UnaryOp::kNot:
          if (!MayBeBoolean(operand->type)) {
            Fail(u.pos, "InvalidArgumentType",
                 "NOT needs a boolean, not " + std::string(StaticTypeName(operand->type)));
          }
          args.push_back(std::move(operand));
          return MakeExpr(ExprOp::kNot, std::move(args), StaticType::kBool);
        case UnaryOp::kNegate:
        case UnaryOp::kPlus: {
          if (NonArithmetic(operand->type) || ConcatOnly(operand->type)) {
            Fail(u.pos, "InvalidArgumentType",
                 "unary minus needs a number, not " + std::string(StaticTypeName(operand->type)));
          }
          if (u.op == UnaryOp::kPlus) return operand;
          StaticType type = operand->type;
          args.push_back(std::move(operand));
          return MakeExpr(ExprOp::kNegate, std::move(args), type);
        }
        case UnaryOp::kIsNull:
        case UnaryOp::kIsNotNull:
          args.push_back(std::move(operand));
          return MakeExpr(u.op == UnaryOp::kIsNull ? ExprOp::kIsNull : ExprOp::kIsNotNull, std::move(args),
                          StaticType::kBool);
      }
      break;
    }
    case ExprKind::kBinary:
      return BindBinary(expr.As<BinaryExpr>(), ctx);
    case ExprKind::kComparison: {
      const auto& c = expr.As<ComparisonExpr>();
      auto e = std::make_unique<BoundExpr>(ExprOp::kComparison);
      e->type = StaticType::kBool;
      for (const auto& operand : c.operands) e->args.push_back(BindExpr(*operand, ctx));
      for (auto op : c.ops) e->cmp_ops.push_back(ToCmpOp(op));
      return e;
    }
    case ExprKind::kFunctionCall:
      return BindFunctionCall(expr.As<FunctionCallExpr>(), ctx);
    case ExprKind::kCountStar:
      return BindAggregate(expr, ctx);
    case ExprKind::kCase: {
      const auto& c = expr.As<CaseExpr>();
      auto e = std::make_unique<BoundExpr>(ExprOp::kCase);
      if (c.test) {
        e->has_test = true;
        e->args.push_back(BindExpr(*c.test, ctx));
      }
      for (const auto& alt : c.alternatives) {
        e->args.push_back(BindExpr(*alt.when, ctx));
        e->args.push_back(BindExpr(*alt.then, ctx));
      }
      if (c.else_expr) {
        e->has_else = true;
        e->args.push_back(BindExpr(*c.else_expr, ctx));
      }
      return e;
    }
    case ExprKind::kList: {
      std::vector<BoundExprPtr> args;
      for (const auto& element : expr.As<ListExpr>().elements) args.push_back(BindExpr(*element, ctx));
      return MakeExpr(ExprOp::kList, std::move(args), StaticType::kList);
    }
    case ExprKind::kMap: {
      auto e = std::make_unique<BoundExpr>(ExprOp::kMap);
      e->type = StaticType::kMap;
      for (const auto& entry : expr.As<MapExpr>().entries) {
        e->names.push_back(entry.key);
        e->args.push_back(BindExpr(*entry.value, ctx));
      }
      return e;
    }
    case ExprKind::kListComprehension:
    case ExprKind::kQuantifier:
      return BindComprehension(expr, ctx);
    case ExprKind::kPatternComprehension:
    case ExprKind::kPatternPredicate:
    case ExprKind::kExists:
    case ExprKind::kSubqueryValue:
      return BindPatternSubquery(expr, ctx);
    case ExprKind::kMapProjection:
      return BindMapProjection(expr.As<MapProjectionExpr>(), ctx);
    case ExprKind::kReduce:
      return BindReduce(expr.As<ReduceExpr>(), ctx);
    case ExprKind::kTypePredicate:
      return BindTypePredicate(expr.As<TypePredicateExpr>(), ctx);
  }
  Fail(expr.pos, "UnexpectedSyntax", "unsupported expression");
}

// Binary operators associate left, so a chain (`a OR b OR c ...`, `1 + 2 + 3 ...`, the
// shape generated queries have, thousands of operands long) is a left spine: it is bound
// bottom-up in a loop, in the order recursion would bind it (each left operand, then
// its right one), without a stack frame per operand.
BoundExprPtr Binder::BindBinary(const BinaryExpr& top, const ExprContext& ctx) {
  std::vector<const BinaryExpr*> spine{&top};
  BoundExprPtr left;
  while (spine.back()->left->Is<BinaryExpr>()) {
    const Expr& next = *spine.back()->left;
    // What BindExpr would do first for the operand: it may stand for a projection item.
    if ((left = BindAsItem(next, ctx))) break;
    spine.push_back(&next.As<BinaryExpr>());
  }
  if (!left) left = BindExpr(*spine.back()->left, ctx);
  for (size_t i = spine.size(); i-- > 0;) {
    auto right = BindExpr(*spine[i]->right, ctx);
    left = CombineBinary(*spine[i], std::move(left), std::move(right));
  }
  return left;
}

BoundExprPtr Binder::CombineBinary(const BinaryExpr& b, BoundExprPtr left, BoundExprPtr right) {
  ExprOp op = BinaryToOp(b.op);
  auto fail_type = [&](StaticType t) {
    Fail(b.pos, "InvalidArgumentType",
         std::string(BinaryOpName(b.op)) + " cannot take a " + std::string(StaticTypeName(t)));
  };
  switch (op) {
    case ExprOp::kAnd:
    case ExprOp::kOr:
    case ExprOp::kXor: {
      if (!MayBeBoolean(left->type)) fail_type(left->type);
      if (!MayBeBoolean(right->type)) fail_type(right->type);
      std::vector<BoundExprPtr> args;
      // Flatten chains of the same operator into one n-ary node (XOR stays binary).
      for (auto* side : {&left, &right}) {
        if (op != ExprOp::kXor && (*side)->op == op) {
          for (auto& a : (*side)->args) args.push_back(std::move(a));
        } else {
          args.push_back(std::move(*side));
        }
      }
      return MakeExpr(op, std::move(args), StaticType::kBool);
    }
    case ExprOp::kAdd: {
      // `list + x` appends any x; otherwise both sides must be numbers or strings.
      bool list = left->type == StaticType::kList || right->type == StaticType::kList ||
                  left->type == StaticType::kAny || right->type == StaticType::kAny;
      if (!list && NonArithmetic(left->type)) fail_type(left->type);
      if (!list && NonArithmetic(right->type)) fail_type(right->type);
      break;
    }
    case ExprOp::kSubtract:
    case ExprOp::kMultiply:
    case ExprOp::kDivide:
    case ExprOp::kModulo:
    case ExprOp::kPower:
      if (NonArithmetic(left->type) || ConcatOnly(left->type)) fail_type(left->type);
      if (NonArithmetic(right->type) || ConcatOnly(right->type)) fail_type(right->type);
      break;
    case ExprOp::kIn:
      switch (right->type) {
        case StaticType::kAny:
        case StaticType::kNull:
        case StaticType::kList:
        case StaticType::kRelationshipList:
          break;
        default:
          fail_type(right->type);
      }
      break;
    default:
      break;
  }
  StaticType type = StaticType::kBool;
  if (op >= ExprOp::kAdd && op <= ExprOp::kPower) type = ArithmeticResult(op, left->type, right->type);
  std::vector<BoundExprPtr> args;
  args.push_back(std::move(left));
  args.push_back(std::move(right));
  return MakeExpr(op, std::move(args), type);
}

BoundExprPtr Binder::BindComprehension(const Expr& expr, const ExprContext& ctx) {
  bool is_quantifier = expr.Is<QuantifierExpr>();
  const std::string& variable =
      is_quantifier ? expr.As<QuantifierExpr>().variable : expr.As<ListComprehensionExpr>().variable;
  const Expr& list_ast =
      is_quantifier ? *expr.As<QuantifierExpr>().list : *expr.As<ListComprehensionExpr>().list;
  const Expr* where =
      is_quantifier ? expr.As<QuantifierExpr>().where.get() : expr.As<ListComprehensionExpr>().where.get();
  const Expr* projection = is_quantifier ? nullptr : expr.As<ListComprehensionExpr>().projection.get();

  auto list = BindExpr(list_ast, ctx);
  StaticType element = ElementType(*list);
  SlotId slot = NewSlot(variable);
  Scope local(ctx.scope);
  local.Add({variable, slot, element});
  ExprContext inner;
  inner.scope = &local;
  inner.constant_only = ctx.constant_only;

  auto e = std::make_unique<BoundExpr>(is_quantifier ? ExprOp::kQuantifier : ExprOp::kListComprehension);
  e->slot = slot;
  e->args.push_back(std::move(list));
  if (where != nullptr) {
    e->has_where = true;
    e->args.push_back(BindPredicate(*where, inner));
  }
  if (projection != nullptr) {
    e->has_projection = true;
    e->args.push_back(BindExpr(*projection, inner));
  }
  if (is_quantifier) {
    switch (expr.As<QuantifierExpr>().quantifier) {
      case QuantifierKind::kAll:
        e->quantifier = Quantifier::kAll;
        break;
      case QuantifierKind::kAny:
        e->quantifier = Quantifier::kAny;
        break;
      case QuantifierKind::kNone:
        e->quantifier = Quantifier::kNone;
        break;
      case QuantifierKind::kSingle:
        e->quantifier = Quantifier::kSingle;
        break;
    }
    e->type = StaticType::kBool;
  } else {
    e->type = StaticType::kList;
  }
  return e;
}

BoundExprPtr Binder::BindPatternSubquery(const Expr& expr, const ExprContext& ctx) {
  Scope local(ctx.scope);
  auto argument = MakeOp<LogicalArgument>(nullptr);
  auto e = std::make_unique<BoundExpr>(ExprOp::kSubquery);
  if (expr.Is<PatternPredicateExpr>()) {
    const auto& element = *expr.As<PatternPredicateExpr>().pattern;
    e->subplan = PlanPatternElement(element, "", nullptr, std::move(argument), local, PatternUse::kPredicate);
    e->subquery_mode = SubqueryMode::kExists;
    e->type = StaticType::kBool;
  } else if (expr.Is<PatternComprehensionExpr>()) {
    const auto& pc = expr.As<PatternComprehensionExpr>();
    auto plan = PlanPatternElement(*pc.pattern, pc.path_variable, pc.where.get(), std::move(argument), local,
                                   PatternUse::kComprehension);
    ExprContext inner;
    inner.scope = &local;
    auto project = MakeOp<LogicalProject>(std::move(plan));
    e->slot = NewSlot("comprehension");
    project->exprs.push_back(BindExpr(*pc.projection, inner));
    project->slots.push_back(e->slot);
    e->subplan = std::move(project);
    e->subquery_mode = SubqueryMode::kCollect;
    e->type = StaticType::kList;
  } else {
    // EXISTS { }, COUNT { }, COLLECT { }: the subquery's clauses see the outer variables
    // in a clause scope of their own (flat: WITH * lists every variable of a clause's scope).
    const bool exists = expr.Is<ExistsExpr>();
    const auto& statement = exists ? *expr.As<ExistsExpr>().query : *expr.As<SubqueryValueExpr>().query;
    const bool collect = !exists && expr.As<SubqueryValueExpr>().subquery == SubqueryValueKind::kCollect;
    const char* name = exists ? "EXISTS" : collect ? "COLLECT" : "COUNT";
    if (statement.queries.size() > 1) {
      Fail(statement.queries[1].pos, "UnsupportedSubquery",
           std::string("UNION inside ") + name + " { ... } is not supported");
    }
    e->name = name;  // for EXPLAIN
    Scope clause_scope = ctx.scope->Flatten();
    ResultColumns columns;
    e->subplan = BindClauses(statement.queries[0], std::move(argument), clause_scope, &columns);
    if (collect) {
      if (columns.slots.size() != 1) {
        Fail(expr.pos, "InvalidSubqueryReturn",
             "a COLLECT subquery must end with a RETURN of exactly one column, not " +
                 std::to_string(columns.slots.size()));
      }
      e->slot = columns.slots[0];
      e->subquery_mode = SubqueryMode::kCollect;
      e->type = StaticType::kList;
    } else {
      e->subquery_mode = exists ? SubqueryMode::kExists : SubqueryMode::kCount;
      e->type = exists ? StaticType::kBool : StaticType::kInt;
    }
  }
  return e;
}

BoundExprPtr Binder::BindSkipLimit(const Expr& expr) {
  Scope empty;
  ExprContext ctx;
  ctx.scope = &empty;
  ctx.constant_only = true;
  auto bound = BindExpr(expr, ctx);
  if (bound->IsConstant()) {
    const Value& v = bound->value;
    if (v.IsInt()) {
      if (v.AsInt() < 0)
        Fail(expr.pos, "NegativeIntegerArgument", "SKIP and LIMIT take a non-negative integer");
    } else if (!v.IsNull()) {
      Fail(expr.pos, "InvalidArgumentType",
           "SKIP and LIMIT take an integer, not " + std::string(v.TypeName()));
    }
  }
  return bound;
}

}  // namespace quiver::planner
