#pragma once
// The recursive-descent parser behind cypher/parser.h. Internal to src/cypher: it is
// split over parser.cpp (tokens, errors, statements), parser_clause.cpp,
// parser_pattern.cpp, parser_expression.cpp (operators) and parser_atom.cpp.

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "cypher/ast/statement.h"
#include "cypher/token.h"

namespace quiver::cypher {

class Parser {
 public:
  explicit Parser(std::string_view source);

  std::unique_ptr<Statement> ParseStatementRoot();
  ExprPtr ParseExpressionRoot();

 private:
  friend class DepthGuard;
  friend class ChainGuard;

  // ---- tokens (parser.cpp) ----
  const Token& Peek(size_t ahead = 0) const {
    size_t i = index_ + ahead;
    return i < tokens_.size() ? tokens_[i] : tokens_.back();
  }
  const Token& Advance() {
    const Token& token = tokens_[index_];
    if (index_ + 1 < tokens_.size()) ++index_;
    return token;
  }
  bool Check(TokenKind kind, size_t ahead = 0) const { return Peek(ahead).kind == kind; }
  bool CheckKeyword(Keyword keyword, size_t ahead = 0) const { return Peek(ahead).Is(keyword); }
  bool Accept(TokenKind kind);
  bool AcceptKeyword(Keyword keyword);
  const Token& Expect(TokenKind kind, std::string_view what);
  const Token& ExpectKeyword(Keyword keyword);
  // End offset of the last consumed token.
  uint32_t PreviousEnd() const;

  [[noreturn]] void Fail(const Token& at, std::string_view detail, std::string_view message) const;
  [[noreturn]] void Fail(SourcePosition at, std::string_view detail, std::string_view message) const;
  // At Peek(): a lexical error token raises its own error, anything else is
  // UnexpectedSyntax naming what was expected.
  [[noreturn]] void FailUnexpected(std::string_view expected) const;
  // The same, but always UnexpectedSyntax, for places where only a certain kind of
  // token can follow whatever its own fault (a malformed number where a name belongs).
  [[noreturn]] void FailUnexpectedSyntax(std::string_view expected) const;

  // A variable, parameter-free name: an identifier that is not a reserved word, or a
  // quoted identifier.
  bool AtVariableName(size_t ahead = 0) const;
  std::string ParseVariableName(std::string_view what = "a variable name");
  // Labels, relationship types, property keys, map keys: any word, reserved or not.
  std::string ParseSchemaName(std::string_view what);
  // `ns.sub.name` for functions and procedures.
  std::string ParseQualifiedName(std::string_view what);

  // ---- statements (parser.cpp) ----
  // `in_subquery`: the query ends at '}'. `call_body`: it is a CALL subquery's, which
  // may update and must conclude as a query does (an EXISTS one may not update).
  std::unique_ptr<Statement> ParseQuery(bool in_subquery, bool call_body = false);
  SingleQuery ParseSingleQuery(bool in_subquery, bool call_body = false);
  bool AtClauseStart() const;
  void ValidateComposition(const SingleQuery& query, bool in_subquery, bool call_body = false) const;

  // ---- SHOW and TERMINATE commands (parser_show.cpp): rewritten into a CALL of the
  // procedure that answers them, with YIELD / WHERE / RETURN as clauses after it ----
  bool AtShowCommand() const;
  std::unique_ptr<Statement> ParseShowCommand();
  bool AcceptWord(std::string_view word);
  // YIELD items [ORDER BY] [SKIP] [LIMIT] [WHERE] [RETURN] after a command; `columns`:
  // what the procedure yields, `defaults`: what the command returns without YIELD.
  void ParseShowTail(SingleQuery& query, const std::vector<std::string>& columns,
                     const std::vector<std::string>& defaults, SourcePosition pos);

  // ---- clauses (parser_clause.cpp) ----
  ClausePtr ParseClause();
  ClausePtr ParseMatch();
  ClausePtr ParseUnwind();
  ClausePtr ParseCall();
  ClausePtr ParseCreate();
  ClausePtr ParseMerge();
  ClausePtr ParseSet();
  ClausePtr ParseRemove();
  ClausePtr ParseDelete();
  ClausePtr ParseWith();
  ClausePtr ParseReturn();
  SetItem ParseSetItem();
  void ParseProjectionBody(ProjectionBody& body);
  // ORDER BY, SKIP and LIMIT of a projection body (or of SHOW ... YIELD).
  void ParseProjectionTail(ProjectionBody& body);
  ProjectionItem ParseProjectionItem();
  // The expression after a WHERE keyword: pattern predicates are allowed inside it.
  ExprPtr ParseWhereExpression();

