// CALL subqueries and LOAD CSV (parser_subquery.cpp, parser_load_csv.cpp).

#include "cypher/ast/printer_impl.h"
#include "cypher/ast/statement.h"

namespace quiver::cypher {

void CypherPrinter::PrintSubqueryCall(const SubqueryCallClause& call) {
  out_.append(call.optional ? "OPTIONAL CALL " : "CALL ");
  switch (call.scope) {
    case SubqueryScope::kImporting:
      break;
    case SubqueryScope::kAll:
      out_.append("(*) ");
      break;
    case SubqueryScope::kVariables:
      out_.push_back('(');
      PrintExprList(call.scope_variables);
      out_.append(") ");
      break;
  }
  out_.append("{ ");
  PrintStatement(*call.query);
  out_.append(" }");
  if (!call.in_transactions) return;
  out_.append(" IN TRANSACTIONS");
  if (call.batch_size) {
    out_.append(" OF ");
    PrintExpr(*call.batch_size);
    out_.append(" ROWS");
  }
  switch (call.on_error) {
    case OnErrorMode::kUnwritten:
      break;
    case OnErrorMode::kFail:
      out_.append(" ON ERROR FAIL");
      break;
    case OnErrorMode::kContinue:
      out_.append(" ON ERROR CONTINUE");
      break;
    case OnErrorMode::kBreak:
      out_.append(" ON ERROR BREAK");
      break;
  }
  if (!call.report_status.empty()) out_.append(" REPORT STATUS AS ").append(QuoteVariableName(call.report_status));
}

void CypherPrinter::PrintLoadCsv(const LoadCsvClause& load) {
  out_.append(load.with_headers ? "LOAD CSV WITH HEADERS FROM " : "LOAD CSV FROM ");
  PrintExpr(*load.url);
  out_.append(" AS ").append(QuoteVariableName(load.variable));
  if (!load.field_terminator.empty()) out_.append(" FIELDTERMINATOR ").append(QuoteString(load.field_terminator));
}

}  // namespace quiver::cypher
