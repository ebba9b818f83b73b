// Atoms: literals, parameters, variables, function calls, parenthesized expressions,
// pattern predicates, lists and comprehensions, maps, CASE, quantifiers and EXISTS.

#include <algorithm>
#include <cctype>
#include <limits>

#include "cypher/parser_impl.h"

namespace quiver::cypher {
namespace {

template <typename T>
std::unique_ptr<LiteralExpr> MakeLiteral(SourcePosition pos, T value) {
  auto literal = std::make_unique<LiteralExpr>(pos);
  literal->value = std::move(value);
  return literal;
}

bool EqualsIgnoreCase(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    char x = a[i] >= 'A' && a[i] <= 'Z' ? static_cast<char>(a[i] - 'A' + 'a') : a[i];
    char y = b[i] >= 'A' && b[i] <= 'Z' ? static_cast<char>(b[i] - 'A' + 'a') : b[i];
    if (x != y) return false;
  }
  return true;
}

}  // namespace

ExprPtr Parser::ParseAtom() {
  const Token& token = Peek();
  switch (token.kind) {
    case TokenKind::kInteger:
    case TokenKind::kFloat:
      Advance();
      return ParseNumber(token, /*negative=*/false, token.pos);
    case TokenKind::kString:
      Advance();
      return MakeLiteral(token.pos, token.value);
    case TokenKind::kParameter: {
      Advance();
      auto parameter = std::make_unique<ParameterExpr>(token.pos);
      parameter->name = token.value;
      return parameter;
    }
    case TokenKind::kLParen:
      return ParseParenthesized();
    case TokenKind::kLBracket:
      return ParseBracketed();
    case TokenKind::kLBrace:
      return ParseMap();
    case TokenKind::kIdentifier:
    case TokenKind::kQuotedIdentifier:
      break;
    default:
      FailUnexpected("an expression");
  }
  if (token.kind == TokenKind::kIdentifier) {
    switch (token.keyword) {
      case Keyword::kTrue:
        Advance();
        return MakeLiteral(token.pos, true);
      case Keyword::kFalse:
        Advance();
        return MakeLiteral(token.pos, false);
      case Keyword::kNull:
        Advance();
        return MakeLiteral(token.pos, std::monostate{});
      case Keyword::kCase:
        return ParseCase();
      case Keyword::kCount:
        if (Check(TokenKind::kLBrace, 1)) return ParseSubqueryValue(SubqueryValueKind::kCount);
        if (Check(TokenKind::kLParen, 1) && Check(TokenKind::kStar, 2) && Check(TokenKind::kRParen, 3)) {
          Advance();
          Advance();
          Advance();
          Advance();
          return std::make_unique<CountStarExpr>(token.pos);
        }
        break;
      case Keyword::kAll:
      case Keyword::kAny:
      case Keyword::kNone:
      case Keyword::kSingle:
        if (Check(TokenKind::kLParen, 1) && AtVariableName(2) && CheckKeyword(Keyword::kIn, 3)) {
          QuantifierKind kind = token.keyword == Keyword::kAll    ? QuantifierKind::kAll
                                : token.keyword == Keyword::kAny  ? QuantifierKind::kAny
                                : token.keyword == Keyword::kNone ? QuantifierKind::kNone
                                                                  : QuantifierKind::kSingle;
          return ParseQuantifier(kind);
        }
        break;
      case Keyword::kExists:
        if (Check(TokenKind::kLBrace, 1)) return ParseExists();
        break;
      default:
        break;
    }
  }
  if (token.kind == TokenKind::kIdentifier && Check(TokenKind::kLBrace, 1) &&
      IsWordIgnoringCase(token, "collect")) {
    return ParseSubqueryValue(SubqueryValueKind::kCollect);
  }
  if (AtReduce()) return ParseReduce();
  if (AtFunctionCall()) {
    std::string name(token.value);
    std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return std::tolower(c); });
    if ((name == "shortestpath" || name == "allshortestpaths") && LooksLikePatternElement(2)) {
      Fail(token, "UnsupportedShortestPathUse",
           std::string(token.value) + "(...) as an expression is not supported; bind the path in MATCH: MATCH p = " +
               std::string(token.value) + "((a)-[*]-(b))");
    }
    return ParseFunctionCall();
  }
  if (AtVariableName() && Check(TokenKind::kLBrace, 1)) return ParseMapProjection();
  if (AtVariableName()) {
    auto variable = std::make_unique<VariableExpr>(token.pos);
    variable->name = Advance().value;
    return variable;
  }
  FailUnexpected("an expression");
}

