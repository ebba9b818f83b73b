// WITH and RETURN: projection, DISTINCT, aggregation with implicit grouping keys,
// ORDER BY, SKIP, LIMIT and WITH's WHERE.
//
// Scoping after a projection: ORDER BY sees the projected names and, when the
// projection neither aggregates nor is DISTINCT, the variables from before it too (their
// slots are still in the row). After an aggregation only grouping keys and aggregates
// exist, so an expression that mixes an aggregate with other values may use a grouping
// key only as a variable or a property of one (openCypher's rule; the TCK's
// AmbiguousAggregationExpression scenarios).

#include <algorithm>
#include <unordered_set>

#include "planner/binder_impl.h"

namespace quiver::planner {

using namespace cypher;  // NOLINT

namespace {

struct Item {
  const Expr* ast = nullptr;       // null for a variable taken in by `*`
  const Variable* star = nullptr;  // the variable, for `*`
  std::string column;
  SourcePosition pos;
  bool aggregates = false;
  SlotId slot = kNoSlot;
  StaticType type = StaticType::kAny;
};

}  // namespace

LogicalOperatorPtr Binder::BindProjection(const ProjectionBody& body, const Expr* where, bool is_return,
                                          LogicalOperatorPtr input, Scope& scope, ResultColumns* columns) {
  // ---- the items, `*` expanded (in name order, as RETURN * orders its columns) ----
  std::vector<Item> items;
  std::vector<Variable> star_vars;
  if (body.star) {
    star_vars = scope.variables();
    std::sort(star_vars.begin(), star_vars.end(),
              [](const Variable& a, const Variable& b) { return a.name < b.name; });
    if (is_return && star_vars.empty() && body.items.empty()) {
      Fail(body.items.empty() ? SourcePosition{} : body.items[0].pos, "NoVariablesInScope",
           "RETURN * and WITH * need variables in scope");
    }
  }
  std::unordered_set<std::string> explicit_columns;
  for (const auto& item : body.items) {
    std::string column = item.column_name();
    if (!explicit_columns.insert(column).second) {
      Fail(item.pos, "ColumnNameConflict", "multiple result columns with the same name `" + column + "`");
    }
  }
  for (const auto& v : star_vars) {
    if (explicit_columns.count(v.name) != 0) continue;
    Item it;
    it.star = &v;
    it.column = v.name;
    it.slot = v.slot;
    it.type = v.type;
    items.push_back(std::move(it));
  }
  for (const auto& item : body.items) {
    Item it;
    it.ast = item.expr.get();
    it.column = item.column_name();
    it.pos = item.pos;
    it.aggregates = ContainsAggregate(*item.expr);
    items.push_back(std::move(it));
  }
  bool aggregating = std::any_of(items.begin(), items.end(), [](const Item& i) { return i.aggregates; });

  LogicalOperatorPtr plan = std::move(input);
  Scope post;
  std::vector<ItemRef> refs;  // items other expressions may stand for
  std::vector<AggregateSpec> aggregates;
  AggregationSink sink{&scope, &aggregates};
  ExprContext plain;
  plain.scope = &scope;

  // Key (non-aggregate) items: plain expressions over the input row.
  auto project = MakeOp<LogicalProject>(nullptr);
  Scope star_keys;  // `*` variables that are grouping keys keep their names
  for (auto& it : items) {
    if (it.aggregates) continue;
    if (it.star != nullptr) {
      star_keys.Add(*it.star);
      refs.push_back({nullptr, it.slot, it.type, false});
      continue;
    }
    auto bound = BindExpr(*it.ast, plain);
    it.type = bound->type;
    it.slot = NewSlot(it.column);
    project->exprs.push_back(std::move(bound));
    project->slots.push_back(it.slot);
    refs.push_back({it.ast, it.slot, it.type, false});
  }

  std::unique_ptr<LogicalAggregate> aggregate;
  std::unique_ptr<LogicalProject> post_project;
  if (!aggregating) {
    if (!project->exprs.empty()) {
      project->children.push_back(std::move(plan));
      plan = std::move(project);
    }
  } else {
    // Keys are computed by the Aggregate operator itself (it groups on them).
    aggregate = MakeOp<LogicalAggregate>(std::move(plan));
    for (auto& it : items) {
      if (it.aggregates) continue;
      aggregate->keys.push_back(it.star != nullptr ? MakeSlotRef(it.slot, it.type) : nullptr);
      aggregate->key_slots.push_back(it.slot);
    }
    // Move the bound key expressions in (the star keys read their own slot).
    size_t next = 0;
    for (size_t k = 0; k < aggregate->keys.size(); ++k) {
      if (!aggregate->keys[k]) aggregate->keys[k] = std::move(project->exprs[next++]);
    }
    for (const auto& it : items) {
      if (it.aggregates && it.ast != nullptr) AddImplicitGroupingKey(*it.ast, scope, *aggregate, star_keys);
    }
    ExprContext mixed;
    mixed.scope = &star_keys;
    mixed.aggregation = &sink;
    mixed.items = &refs;
    mixed.mixed_aggregation = true;
    mixed.ambiguity_scope = &scope;
    post_project = MakeOp<LogicalProject>(nullptr);
    for (auto& it : items) {
      if (!it.aggregates) continue;
      auto bound = BindExpr(*it.ast, mixed);
      it.type = bound->type;
      if (bound->op == ExprOp::kSlot) {
        it.slot = bound->slot;
      } else {
        it.slot = NewSlot(it.column);
        post_project->exprs.push_back(std::move(bound));
        post_project->slots.push_back(it.slot);
      }
    }
    for (const auto& it : items) {
      if (it.aggregates) refs.push_back({it.ast, it.slot, it.type, true});
    }
  }
  for (const auto& it : items) post.Add({it.column, it.slot, it.type});

  // ---- ORDER BY (bound before the Aggregate is finished: it may add aggregates) ----
  // ORDER BY and WITH's WHERE see the projected names and, unless the projection
  // aggregates or is DISTINCT, the variables from before it.
  Scope before_and_post(&scope);
  for (const auto& v : post.variables()) before_and_post.Add(v);
  const Scope& order_scope = !aggregating && !body.distinct ? before_and_post : post;
  // An aggregate that only ORDER BY uses reads the projected names too (TCK
  // WithOrderBy4 #13: `ORDER BY sum(x)` with x not projected is undefined).
  AggregationSink order_sink{&order_scope, &aggregates};
  auto sort = MakeOp<LogicalSort>(nullptr);
  if (!body.order_by.empty()) {
    for (const auto& sort_item : body.order_by) {
      ExprContext ctx;
      ctx.scope = &order_scope;
      if (aggregating || body.distinct) ctx.items = &refs;
      if (ContainsAggregate(*sort_item.expr)) {
        if (!aggregating) {
          Fail(sort_item.pos, "InvalidAggregation",
               "cannot sort by an aggregate when the projection does not aggregate");
        }
        ctx.aggregation = &order_sink;
        ctx.mixed_aggregation = true;
      }
      sort->keys.push_back(BindExpr(*sort_item.expr, ctx));
      sort->descending.push_back(sort_item.descending);
    }
  }

  // Checked after ORDER BY: an ambiguous ORDER BY is the error the TCK expects first.
  for (const auto& item : body.items) {
    if (!is_return && item.alias.empty() && !item.expr->Is<VariableExpr>()) {
      Fail(item.pos, "NoExpressionAlias", "expression in WITH must be aliased (use AS)");
    }
  }
  if (aggregating) {
    aggregate->aggregates = std::move(aggregates);
    plan = std::move(aggregate);
    if (!post_project->exprs.empty()) {
      post_project->children.push_back(std::move(plan));
      plan = std::move(post_project);
    }
  }
  if (body.distinct) {
    auto distinct = MakeOp<LogicalDistinct>(std::move(plan));
    for (const auto& it : items) distinct->slots.push_back(it.slot);
    plan = std::move(distinct);
  }
  if (!sort->keys.empty()) {
    sort->children.push_back(std::move(plan));
    plan = std::move(sort);
  }
  if (body.skip) {
    auto skip = MakeOp<LogicalSkip>(std::move(plan));
    skip->count = BindSkipLimit(*body.skip);
    plan = std::move(skip);
  }
  if (body.limit) {
    auto limit = MakeOp<LogicalLimit>(std::move(plan));
    limit->count = BindSkipLimit(*body.limit);
    plan = std::move(limit);
  }
  if (where != nullptr) {
    // WITH's WHERE sees the variables from before the WITH unless it aggregates (after
    // DISTINCT they hold the first row of each distinct tuple; TCK WithWhere1 #2).
    ExprContext ctx;
    ctx.scope = aggregating ? &post : &before_and_post;
    plan = MakeFilter(std::move(plan), BindPredicate(*where, ctx));
  }
  if (columns != nullptr) {
    for (const auto& it : items) {
      columns->names.push_back(it.column);
      columns->slots.push_back(it.slot);
      columns->types.push_back(it.type);
    }
  }
  scope = std::move(post);
  return plan;
}

}  // namespace quiver::planner
