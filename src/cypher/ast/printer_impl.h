#pragma once
// The printer behind ast_printer.h, split over ast_printer.cpp (names, literals,
// expressions, patterns) and ast_printer_clause.cpp (clauses and statements).

#include <string>

#include "cypher/ast/ast_printer.h"

namespace quiver::cypher {

// Binding strength of an expression's outermost operator, loosest first. An operand is
// parenthesized when it binds more loosely than its position requires.
enum class Precedence : int {
  kOr = 1,
  kXor,
  kAnd,
  kNot,
  kComparison,
  kPredicate,  // STARTS WITH, IN, =~, IS NULL, ...
  kAdditive,
  kMultiplicative,
  kPower,
  kUnary,    // -x, +x, and negative number literals
  kLabels,   // n:Label (cannot be followed by a postfix operator)
  kPostfix,  // n.key, l[i], l[i..j]
  kAtom,
};

class CypherPrinter {
 public:
  explicit CypherPrinter(const PrintOptions& options) : options_(options) {}

  std::string Take() { return std::move(out_); }

  void PrintExpr(const Expr& expr, Precedence min = Precedence::kOr);
  void PrintPatternElement(const PatternElement& element);
  void PrintPattern(const Pattern& pattern);
  void PrintPatternPart(const PatternPart& part);
  void PrintStatement(const Statement& statement);
  void PrintClause(const Clause& clause);
  // `:A|B`, `:!A`, ... after the colon is printed; `wrap_or` parenthesizes a top-level
  // disjunction (in `n:(A|B)`, where a comprehension's '|' could otherwise end it).
  void PrintLabelExpression(const LabelExpression& e, bool wrap_or);

 private:
  void PrintExprBody(const Expr& expr);
  void PrintLiteral(const LiteralExpr& literal);
  void PrintExprList(const std::vector<ExprPtr>& exprs);
  void PrintLabels(const std::vector<std::string>& labels);
  // ---- ast_printer_neo4j.cpp ----
  // Map projections, reduce, type predicates, COUNT / COLLECT subqueries.
  void PrintNeo4jExpr(const Expr& expr);
  void PrintNode(const NodePattern& node);
  void PrintRelationship(const RelationshipPattern& rel);
  void PrintQuantifier(const VarLength& q);
  void PrintSetItem(const SetItem& item);
  void PrintProjectionBody(const ProjectionBody& body);
  void PrintSubqueryCall(const SubqueryCallClause& call);  // ast_printer_subquery.cpp
  void PrintLoadCsv(const LoadCsvClause& load);            // ast_printer_subquery.cpp
  void PrintSchemaCommand(const SchemaCommandClause& command);  // ast_printer_schema.cpp
  // A function's or procedure's name: the parser keeps it as its parts joined by dots.
  void PrintQualifiedName(std::string_view name, bool function);

  const PrintOptions& options_;
  std::string out_;
};

Precedence PrecedenceOf(const Expr& expr);

}  // namespace quiver::cypher
