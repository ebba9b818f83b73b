#include "cypher/ast/ast_equal.h"

#include <cmath>

namespace quiver::cypher {
namespace {

template <typename T, typename F>
bool EqualVectors(const std::vector<T>& a, const std::vector<T>& b, F&& equal) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (!equal(a[i], b[i])) return false;
  }
  return true;
}

bool EqualExprs(const std::vector<ExprPtr>& a, const std::vector<ExprPtr>& b) {
  return EqualVectors(a, b, [](const ExprPtr& x, const ExprPtr& y) { return Equal(x.get(), y.get()); });
}

bool EqualLiterals(const LiteralExpr::Value& a, const LiteralExpr::Value& b) {
  if (a.index() != b.index()) return false;
  if (const double* x = std::get_if<double>(&a)) {
    // 0.0 and -0.0 are different literals.
    double y = std::get<double>(b);
    return *x == y && std::signbit(*x) == std::signbit(y);
  }
  return a == b;
}

bool EqualNodes(const NodePattern& a, const NodePattern& b) {
  return a.variable == b.variable && a.labels == b.labels && a.label_expression == b.label_expression &&
         Equal(a.properties.get(), b.properties.get());
}

bool EqualRelationships(const RelationshipPattern& a, const RelationshipPattern& b) {
  if ((a.group == nullptr) != (b.group == nullptr)) return false;
  if (a.group != nullptr) {
    return Equal(a.group->element, b.group->element) && Equal(a.group->where.get(), b.group->where.get()) &&
           a.group->quantifier == b.group->quantifier;
  }
  return a.direction == b.direction && a.variable == b.variable && a.types == b.types &&
         a.type_expression == b.type_expression && a.var_length == b.var_length &&
         a.quantified == b.quantified && Equal(a.properties.get(), b.properties.get());
}

bool EqualPatterns(const Pattern& a, const Pattern& b) {
  return EqualVectors(a, b, [](const PatternPart& x, const PatternPart& y) { return Equal(x, y); });
}

bool EqualSetItems(const std::vector<SetItem>& a, const std::vector<SetItem>& b) {
  return EqualVectors(a, b, [](const SetItem& x, const SetItem& y) {
    return x.kind == y.kind && Equal(x.target.get(), y.target.get()) && Equal(x.value.get(), y.value.get()) &&
           x.labels == y.labels;
  });
}

bool EqualBodies(const ProjectionBody& a, const ProjectionBody& b) {
  bool items = EqualVectors(a.items, b.items, [](const ProjectionItem& x, const ProjectionItem& y) {
    return x.alias == y.alias && Equal(x.expr.get(), y.expr.get());
  });
  bool order = EqualVectors(a.order_by, b.order_by, [](const SortItem& x, const SortItem& y) {
    return x.descending == y.descending && Equal(x.expr.get(), y.expr.get());
  });
  return a.distinct == b.distinct && a.star == b.star && items && order &&
         Equal(a.skip.get(), b.skip.get()) && Equal(a.limit.get(), b.limit.get());
}

bool EqualSingleQueries(const SingleQuery& a, const SingleQuery& b) {
  return a.finish == b.finish && EqualVectors(a.clauses, b.clauses,
                      [](const ClausePtr& x, const ClausePtr& y) { return Equal(*x, *y); });
}

}  // namespace

bool Equal(const Expr* a, const Expr* b) {
  if (a == nullptr || b == nullptr) return a == b;
  return Equal(*a, *b);
}