  // ---- CALL subqueries (parser_subquery.cpp), LOAD CSV (parser_load_csv.cpp) ----
  // At `CALL {`, `CALL (`, or `OPTIONAL CALL`.
  bool AtSubqueryCall() const;
  ClausePtr ParseSubqueryCall();
  void ParseInTransactions(SubqueryCallClause& clause);
  // Whether `clause` updates, or is a CALL subquery whose body (at any depth) does:
  // what an EXISTS subquery may not contain.
  static bool Updates(const Clause& clause);
  // At `LOAD CSV`.
  bool AtLoadCsv() const;
  ClausePtr ParseLoadCsv();
  // ---- CREATE INDEX, DROP INDEX (parser_schema.cpp) ----
  // At CREATE [kind] INDEX, CREATE CONSTRAINT or DROP: a schema command, never a query.
  bool AtSchemaCommand() const;
  std::unique_ptr<Statement> ParseSchemaCommand();
  void ParseCreateIndex(SchemaCommandClause& command);
  void ParseIndexTarget(SchemaCommandClause& command, bool lookup);
  void ParseLookupIndexOn(SchemaCommandClause& command);
  void ParseSchemaNameThroughFor(SchemaCommandClause& command, std::string_view what);
  void ParseCreateConstraint(SchemaCommandClause& command);
  void ParseConstraintRequire(SchemaCommandClause& command);
  void CheckConstraintPropertyType(const CypherType& type, const Token& at);
  // A word the lexer has no keyword for (LOAD, TRANSACTIONS, ...), ignoring case:
  // `upper` is its upper-case spelling. Such words stay usable as names elsewhere.
  bool CheckWord(std::string_view upper, size_t ahead = 0) const;

  // ---- patterns (parser_pattern.cpp) ----
  Pattern ParsePattern();
  PatternPart ParsePatternPart();
  void ParsePathSelector(PatternPart& part);
  PatternElement ParsePatternElement();
  NodePattern ParseNodePattern();
  RelationshipPattern ParseRelationshipPattern();
  // A quantified path pattern, `((a)-->(b) WHERE ...){1,3}`, at its first '('.
  RelationshipPattern ParseQuantifiedPath();
  // `{m,n}`, `{n}`, `{m,}`, `{,n}`, `+` or `*` after a quantified path or relationship;
  // nullopt when none follows.
  std::optional<VarLength> ParseQuantifier();
  // Whether tokens from `ahead` are '(' '(' ... ')' followed by a quantifier: a
  // quantified path pattern, not a parenthesized element.
  bool AtQuantifiedPath(size_t ahead = 0) const;
  VarLength ParseVarLength();
  int64_t ParseRangeBound();
  [[noreturn]] void FailPatternTooLong() const;
  std::vector<std::string> TakeLabels(Expr& expr, std::string_view clause) const;
  ExprPtr ParsePatternProperties();
  // Whether the tokens from Peek(ahead) on start `(node)` followed by a relationship: how `(a)-->(b)`
  // in an expression is told apart from a parenthesized expression such as `(a) - 1`.
  bool LooksLikePatternElement(size_t ahead) const;

  // ---- operators (parser_expression.cpp) ----
  ExprPtr ParseExpr();
  ExprPtr ParseOr();
  ExprPtr ParseXor();
  ExprPtr ParseAnd();
  ExprPtr ParseNot();
  ExprPtr ParseComparison();
  ExprPtr ParsePredicates();
  ExprPtr ParseAdditive();
  ExprPtr ParseMultiplicative();
  ExprPtr ParsePower();
  ExprPtr ParseUnary();
  ExprPtr ParsePostfix();

  // ---- atoms (parser_atom.cpp) ----
  ExprPtr ParseAtom();
  ExprPtr ParseNumber(const Token& token, bool negative, SourcePosition pos);
  ExprPtr ParseParenthesized();
  ExprPtr ParseBracketed();
  ExprPtr ParseListComprehension(SourcePosition pos);
  ExprPtr ParsePatternComprehension(SourcePosition pos);
  ExprPtr ParseMap();
  ExprPtr ParseCase();
  ExprPtr ParseFunctionCall();
  ExprPtr ParseQuantifier(QuantifierKind kind);
  ExprPtr ParseExists();
  bool AtFunctionCall() const;

  // ---- Neo4j 5 expressions (parser_atom_neo4j.cpp) ----
  // `n {.a, .*, k: e, x}` at the variable.
  ExprPtr ParseMapProjection();
  // `reduce(acc = init, x IN list | e)`, at `reduce`.
  bool AtReduce() const;
  ExprPtr ParseReduce();
  // COUNT { ... } / COLLECT { ... }, at the keyword.
  ExprPtr ParseSubqueryValue(SubqueryValueKind kind);
  // The `{ ... }` of EXISTS, COUNT and COLLECT: a query, or a pattern with an optional
  // WHERE stored as `MATCH pattern WHERE ...`.
  std::unique_ptr<Statement> ParseSubqueryBraces();
  // After `IS [NOT]`: whether `::` follows (a type predicate).
  bool AtTypePredicate() const;
  // The WHERE of a list or pattern comprehension, where '|' ends it.
  ExprPtr ParseComprehensionWhere();

