// CREATE INDEX and DROP INDEX (parser_schema.cpp), printed so they parse back to the same
// AST: the relationship form always as `()-[r:T]-()` (the parser keeps no direction).

#include "cypher/ast/printer_impl.h"

namespace quiver::cypher {

void CypherPrinter::PrintSchemaCommand(const SchemaCommandClause& command) {
  if (command.action == SchemaCommandClause::Action::kDropIndex) {
    out_.append("DROP INDEX ").append(QuoteSchemaName(command.name));
    if (command.if_exists) out_.append(" IF EXISTS");
    return;
  }
  out_.append("CREATE ");
  if (command.index_type != IndexType::kDefault) out_.append(IndexTypeName(command.index_type)).append(" ");
  out_.append("INDEX ");
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
  out_.append(" ON ");
  if (command.index_type == IndexType::kLookup) {
    out_.append(command.relationship ? "EACH type(" : "EACH labels(").append(variable).append(")");
  } else {
    out_.append("(");
    for (size_t i = 0; i < command.properties.size(); ++i) {
      if (i > 0) out_.append(", ");
      out_.append(variable).append(".").append(QuoteSchemaName(command.properties[i]));
    }
    out_.append(")");
  }
  if (command.options) {
    out_.append(" OPTIONS ");
    PrintExpr(*command.options);
  }
}

}  // namespace quiver::cypher