bool Equal(const Expr& a, const Expr& b) {
  if (a.kind() != b.kind()) return false;
  switch (a.kind()) {
    case ExprKind::kLiteral:
      return EqualLiterals(a.As<LiteralExpr>().value, b.As<LiteralExpr>().value);
    case ExprKind::kParameter:
      return a.As<ParameterExpr>().name == b.As<ParameterExpr>().name;
    case ExprKind::kVariable:
      return a.As<VariableExpr>().name == b.As<VariableExpr>().name;
    case ExprKind::kProperty: {
      const auto& x = a.As<PropertyExpr>();
      const auto& y = b.As<PropertyExpr>();
      return x.key == y.key && Equal(x.object.get(), y.object.get());
    }
    case ExprKind::kHasLabels: {
      const auto& x = a.As<HasLabelsExpr>();
      const auto& y = b.As<HasLabelsExpr>();
      return x.labels == y.labels && x.expression == y.expression && Equal(x.object.get(), y.object.get());
    }
    case ExprKind::kSubscript: {
      const auto& x = a.As<SubscriptExpr>();
      const auto& y = b.As<SubscriptExpr>();
      return Equal(x.object.get(), y.object.get()) && Equal(x.index.get(), y.index.get());
    }
    case ExprKind::kSlice: {
      const auto& x = a.As<SliceExpr>();
      const auto& y = b.As<SliceExpr>();
      return Equal(x.object.get(), y.object.get()) && Equal(x.from.get(), y.from.get()) &&
             Equal(x.to.get(), y.to.get());
    }
    case ExprKind::kUnary: {
      const auto& x = a.As<UnaryExpr>();
      const auto& y = b.As<UnaryExpr>();
      return x.op == y.op && Equal(x.operand.get(), y.operand.get());
    }
    case ExprKind::kBinary: {
      const auto& x = a.As<BinaryExpr>();
      const auto& y = b.As<BinaryExpr>();
      return x.op == y.op && Equal(x.left.get(), y.left.get()) && Equal(x.right.get(), y.right.get());
    }
    case ExprKind::kComparison: {
      const auto& x = a.As<ComparisonExpr>();
      const auto& y = b.As<ComparisonExpr>();
      return x.ops == y.ops && EqualExprs(x.operands, y.operands);
    }
    case ExprKind::kFunctionCall: {
      const auto& x = a.As<FunctionCallExpr>();
      const auto& y = b.As<FunctionCallExpr>();
      return x.name == y.name && x.distinct == y.distinct && EqualExprs(x.args, y.args);
    }
    case ExprKind::kCountStar:
      return true;
    case ExprKind::kCase: {
      const auto& x = a.As<CaseExpr>();
      const auto& y = b.As<CaseExpr>();
      return Equal(x.test.get(), y.test.get()) && Equal(x.else_expr.get(), y.else_expr.get()) &&
             EqualVectors(x.alternatives, y.alternatives,
                          [](const CaseAlternative& p, const CaseAlternative& q) {
                            return Equal(p.when.get(), q.when.get()) && Equal(p.then.get(), q.then.get());
                          });
    }
    case ExprKind::kList:
      return EqualExprs(a.As<ListExpr>().elements, b.As<ListExpr>().elements);
    case ExprKind::kMap:
      return EqualVectors(a.As<MapExpr>().entries, b.As<MapExpr>().entries,
                          [](const MapEntry& x, const MapEntry& y) {
                            return x.key == y.key && Equal(x.value.get(), y.value.get());
                          });
    case ExprKind::kListComprehension: {
      const auto& x = a.As<ListComprehensionExpr>();
      const auto& y = b.As<ListComprehensionExpr>();
      return x.variable == y.variable && Equal(x.list.get(), y.list.get()) &&
             Equal(x.where.get(), y.where.get()) && Equal(x.projection.get(), y.projection.get());
    }
    case ExprKind::kQuantifier: {
      const auto& x = a.As<QuantifierExpr>();
      const auto& y = b.As<QuantifierExpr>();
      return x.quantifier == y.quantifier && x.variable == y.variable && Equal(x.list.get(), y.list.get()) &&
             Equal(x.where.get(), y.where.get());
    }
    case ExprKind::kPatternComprehension: {
      const auto& x = a.As<PatternComprehensionExpr>();
      const auto& y = b.As<PatternComprehensionExpr>();
      return x.path_variable == y.path_variable && Equal(*x.pattern, *y.pattern) &&
             Equal(x.where.get(), y.where.get()) && Equal(x.projection.get(), y.projection.get());
    }
    case ExprKind::kPatternPredicate:
      return Equal(*a.As<PatternPredicateExpr>().pattern, *b.As<PatternPredicateExpr>().pattern);
    case ExprKind::kExists:
      return Equal(*a.As<ExistsExpr>().query, *b.As<ExistsExpr>().query);
    case ExprKind::kMapProjection: {
      const auto& x = a.As<MapProjectionExpr>();
      const auto& y = b.As<MapProjectionExpr>();
      return x.variable == y.variable &&
             EqualVectors(x.items, y.items, [](const MapProjectionItem& p, const MapProjectionItem& q) {
               return p.kind == q.kind && p.key == q.key && Equal(p.value.get(), q.value.get());
             });
    }
    case ExprKind::kReduce: {
      const auto& x = a.As<ReduceExpr>();
      const auto& y = b.As<ReduceExpr>();
      return x.accumulator == y.accumulator && x.variable == y.variable &&
             Equal(x.init.get(), y.init.get()) && Equal(x.list.get(), y.list.get()) &&
             Equal(x.expression.get(), y.expression.get());
    }
    case ExprKind::kTypePredicate: {
      const auto& x = a.As<TypePredicateExpr>();
      const auto& y = b.As<TypePredicateExpr>();
      return x.negated == y.negated && x.type == y.type && Equal(x.operand.get(), y.operand.get());
    }
    case ExprKind::kSubqueryValue: {
      const auto& x = a.As<SubqueryValueExpr>();
      const auto& y = b.As<SubqueryValueExpr>();
      return x.subquery == y.subquery && Equal(*x.query, *y.query);
    }
  }
  return false;
}

bool Equal(const PatternElement& a, const PatternElement& b) {
  return EqualVectors(a.nodes, b.nodes, EqualNodes) &&
         EqualVectors(a.relationships, b.relationships, EqualRelationships);
}

