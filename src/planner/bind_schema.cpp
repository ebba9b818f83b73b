// CREATE / DROP INDEX and CONSTRAINT (cypher/parser_schema.cpp parses them) bound to a
// SchemaCommand operator (logical_schema.h). What the binder can check without the
// graph it checks here; conflicts with existing indexes are the runtime's, since the
// catalog is the transaction's (exec/operator/schema_command.cpp).

#include "planner/binder_impl.h"
#include "planner/logical_schema.h"

namespace quiver::planner {

using namespace cypher;  // NOLINT

LogicalOperatorPtr Binder::BindSchemaCommand(const SchemaCommandClause& clause, LogicalOperatorPtr input,
                                             Scope& scope) {
  auto op = MakeOp<LogicalSchemaCommand>(std::move(input));
  op->name = clause.name;
  using Action = SchemaCommandClause::Action;
  if (clause.action == Action::kDropIndex || clause.action == Action::kDropConstraint) {
    op->action = clause.action == Action::kDropIndex ? LogicalSchemaCommand::Action::kDropIndex
                                                     : LogicalSchemaCommand::Action::kDropConstraint;
    op->if_exists = clause.if_exists;
    MarkUpdating();
    return op;
  }
  const bool constraint = clause.action == Action::kCreateConstraint;
  op->action = constraint ? LogicalSchemaCommand::Action::kCreateConstraint : LogicalSchemaCommand::Action::kCreateIndex;
  op->if_not_exists = clause.if_not_exists;
  op->relationship = clause.relationship;
  op->label_or_type = clause.label_or_type;
  op->properties = clause.properties;
  op->constraint_type = clause.constraint_type;
  op->property_type = clause.property_type;
  op->index_type = clause.index_type == IndexType::kDefault ? "RANGE" : std::string(IndexTypeName(clause.index_type));
  if (clause.options != nullptr) {
    ExprContext ctx;
    ctx.scope = &scope;
    ctx.constant_only = true;
    op->options = BindExpr(*clause.options, ctx);
    if (!MayBe(op->options->type, StaticType::kMap)) {
      Fail(clause.options->pos, "InvalidArgumentType", "OPTIONS takes a map");
    }
  }
  MarkUpdating();
  return op;
}

}  // namespace quiver::planner
