// Clauses and statements, and the public entry points of ast_printer.h.

#include "cypher/ast/printer_impl.h"

namespace quiver::cypher {

void CypherPrinter::PrintSetItem(const SetItem& item) {
  PrintExpr(*item.target, Precedence::kPostfix);
  switch (item.kind) {
    case SetItemKind::kProperty:
      out_.append(" = ");
      break;
    case SetItemKind::kReplace:
      out_.append(" = ");
      break;
    case SetItemKind::kMerge:
      out_.append(" += ");
      break;
    case SetItemKind::kLabels:
      PrintLabels(item.labels);
      return;
  }
  PrintExpr(*item.value);
}

void CypherPrinter::PrintProjectionBody(const ProjectionBody& body) {
  if (body.distinct) out_.append("DISTINCT ");
  if (body.star) out_.append("*");
  for (size_t i = 0; i < body.items.size(); ++i) {
    if (i > 0 || body.star) out_.append(", ");
    const ProjectionItem& item = body.items[i];
    PrintExpr(*item.expr);
    if (!item.alias.empty()) out_.append(" AS ").append(QuoteVariableName(item.alias));
  }
  if (!body.order_by.empty()) {
    out_.append(" ORDER BY ");
    for (size_t i = 0; i < body.order_by.size(); ++i) {
      if (i > 0) out_.append(", ");
      PrintExpr(*body.order_by[i].expr);
      if (body.order_by[i].descending) out_.append(" DESC");
    }
  }
  if (body.skip) {
    out_.append(" SKIP ");
    PrintExpr(*body.skip);
  }
  if (body.limit) {
    out_.append(" LIMIT ");
    PrintExpr(*body.limit);
  }
}

void CypherPrinter::PrintClause(const Clause& clause) {
  switch (clause.kind()) {
    case ClauseKind::kMatch: {
      const auto& match = clause.As<MatchClause>();
      out_.append(match.optional ? "OPTIONAL MATCH " : "MATCH ");
      PrintPattern(match.pattern);
      if (match.where) {
        out_.append(" WHERE ");
        PrintExpr(*match.where);
      }
      return;
    }
    case ClauseKind::kUnwind: {
      const auto& unwind = clause.As<UnwindClause>();
      out_.append("UNWIND ");
      PrintExpr(*unwind.list);
      out_.append(" AS ").append(QuoteVariableName(unwind.variable));
      return;
    }
    case ClauseKind::kCall: {
      const auto& call = clause.As<CallClause>();
      out_.append("CALL ");
      PrintQualifiedName(call.procedure, /*function=*/false);
      if (!call.implicit_arguments) {
        out_.push_back('(');
        PrintExprList(call.args);
        out_.push_back(')');
      }
      if (call.has_yield) {
        out_.append(" YIELD ");
        if (call.yield_all) out_.append("*");
        for (size_t i = 0; i < call.yields.size(); ++i) {
          if (i > 0) out_.append(", ");
          out_.append(QuoteSchemaName(call.yields[i].field));
          if (!call.yields[i].alias.empty())
            out_.append(" AS ").append(QuoteVariableName(call.yields[i].alias));
        }
      }
      if (call.where) {
        out_.append(" WHERE ");
        PrintExpr(*call.where);
      }
      return;
    }
    case ClauseKind::kCreate:
      out_.append("CREATE ");
      PrintPattern(clause.As<CreateClause>().pattern);
      return;
    case ClauseKind::kMerge: {
      const auto& merge = clause.As<MergeClause>();
      out_.append("MERGE ");
      PrintPatternPart(merge.pattern);
      for (const MergeAction& action : merge.actions) {
        out_.append(action.on_create ? " ON CREATE SET " : " ON MATCH SET ");
        for (size_t i = 0; i < action.items.size(); ++i) {
          if (i > 0) out_.append(", ");
          PrintSetItem(action.items[i]);
        }
      }
      return;
    }
    case ClauseKind::kSet: {
      out_.append("SET ");
      const auto& items = clause.As<SetClause>().items;
      for (size_t i = 0; i < items.size(); ++i) {
        if (i > 0) out_.append(", ");
        PrintSetItem(items[i]);
      }
      return;
    }
    case ClauseKind::kRemove: {
      out_.append("REMOVE ");
      const auto& items = clause.As<RemoveClause>().items;
      for (size_t i = 0; i < items.size(); ++i) {
        if (i > 0) out_.append(", ");
        PrintExpr(*items[i].target, Precedence::kPostfix);
        PrintLabels(items[i].labels);
      }
      return;
    }
    case ClauseKind::kDelete: {
      const auto& del = clause.As<DeleteClause>();
      out_.append(del.detach ? "DETACH DELETE " : "DELETE ");
      PrintExprList(del.targets);
      return;
    }
    case ClauseKind::kWith: {
      const auto& with = clause.As<WithClause>();
      out_.append("WITH ");
      PrintProjectionBody(with.body);
      if (with.where) {
        out_.append(" WHERE ");
        PrintExpr(*with.where);
      }
      return;
    }
    case ClauseKind::kReturn:
      out_.append("RETURN ");
      PrintProjectionBody(clause.As<ReturnClause>().body);
      return;
    case ClauseKind::kSubqueryCall:
      PrintSubqueryCall(clause.As<SubqueryCallClause>());
      return;
    case ClauseKind::kLoadCsv:
      PrintLoadCsv(clause.As<LoadCsvClause>());
      return;
    case ClauseKind::kSchemaCommand:
      PrintSchemaCommand(clause.As<SchemaCommandClause>());
      return;
  }
}

void CypherPrinter::PrintStatement(const Statement& statement) {
  if (!statement.use_database.empty()) {
    out_.append("USE ");
    out_.append(QuoteSchemaName(statement.use_database));
    out_.push_back(' ');
  }
  for (size_t q = 0; q < statement.queries.size(); ++q) {
    if (q > 0) out_.append(statement.union_all ? " UNION ALL " : " UNION ");
    const auto& clauses = statement.queries[q].clauses;
    for (size_t i = 0; i < clauses.size(); ++i) {
      if (i > 0) out_.push_back(' ');
      PrintClause(*clauses[i]);
    }
    if (statement.queries[q].finish) out_.append(" FINISH");
  }
}

std::string ToCypher(const Statement& statement, const PrintOptions& options) {
  CypherPrinter printer(options);
  printer.PrintStatement(statement);
  return printer.Take();
}

std::string ToCypher(const Expr& expr, const PrintOptions& options) {
  CypherPrinter printer(options);
  printer.PrintExpr(expr);
  return printer.Take();
}

std::string ToCypher(const PatternElement& element, const PrintOptions& options) {
  CypherPrinter printer(options);
  printer.PrintPatternElement(element);
  return printer.Take();
}

}  // namespace quiver::cypher
