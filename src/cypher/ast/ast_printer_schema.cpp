// CREATE / DROP INDEX and CONSTRAINT (parser_schema.cpp), printed so they parse back to the same
// AST: the relationship form always as `()-[r:T]-()` (the parser keeps no direction).

#include "cypher/ast/printer_impl.h"

namespace quiver::cypher {

void CypherPrinter::PrintSchemaCommand(const SchemaCommandClause& command) {
  using Action = SchemaCommandClause::Action;
  if (command.action == Action::kDropIndex || command.action == Action::kDropConstraint) {
    out_.append(command.action == Action::kDropIndex ? "DROP INDEX " : "DROP CONSTRAINT ")
        .append(QuoteSchemaName(command.name));
    if (command.if_exists) out_.append(" IF EXISTS");
    return;
  }
  const bool constraint = command.action == Action::kCreateConstraint;
  out_.append("CREATE ");
  if (command.index_type != IndexType::kDefault) out_.append(IndexTypeName(command.index_type)).append(" ");
  out_.append(constraint ? "CONSTRAINT " : "INDEX ");
  if (!command.name.empty()) out_.append(QuoteSchemaName(command.name)).append(" ");
  if (command.if_not_exists) out_.append("IF NOT EXISTS ");
  const std::string variable = QuoteVariableName(command.variable);
  std::string target = variable;
  if (!command.label_or_type.empty()) target.append(":").append(QuoteSchemaName(command.label_or_type));
  out_.append("FOR ");
  if (command.relationship) {
    out_.append("()-[").append(target).append("]-()");
  } else {
    out_.append("(").append(target).append(")");
  }
  auto print_keys = [&] {
    for (size_t i = 0; i < command.properties.size(); ++i) {
      if (i > 0) out_.append(", ");
      out_.append(variable).append(".").append(QuoteSchemaName(command.properties[i]));
    }
  };
  if (constraint) {
    // One key prints bare (`n.p IS UNIQUE`), several in parentheses.
    out_.append(" REQUIRE ");
    const bool parenthesize = command.properties.size() != 1;
    if (parenthesize) out_.append("(");
    print_keys();
    if (parenthesize) out_.append(")");
    switch (command.constraint_type) {
      case ConstraintType::kUnique: out_.append(" IS UNIQUE"); break;
      case ConstraintType::kNodeKey: out_.append(command.relationship ? " IS RELATIONSHIP KEY" : " IS NODE KEY"); break;
      case ConstraintType::kNotNull: out_.append(" IS NOT NULL"); break;
      case ConstraintType::kPropertyType:
        out_.append(" IS :: ").append(CypherTypeToString(command.property_type));
        break;
    }
  } else if (command.index_type == IndexType::kLookup) {
    out_.append(" ON ").append(command.relationship ? "EACH type(" : "EACH labels(").append(variable).append(")");
  } else {
    out_.append(" ON (");
    print_keys();
    out_.append(")");
  }
  if (command.options) {
    out_.append(" OPTIONS ");
    PrintExpr(*command.options);
  }
}

}  // namespace quiver::cypher
