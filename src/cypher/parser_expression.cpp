// Operator precedence, loosest first (matching the openCypher TCK's Precedence features):
//   OR < XOR < AND < NOT < comparison chains (= <> < > <= >=)
//   < string/list/null predicates (STARTS WITH, ENDS WITH, CONTAINS, IN, =~, IS [NOT] NULL)
//   < + - < * / % < ^ < unary + - < postfix (.key, [i], [i..j], :Label) < atoms.
// Binary operators associate to the left, `^` included (2^3^2 = 64, as in Neo4j).
// Operator nodes are positioned at their operator token, so errors point at it.

#include "cypher/parser_impl.h"

namespace quiver::cypher {
namespace {

bool IsPostfixStart(TokenKind kind) {
  return kind == TokenKind::kDot || kind == TokenKind::kLBracket || kind == TokenKind::kColon;
}

ExprPtr MakeBinary(SourcePosition pos, BinaryOp op, ExprPtr left, ExprPtr right) {
  auto binary = std::make_unique<BinaryExpr>(pos);
  binary->op = op;
  binary->left = std::move(left);
  binary->right = std::move(right);
  return binary;
}

ExprPtr MakeUnary(SourcePosition pos, UnaryOp op, ExprPtr operand) {
  auto unary = std::make_unique<UnaryExpr>(pos);
  unary->op = op;
  unary->operand = std::move(operand);
  return unary;
}

}  // namespace

ExprPtr Parser::ParseExpr() {
  DepthGuard guard(*this, kNestingWeight);
  return ParseOr();
}

// Each further operand of a left-associative chain deepens the tree by one level; the
// guards stay alive until the chain is built.
ExprPtr Parser::ParseOr() {
  ExprPtr left = ParseXor();
  ChainGuard chain(*this);
  while (CheckKeyword(Keyword::kOr)) {
    SourcePosition pos = Advance().pos;
    chain.Add();
    left = MakeBinary(pos, BinaryOp::kOr, std::move(left), ParseXor());
  }
  return left;
}

ExprPtr Parser::ParseXor() {
  ExprPtr left = ParseAnd();
  ChainGuard chain(*this);
  while (CheckKeyword(Keyword::kXor)) {
    SourcePosition pos = Advance().pos;
    chain.Add();
    left = MakeBinary(pos, BinaryOp::kXor, std::move(left), ParseAnd());
  }
  return left;
}

ExprPtr Parser::ParseAnd() {
  ExprPtr left = ParseNot();
  ChainGuard chain(*this);
  while (CheckKeyword(Keyword::kAnd)) {
    SourcePosition pos = Advance().pos;
    chain.Add();
    left = MakeBinary(pos, BinaryOp::kAnd, std::move(left), ParseNot());
  }
  return left;
}

ExprPtr Parser::ParseNot() {
  if (!CheckKeyword(Keyword::kNot)) return ParseComparison();
  SourcePosition pos = Advance().pos;
  DepthGuard guard(*this, kPrefixWeight);
  return MakeUnary(pos, UnaryOp::kNot, ParseNot());
}

ExprPtr Parser::ParseComparison() {
  ExprPtr first = ParsePredicates();
  auto comparison_op = [&](ComparisonOp& op) {
    switch (Peek().kind) {
      case TokenKind::kEq:
        op = ComparisonOp::kEq;
        return true;
      case TokenKind::kNe:
        op = ComparisonOp::kNe;
        return true;
      case TokenKind::kLt:
        op = ComparisonOp::kLt;
        return true;
      case TokenKind::kGt:
        op = ComparisonOp::kGt;
        return true;
      case TokenKind::kLe:
        op = ComparisonOp::kLe;
        return true;
      case TokenKind::kGe:
        op = ComparisonOp::kGe;
        return true;
      default:
        return false;
    }
  };
  ComparisonOp op;
  if (!comparison_op(op)) return first;
  auto comparison = std::make_unique<ComparisonExpr>(Peek().pos);
  comparison->operands.push_back(std::move(first));
  while (comparison_op(op)) {
    Advance();
    comparison->ops.push_back(op);
    comparison->operands.push_back(ParsePredicates());
  }
  return comparison;
}

ExprPtr Parser::ParsePredicates() {
  ExprPtr left = ParseAdditive();
  ChainGuard chain(*this);
  while (true) {
    SourcePosition pos = Peek().pos;
    BinaryOp op;
    if (CheckKeyword(Keyword::kStarts) && CheckKeyword(Keyword::kWith, 1)) {
      op = BinaryOp::kStartsWith;
      Advance();
      Advance();
    } else if (CheckKeyword(Keyword::kEnds) && CheckKeyword(Keyword::kWith, 1)) {
      op = BinaryOp::kEndsWith;
      Advance();
      Advance();
    } else if (AcceptKeyword(Keyword::kContains)) {
      op = BinaryOp::kContains;
    } else if (AcceptKeyword(Keyword::kIn)) {
      op = BinaryOp::kIn;
    } else if (Accept(TokenKind::kRegexMatch)) {
      op = BinaryOp::kRegexMatch;
    } else if (AcceptKeyword(Keyword::kIs)) {
      bool negated = AcceptKeyword(Keyword::kNot);
      if (AtTypePredicate()) {  // x IS [NOT] :: TYPE (parser_atom_neo4j.cpp)
        chain.Add();
        auto predicate = std::make_unique<TypePredicateExpr>(pos);
        predicate->operand = std::move(left);
        predicate->negated = negated;
        Advance();
        Advance();
        predicate->type = ParseCypherType();
        left = std::move(predicate);
        continue;
      }
      if (!AcceptKeyword(Keyword::kNull))
        FailUnexpected(negated ? "NULL or ':: <type>'" : "NULL, NOT NULL or ':: <type>'");
      chain.Add();
      left = MakeUnary(pos, negated ? UnaryOp::kIsNotNull : UnaryOp::kIsNull, std::move(left));
      continue;
    } else {
      return left;
    }
    chain.Add();
    left = MakeBinary(pos, op, std::move(left), ParseAdditive());
  }
}

ExprPtr Parser::ParseAdditive() {
  ExprPtr left = ParseMultiplicative();
  ChainGuard chain(*this);
  while (Check(TokenKind::kPlus) || Check(TokenKind::kMinus)) {
    const Token& op = Advance();
    chain.Add();
    left = MakeBinary(op.pos, op.kind == TokenKind::kPlus ? BinaryOp::kAdd : BinaryOp::kSubtract,
                      std::move(left), ParseMultiplicative());
  }
  return left;
}

ExprPtr Parser::ParseMultiplicative() {
  ExprPtr left = ParsePower();
  ChainGuard chain(*this);
  while (Check(TokenKind::kStar) || Check(TokenKind::kSlash) || Check(TokenKind::kPercent)) {
    const Token& op = Advance();
    BinaryOp binary_op = op.kind == TokenKind::kStar    ? BinaryOp::kMultiply
                         : op.kind == TokenKind::kSlash ? BinaryOp::kDivide
                                                        : BinaryOp::kModulo;
    chain.Add();
    left = MakeBinary(op.pos, binary_op, std::move(left), ParsePower());
  }
  return left;
}

ExprPtr Parser::ParsePower() {
  ExprPtr left = ParseUnary();
  ChainGuard chain(*this);
  while (Check(TokenKind::kCaret)) {
    SourcePosition pos = Advance().pos;
    chain.Add();
    left = MakeBinary(pos, BinaryOp::kPower, std::move(left), ParseUnary());
  }
  return left;
}

ExprPtr Parser::ParseUnary() {
  if (!Check(TokenKind::kMinus) && !Check(TokenKind::kPlus)) return ParsePostfix();
  const Token& sign = Peek();
  // `-9223372036854775808` is only representable as a whole, so a minus written right
  // before a number (and not before `-1.prop`-like postfix use) is part of the literal.
  if (sign.kind == TokenKind::kMinus && (Check(TokenKind::kInteger, 1) || Check(TokenKind::kFloat, 1)) &&
      !IsPostfixStart(Peek(2).kind)) {
    Advance();
    const Token& number = Advance();
    return ParseNumber(number, /*negative=*/true, sign.pos);
  }
  Advance();
  DepthGuard guard(*this, kPrefixWeight);
  return MakeUnary(sign.pos, sign.kind == TokenKind::kMinus ? UnaryOp::kNegate : UnaryOp::kPlus,
                   ParseUnary());
}

ExprPtr Parser::ParsePostfix() {
  ExprPtr expr = ParseAtom();
  ChainGuard chain(*this);
  while (true) {
    if (Check(TokenKind::kDot)) {
      SourcePosition pos = Advance().pos;
      chain.Add();
      auto property = std::make_unique<PropertyExpr>(pos);
      property->key = ParseSchemaName("a property key name");
      property->object = std::move(expr);
      expr = std::move(property);
    } else if (Check(TokenKind::kLBracket)) {
      SourcePosition pos = Advance().pos;
      chain.Add();
      ExprPtr from;
      if (!Check(TokenKind::kDotDot)) from = ParseExpr();
      if (Accept(TokenKind::kDotDot)) {
        auto slice = std::make_unique<SliceExpr>(pos);
        slice->object = std::move(expr);
        slice->from = std::move(from);
        if (!Check(TokenKind::kRBracket)) slice->to = ParseExpr();
        expr = std::move(slice);
      } else {
        auto subscript = std::make_unique<SubscriptExpr>(pos);
        subscript->object = std::move(expr);
        subscript->index = std::move(from);
        expr = std::move(subscript);
      }
      Expect(TokenKind::kRBracket, "']'");
    } else {
      break;
    }
  }
  if (Check(TokenKind::kColon) && Check(TokenKind::kColon, 1)) {
    Fail(Peek(), "UnexpectedSyntax", "a type predicate is written with IS: `x IS :: INTEGER`");
  }
  if (Check(TokenKind::kColon) && AtLabelExpressionStart(1)) {
    auto labels = std::make_unique<HasLabelsExpr>(Advance().pos);
    ParseNodeLabels(labels->labels, labels->expression, /*in_pattern=*/false);
    labels->object = std::move(expr);
    return labels;
  }
  return expr;
}

}  // namespace quiver::cypher
