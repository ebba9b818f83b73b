// Out-of-line members of the AST: destructors of nodes that own incomplete types, and
// the names of enumerators.

#include "cypher/ast/statement.h"

namespace quiver::cypher {

PatternComprehensionExpr::PatternComprehensionExpr(SourcePosition position) : ExprOf(position) {}
PatternComprehensionExpr::~PatternComprehensionExpr() = default;
PatternPredicateExpr::PatternPredicateExpr(SourcePosition position) : ExprOf(position) {}
PatternPredicateExpr::~PatternPredicateExpr() = default;
ExistsExpr::ExistsExpr(SourcePosition position) : ExprOf(position) {}
ExistsExpr::~ExistsExpr() = default;
SubqueryValueExpr::SubqueryValueExpr(SourcePosition position) : ExprOf(position) {}
SubqueryValueExpr::~SubqueryValueExpr() = default;

SubqueryCallClause::SubqueryCallClause(SourcePosition position) : ClauseOf(position) {}
SubqueryCallClause::~SubqueryCallClause() = default;

bool SubqueryCallClause::Returns() const {
  const auto& clauses = query->queries.front().clauses;
  return !clauses.empty() && clauses.back()->Is<ReturnClause>();
}

std::string_view ExprKindName(ExprKind kind) {
  switch (kind) {
    case ExprKind::kLiteral:
      return "Literal";
    case ExprKind::kParameter:
      return "Parameter";
    case ExprKind::kVariable:
      return "Variable";
    case ExprKind::kProperty:
      return "Property";
    case ExprKind::kHasLabels:
      return "HasLabels";
    case ExprKind::kSubscript:
      return "Subscript";
    case ExprKind::kSlice:
      return "Slice";
    case ExprKind::kUnary:
      return "Unary";
    case ExprKind::kBinary:
      return "Binary";
    case ExprKind::kComparison:
      return "Comparison";
    case ExprKind::kFunctionCall:
      return "FunctionCall";
    case ExprKind::kCountStar:
      return "CountStar";
    case ExprKind::kCase:
      return "Case";
    case ExprKind::kList:
      return "List";
    case ExprKind::kMap:
      return "Map";
    case ExprKind::kListComprehension:
      return "ListComprehension";
    case ExprKind::kQuantifier:
      return "Quantifier";
    case ExprKind::kPatternComprehension:
      return "PatternComprehension";
    case ExprKind::kPatternPredicate:
      return "PatternPredicate";
    case ExprKind::kExists:
      return "Exists";
    case ExprKind::kMapProjection:
      return "MapProjection";
    case ExprKind::kReduce:
      return "Reduce";
    case ExprKind::kTypePredicate:
      return "TypePredicate";
    case ExprKind::kSubqueryValue:
      return "SubqueryValue";
  }
  return "?";
}

std::string_view UnaryOpName(UnaryOp op) {
  switch (op) {
    case UnaryOp::kNot:
      return "NOT";
    case UnaryOp::kNegate:
      return "-";
    case UnaryOp::kPlus:
      return "+";
    case UnaryOp::kIsNull:
      return "IS NULL";
    case UnaryOp::kIsNotNull:
      return "IS NOT NULL";
  }
  return "?";
}

std::string_view BinaryOpName(BinaryOp op) {
  switch (op) {
    case BinaryOp::kOr:
      return "OR";
    case BinaryOp::kXor:
      return "XOR";
    case BinaryOp::kAnd:
      return "AND";
    case BinaryOp::kAdd:
      return "+";
    case BinaryOp::kSubtract:
      return "-";
    case BinaryOp::kMultiply:
      return "*";
    case BinaryOp::kDivide:
      return "/";
    case BinaryOp::kModulo:
      return "%";
    case BinaryOp::kPower:
      return "^";
    case BinaryOp::kStartsWith:
      return "STARTS WITH";
    case BinaryOp::kEndsWith:
      return "ENDS WITH";
    case BinaryOp::kContains:
      return "CONTAINS";
    case BinaryOp::kIn:
      return "IN";
    case BinaryOp::kRegexMatch:
      return "=~";
  }
  return "?";
}

std::string_view ComparisonOpName(ComparisonOp op) {
  switch (op) {
    case ComparisonOp::kEq:
      return "=";
    case ComparisonOp::kNe:
      return "<>";
    case ComparisonOp::kLt:
      return "<";
    case ComparisonOp::kGt:
      return ">";
    case ComparisonOp::kLe:
      return "<=";
    case ComparisonOp::kGe:
      return ">=";
  }
  return "?";
}

std::string_view QuantifierKindName(QuantifierKind kind) {
  switch (kind) {
    case QuantifierKind::kAll:
      return "all";
    case QuantifierKind::kAny:
      return "any";
    case QuantifierKind::kNone:
      return "none";
    case QuantifierKind::kSingle:
      return "single";
  }
  return "?";
}

std::string_view ClauseKindName(ClauseKind kind) {
  switch (kind) {
    case ClauseKind::kMatch:
      return "MATCH";
    case ClauseKind::kUnwind:
      return "UNWIND";
    case ClauseKind::kCall:
      return "CALL";
    case ClauseKind::kCreate:
      return "CREATE";
    case ClauseKind::kMerge:
      return "MERGE";
    case ClauseKind::kSet:
      return "SET";
    case ClauseKind::kRemove:
      return "REMOVE";
    case ClauseKind::kDelete:
      return "DELETE";
    case ClauseKind::kWith:
      return "WITH";
    case ClauseKind::kReturn:
      return "RETURN";
    case ClauseKind::kSubqueryCall:
      return "CALL { ... }";
    case ClauseKind::kLoadCsv:
      return "LOAD CSV";
    case ClauseKind::kSchemaCommand:
      return "schema command";
  }
  return "?";
}

std::string_view IndexTypeName(IndexType type) {
  switch (type) {
    case IndexType::kDefault:
      return "";
    case IndexType::kRange:
      return "RANGE";
    case IndexType::kText:
      return "TEXT";
    case IndexType::kPoint:
      return "POINT";
    case IndexType::kLookup:
      return "LOOKUP";
  }
  return "";
}

bool Clause::IsUpdating() const {
  switch (kind()) {
    case ClauseKind::kCreate:
    case ClauseKind::kMerge:
    case ClauseKind::kSet:
    case ClauseKind::kRemove:
    case ClauseKind::kDelete:
      return true;
    default:
      return false;
  }
}

}  // namespace quiver::cypher
