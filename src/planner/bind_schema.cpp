// CREATE INDEX / DROP INDEX (cypher/parser_schema.cpp parses them) bound to a
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
  if (clause.action == SchemaCommandClause::Action::kDropIndex) {
    op->action = LogicalSchemaCommand::Action::kDropIndex;
    op->if_exists = clause.if_exists;
    MarkUpdating();
    return op;
  }
  op->action = LogicalSchemaCommand::Action::kCreateIndex;
  op->if_not_exists = clause.if_not_exists;
  op->relationship = clause.relationship;
  op->label_or_type = clause.label_or_type;
  op->properties = clause.properties;
  op->index_type = clause.index_type == IndexType::kDefault ? "RANGE" : std::string(IndexTypeName(clause.index_type));
  if (clause.relationship && clause.index_type != IndexType::kLookup) {
    // Refused by name rather than accepted: the catalog could hold it, but nothing would
    // build or seek it, and an index listed ONLINE that no query uses misleads.
    Fail(clause.pos, "UnsupportedSchemaCommand",
         "relationship property indexes (FOR ()-[r:" + clause.label_or_type +
             "]-() ON ...) are not supported yet: Quiver indexes node properties only");
  }
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