  // ---- label expressions (parser_label.cpp) ----
  // After a ':' that starts labels: `A:B`, `A&B`, `A|B`, `!A`, `%`, `(A|B)&!C`. In a node
  // pattern (`in_pattern`) a '|' is always a disjunction: the node's ')' closes it.
  void ParseNodeLabels(std::vector<std::string>& labels, std::optional<LabelExpression>& expression,
                       bool in_pattern);
  // After the ':' of a relationship pattern: `A|B`, `A|:B`, `!A`, `%`, ...
  void ParseRelationshipTypes(RelationshipPattern& rel);
  // Whether Peek(ahead) can start a label expression after a ':'.
  bool AtLabelExpressionStart(size_t ahead) const;
  LabelExpression ParseLabelOr(bool relationship);
  LabelExpression ParseLabelAnd(bool relationship);
  LabelExpression ParseLabelNot(bool relationship);
  LabelExpression ParseLabelAtom(bool relationship);

  // ---- types (parser_type.cpp) ----
  // A Cypher type: `INTEGER`, `LIST<STRING NOT NULL>`, `INTEGER | STRING`, ...
  CypherType ParseCypherType();
  CypherType ParseCypherTypeMember();

  std::string_view source_;
  std::vector<Token> tokens_;
  size_t index_ = 0;
  // Nesting depth, bounded so that hostile input cannot exhaust the stack (here, or in
  // the recursive consumers of the AST).
  int depth_ = 0;
  // Clauses parsed so far, subqueries' included (bounded by kMaxClauses).
  size_t clauses_ = 0;
  // True inside a WHERE (and the argument of exists()): the only places where a pattern
  // may be used as an expression.
  bool pattern_predicates_allowed_ = false;
  // True while parsing a CREATE pattern: the only place where `(n $map)` may take its
  // properties from a parameter.
  bool parameter_maps_allowed_ = false;
  // True in the WHERE of a list or pattern comprehension, where a '|' ends the WHERE:
  // there a label disjunction must be parenthesized, `x:(A|B)`.
  bool in_comprehension_where_ = false;
};

// Whether the token is the (unquoted) word `word`, in any case: for the words of
// Neo4j's syntax that are not keywords (reduce, COLLECT, type names).
inline bool IsWordIgnoringCase(const Token& token, std::string_view word) {
  if (token.kind != TokenKind::kIdentifier || token.value.size() != word.size()) return false;
  for (size_t i = 0; i < word.size(); ++i) {
    auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; };
    if (lower(token.value[i]) != lower(word[i])) return false;
  }
  return true;
}

// Nesting is measured in depth units, bounded by kMaxDepth: a nested expression,
// pattern, map or subquery costs kNestingWeight (about 14 stack frames of descent
// here), a prefix operator (NOT, unary minus) kPrefixWeight, and each further operand
// of an operator chain 1 (one more level of AST: the binder binds chains in a loop, but
// the evaluator and printers recurse). Weighted so that the deepest query of each kind
// needs at most about 600 KiB of stack to parse, bind, plan and run (measured: 250
// nested expressions about 380 KiB, a 2,500-operand chain about 590 KiB, 1,250 NOTs
// about 470 KiB), inside kQueryStackBytes (common/stack_guard.h). Past it:
// SyntaxError/QueryTooComplex.
inline constexpr int kMaxDepth = 2500;
inline constexpr int kNestingWeight = 10;
inline constexpr int kPrefixWeight = 2;

// The length of a statement, bounded so that binding and planning it stay fast and
// small: clauses in a statement (UNION branches and subqueries included), and
// relationships (or comma-separated parts) in one pattern. Planning is linear in both
// up to these limits, and a statement at either takes about 0.1 s and tens of MiB to
// plan; they are far beyond what people write, and what generators write is usually
// better sent as parameters (UNWIND $rows).
inline constexpr size_t kMaxClauses = 10000;
inline constexpr size_t kMaxPatternLength = 10000;

// Raises the nesting depth for its lifetime; throws when past the limit.
class DepthGuard {
 public:
  DepthGuard(Parser& parser, int weight);
  ~DepthGuard();
  DepthGuard(const DepthGuard&) = delete;
  DepthGuard& operator=(const DepthGuard&) = delete;

 private:
  Parser& parser_;
  int weight_;
};

// Deepens by one for each further operand of an operator chain, until destroyed.
class ChainGuard {
 public:
  explicit ChainGuard(Parser& parser) : parser_(parser) {}
  ~ChainGuard();
  ChainGuard(const ChainGuard&) = delete;
  ChainGuard& operator=(const ChainGuard&) = delete;
  void Add();

 private:
  Parser& parser_;
  int count_ = 0;
};

}  // namespace quiver::cypher
