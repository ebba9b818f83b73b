// Patterns: `p = (a:L {k: v})-[r:T|U*1..2]->(b), (c)`.

#include <cctype>
#include <limits>
#include <string>

#include "cypher/parser_impl.h"

namespace quiver::cypher {

Pattern Parser::ParsePattern() {
  Pattern pattern;
  size_t relationships = 0;
  do {
    if (pattern.size() >= kMaxPatternLength) FailPatternTooLong();
    pattern.push_back(ParsePatternPart());
    relationships += pattern.back().element.relationships.size();
    if (relationships > kMaxPatternLength) FailPatternTooLong();
  } while (Accept(TokenKind::kComma));
  return pattern;
}

void Parser::FailPatternTooLong() const {
  Fail(Peek(), "QueryTooComplex",
       "pattern too long: more than " + std::to_string(kMaxPatternLength) +
           " relationships (or comma-separated parts) in one pattern");
}

PatternPart Parser::ParsePatternPart() {
  PatternPart part;
  part.pos = Peek().pos;
  if (AtVariableName() && Check(TokenKind::kEq, 1)) {
    part.path_variable = Advance().value;
    Advance();
  }
  ParsePathSelector(part);
  if (part.selector_as_function) {
    Expect(TokenKind::kLParen, "'('");
    part.element = ParsePatternElement();
    Expect(TokenKind::kRParen, "')'");
  } else {
    part.element = ParsePatternElement();
  }
  return part;
}

namespace {
bool IsWord(const Token& token, std::string_view word) {
  if (token.kind != TokenKind::kIdentifier || token.value.size() != word.size()) return false;
  for (size_t i = 0; i < word.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(token.value[i])) != word[i]) return false;
  }
  return true;
}
}  // namespace

// shortestPath( / allShortestPaths( (Cypher's functions, any case), or GQL's selectors:
// ANY SHORTEST, ALL SHORTEST, SHORTEST k [GROUPS], ANY [k], ALL, each with an optional
// PATH or PATHS. A pattern starts with '(' or a variable and '=', so a word there is one.
void Parser::ParsePathSelector(PatternPart& part) {
  part.selector_pos = Peek().pos;
  const bool call = Check(TokenKind::kLParen, 1);
  if (call && (IsWord(Peek(), "shortestpath") || IsWord(Peek(), "allshortestpaths"))) {
    part.selector = IsWord(Peek(), "shortestpath") ? PathSelector::kAnyShortest : PathSelector::kAllShortest;
    part.selector_as_function = true;
    Advance();
    return;
  }
  auto count = [&]() -> int64_t {
    if (!Check(TokenKind::kInteger)) return 1;
    const Token& token = Advance();
    if (token.integer_too_large || token.integer > static_cast<uint64_t>(std::numeric_limits<int64_t>::max())) {
      Fail(token, "IntegerOverflow", "integer literal is too large");
    }
    if (token.integer == 0) Fail(token, "InvalidArgumentValue", "a path selector needs a count of at least 1");
    return static_cast<int64_t>(token.integer);
  };
  bool selected = true;
  if (CheckKeyword(Keyword::kAny) && !Check(TokenKind::kEq, 1)) {
    Advance();
    if (IsWord(Peek(), "shortest")) {
      Advance();
      part.selector = PathSelector::kAnyShortest;
    } else {
      part.selector = PathSelector::kAnyK;
      part.selector_count = count();
    }
  } else if (CheckKeyword(Keyword::kAll) && !Check(TokenKind::kEq, 1)) {
    Advance();
    if (IsWord(Peek(), "shortest")) {
      Advance();
      part.selector = PathSelector::kAllShortest;
    }
  } else if (IsWord(Peek(), "shortest") && Check(TokenKind::kInteger, 1)) {
    Advance();
    part.selector_count = count();
    part.selector = PathSelector::kShortestK;
  } else {
    selected = false;
  }
  if (!selected) return;
  if (IsWord(Peek(), "path") || IsWord(Peek(), "paths")) Advance();
  if (part.selector == PathSelector::kShortestK && IsWord(Peek(), "groups")) {
    Advance();
    part.selector = PathSelector::kShortestKGroups;
  }
  // SHORTEST 1 is ANY SHORTEST, SHORTEST 1 GROUPS is ALL SHORTEST.
  if (part.selector == PathSelector::kShortestK && part.selector_count == 1) part.selector = PathSelector::kAnyShortest;
  if (part.selector == PathSelector::kShortestKGroups && part.selector_count == 1) {
    part.selector = PathSelector::kAllShortest;
  }
}

