// Clauses: MATCH, UNWIND, CALL, CREATE, MERGE, SET, REMOVE, DELETE, WITH, RETURN (CALL
// subqueries and LOAD CSV: parser_subquery.cpp, parser_load_csv.cpp).

#include "cypher/parser_impl.h"

namespace quiver::cypher {

ClausePtr Parser::ParseClause() {
  if (AtSubqueryCall()) return ParseSubqueryCall();
  if (AtLoadCsv()) return ParseLoadCsv();
  switch (Peek().keyword) {
    case Keyword::kMatch:
    case Keyword::kOptional:
      return ParseMatch();
    case Keyword::kUnwind:
      return ParseUnwind();
    case Keyword::kCall:
      return ParseCall();
    case Keyword::kCreate:
      return ParseCreate();
    case Keyword::kMerge:
      return ParseMerge();
    case Keyword::kSet:
      return ParseSet();
    case Keyword::kRemove:
      return ParseRemove();
    case Keyword::kDelete:
    case Keyword::kDetach:
      return ParseDelete();
    case Keyword::kWith:
      return ParseWith();
    case Keyword::kReturn:
      return ParseReturn();
    default:
      FailUnexpected("a clause");
  }
}

ExprPtr Parser::ParseWhereExpression() {
  bool saved = pattern_predicates_allowed_;
  pattern_predicates_allowed_ = true;
  ExprPtr expr = ParseExpr();
  pattern_predicates_allowed_ = saved;
  return expr;
}

ClausePtr Parser::ParseMatch() {
  auto clause = std::make_unique<MatchClause>(Peek().pos);
  clause->optional = AcceptKeyword(Keyword::kOptional);
  ExpectKeyword(Keyword::kMatch);
  clause->pattern = ParsePattern();
  if (AcceptKeyword(Keyword::kWhere)) clause->where = ParseWhereExpression();
  return clause;
}

ClausePtr Parser::ParseUnwind() {
  auto clause = std::make_unique<UnwindClause>(Advance().pos);
  clause->list = ParseExpr();
  ExpectKeyword(Keyword::kAs);
  clause->variable = ParseVariableName();
  return clause;
}

ClausePtr Parser::ParseCall() {
  auto clause = std::make_unique<CallClause>(Advance().pos);
  clause->procedure = ParseQualifiedName("a procedure name");
  if (Accept(TokenKind::kLParen)) {
    if (!Check(TokenKind::kRParen)) {
      do {
        clause->args.push_back(ParseExpr());
      } while (Accept(TokenKind::kComma));
    }
    Expect(TokenKind::kRParen, "',' or ')'");
  } else {
    clause->implicit_arguments = true;
  }
  if (!AcceptKeyword(Keyword::kYield)) return clause;
  clause->has_yield = true;
  if (Accept(TokenKind::kStar)) {
    clause->yield_all = true;
    return clause;
  }
  do {
    YieldItem item;
    item.pos = Peek().pos;
    item.field = ParseSchemaName("a procedure output name");
    if (AcceptKeyword(Keyword::kAs)) item.alias = ParseVariableName();
    clause->yields.push_back(std::move(item));
  } while (Accept(TokenKind::kComma));
  if (AcceptKeyword(Keyword::kWhere)) clause->where = ParseWhereExpression();
  return clause;
}

ClausePtr Parser::ParseCreate() {
  auto clause = std::make_unique<CreateClause>(Advance().pos);
  parameter_maps_allowed_ = true;
  clause->pattern = ParsePattern();
  parameter_maps_allowed_ = false;
  return clause;
}

ClausePtr Parser::ParseMerge() {
  auto clause = std::make_unique<MergeClause>(Advance().pos);
  clause->pattern = ParsePatternPart();
  while (CheckKeyword(Keyword::kOn)) {
    MergeAction action;
    action.pos = Advance().pos;
    if (AcceptKeyword(Keyword::kCreate)) {
      action.on_create = true;
    } else if (!AcceptKeyword(Keyword::kMatch)) {
      FailUnexpected("CREATE or MATCH");
    }
    ExpectKeyword(Keyword::kSet);
    do {
      action.items.push_back(ParseSetItem());
    } while (Accept(TokenKind::kComma));
    clause->actions.push_back(std::move(action));
  }
  return clause;
}

ClausePtr Parser::ParseSet() {
  auto clause = std::make_unique<SetClause>(Advance().pos);
  do {
    clause->items.push_back(ParseSetItem());
  } while (Accept(TokenKind::kComma));
  return clause;
}

// The label names of `n:A:B` in SET or REMOVE. A label expression (`n:A|B`, `n:!A`,
// `n:%`) names no labels to add or take away: an error, as in Neo4j.
std::vector<std::string> Parser::TakeLabels(Expr& expr, std::string_view clause) const {
  auto& has = expr.As<HasLabelsExpr>();
  if (has.expression) {
    Fail(expr.pos, "InvalidLabelExpression",
         std::string(clause) + " takes label names, such as n:A:B or n:A&B, not a label expression with |, ! or %");
  }
  return std::move(has.labels);
}

SetItem Parser::ParseSetItem() {
  SetItem item;
  item.pos = Peek().pos;
  // `n = map`, `n += map`: a bare variable followed by the operator.
  if (AtVariableName() && (Check(TokenKind::kEq, 1) || Check(TokenKind::kPlusEq, 1))) {
    auto variable = std::make_unique<VariableExpr>(Peek().pos);
    variable->name = Advance().value;
    item.kind = Advance().kind == TokenKind::kEq ? SetItemKind::kReplace : SetItemKind::kMerge;
    item.target = std::move(variable);
    item.value = ParseExpr();
    return item;
  }
  // `n.p = e` or `n:Label`: both parse as a postfix expression first.
  ExprPtr target = ParsePostfix();
  if (target->Is<HasLabelsExpr>()) {
    auto& labels = target->As<HasLabelsExpr>();
    if (!labels.object->Is<VariableExpr>())
      Fail(item.pos, "UnexpectedSyntax", "labels can only be set on a variable");
    item.kind = SetItemKind::kLabels;
    item.labels = TakeLabels(*target, "SET");
    item.target = std::move(labels.object);
    return item;
  }
  if (!target->Is<PropertyExpr>()) {
    Fail(item.pos, "UnexpectedSyntax", "expected a property (n.key), a variable or labels to SET");
  }
  item.kind = SetItemKind::kProperty;
  item.target = std::move(target);
  Expect(TokenKind::kEq, "'='");
  item.value = ParseExpr();
  return item;
}

ClausePtr Parser::ParseRemove() {
  auto clause = std::make_unique<RemoveClause>(Advance().pos);
  do {
    RemoveItem item;
    item.pos = Peek().pos;
    ExprPtr target = ParsePostfix();
    if (target->Is<HasLabelsExpr>() && target->As<HasLabelsExpr>().object->Is<VariableExpr>()) {
      item.kind = RemoveItemKind::kLabels;
      item.labels = TakeLabels(*target, "REMOVE");
      item.target = std::move(target->As<HasLabelsExpr>().object);
    } else if (target->Is<PropertyExpr>()) {
      item.kind = RemoveItemKind::kProperty;
      item.target = std::move(target);
    } else {
      Fail(item.pos, "UnexpectedSyntax", "expected a property (n.key) or labels (n:Label) to REMOVE");
    }
    clause->items.push_back(std::move(item));
  } while (Accept(TokenKind::kComma));
  return clause;
}

ClausePtr Parser::ParseDelete() {
  auto clause = std::make_unique<DeleteClause>(Peek().pos);
  clause->detach = AcceptKeyword(Keyword::kDetach);
  ExpectKeyword(Keyword::kDelete);
  do {
    ExprPtr target = ParseExpr();
    // `DELETE n:Person` reads as deleting a label; the TCK wants InvalidDelete, and the
    // shape alone decides it.
    if (target->Is<HasLabelsExpr>()) {
      Fail(target->pos, "InvalidDelete",
           "DELETE takes nodes, relationships or paths; use REMOVE to remove a label");
    }
    clause->targets.push_back(std::move(target));
  } while (Accept(TokenKind::kComma));
  return clause;
}

ClausePtr Parser::ParseWith() {
  auto clause = std::make_unique<WithClause>(Advance().pos);
  ParseProjectionBody(clause->body);
  if (AcceptKeyword(Keyword::kWhere)) clause->where = ParseWhereExpression();
  return clause;
}

ClausePtr Parser::ParseReturn() {
  auto clause = std::make_unique<ReturnClause>(Advance().pos);
  ParseProjectionBody(clause->body);
  return clause;
}

void Parser::ParseProjectionBody(ProjectionBody& body) {
  body.distinct = AcceptKeyword(Keyword::kDistinct);
  if (Accept(TokenKind::kStar)) {
    body.star = true;
    while (Accept(TokenKind::kComma)) body.items.push_back(ParseProjectionItem());
  } else {
    do {
      body.items.push_back(ParseProjectionItem());
    } while (Accept(TokenKind::kComma));
  }
  ParseProjectionTail(body);
}

void Parser::ParseProjectionTail(ProjectionBody& body) {
  if (CheckKeyword(Keyword::kOrder)) {
    Advance();
    ExpectKeyword(Keyword::kBy);
    do {
      SortItem item;
      item.pos = Peek().pos;
      item.expr = ParseExpr();
      if (AcceptKeyword(Keyword::kDesc) || AcceptKeyword(Keyword::kDescending)) {
        item.descending = true;
      } else if (!AcceptKeyword(Keyword::kAsc)) {
        AcceptKeyword(Keyword::kAscending);
      }
      body.order_by.push_back(std::move(item));
    } while (Accept(TokenKind::kComma));
  }
  // OFFSET is GQL's word for SKIP, which Neo4j 5.24 accepts too.
  if (AcceptKeyword(Keyword::kSkip) || AcceptWord("OFFSET")) body.skip = ParseExpr();
  if (AcceptKeyword(Keyword::kLimit)) body.limit = ParseExpr();
}

ProjectionItem Parser::ParseProjectionItem() {
  ProjectionItem item;
  const Token& first = Peek();
  item.pos = first.pos;
  item.expr = ParseExpr();
  item.text = std::string(source_.substr(first.pos.offset, PreviousEnd() - first.pos.offset));
  if (AcceptKeyword(Keyword::kAs)) item.alias = ParseVariableName();
  return item;
}

}  // namespace quiver::cypher