bool Equal(const PatternPart& a, const PatternPart& b) {
  return a.path_variable == b.path_variable && a.selector == b.selector &&
         a.selector_count == b.selector_count && a.selector_as_function == b.selector_as_function &&
         Equal(a.element, b.element);
}

bool Equal(const Clause& a, const Clause& b) {
  if (a.kind() != b.kind()) return false;
  switch (a.kind()) {
    case ClauseKind::kMatch: {
      const auto& x = a.As<MatchClause>();
      const auto& y = b.As<MatchClause>();
      return x.optional == y.optional && EqualPatterns(x.pattern, y.pattern) &&
             Equal(x.where.get(), y.where.get());
    }
    case ClauseKind::kUnwind: {
      const auto& x = a.As<UnwindClause>();
      const auto& y = b.As<UnwindClause>();
      return x.variable == y.variable && Equal(x.list.get(), y.list.get());
    }
    case ClauseKind::kCall: {
      const auto& x = a.As<CallClause>();
      const auto& y = b.As<CallClause>();
      bool yields = EqualVectors(x.yields, y.yields, [](const YieldItem& p, const YieldItem& q) {
        return p.field == q.field && p.alias == q.alias;
      });
      return x.procedure == y.procedure && x.implicit_arguments == y.implicit_arguments &&
             EqualExprs(x.args, y.args) && x.has_yield == y.has_yield && x.yield_all == y.yield_all &&
             yields && Equal(x.where.get(), y.where.get());
    }
    case ClauseKind::kCreate:
      return EqualPatterns(a.As<CreateClause>().pattern, b.As<CreateClause>().pattern);
    case ClauseKind::kMerge: {
      const auto& x = a.As<MergeClause>();
      const auto& y = b.As<MergeClause>();
      return Equal(x.pattern, y.pattern) &&
             EqualVectors(x.actions, y.actions, [](const MergeAction& p, const MergeAction& q) {
               return p.on_create == q.on_create && EqualSetItems(p.items, q.items);
             });
    }
    case ClauseKind::kSet:
      return EqualSetItems(a.As<SetClause>().items, b.As<SetClause>().items);
    case ClauseKind::kRemove:
      return EqualVectors(a.As<RemoveClause>().items, b.As<RemoveClause>().items,
                          [](const RemoveItem& x, const RemoveItem& y) {
                            return x.kind == y.kind && x.labels == y.labels &&
                                   Equal(x.target.get(), y.target.get());
                          });
    case ClauseKind::kDelete: {
      const auto& x = a.As<DeleteClause>();
      const auto& y = b.As<DeleteClause>();
      return x.detach == y.detach && EqualExprs(x.targets, y.targets);
    }
    case ClauseKind::kWith: {
      const auto& x = a.As<WithClause>();
      const auto& y = b.As<WithClause>();
      return EqualBodies(x.body, y.body) && Equal(x.where.get(), y.where.get());
    }
    case ClauseKind::kReturn:
      return EqualBodies(a.As<ReturnClause>().body, b.As<ReturnClause>().body);
    case ClauseKind::kSubqueryCall: {
      const auto& x = a.As<SubqueryCallClause>();
      const auto& y = b.As<SubqueryCallClause>();
      return x.optional == y.optional && x.scope == y.scope && EqualExprs(x.scope_variables, y.scope_variables) &&
             Equal(*x.query, *y.query) && x.in_transactions == y.in_transactions &&
             Equal(x.batch_size.get(), y.batch_size.get()) && x.on_error_fail == y.on_error_fail;
    }
    case ClauseKind::kLoadCsv: {
      const auto& x = a.As<LoadCsvClause>();
      const auto& y = b.As<LoadCsvClause>();
      return x.with_headers == y.with_headers && Equal(x.url.get(), y.url.get()) && x.variable == y.variable &&
             x.field_terminator == y.field_terminator;
    }
    case ClauseKind::kSchemaCommand: {
      const auto& x = a.As<SchemaCommandClause>();
      const auto& y = b.As<SchemaCommandClause>();
      return x.action == y.action && x.index_type == y.index_type && x.name == y.name &&
             x.if_not_exists == y.if_not_exists && x.if_exists == y.if_exists &&
             x.relationship == y.relationship && x.variable == y.variable &&
             x.label_or_type == y.label_or_type && x.properties == y.properties &&
             x.constraint_type == y.constraint_type && x.property_type == y.property_type &&
             Equal(x.options.get(), y.options.get());
    }
  }
  return false;
}

bool Equal(const Statement& a, const Statement& b) {
  // The UNION kind only means something when there is a union.
  if (a.queries.size() > 1 && a.union_all != b.union_all) return false;
  if (a.use_database != b.use_database) return false;
  return EqualVectors(a.queries, b.queries, EqualSingleQueries);
}

}  // namespace quiver::cypher