PatternElement Parser::ParsePatternElement() {
  DepthGuard guard(*this, kNestingWeight);
  // openCypher allows a parenthesized element, `((a)-->(b))`; a node pattern never
  // starts with two parentheses, so one token of lookahead tells them apart — and a
  // quantifier after the closing parenthesis makes it a quantified path pattern.
  if (Check(TokenKind::kLParen) && Check(TokenKind::kLParen, 1) && !AtQuantifiedPath()) {
    Advance();
    PatternElement element = ParsePatternElement();
    Expect(TokenKind::kRParen, "')'");
    return element;
  }
  PatternElement element;
  element.pos = Peek().pos;
  // A node beside a quantified path pattern may be left out: an anonymous one stands there.
  auto node = [&] {
    if (Check(TokenKind::kLParen) && !AtQuantifiedPath()) return ParseNodePattern();
    NodePattern anonymous;
    anonymous.pos = Peek().pos;
    return anonymous;
  };
  element.nodes.push_back(node());
  while (true) {
    if (Check(TokenKind::kMinus) || (Check(TokenKind::kLt) && Check(TokenKind::kMinus, 1))) {
      if (element.relationships.size() >= kMaxPatternLength) FailPatternTooLong();
      element.relationships.push_back(ParseRelationshipPattern());
      if (AtQuantifiedPath()) {
        element.nodes.push_back(node());
      } else {
        element.nodes.push_back(ParseNodePattern());
      }
    } else if (Check(TokenKind::kLParen) && Check(TokenKind::kLParen, 1)) {
      // Juxtaposed to the node before: only a quantified path pattern may stand here.
      if (element.relationships.size() >= kMaxPatternLength) FailPatternTooLong();
      if (!AtQuantifiedPath()) {
        Fail(Peek(), "InvalidQuantifiedPath",
             "a parenthesized path pattern next to a node needs a quantifier, such as ((a)-->(b)){1,3}");
      }
      element.relationships.push_back(ParseQuantifiedPath());
      element.nodes.push_back(node());
    } else {
      break;
    }
  }
  return element;
}

bool Parser::AtQuantifiedPath(size_t ahead) const {
  if (!Check(TokenKind::kLParen, ahead) || !Check(TokenKind::kLParen, ahead + 1)) return false;
  int depth = 0;
  size_t i = ahead;
  do {
    const TokenKind kind = Peek(i).kind;
    if (kind == TokenKind::kEnd) return false;
    if (kind == TokenKind::kLParen) ++depth;
    if (kind == TokenKind::kRParen) --depth;
    ++i;
  } while (depth > 0);
  return Check(TokenKind::kLBrace, i) || Check(TokenKind::kPlus, i) || Check(TokenKind::kStar, i);
}

RelationshipPattern Parser::ParseQuantifiedPath() {
  RelationshipPattern rel;
  rel.pos = Peek().pos;
  rel.group = std::make_unique<QuantifiedPath>();
  QuantifiedPath& group = *rel.group;
  group.pos = Expect(TokenKind::kLParen, "'('").pos;
  group.element = ParsePatternElement();
  if (AcceptKeyword(Keyword::kWhere)) group.where = ParseWhereExpression();
  Expect(TokenKind::kRParen, "')' to end the quantified path pattern");
  group.quantifier = *ParseQuantifier();
  return rel;
}

std::optional<VarLength> Parser::ParseQuantifier() {
  VarLength q;
  if (Accept(TokenKind::kPlus)) {
    q.min = 1;
    return q;
  }
  if (Accept(TokenKind::kStar)) {
    q.min = 0;
    return q;
  }
  if (!Accept(TokenKind::kLBrace)) return std::nullopt;
  if (Check(TokenKind::kInteger)) q.min = ParseRangeBound();
  if (Accept(TokenKind::kComma)) {
    if (Check(TokenKind::kInteger)) q.max = ParseRangeBound();
    if (!q.min) q.min = 0;
  } else if (q.min) {
    q.max = q.min;  // {n}: exactly n
  } else {
    Fail(Peek(), "InvalidQuantifier", "a quantifier needs a bound: {n}, {m,n}, {m,} or {,n}");
  }
  if (q.max && *q.max < *q.min) {
    Fail(Peek(), "InvalidQuantifier",
         "a quantifier's upper bound " + std::to_string(*q.max) + " is below its lower bound " +
             std::to_string(*q.min));
  }
  if (q.max && *q.max == 0) Fail(Peek(), "InvalidQuantifier", "a quantifier's upper bound must be at least 1");
  Expect(TokenKind::kRBrace, "'}' to end the quantifier");
  return q;
}

NodePattern Parser::ParseNodePattern() {
  NodePattern node;
  node.pos = Expect(TokenKind::kLParen, "'(' to start a node pattern").pos;
  if (AtVariableName()) node.variable = Advance().value;
  if (Accept(TokenKind::kColon)) ParseNodeLabels(node.labels, node.label_expression, /*in_pattern=*/true);
  node.properties = ParsePatternProperties();
  Expect(TokenKind::kRParen, node.properties ? "')'" : "a label, properties or ')'");
  return node;
}

