// Printing the expressions Neo4j 5 added to openCypher: label expressions, map
// projections, reduce, type predicates and COUNT / COLLECT subqueries. Every form prints
// so that it parses back to an Equal AST (ast_equal.h).

#include "cypher/ast/printer_impl.h"

namespace quiver::cypher {
namespace {

using LabelKind = LabelExpression::Kind;

// Whether `operand` needs parentheses inside an operator of kind `parent`: the parser
// builds one n-ary node per chain, so a nested node of the same kind (or a looser one)
// was parenthesized in the text.
bool NeedsParentheses(LabelKind parent, const LabelExpression& operand) {
  switch (parent) {
    case LabelKind::kOr:
      return operand.kind == LabelKind::kOr;
    case LabelKind::kAnd:
      return operand.kind == LabelKind::kOr || operand.kind == LabelKind::kAnd;
    case LabelKind::kNot:
      return operand.kind == LabelKind::kOr || operand.kind == LabelKind::kAnd;
    default:
      return false;
  }
}

}  // namespace

void CypherPrinter::PrintLabelExpression(const LabelExpression& e, bool wrap_or) {
  switch (e.kind) {
    case LabelKind::kName:
      out_.append(QuoteSchemaName(e.name));
      return;
    case LabelKind::kWildcard:
      out_.push_back('%');
      return;
    case LabelKind::kNot:
    case LabelKind::kAnd:
    case LabelKind::kOr:
      break;
  }
  const bool wrap = wrap_or && e.kind == LabelKind::kOr;
  if (wrap) out_.push_back('(');
  if (e.kind == LabelKind::kNot) out_.push_back('!');
  for (size_t i = 0; i < e.operands.size(); ++i) {
    if (i > 0) out_.push_back(e.kind == LabelKind::kAnd ? '&' : '|');
    const bool inner = NeedsParentheses(e.kind, e.operands[i]);
    if (inner) out_.push_back('(');
    PrintLabelExpression(e.operands[i], /*wrap_or=*/false);
    if (inner) out_.push_back(')');
  }
  if (wrap) out_.push_back(')');
}

void CypherPrinter::PrintNeo4jExpr(const Expr& expr) {
  switch (expr.kind()) {
    case ExprKind::kMapProjection: {
      const auto& projection = expr.As<MapProjectionExpr>();
      out_.append(QuoteVariableName(projection.variable)).append(" {");
      for (size_t i = 0; i < projection.items.size(); ++i) {
        const MapProjectionItem& item = projection.items[i];
        if (i > 0) out_.append(", ");
        switch (item.kind) {
          case MapProjectionItem::Kind::kProperty:
            out_.append(".").append(QuoteSchemaName(item.key));
            break;
          case MapProjectionItem::Kind::kAllProperties:
            out_.append(".*");
            break;
          case MapProjectionItem::Kind::kVariable:
            out_.append(QuoteVariableName(item.key));
            break;
          case MapProjectionItem::Kind::kLiteral:
            out_.append(QuoteSchemaName(item.key)).append(": ");
            PrintExpr(*item.value);
            break;
        }
      }
      out_.push_back('}');
      return;
    }
    case ExprKind::kReduce: {
      const auto& reduce = expr.As<ReduceExpr>();
      out_.append("reduce(").append(QuoteVariableName(reduce.accumulator)).append(" = ");
      PrintExpr(*reduce.init);
      out_.append(", ").append(QuoteVariableName(reduce.variable)).append(" IN ");
      PrintExpr(*reduce.list);
      out_.append(" | ");
      PrintExpr(*reduce.expression);
      out_.push_back(')');
      return;
    }
    case ExprKind::kTypePredicate: {
      const auto& predicate = expr.As<TypePredicateExpr>();
      PrintExpr(*predicate.operand, Precedence::kPredicate);
      out_.append(predicate.negated ? " IS NOT :: " : " IS :: ");
      // A union as ANY<...>: a bare '|' would end the WHERE of a comprehension.
      if (predicate.type.kind == CypherType::Kind::kUnion) {
        out_.append("ANY<").append(CypherTypeToString(predicate.type)).append(">");
      } else {
        out_.append(CypherTypeToString(predicate.type));
      }
      return;
    }
    case ExprKind::kSubqueryValue: {
      const auto& value = expr.As<SubqueryValueExpr>();
      out_.append(value.subquery == SubqueryValueKind::kCount ? "COUNT { " : "COLLECT { ");
      PrintStatement(*value.query);
      out_.append(" }");
      return;
    }
    default:
      return;
  }
}

std::string ToCypher(const LabelExpression& expression) {
  PrintOptions options;
  CypherPrinter printer(options);
  printer.PrintLabelExpression(expression, /*wrap_or=*/false);
  return printer.Take();
}

}  // namespace quiver::cypher
