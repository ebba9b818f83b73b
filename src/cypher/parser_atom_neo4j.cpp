// Expressions Neo4j 5 users write from memory: map projections `n {.name, .*, k: e, x}`,
// `reduce(acc = init, x IN list | e)`, `COUNT { ... }` and `COLLECT { ... }` subqueries
// (and the braces EXISTS shares with them), and the `IS [NOT] ::` of type predicates.

#include "cypher/parser_impl.h"

namespace quiver::cypher {

ExprPtr Parser::ParseMapProjection() {
  auto projection = std::make_unique<MapProjectionExpr>(Peek().pos);
  projection->variable = Advance().value;
  Advance();  // {
  if (Accept(TokenKind::kRBrace)) return projection;
  DepthGuard guard(*this, kNestingWeight);
  do {
    MapProjectionItem item;
    item.pos = Peek().pos;
    if (Accept(TokenKind::kDot)) {
      if (Accept(TokenKind::kStar)) {
        item.kind = MapProjectionItem::Kind::kAllProperties;
      } else {
        item.kind = MapProjectionItem::Kind::kProperty;
        item.key = ParseSchemaName("a property key name or '*'");
      }
    } else if (Peek().IsWord() && Check(TokenKind::kColon, 1)) {
      item.kind = MapProjectionItem::Kind::kLiteral;
      item.key = Advance().value;
      Advance();  // :
      item.value = ParseExpr();
    } else if (AtVariableName()) {
      item.kind = MapProjectionItem::Kind::kVariable;
      item.key = Advance().value;
    } else {
      FailUnexpectedSyntax("'.key', '.*', 'key: value' or a variable");
    }
    projection->items.push_back(std::move(item));
  } while (Accept(TokenKind::kComma));
  Expect(TokenKind::kRBrace, "',' or '}'");
  return projection;
}

bool Parser::AtReduce() const {
  return IsWordIgnoringCase(Peek(), "reduce") && Check(TokenKind::kLParen, 1) && AtVariableName(2) &&
         Check(TokenKind::kEq, 3);
}

ExprPtr Parser::ParseReduce() {
  auto reduce = std::make_unique<ReduceExpr>(Advance().pos);
  DepthGuard guard(*this, kNestingWeight);
  Advance();  // (
  reduce->accumulator = Advance().value;
  Advance();  // =
  reduce->init = ParseExpr();
  Expect(TokenKind::kComma, "','");
  reduce->variable = ParseVariableName();
  ExpectKeyword(Keyword::kIn);
  reduce->list = ParseExpr();
  Expect(TokenKind::kPipe, "'|'");
  reduce->expression = ParseExpr();
  Expect(TokenKind::kRParen, "')'");
  return reduce;
}

ExprPtr Parser::ParseSubqueryValue(SubqueryValueKind kind) {
  auto value = std::make_unique<SubqueryValueExpr>(Advance().pos);
  value->subquery = kind;
  value->query = ParseSubqueryBraces();
  return value;
}

std::unique_ptr<Statement> Parser::ParseSubqueryBraces() {
  Expect(TokenKind::kLBrace, "'{'");
  // The subquery is a scope of its own: pattern predicates are allowed only in its WHEREs.
  const bool saved_patterns = pattern_predicates_allowed_;
  const bool saved_comprehension = in_comprehension_where_;
  pattern_predicates_allowed_ = false;
  in_comprehension_where_ = false;
  std::unique_ptr<Statement> statement;
  if (AtClauseStart()) {
    statement = ParseQuery(/*in_subquery=*/true);
  } else {
    auto match = std::make_unique<MatchClause>(Peek().pos);
    match->pattern = ParsePattern();
    if (AcceptKeyword(Keyword::kWhere)) match->where = ParseWhereExpression();
    statement = std::make_unique<Statement>();
    statement->pos = match->pos;
    SingleQuery query;
    query.pos = match->pos;
    query.clauses.push_back(std::move(match));
    statement->queries.push_back(std::move(query));
  }
  pattern_predicates_allowed_ = saved_patterns;
  in_comprehension_where_ = saved_comprehension;
  Expect(TokenKind::kRBrace, "'}'");
  return statement;
}

bool Parser::AtTypePredicate() const {
  // `::` is two ':' tokens written together.
  return Check(TokenKind::kColon) && Check(TokenKind::kColon, 1) &&
         Peek(1).pos.offset == Peek().pos.offset + 1;
}

ExprPtr Parser::ParseComprehensionWhere() {
  const bool saved = in_comprehension_where_;
  in_comprehension_where_ = true;
  ExprPtr where = ParseWhereExpression();
  in_comprehension_where_ = saved;
  return where;
}

}  // namespace quiver::cypher