ExprPtr Parser::ParsePatternProperties() {
  if (Check(TokenKind::kLBrace)) return ParseMap();
  if (Check(TokenKind::kParameter)) {
    if (!parameter_maps_allowed_) {
      Fail(Peek(), "InvalidParameterUse",
           "a parameter cannot be used as a property map in a pattern here (only in CREATE); use {key: "
           "$param.key}");
    }
    auto parameter = std::make_unique<ParameterExpr>(Peek().pos);
    parameter->name = Advance().value;
    return parameter;
  }
  return nullptr;
}

RelationshipPattern Parser::ParseRelationshipPattern() {
  RelationshipPattern rel;
  rel.pos = Peek().pos;
  bool left = Accept(TokenKind::kLt);
  Expect(TokenKind::kMinus, "'-'");
  if (Accept(TokenKind::kLBracket)) {
    if (AtVariableName()) rel.variable = Advance().value;
    // `:A|B` and the older `:A|:B` list alternatives; `:!A`, `:%` ... are type expressions.
    if (Accept(TokenKind::kColon)) ParseRelationshipTypes(rel);
    if (Accept(TokenKind::kStar)) {
      rel.var_length = ParseVarLength();
    } else if (Check(TokenKind::kDotDot) || Check(TokenKind::kInteger)) {
      Fail(Peek(), "InvalidRelationshipPattern",
           "a variable-length relationship needs '*' before its bounds");
    }
    rel.properties = ParsePatternProperties();
    Expect(TokenKind::kRBracket, "']'");
  }
  Expect(TokenKind::kMinus, "'-'");
  bool right = Accept(TokenKind::kGt);
  if (left && right) {
    rel.direction = RelDirection::kBoth;
  } else if (left) {
    rel.direction = RelDirection::kLeft;
  } else if (right) {
    rel.direction = RelDirection::kRight;
  } else {
    rel.direction = RelDirection::kUndirected;
  }
  // A quantified relationship, `-[:R]->{1,3}`: a variable-length one written in GQL.
  const SourcePosition at = Peek().pos;
  if (std::optional<VarLength> quantifier = ParseQuantifier()) {
    if (rel.var_length) {
      Fail(at, "InvalidQuantifier", "a relationship cannot have both '*' and a quantifier");
    }
    rel.var_length = quantifier;
    rel.quantified = true;
  }
  return rel;
}

VarLength Parser::ParseVarLength() {
  VarLength length;
  if (Check(TokenKind::kInteger) || Check(TokenKind::kMinus)) {
    length.min = ParseRangeBound();
    if (!Check(TokenKind::kDotDot)) {
      length.max = length.min;  // `*2` is exactly two hops
      return length;
    }
  }
  if (Accept(TokenKind::kDotDot) && (Check(TokenKind::kInteger) || Check(TokenKind::kMinus))) {
    length.max = ParseRangeBound();
  }
  return length;
}

int64_t Parser::ParseRangeBound() {
  if (Check(TokenKind::kMinus)) {
    Fail(Peek(), "InvalidRelationshipPattern",
         "the bounds of a variable-length relationship cannot be negative");
  }
  const Token& token = Advance();
  if (token.integer_too_large || token.integer > static_cast<uint64_t>(std::numeric_limits<int64_t>::max())) {
    Fail(token, "IntegerOverflow", "integer literal is too large");
  }
  return static_cast<int64_t>(token.integer);
}

bool Parser::LooksLikePatternElement(size_t ahead) const {
  auto kind = [&](size_t i) { return Peek(i).kind; };
  size_t i = ahead;
  if (kind(i) != TokenKind::kLParen) return false;
  ++i;
  if (AtVariableName(i)) ++i;
  // Labels, label expressions included: `:A:B`, `:(A|B)&!C`.
  if (kind(i) == TokenKind::kColon) {
    int parens = 0;
    while (Peek(i).IsWord() || kind(i) == TokenKind::kColon || kind(i) == TokenKind::kPipe ||
           kind(i) == TokenKind::kAmpersand || kind(i) == TokenKind::kBang ||
           kind(i) == TokenKind::kPercent || kind(i) == TokenKind::kLParen ||
           (kind(i) == TokenKind::kRParen && parens > 0)) {
      if (kind(i) == TokenKind::kLParen) ++parens;
      if (kind(i) == TokenKind::kRParen) --parens;
      ++i;
    }
  }
  if (kind(i) == TokenKind::kLBrace) {
    int depth = 0;
    do {
      if (kind(i) == TokenKind::kLBrace) ++depth;
      if (kind(i) == TokenKind::kRBrace) --depth;
      if (kind(i) == TokenKind::kEnd) return false;
      ++i;
    } while (depth > 0);
  } else if (kind(i) == TokenKind::kParameter) {
    ++i;
  }
  if (kind(i) != TokenKind::kRParen) return false;
  ++i;
  if (kind(i) == TokenKind::kMinus)
    return kind(i + 1) == TokenKind::kLBracket || kind(i + 1) == TokenKind::kMinus;
  return kind(i) == TokenKind::kLt && kind(i + 1) == TokenKind::kMinus;
}

}  // namespace quiver::cypher
