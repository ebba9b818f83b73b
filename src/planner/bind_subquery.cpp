// CALL subqueries (Neo4j 5): `[OPTIONAL] CALL [(a, b) | (*) | ()] { ... }`, with an
// importing `WITH a, b` as the old way to see outer variables, UNION inside, and
// `IN TRANSACTIONS [OF n ROWS]`. Planned as an Apply whose subplan starts from an
// Argument (the outer row): the subquery runs once per outer row, so its aggregations
// are per row, and its writes run row by row, each row's subquery seeing the writes of
// the rows before it.

#include <unordered_set>

#include "planner/binder_impl.h"

namespace quiver::planner {

using namespace cypher;  // NOLINT

namespace {

bool HasSubquery(const BoundExpr& expr) {
  if (expr.op == ExprOp::kSubquery) return true;
  for (const auto& arg : expr.args) {
    if (arg && HasSubquery(*arg)) return true;
  }
  return false;
}

// Whether the rows `input` produces may depend on the graph while they stream — a scan,
// an expand, a pattern subquery, a procedure, an earlier subquery: then a subquery that
// writes must not run until all of them are read (an Eager between), or a scan could
// meet the nodes the subquery creates. Rows from UNWIND, LOAD CSV and projections of
// them do not, and stream into it (a LOAD CSV feeding IN TRANSACTIONS is not held whole).
bool MayReadGraph(const LogicalOperator& input) {
  std::vector<const LogicalOperator*> stack{&input};
  while (!stack.empty()) {
    const LogicalOperator* op = stack.back();
    stack.pop_back();
    switch (op->kind) {
      case OpKind::kEager:
        continue;  // what is under it is read before anything above runs
      case OpKind::kStart:
      case OpKind::kArgument:
      case OpKind::kUnwind:
      case OpKind::kLoadCsv:
      case OpKind::kProject:
      case OpKind::kFilter:
      case OpKind::kSkip:
      case OpKind::kLimit:
      case OpKind::kDistinct:
      case OpKind::kSort:
      case OpKind::kAggregate:
      case OpKind::kUnion:
        break;
      default:
        return true;
    }
    bool subquery = false;
    op->ForEachExpression([&](const BoundExpr& e) { subquery = subquery || HasSubquery(e); });
    if (subquery) return true;
    for (const auto& child : op->children) stack.push_back(child.get());
  }
  return false;
}

// `WITH a, b` (or `WITH *`) as a subquery's first clause: every item a bare variable
// of the outer scope, not renamed.
bool IsImportingWith(const Clause& first, const Scope& outer) {
  if (!first.Is<WithClause>()) return false;
  const auto& body = first.As<WithClause>().body;
  if (body.star) return true;
  for (const auto& item : body.items) {
    if (item.expr->Is<VariableExpr>() && outer.Find(item.expr->As<VariableExpr>().name) != nullptr) return true;
  }
  return false;
}

}  // namespace

LogicalOperatorPtr Binder::BindSubqueryCall(const SubqueryCallClause& clause, LogicalOperatorPtr input,
                                            Scope& scope) {
  const Statement& statement = *clause.query;
  if (clause.in_transactions && call_subquery_depth_ > 0) {
    Fail(clause.pos, "InvalidClauseComposition",
         "CALL { ... } IN TRANSACTIONS cannot be nested in another CALL subquery");
  }
  // The outer variables the body sees, for the scope clause forms.
  Scope imported;
  if (clause.scope == SubqueryScope::kAll) {
    for (const auto& v : scope.variables()) imported.Add(v);
  } else if (clause.scope == SubqueryScope::kVariables) {
    for (const auto& e : clause.scope_variables) {
      const auto& name = e->As<VariableExpr>().name;
      const Variable* v = scope.Find(name);
      if (v == nullptr) Fail(e->pos, "UndefinedVariable", "Variable `" + name + "` not defined");
      imported.Add(*v);
    }
  }

  const bool outer_updates = has_updates_;
  has_updates_ = false;
  ++call_subquery_depth_;
  // A LOAD CSV in the body is the body's: its slots do not come out of the Apply.
  const SlotId outer_csv_line = load_csv_line_slot_, outer_csv_file = load_csv_file_slot_;
  auto bind_branch = [&](const SingleQuery& query, ResultColumns& columns) {
    Scope inner = imported;
    const Clause& first = *query.clauses.front();
    if (clause.scope == SubqueryScope::kImporting && IsImportingWith(first, scope)) {
      const auto& with = first.As<WithClause>();
      const auto& body = with.body;
      bool simple = !body.distinct && body.order_by.empty() && !body.skip && !body.limit && !with.where;
      for (const auto& item : body.items) {
        simple = simple && item.expr->Is<VariableExpr>() &&
                 (item.alias.empty() || item.alias == item.expr->As<VariableExpr>().name);
      }
      if (!simple) {
        Fail(first.pos, "InvalidImportingWith",
             "Importing WITH should consist only of simple references to outside variables "
             "(no aliases, expressions, DISTINCT, WHERE, ORDER BY, SKIP or LIMIT)");
      }
      if (body.star) {
        for (const auto& v : scope.variables()) inner.Add(v);
      }
      for (const auto& item : body.items) {
        const auto& name = item.expr->As<VariableExpr>().name;
        const Variable* v = scope.Find(name);
        if (v == nullptr) Fail(item.pos, "UndefinedVariable", "Variable `" + name + "` not defined");
        inner.Add(*v);
      }
    }
    const Clause& last = *query.clauses.back();
    if (last.Is<ReturnClause>()) {
      for (const auto& item : last.As<ReturnClause>().body.items) {
        if (item.alias.empty() && !item.expr->Is<VariableExpr>()) {
          Fail(item.pos, "NoExpressionAlias", "Expression in CALL { RETURN ... } must be aliased (use AS)");
        }
      }
    }
    return BindClauses(query, MakeOp<LogicalArgument>(nullptr), inner, &columns);
  };
  ResultColumns columns;
  LogicalOperatorPtr subplan = BindUnion(statement, bind_branch, columns);
  --call_subquery_depth_;
  load_csv_line_slot_ = outer_csv_line;
  load_csv_file_slot_ = outer_csv_file;
  const bool writes = has_updates_;
  has_updates_ = outer_updates || writes;

  auto apply_input = std::move(input);
  if (writes && MayReadGraph(*apply_input)) apply_input = MakeOp<LogicalEager>(std::move(apply_input));
  auto apply = MakeOp<LogicalApply>(std::move(apply_input));
  apply->children.push_back(std::move(subplan));
  apply->optional = clause.optional;
  apply->returns = clause.Returns();
  if (apply->returns) {
    for (size_t i = 0; i < columns.names.size(); ++i) {
      if (scope.Find(columns.names[i]) != nullptr) {
        Fail(statement.queries.front().clauses.back()->pos, "VariableAlreadyBound",
             "Variable `" + columns.names[i] + "` already declared in outer scope");
      }
    }
    apply->result_slots = columns.slots;
    for (size_t i = 0; i < columns.names.size(); ++i) {
      scope.Add(Variable{columns.names[i], columns.slots[i], clause.optional ? StaticType::kAny : columns.types[i]});
    }
  }
  if (clause.in_transactions) {
    if (clause.batch_size) {
      Scope none;
      ExprContext constant;
      constant.scope = &none;
      constant.constant_only = true;
      apply->batch_size = BindExpr(*clause.batch_size, constant);
      if (apply->batch_size->IsConstant() &&
          !(apply->batch_size->value.IsInt() && apply->batch_size->value.AsInt() > 0)) {
        Fail(clause.batch_size->pos, "InvalidArgumentValue",
             "OF n ROWS takes a positive integer, not " + ToString(*apply->batch_size));
      }
    }
    apply->in_transactions = true;
    in_transactions_ = true;
    BindOnError(clause, *apply, scope);
  }
  // Later clauses see every write of every row (the updating clauses' rule).
  if (writes) return MakeOp<LogicalEager>(std::move(apply));
  return apply;
}

void Binder::BindOnError(const SubqueryCallClause& clause, LogicalApply& apply, Scope& scope) {
  switch (clause.on_error) {
    case cypher::OnErrorMode::kContinue:
      apply.on_error = OnError::kContinue;
      break;
    case cypher::OnErrorMode::kBreak:
      apply.on_error = OnError::kBreak;
      break;
    default:
      apply.on_error = OnError::kFail;
  }
  if (clause.report_status.empty()) return;
  if (scope.Find(clause.report_status) != nullptr) {
    Fail(clause.pos, "VariableAlreadyBound", "Variable `" + clause.report_status + "` already declared");
  }
  apply.status_slot = NewSlot(clause.report_status);
  scope.Add(Variable{clause.report_status, apply.status_slot, StaticType::kMap});
}

LogicalOperatorPtr Binder::DropEagerAtTheEnd(LogicalOperatorPtr plan) {
  while (plan->Is<LogicalEager>()) plan = std::move(plan->children[0]);
  return plan;
}

}  // namespace quiver::planner