ExprPtr Parser::ParseNumber(const Token& token, bool negative, SourcePosition pos) {
  if (token.kind == TokenKind::kFloat) return MakeLiteral(pos, negative ? -token.floating : token.floating);
  // The magnitude may reach 2^63 only when negated.
  uint64_t limit = static_cast<uint64_t>(std::numeric_limits<int64_t>::max()) + (negative ? 1 : 0);
  if (token.integer_too_large || token.integer > limit) {
    Fail(pos, "IntegerOverflow",
         "integer literal '" + std::string(negative ? "-" : "") + std::string(token.text) +
             "' does not fit in a 64-bit integer");
  }
  int64_t value = negative ? static_cast<int64_t>(0 - token.integer) : static_cast<int64_t>(token.integer);
  return MakeLiteral(pos, value);
}

ExprPtr Parser::ParseParenthesized() {
  if (LooksLikePatternElement(0)) {
    if (!pattern_predicates_allowed_) {
      Fail(Peek(), "UnexpectedSyntax",
           "a pattern can only be used as an expression inside WHERE or exists(); use a pattern "
           "comprehension or EXISTS { ... } instead");
    }
    auto predicate = std::make_unique<PatternPredicateExpr>(Peek().pos);
    predicate->pattern = std::make_unique<PatternElement>(ParsePatternElement());
    return predicate;
  }
  Advance();
  ExprPtr expr = ParseExpr();
  Expect(TokenKind::kRParen, "')'");
  return expr;
}

ExprPtr Parser::ParseBracketed() {
  SourcePosition pos = Peek().pos;
  if (LooksLikePatternElement(1) ||
      (AtVariableName(1) && Check(TokenKind::kEq, 2) && LooksLikePatternElement(3))) {
    return ParsePatternComprehension(pos);
  }
  if (AtVariableName(1) && CheckKeyword(Keyword::kIn, 2)) return ParseListComprehension(pos);
  Advance();
  auto list = std::make_unique<ListExpr>(pos);
  if (Accept(TokenKind::kRBracket)) return list;
  do {
    list->elements.push_back(ParseExpr());
  } while (Accept(TokenKind::kComma));
  Expect(TokenKind::kRBracket, "',' or ']'");
  return list;
}

ExprPtr Parser::ParseListComprehension(SourcePosition pos) {
  Advance();  // [
  auto comprehension = std::make_unique<ListComprehensionExpr>(pos);
  comprehension->variable = Advance().value;
  Advance();  // IN
  comprehension->list = ParseExpr();
  if (AcceptKeyword(Keyword::kWhere)) comprehension->where = ParseComprehensionWhere();
  if (Accept(TokenKind::kPipe)) comprehension->projection = ParseExpr();
  Expect(TokenKind::kRBracket, comprehension->projection ? "']'" : "WHERE, '|' or ']'");
  return comprehension;
}

ExprPtr Parser::ParsePatternComprehension(SourcePosition pos) {
  Advance();  // [
  auto comprehension = std::make_unique<PatternComprehensionExpr>(pos);
  if (!Check(TokenKind::kLParen)) {
    comprehension->path_variable = Advance().value;
    Advance();  // =
  }
  comprehension->pattern = std::make_unique<PatternElement>(ParsePatternElement());
  if (AcceptKeyword(Keyword::kWhere)) comprehension->where = ParseComprehensionWhere();
  Expect(TokenKind::kPipe, comprehension->where ? "'|'" : "WHERE or '|'");
  comprehension->projection = ParseExpr();
  Expect(TokenKind::kRBracket, "']'");
  return comprehension;
}

