// Statements and clause dispatch: UNION, the clause sequence of a single query.

#include "planner/binder.h"

#include "cypher/source_position.h"
#include "planner/binder_impl.h"

namespace quiver::planner {

const Variable* Scope::FindHere(std::string_view name) const {
  auto it = index_.find(name);
  return it == index_.end() ? nullptr : &vars_[it->second];
}

const Variable* Scope::Find(std::string_view name) const {
  for (const Scope* s = this; s != nullptr; s = s->parent_) {
    if (const Variable* v = s->FindHere(name)) return v;
  }
  return nullptr;
}

void Scope::Add(Variable v) {
  auto [it, inserted] = index_.try_emplace(v.name, vars_.size());
  if (!inserted) {
    vars_[it->second] = std::move(v);
    return;
  }
  vars_.push_back(std::move(v));
}

Scope Scope::Flatten() const {
  if (parent_ == nullptr) return *this;
  Scope flat = parent_->Flatten();
  for (const auto& v : vars_) flat.Add(v);
  return flat;
}

void SplitConjuncts(const cypher::Expr& expr, std::vector<const cypher::Expr*>& out) {
  if (expr.Is<cypher::BinaryExpr>() && expr.As<cypher::BinaryExpr>().op == cypher::BinaryOp::kAnd) {
    const auto& b = expr.As<cypher::BinaryExpr>();
    SplitConjuncts(*b.left, out);
    SplitConjuncts(*b.right, out);
    return;
  }
  out.push_back(&expr);
}

Binder::Binder(std::string_view source, const Catalog& catalog, const ValueMap& parameters,
               const GraphStatistics& statistics)
    : source_(source), catalog_(catalog), parameters_(parameters), statistics_(statistics) {}

SlotId Binder::NewSlot(std::string name) {
  slot_names_.push_back(std::move(name));
  return static_cast<SlotId>(slot_names_.size() - 1);
}

void Binder::Fail(SourcePosition pos, std::string detail, std::string_view message) const {
  cypher::ThrowSyntaxError(source_, pos, std::move(detail), message);
}

void Binder::FailTypeError(SourcePosition pos, std::string detail, std::string_view message) const {
  throw TypeError(std::move(detail), std::string(message) + " " + cypher::DescribeLocation(source_, pos),
                  ErrorPhase::kCompileTime);
}

LogicalOperatorPtr Binder::BindUnion(const cypher::Statement& statement, const BranchBinder& bind_branch,
                                     ResultColumns& first) {
  std::vector<LogicalOperatorPtr> branches;
  for (size_t i = 0; i < statement.queries.size(); ++i) {
    const auto& query = statement.queries[i];
    ResultColumns columns;
    LogicalOperatorPtr branch = bind_branch(query, columns);
    if (i == 0) {
      first = columns;
    } else {
      if (columns.names != first.names) {
        Fail(query.pos, "DifferentColumnsInUnion",
             "all sub queries in a UNION must have the same column names");
      }
      // A column's type is known only where every branch agrees on it.
      for (size_t c = 0; c < columns.types.size() && c < first.types.size(); ++c) {
        if (columns.types[c] != first.types[c]) first.types[c] = StaticType::kAny;
      }
      // Every branch delivers its rows in the first branch's result slots.
      auto project = MakeOp<LogicalProject>(std::move(branch));
      for (size_t c = 0; c < columns.slots.size(); ++c) {
        project->exprs.push_back(MakeSlotRef(columns.slots[c]));
        project->slots.push_back(first.slots[c]);
      }
      branch = std::move(project);
    }
    branches.push_back(std::move(branch));
  }
  if (branches.size() == 1) return std::move(branches[0]);
  auto union_op = MakeOp<LogicalUnion>(nullptr);
  union_op->distinct = !statement.union_all;
  for (auto& b : branches) union_op->children.push_back(std::move(b));
  LogicalOperatorPtr body = std::move(union_op);
  if (!statement.union_all) {
    auto distinct = MakeOp<LogicalDistinct>(std::move(body));
    distinct->slots = first.slots;
    body = std::move(distinct);
  }
  return body;
}

LogicalPlan Binder::BindStatement(const cypher::Statement& statement) {
  LogicalPlan plan;
  ResultColumns first;
  auto bind_branch = [&](const cypher::SingleQuery& query, ResultColumns& columns) {
    Scope scope;
    if (!query.finish && query.clauses.size() == 1 && query.clauses[0]->Is<cypher::CallClause>()) {
      return BindCall(query.clauses[0]->As<cypher::CallClause>(), MakeOp<LogicalStart>(nullptr), scope,
                      /*standalone=*/true, &columns);
    }
    return BindClauses(query, MakeOp<LogicalStart>(nullptr), scope, &columns);
  };
  LogicalOperatorPtr body = BindUnion(statement, bind_branch, first);
  if (first.names.empty()) body = DropEagerAtTheEnd(std::move(body));
  auto root = MakeOp<LogicalProduceResults>(std::move(body));
  root->columns = first.names;
  root->slots = first.slots;
  root->column_types = first.types;
  plan.root = std::move(root);
  plan.slot_count = static_cast<uint32_t>(slot_names_.size());
  plan.slot_names = slot_names_;
  plan.has_updates = has_updates_;
  plan.in_transactions = in_transactions_;
  return plan;
}

LogicalOperatorPtr Binder::BindClauses(const cypher::SingleQuery& query, LogicalOperatorPtr input,
                                       Scope& scope, ResultColumns* columns) {
  LogicalOperatorPtr plan = std::move(input);
  for (const auto& clause_ptr : query.clauses) {
    const cypher::Clause& clause = *clause_ptr;
    switch (clause.kind()) {
      case cypher::ClauseKind::kMatch:
        plan = BindMatch(clause.As<cypher::MatchClause>(), std::move(plan), scope);
        break;
      case cypher::ClauseKind::kUnwind:
        plan = BindUnwind(clause.As<cypher::UnwindClause>(), std::move(plan), scope);
        break;
      case cypher::ClauseKind::kCall:
        plan =
            BindCall(clause.As<cypher::CallClause>(), std::move(plan), scope, /*standalone=*/false, nullptr);
        break;
      case cypher::ClauseKind::kCreate:
        plan = BindCreate(clause.As<cypher::CreateClause>(), std::move(plan), scope);
        break;
      case cypher::ClauseKind::kMerge:
        plan = BindMerge(clause.As<cypher::MergeClause>(), std::move(plan), scope);
        break;
      case cypher::ClauseKind::kSet:
        plan = BindSet(clause.As<cypher::SetClause>().items, std::move(plan), scope);
        break;
      case cypher::ClauseKind::kRemove:
        plan = BindRemove(clause.As<cypher::RemoveClause>(), std::move(plan), scope);
        break;
      case cypher::ClauseKind::kDelete:
        plan = BindDelete(clause.As<cypher::DeleteClause>(), std::move(plan), scope);
        break;
      case cypher::ClauseKind::kWith: {
        const auto& with = clause.As<cypher::WithClause>();
        plan =
            BindProjection(with.body, with.where.get(), /*is_return=*/false, std::move(plan), scope, nullptr);
        break;
      }
      case cypher::ClauseKind::kSubqueryCall:
        plan = BindSubqueryCall(clause.As<cypher::SubqueryCallClause>(), std::move(plan), scope);
        break;
      case cypher::ClauseKind::kLoadCsv:
        plan = BindLoadCsv(clause.As<cypher::LoadCsvClause>(), std::move(plan), scope);
        break;
      case cypher::ClauseKind::kSchemaCommand:
        plan = BindSchemaCommand(clause.As<cypher::SchemaCommandClause>(), std::move(plan), scope);
        break;
      case cypher::ClauseKind::kReturn: {
        const auto& ret = clause.As<cypher::ReturnClause>();
        ResultColumns ignored;
        plan = BindProjection(ret.body, nullptr, /*is_return=*/true, std::move(plan), scope,
                              columns != nullptr ? columns : &ignored);
        break;
      }
    }
  }
  return plan;
}

LogicalPlan Bind(const cypher::Statement& statement, std::string_view source, const Catalog& catalog,
                 const ValueMap& parameters, const GraphStatistics& statistics) {
  Binder binder(source, catalog, parameters, statistics);
  return binder.BindStatement(statement);
}

}  // namespace quiver::planner
