// Binding the expressions of Neo4j 5's syntax: label expressions (`n:A|B`, `(n:!A)`,
// `[:!T]`), map projections, reduce and type predicates. COUNT { } and COLLECT { } are
// bound with EXISTS { } (BindPatternSubquery, bind_expression.cpp).

#include "cypher/ast/ast_printer.h"
#include "planner/binder_impl.h"

namespace quiver::planner {

using namespace cypher;  // NOLINT: AST node names read better unqualified here

namespace {

using LabelKind = LabelExpression::Kind;

BoundExprPtr Unary(ExprOp op, BoundExprPtr arg) {
  std::vector<BoundExprPtr> args;
  args.push_back(std::move(arg));
  return MakeExpr(op, std::move(args), StaticType::kBool);
}

bool HasSubplan(const BoundExpr& e) {
  if (e.subplan) return true;
  for (const auto& a : e.args) {
    if (HasSubplan(*a)) return true;
  }
  return false;
}

}  // namespace

BoundExprPtr Binder::BindLabelExpression(const BoundExpr& subject, const LabelExpression& e,
                                         SourcePosition pos) const {
  switch (e.kind) {
    case LabelKind::kName: {
      auto has = Unary(ExprOp::kHasLabels, Clone(subject));
      has->names.push_back(e.name);
      return has;
    }
    case LabelKind::kWildcard:
      return Unary(ExprOp::kHasAnyLabel, Clone(subject));
    case LabelKind::kNot:
      return Unary(ExprOp::kNot, BindLabelExpression(subject, e.operands[0], pos));
    case LabelKind::kAnd:
    case LabelKind::kOr: {
      std::vector<BoundExprPtr> args;
      for (const auto& operand : e.operands) args.push_back(BindLabelExpression(subject, operand, pos));
      return MakeExpr(e.kind == LabelKind::kAnd ? ExprOp::kAnd : ExprOp::kOr, std::move(args),
                      StaticType::kBool);
    }
  }
  Fail(pos, "InvalidLabelExpression", "unknown label expression");
}

BoundExprPtr Binder::BindHasLabels(const HasLabelsExpr& expr, const ExprContext& ctx) {
  BoundExprPtr object = BindExpr(*expr.object, ctx);
  if (!expr.expression) {
    auto e = Unary(ExprOp::kHasLabels, std::move(object));
    e->names = expr.labels;
    return e;
  }
  // The subject is tested once per name: a copy of it stands in each test.
  if (HasSubplan(*object) || !IsDeterministic(*object)) {
    Fail(expr.pos, "UnsupportedLabelExpression",
         "a label expression with |, ! or % can only test a variable or a simple expression, not one with a "
         "subquery or rand(); bind it with WITH first");
  }
  return BindLabelExpression(*object, *expr.expression, expr.pos);
}

BoundExprPtr Binder::BindPatternLabels(const LabelExpression& e, SlotId slot,
                                       std::vector<std::string>& scan_labels) const {
  const BoundExprPtr subject = MakeSlotRef(slot, StaticType::kNode);
  if (e.kind != LabelKind::kAnd) return BindLabelExpression(*subject, e, e.pos);
  std::vector<BoundExprPtr> rest;
  for (const auto& operand : e.operands) {
    if (operand.kind == LabelKind::kName) {
      scan_labels.push_back(operand.name);
    } else {
      rest.push_back(BindLabelExpression(*subject, operand, operand.pos));
    }
  }
  if (rest.empty()) return nullptr;
  if (rest.size() == 1) return std::move(rest[0]);
  return MakeExpr(ExprOp::kAnd, std::move(rest), StaticType::kBool);
}

BoundExprPtr Binder::BindPatternTypes(const LabelExpression& e, SlotId slot, bool var_length) {
  if (!var_length) return BindLabelExpression(*MakeSlotRef(slot, StaticType::kRelationship), e, e.pos);
  // all(r IN rels WHERE r:<e>): every hop meets it, as `[:A|B*]` requires of each.
  const SlotId each = NewSlot("  type");
  auto all = std::make_unique<BoundExpr>(ExprOp::kQuantifier);
  all->quantifier = Quantifier::kAll;
  all->slot = each;
  all->has_where = true;
  all->type = StaticType::kBool;
  all->args.push_back(MakeSlotRef(slot, StaticType::kRelationshipList));
  all->args.push_back(BindLabelExpression(*MakeSlotRef(each, StaticType::kRelationship), e, e.pos));
  return all;
}

void Binder::FailOnLabelExpression(const NodePattern& node, std::string_view clause) const {
  if (!node.label_expression) return;
  Fail(node.label_expression->pos, "InvalidLabelExpression",
       "the label expression ':" + ToCypher(*node.label_expression) + "' cannot be used in " +
           std::string(clause) + ": a node is created with plain labels only, such as :A:B or :A&B");
}

void Binder::FailOnTypeExpression(const RelationshipPattern& rel, std::string_view clause) const {
  if (!rel.type_expression) return;
  Fail(rel.type_expression->pos, "InvalidLabelExpression",
       "the type expression ':" + ToCypher(*rel.type_expression) + "' cannot be used in " +
           std::string(clause) + ": a relationship is created with exactly one type, such as :KNOWS");
}

void Binder::AddImplicitGroupingKey(const Expr& item, const Scope& scope, LogicalAggregate& aggregate,
                                    Scope& keys) {
  if (!item.Is<MapProjectionExpr>()) return;
  const std::string& name = item.As<MapProjectionExpr>().variable;
  const Variable* v = scope.Find(name);
  if (v == nullptr || keys.FindHere(name) != nullptr) return;  // undefined: reported when bound
  const SlotId key = NewSlot(name);
  aggregate.keys.push_back(MakeSlotRef(v->slot, v->type));
  aggregate.key_slots.push_back(key);
  keys.Add({name, key, v->type});
}

BoundExprPtr Binder::BindMapProjection(const MapProjectionExpr& expr, const ExprContext& ctx) {
  // As an expression, so that the subject may stand for a projection item (a grouping key).
  VariableExpr variable(expr.pos);
  variable.name = expr.variable;
  BoundExprPtr subject = BindExpr(variable, ctx);
  switch (subject->type) {
    case StaticType::kAny:
    case StaticType::kNull:
    case StaticType::kMap:
    case StaticType::kNode:
    case StaticType::kRelationship:
      break;
    default:
      FailTypeError(expr.pos, "InvalidArgumentType",
                    "a map projection needs a node, relationship or map, not " +
                        std::string(StaticTypeName(subject->type)));
  }
  auto e = std::make_unique<BoundExpr>(ExprOp::kMapProjection);
  e->type = StaticType::kMap;
  for (const MapProjectionItem& item : expr.items) {
    switch (item.kind) {
      case MapProjectionItem::Kind::kAllProperties:
        e->has_test = true;
        continue;
      case MapProjectionItem::Kind::kProperty: {
        std::vector<BoundExprPtr> args;
        args.push_back(Clone(*subject));
        auto property = MakeExpr(ExprOp::kProperty, std::move(args));
        property->name = item.key;
        e->args.push_back(std::move(property));
        break;
      }
      case MapProjectionItem::Kind::kVariable: {
        VariableExpr value(item.pos);
        value.name = item.key;
        e->args.push_back(BindVariable(value, ctx));
        break;
      }
      case MapProjectionItem::Kind::kLiteral:
        e->args.push_back(BindExpr(*item.value, ctx));
        break;
    }
    e->names.push_back(item.key);
  }
  e->args.insert(e->args.begin(), std::move(subject));
  return e;
}

BoundExprPtr Binder::BindReduce(const ReduceExpr& expr, const ExprContext& ctx) {
  auto e = std::make_unique<BoundExpr>(ExprOp::kReduce);
  e->args.push_back(BindExpr(*expr.init, ctx));
  e->args.push_back(BindExpr(*expr.list, ctx));
  if (e->args[1]->type != StaticType::kAny && e->args[1]->type != StaticType::kNull &&
      e->args[1]->type != StaticType::kList && e->args[1]->type != StaticType::kRelationshipList) {
    FailTypeError(expr.list->pos, "InvalidArgumentType",
                  "reduce(...) needs a list, not " + std::string(StaticTypeName(e->args[1]->type)));
  }
  // The accumulator and the element are local to the expression, as a comprehension's
  // variable is.
  e->accumulator_slot = NewSlot(expr.accumulator);
  e->slot = NewSlot(expr.variable);
  Scope local(ctx.scope);
  local.Add({expr.accumulator, e->accumulator_slot, StaticType::kAny});
  local.Add({expr.variable, e->slot, StaticType::kAny});
  ExprContext inner;
  inner.scope = &local;
  inner.constant_only = ctx.constant_only;
  e->args.push_back(BindExpr(*expr.expression, inner));
  return e;
}

BoundExprPtr Binder::BindTypePredicate(const TypePredicateExpr& expr, const ExprContext& ctx) {
  auto check = Unary(ExprOp::kTypeCheck, BindExpr(*expr.operand, ctx));
  check->cypher_type = std::make_shared<const CypherType>(expr.type);
  // IS :: is never null, so IS NOT :: is its negation.
  return expr.negated ? Unary(ExprOp::kNot, std::move(check)) : std::move(check);
}

}  // namespace quiver::planner
