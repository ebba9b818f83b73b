// Label expressions (Neo4j 5): in node patterns `(n:A|B)`, `(n:A&!B)`, `(n:%)`,
// `(n:(A|B)&C)`, in predicates `n:A|B`, and over relationship types `[:A|B]`, `[:!A]`,
// `[:%]`. Precedence, loosest first: `|` < `&` < `!` < atoms (a name, `%`, a
// parenthesized expression). The older colon conjunction `:A:B` keeps working, but may
// not be mixed with the new operators in one label expression (as in Neo4j).

#include <algorithm>

#include "cypher/parser_impl.h"

namespace quiver::cypher {
namespace {

bool IsPlainName(const LabelExpression& e) {
  return e.kind == LabelExpression::Kind::kName;
}

// A chain of plain names of one operator: `A&B&C` is what `:A:B:C` means (a list of
// labels), `A|B` what a relationship's type list means.
bool IsPlainChain(const LabelExpression& e, LabelExpression::Kind op) {
  if (IsPlainName(e)) return true;
  if (e.kind != op) return false;
  return std::all_of(e.operands.begin(), e.operands.end(), IsPlainName);
}

void CollectNames(const LabelExpression& e, std::vector<std::string>& out) {
  if (IsPlainName(e)) {
    out.push_back(e.name);
    return;
  }
  for (const auto& operand : e.operands) out.push_back(operand.name);
}

LabelExpression MakeNary(LabelExpression::Kind kind, LabelExpression first, SourcePosition pos) {
  LabelExpression e;
  e.kind = kind;
  e.pos = pos;
  e.operands.push_back(std::move(first));
  return e;
}

}  // namespace

bool Parser::AtLabelExpressionStart(size_t ahead) const {
  const Token& token = Peek(ahead);
  return token.IsWord() || token.kind == TokenKind::kBang || token.kind == TokenKind::kPercent ||
         token.kind == TokenKind::kLParen;
}

void Parser::ParseNodeLabels(std::vector<std::string>& labels, std::optional<LabelExpression>& expression,
                             bool in_pattern) {
  const bool saved = in_comprehension_where_;
  if (in_pattern) in_comprehension_where_ = false;
  std::vector<LabelExpression> parts;
  parts.push_back(ParseLabelOr(/*relationship=*/false));
  while (Check(TokenKind::kColon) && AtLabelExpressionStart(1)) {
    Advance();
    parts.push_back(ParseLabelOr(/*relationship=*/false));
  }
  in_comprehension_where_ = saved;
  if (parts.size() == 1) {
    if (IsPlainChain(parts[0], LabelExpression::Kind::kAnd)) {
      CollectNames(parts[0], labels);
    } else {
      expression = std::move(parts[0]);
    }
    return;
  }
  for (const auto& part : parts) {
    if (!IsPlainName(part)) {
      Fail(part.pos, "InvalidLabelExpression",
           "mixing the label conjunction ':A:B' with the label expression operators |, &, ! and % is not "
           "allowed; write ':A&B' instead of ':A:B'");
    }
    labels.push_back(part.name);
  }
}

void Parser::ParseRelationshipTypes(RelationshipPattern& rel) {
  LabelExpression e = ParseLabelOr(/*relationship=*/true);
  if (Check(TokenKind::kColon) && AtLabelExpressionStart(1)) {
    Fail(Peek(), "InvalidRelationshipPattern",
         "a relationship has one type: ':A:B' never matches; use ':A|B' for either type");
  }
  if (IsPlainChain(e, LabelExpression::Kind::kOr)) {
    CollectNames(e, rel.types);
  } else {
    rel.type_expression = std::move(e);
  }
}

LabelExpression Parser::ParseLabelOr(bool relationship) {
  const SourcePosition pos = Peek().pos;
  LabelExpression first = ParseLabelAnd(relationship);
  // In a comprehension's WHERE, '|' starts the projection.
  if (!Check(TokenKind::kPipe) || (in_comprehension_where_ && !relationship)) return first;
  LabelExpression e = MakeNary(LabelExpression::Kind::kOr, std::move(first), pos);
  ChainGuard chain(*this);
  while (Accept(TokenKind::kPipe)) {
    // `[:A|:B]`, the older spelling of `[:A|B]`, for relationship types only.
    if (relationship) Accept(TokenKind::kColon);
    chain.Add();
    e.operands.push_back(ParseLabelAnd(relationship));
  }
  return e;
}

LabelExpression Parser::ParseLabelAnd(bool relationship) {
  const SourcePosition pos = Peek().pos;
  LabelExpression first = ParseLabelNot(relationship);
  if (!Check(TokenKind::kAmpersand)) return first;
  LabelExpression e = MakeNary(LabelExpression::Kind::kAnd, std::move(first), pos);
  ChainGuard chain(*this);
  while (Accept(TokenKind::kAmpersand)) {
    chain.Add();
    e.operands.push_back(ParseLabelNot(relationship));
  }
  return e;
}

LabelExpression Parser::ParseLabelNot(bool relationship) {
  if (!Check(TokenKind::kBang)) return ParseLabelAtom(relationship);
  const SourcePosition pos = Advance().pos;
  DepthGuard guard(*this, kPrefixWeight);
  return MakeNary(LabelExpression::Kind::kNot, ParseLabelNot(relationship), pos);
}

LabelExpression Parser::ParseLabelAtom(bool relationship) {
  LabelExpression e;
  e.pos = Peek().pos;
  if (Accept(TokenKind::kPercent)) {
    e.kind = LabelExpression::Kind::kWildcard;
    return e;
  }
  if (Accept(TokenKind::kLParen)) {
    DepthGuard guard(*this, kNestingWeight);
    // Inside parentheses '|' is a disjunction again, even in a comprehension's WHERE.
    const bool saved = in_comprehension_where_;
    in_comprehension_where_ = false;
    e = ParseLabelOr(relationship);
    in_comprehension_where_ = saved;
    Expect(TokenKind::kRParen, "')'");
    return e;
  }
  e.name = ParseSchemaName(relationship ? "a relationship type" : "a label name");
  return e;
}

}  // namespace quiver::cypher