ExprPtr Parser::ParseMap() {
  auto map = std::make_unique<MapExpr>(Expect(TokenKind::kLBrace, "'{'").pos);
  if (Accept(TokenKind::kRBrace)) return map;
  DepthGuard guard(*this, kNestingWeight);
  do {
    // Only a name can be a key: `{1: x}`, `{[]: x}`, `{1B2c3e67: x}` are all
    // UnexpectedSyntax, even where the token itself is a malformed number.
    if (!Peek().IsWord()) FailUnexpectedSyntax("a property key name");
    MapEntry entry;
    entry.key = Advance().value;
    Expect(TokenKind::kColon, "':'");
    entry.value = ParseExpr();
    map->entries.push_back(std::move(entry));
  } while (Accept(TokenKind::kComma));
  Expect(TokenKind::kRBrace, "',' or '}'");
  return map;
}

ExprPtr Parser::ParseCase() {
  auto expr = std::make_unique<CaseExpr>(Advance().pos);
  if (!CheckKeyword(Keyword::kWhen)) expr->test = ParseExpr();
  while (AcceptKeyword(Keyword::kWhen)) {
    CaseAlternative alternative;
    alternative.when = ParseExpr();
    ExpectKeyword(Keyword::kThen);
    alternative.then = ParseExpr();
    expr->alternatives.push_back(std::move(alternative));
  }
  if (expr->alternatives.empty()) FailUnexpected("WHEN");
  if (AcceptKeyword(Keyword::kElse)) expr->else_expr = ParseExpr();
  ExpectKeyword(Keyword::kEnd);
  return expr;
}

bool Parser::AtFunctionCall() const {
  const Token& first = Peek();
  bool name = first.kind == TokenKind::kQuotedIdentifier ||
              (first.kind == TokenKind::kIdentifier &&
               (!IsReservedKeyword(first.keyword) || first.keyword == Keyword::kExists));
  if (!name) return false;
  size_t i = 1;
  while (Check(TokenKind::kDot, i) && Peek(i + 1).IsWord()) i += 2;
  return Check(TokenKind::kLParen, i);
}

ExprPtr Parser::ParseFunctionCall() {
  auto call = std::make_unique<FunctionCallExpr>(Peek().pos);
  call->name = ParseQualifiedName("a function name");
  Expect(TokenKind::kLParen, "'('");
  call->distinct = AcceptKeyword(Keyword::kDistinct);
  // exists((a)-->(b)) tests a pattern, so its argument may be one.
  bool saved = pattern_predicates_allowed_;
  if (EqualsIgnoreCase(call->name, "exists")) pattern_predicates_allowed_ = true;
  if (!Check(TokenKind::kRParen)) {
    do {
      call->args.push_back(ParseExpr());
    } while (Accept(TokenKind::kComma));
  }
  pattern_predicates_allowed_ = saved;
  Expect(TokenKind::kRParen, "',' or ')'");
  return call;
}

ExprPtr Parser::ParseQuantifier(QuantifierKind kind) {
  auto expr = std::make_unique<QuantifierExpr>(Advance().pos);
  expr->quantifier = kind;
  Advance();  // (
  expr->variable = Advance().value;
  Advance();  // IN
  expr->list = ParseExpr();
  if (AcceptKeyword(Keyword::kWhere)) expr->where = ParseWhereExpression();
  Expect(TokenKind::kRParen, expr->where ? "')'" : "WHERE or ')'");
  return expr;
}

ExprPtr Parser::ParseExists() {
  auto exists = std::make_unique<ExistsExpr>(Advance().pos);
  exists->query = ParseSubqueryBraces();
  return exists;
}

}  // namespace quiver::cypher
