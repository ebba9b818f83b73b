// Names, literals, expressions and patterns. Clauses: ast_printer_clause.cpp.

#include <charconv>
#include <cmath>

#include "cypher/ast/printer_impl.h"
#include "cypher/token.h"
#include "cypher/unicode.h"

namespace quiver::cypher {
namespace {

bool IsPlainIdentifier(std::string_view name) {
  if (name.empty()) return false;
  size_t i = 0;
  bool first = true;
  while (i < name.size()) {
    char c = name[i];
    if (static_cast<unsigned char>(c) < 0x80) {
      bool ok =
          (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || (!first && c >= '0' && c <= '9');
      if (!ok) return false;
      ++i;
    } else {
      CodePoint cp = DecodeUtf8(name, i);
      if (!cp.valid || !IsIdentifierCodePoint(cp.value)) return false;
      i += cp.length;
    }
    first = false;
  }
  return true;
}

std::string BackQuote(std::string_view name) {
  std::string out = "`";
  for (char c : name) {
    if (c == '`') out.push_back('`');
    out.push_back(c);
  }
  out.push_back('`');
  return out;
}

Precedence Next(Precedence p) {
  return static_cast<Precedence>(static_cast<int>(p) + 1);
}

bool IsNumericLiteral(const Expr& expr) {
  if (!expr.Is<LiteralExpr>()) return false;
  const auto& value = expr.As<LiteralExpr>().value;
  return std::holds_alternative<int64_t>(value) || std::holds_alternative<double>(value);
}

}  // namespace

std::string QuoteVariableName(std::string_view name) {
  if (IsPlainIdentifier(name) && !IsReservedKeyword(LookupKeyword(name))) return std::string(name);
  return BackQuote(name);
}

std::string QuoteSchemaName(std::string_view name) {
  return IsPlainIdentifier(name) ? std::string(name) : BackQuote(name);
}

std::string QuoteString(std::string_view value) {
  std::string out = "'";
  for (char c : value) {
    switch (c) {
      case '\\':
        out.append("\\\\");
        break;
      case '\'':
        out.append("\\'");
        break;
      case '\n':
        out.append("\\n");
        break;
      case '\r':
        out.append("\\r");
        break;
      case '\t':
        out.append("\\t");
        break;
      case '\b':
        out.append("\\b");
        break;
      case '\f':
        out.append("\\f");
        break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          static constexpr char kHex[] = "0123456789ABCDEF";
          out.append("\\u00");
          out.push_back(kHex[(c >> 4) & 0xF]);
          out.push_back(kHex[c & 0xF]);
        } else {
          out.push_back(c);
        }
    }
  }
  out.push_back('\'');
  return out;
}

std::string FormatFloat(double value) {
  char buffer[64];
  auto [end, ec] = std::to_chars(buffer, buffer + sizeof(buffer), value);
  std::string text(buffer, ec == std::errc() ? end : buffer);
  // Cypher has no `e+`, and `1e09` reads better as `1e9`.
  if (size_t e = text.find('e'); e != std::string::npos) {
    size_t digits = e + 1;
    if (text[digits] == '+') {
      text.erase(digits, 1);
    } else if (text[digits] == '-') {
      ++digits;
    }
    while (digits + 1 < text.size() && text[digits] == '0') text.erase(digits, 1);
  }
  // A float needs a '.' or an exponent to read back as one.
  if (text.find_first_of(".e") == std::string::npos) text.append(".0");
  return text;
}

Precedence PrecedenceOf(const Expr& expr) {
  switch (expr.kind()) {
    case ExprKind::kLiteral: {
      const auto& value = expr.As<LiteralExpr>().value;
      if (const int64_t* i = std::get_if<int64_t>(&value); i != nullptr && *i < 0) return Precedence::kUnary;
      if (const double* d = std::get_if<double>(&value); d != nullptr && std::signbit(*d))
        return Precedence::kUnary;
      return Precedence::kAtom;
    }
    case ExprKind::kBinary:
      switch (expr.As<BinaryExpr>().op) {
        case BinaryOp::kOr:
          return Precedence::kOr;
        case BinaryOp::kXor:
          return Precedence::kXor;
        case BinaryOp::kAnd:
          return Precedence::kAnd;
        case BinaryOp::kAdd:
        case BinaryOp::kSubtract:
          return Precedence::kAdditive;
        case BinaryOp::kMultiply:
        case BinaryOp::kDivide:
        case BinaryOp::kModulo:
          return Precedence::kMultiplicative;
        case BinaryOp::kPower:
          return Precedence::kPower;
        default:
          return Precedence::kPredicate;
      }
    case ExprKind::kUnary:
      switch (expr.As<UnaryExpr>().op) {
        case UnaryOp::kNot:
          return Precedence::kNot;
        case UnaryOp::kNegate:
        case UnaryOp::kPlus:
          return Precedence::kUnary;
        default:
          return Precedence::kPredicate;
      }
    case ExprKind::kComparison:
      return Precedence::kComparison;
    case ExprKind::kHasLabels:
    case ExprKind::kPatternPredicate:
      return Precedence::kLabels;
    case ExprKind::kTypePredicate:
      return Precedence::kPredicate;
    case ExprKind::kProperty:
    case ExprKind::kSubscript:
    case ExprKind::kSlice:
      return Precedence::kPostfix;
    default:
      return Precedence::kAtom;
  }
}

void CypherPrinter::PrintExpr(const Expr& expr, Precedence min) {
  Precedence precedence = PrecedenceOf(expr);
  bool wrap = precedence < min || (options_.fully_parenthesize && precedence != Precedence::kAtom);
  if (wrap) out_.push_back('(');
  PrintExprBody(expr);
  if (wrap) out_.push_back(')');
}

void CypherPrinter::PrintExprList(const std::vector<ExprPtr>& exprs) {
  for (size_t i = 0; i < exprs.size(); ++i) {
    if (i > 0) out_.append(", ");
    PrintExpr(*exprs[i]);
  }
}

void CypherPrinter::PrintLabels(const std::vector<std::string>& labels) {
  for (const std::string& label : labels) out_.append(":").append(QuoteSchemaName(label));
}

void CypherPrinter::PrintQualifiedName(std::string_view name, bool function) {
  // Every part between the dots, empty ones included: `a.``` is the name "a." and must
  // not print as `a`; a part that held a dot (`a.b`) prints as two, which re-parses to
  // the same joined name.
  for (size_t begin = 0;;) {
    const size_t dot = name.find('.', begin);
    const std::string_view part =
        name.substr(begin, dot == std::string_view::npos ? std::string_view::npos : dot - begin);
    if (begin > 0) out_.push_back('.');
    const bool is_exists = part.size() == 6 && LookupKeyword(part) == Keyword::kExists;
    out_.append(function && begin == 0 && !is_exists ? QuoteVariableName(part) : QuoteSchemaName(part));
    if (dot == std::string_view::npos) return;
    begin = dot + 1;
  }
}

void CypherPrinter::PrintLiteral(const LiteralExpr& literal) {
  std::visit(
      [this](const auto& value) {
        using T = std::decay_t<decltype(value)>;
        if constexpr (std::is_same_v<T, std::monostate>) {
          out_.append("null");
        } else if constexpr (std::is_same_v<T, bool>) {
          out_.append(value ? "true" : "false");
        } else if constexpr (std::is_same_v<T, int64_t>) {
          out_.append(std::to_string(value));
        } else if constexpr (std::is_same_v<T, double>) {
          out_.append(FormatFloat(value));
        } else {
          out_.append(QuoteString(value));
        }
      },
      literal.value);
}

void CypherPrinter::PrintExprBody(const Expr& expr) {
  switch (expr.kind()) {
    case ExprKind::kLiteral:
      PrintLiteral(expr.As<LiteralExpr>());
      return;
    case ExprKind::kParameter: {
      const std::string& name = expr.As<ParameterExpr>().name;
      bool digits = !name.empty() && name.find_first_not_of("0123456789") == std::string::npos;
      out_.append("$").append(digits ? name : QuoteSchemaName(name));
      return;
    }
    case ExprKind::kVariable:
      out_.append(QuoteVariableName(expr.As<VariableExpr>().name));
      return;
    case ExprKind::kProperty: {
      const auto& property = expr.As<PropertyExpr>();
      PrintExpr(*property.object, Precedence::kPostfix);
      out_.append(".").append(QuoteSchemaName(property.key));
      return;
    }
    case ExprKind::kHasLabels: {
      const auto& labels = expr.As<HasLabelsExpr>();
      PrintExpr(*labels.object, Precedence::kPostfix);
      PrintLabels(labels.labels);
      if (labels.expression) {
        out_.push_back(':');
        PrintLabelExpression(*labels.expression, /*wrap_or=*/true);
      }
      return;
    }
    case ExprKind::kSubscript: {
      const auto& subscript = expr.As<SubscriptExpr>();
      PrintExpr(*subscript.object, Precedence::kPostfix);
      out_.push_back('[');
      PrintExpr(*subscript.index);
      out_.push_back(']');
      return;
    }
    case ExprKind::kSlice: {
      const auto& slice = expr.As<SliceExpr>();
      PrintExpr(*slice.object, Precedence::kPostfix);
      out_.push_back('[');
      if (slice.from) PrintExpr(*slice.from);
      out_.append("..");
      if (slice.to) PrintExpr(*slice.to);
      out_.push_back(']');
      return;
    }
    case ExprKind::kUnary: {
      const auto& unary = expr.As<UnaryExpr>();
      switch (unary.op) {
        case UnaryOp::kNot:
          out_.append("NOT ");
          PrintExpr(*unary.operand, Precedence::kNot);
          return;
        case UnaryOp::kNegate:
        case UnaryOp::kPlus: {
          out_.push_back(unary.op == UnaryOp::kNegate ? '-' : '+');
          const Expr& operand = *unary.operand;
          // `-(1)` must not read back as the literal -1, and `- -x` must not run together.
          if (IsNumericLiteral(operand)) {
            out_.push_back('(');
            PrintExprBody(operand);
            out_.push_back(')');
            return;
          }
          if (operand.Is<UnaryExpr>() && PrecedenceOf(operand) == Precedence::kUnary) out_.push_back(' ');
          PrintExpr(operand, Precedence::kUnary);
          return;
        }
        case UnaryOp::kIsNull:
        case UnaryOp::kIsNotNull:
          PrintExpr(*unary.operand, Precedence::kPredicate);
          out_.append(unary.op == UnaryOp::kIsNull ? " IS NULL" : " IS NOT NULL");
          return;
      }
      return;
    }
    case ExprKind::kBinary: {
      const auto& binary = expr.As<BinaryExpr>();
      Precedence precedence = PrecedenceOf(expr);
      PrintExpr(*binary.left, precedence);
      out_.append(" ").append(BinaryOpName(binary.op)).append(" ");
      PrintExpr(*binary.right, Next(precedence));
      return;
    }
    case ExprKind::kComparison: {
      const auto& comparison = expr.As<ComparisonExpr>();
      for (size_t i = 0; i < comparison.operands.size(); ++i) {
        if (i > 0) out_.append(" ").append(ComparisonOpName(comparison.ops[i - 1])).append(" ");
        PrintExpr(*comparison.operands[i], Precedence::kPredicate);
      }
      return;
    }
    case ExprKind::kFunctionCall: {
      const auto& call = expr.As<FunctionCallExpr>();
      PrintQualifiedName(call.name, /*function=*/true);
      out_.push_back('(');
      if (call.distinct) out_.append("DISTINCT ");
      PrintExprList(call.args);
      out_.push_back(')');
      return;
    }
    case ExprKind::kCountStar:
      out_.append("count(*)");
      return;
    case ExprKind::kCase: {
      const auto& case_expr = expr.As<CaseExpr>();
      out_.append("CASE");
      if (case_expr.test) {
        out_.push_back(' ');
        PrintExpr(*case_expr.test);
      }
      for (const CaseAlternative& alternative : case_expr.alternatives) {
        out_.append(" WHEN ");
        PrintExpr(*alternative.when);
        out_.append(" THEN ");
        PrintExpr(*alternative.then);
      }
      if (case_expr.else_expr) {
        out_.append(" ELSE ");
        PrintExpr(*case_expr.else_expr);
      }
      out_.append(" END");
      return;
    }
    case ExprKind::kList:
      out_.push_back('[');
      PrintExprList(expr.As<ListExpr>().elements);
      out_.push_back(']');
      return;
    case ExprKind::kMap: {
      out_.push_back('{');
      const auto& entries = expr.As<MapExpr>().entries;
      for (size_t i = 0; i < entries.size(); ++i) {
        if (i > 0) out_.append(", ");
        out_.append(QuoteSchemaName(entries[i].key)).append(": ");
        PrintExpr(*entries[i].value);
      }
      out_.push_back('}');
      return;
    }
    case ExprKind::kListComprehension: {
      const auto& comprehension = expr.As<ListComprehensionExpr>();
      out_.append("[").append(QuoteVariableName(comprehension.variable)).append(" IN ");
      PrintExpr(*comprehension.list);
      if (comprehension.where) {
        out_.append(" WHERE ");
        PrintExpr(*comprehension.where);
      }
      if (comprehension.projection) {
        out_.append(" | ");
        PrintExpr(*comprehension.projection);
      }
      out_.push_back(']');
      return;
    }
    case ExprKind::kQuantifier: {
      const auto& quantifier = expr.As<QuantifierExpr>();
      out_.append(QuantifierKindName(quantifier.quantifier)).append("(");
      out_.append(QuoteVariableName(quantifier.variable)).append(" IN ");
      PrintExpr(*quantifier.list);
      if (quantifier.where) {
        out_.append(" WHERE ");
        PrintExpr(*quantifier.where);
      }
      out_.push_back(')');
      return;
    }
    case ExprKind::kPatternComprehension: {
      const auto& comprehension = expr.As<PatternComprehensionExpr>();
      out_.push_back('[');
      if (!comprehension.path_variable.empty()) {
        out_.append(QuoteVariableName(comprehension.path_variable)).append(" = ");
      }
      PrintPatternElement(*comprehension.pattern);
      if (comprehension.where) {
        out_.append(" WHERE ");
        PrintExpr(*comprehension.where);
      }
      out_.append(" | ");
      PrintExpr(*comprehension.projection);
      out_.push_back(']');
      return;
    }
    case ExprKind::kPatternPredicate:
      PrintPatternElement(*expr.As<PatternPredicateExpr>().pattern);
      return;
    case ExprKind::kExists:
      out_.append("EXISTS { ");
      PrintStatement(*expr.As<ExistsExpr>().query);
      out_.append(" }");
      return;
    case ExprKind::kMapProjection:
    case ExprKind::kReduce:
    case ExprKind::kTypePredicate:
    case ExprKind::kSubqueryValue:
      PrintNeo4jExpr(expr);
      return;
  }
}

void CypherPrinter::PrintNode(const NodePattern& node) {
  out_.push_back('(');
  if (!node.variable.empty()) out_.append(QuoteVariableName(node.variable));
  PrintLabels(node.labels);
  if (node.label_expression) {
    out_.push_back(':');
    PrintLabelExpression(*node.label_expression, /*wrap_or=*/false);
  }
  if (node.properties) {
    if (!node.variable.empty() || !node.labels.empty() || node.label_expression) out_.push_back(' ');
    PrintExpr(*node.properties);
  }
  out_.push_back(')');
}

void CypherPrinter::PrintQuantifier(const VarLength& q) {
  out_.push_back('{');
  if (q.min && q.max && *q.min == *q.max) {
    out_.append(std::to_string(*q.min));
  } else {
    out_.append(std::to_string(q.min.value_or(0))).push_back(',');
    if (q.max) out_.append(std::to_string(*q.max));
  }
  out_.push_back('}');
}

void CypherPrinter::PrintRelationship(const RelationshipPattern& rel) {
  if (rel.group) {
    out_.push_back('(');
    PrintPatternElement(rel.group->element);
    if (rel.group->where) {
      out_.append(" WHERE ");
      PrintExpr(*rel.group->where);
    }
    out_.push_back(')');
    PrintQuantifier(rel.group->quantifier);
    return;
  }
  bool left = rel.direction == RelDirection::kLeft || rel.direction == RelDirection::kBoth;
  bool right = rel.direction == RelDirection::kRight || rel.direction == RelDirection::kBoth;
  out_.append(left ? "<-" : "-");
  const bool star = rel.var_length && !rel.quantified;
  const bool typed = !rel.types.empty() || rel.type_expression;
  bool detail = !rel.variable.empty() || typed || star || rel.properties;
  if (detail) {
    out_.push_back('[');
    out_.append(rel.variable.empty() ? "" : QuoteVariableName(rel.variable));
    for (size_t i = 0; i < rel.types.size(); ++i)
      out_.append(i == 0 ? ":" : "|").append(QuoteSchemaName(rel.types[i]));
    if (rel.type_expression) {
      out_.push_back(':');
      PrintLabelExpression(*rel.type_expression, /*wrap_or=*/false);
    }
    if (star) {
      out_.push_back('*');
      const VarLength& length = *rel.var_length;
      if (length.min && length.max && *length.min == *length.max) {
        out_.append(std::to_string(*length.min));
      } else if (length.min || length.max) {
        if (length.min) out_.append(std::to_string(*length.min));
        out_.append("..");
        if (length.max) out_.append(std::to_string(*length.max));
      }
    }
    if (rel.properties) {
      if (!rel.variable.empty() || typed || star) out_.push_back(' ');
      PrintExpr(*rel.properties);
    }
    out_.push_back(']');
  }
  out_.append(right ? "->" : "-");
  if (rel.quantified) PrintQuantifier(*rel.var_length);
}

void CypherPrinter::PrintPatternElement(const PatternElement& element) {
  for (size_t i = 0; i < element.nodes.size(); ++i) {
    if (i > 0) PrintRelationship(element.relationships[i - 1]);
    PrintNode(element.nodes[i]);
  }
}

void CypherPrinter::PrintPatternPart(const PatternPart& part) {
  if (!part.path_variable.empty()) out_.append(QuoteVariableName(part.path_variable)).append(" = ");
  if (part.selector_as_function) {
    out_.append(part.selector == PathSelector::kAllShortest ? "allShortestPaths(" : "shortestPath(");
    PrintPatternElement(part.element);
    out_.append(")");
    return;
  }
  const std::string k = std::to_string(part.selector_count);
  switch (part.selector) {
    case PathSelector::kAll:
      break;
    case PathSelector::kAnyShortest:
      out_.append("ANY SHORTEST ");
      break;
    case PathSelector::kAllShortest:
      out_.append("ALL SHORTEST ");
      break;
    case PathSelector::kShortestK:
      out_.append("SHORTEST " + k + " ");
      break;
    case PathSelector::kShortestKGroups:
      out_.append("SHORTEST " + k + " GROUPS ");
      break;
    case PathSelector::kAnyK:
      out_.append("ANY " + k + " ");
      break;
  }
  PrintPatternElement(part.element);
}

void CypherPrinter::PrintPattern(const Pattern& pattern) {
  for (size_t i = 0; i < pattern.size(); ++i) {
    if (i > 0) out_.append(", ");
    PrintPatternPart(pattern[i]);
  }
}

}  // namespace quiver::cypher
