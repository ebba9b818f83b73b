#include "cypher/parser.h"

#include "common/stack_guard.h"
#include "common/utf8.h"
#include "cypher/lexer.h"
#include "cypher/parser_impl.h"
#include "quiver/error.h"

namespace quiver::cypher {
namespace {

std::string Quote(std::string_view text) {
  std::string out = "'";
  out.append(text.substr(0, 40));
  if (text.size() > 40) out.append("...");
  out.append("'");
  return out;
}

constexpr std::string_view kTooDeep =
    "query too deeply nested: the limit is about 250 levels of nested expressions, lists, maps, patterns "
    "or subqueries, 1,250 prefix operators (NOT, -), or 2,500 operands in an operator chain";

// Query text is UTF-8, as every string in Quiver is valid UTF-8: invalid bytes anywhere
// (in a string literal, a name, a comment) are refused before a token is made of them,
// so no value can carry them on to storage or to JSON output.
std::vector<Token> TokenizeUtf8(std::string_view source) {
  const size_t bad = FindInvalidUtf8(source);
  if (bad != std::string_view::npos) {
    SourcePosition pos;
    pos.offset = static_cast<uint32_t>(bad);
    for (size_t i = 0; i < bad; ++i) {
      auto byte = static_cast<unsigned char>(source[i]);
      if (byte == '\n') {
        ++pos.line;
        pos.column = 1;
      } else if ((byte & 0xC0) != 0x80) {
        ++pos.column;  // columns count code points, as the lexer's do
      }
    }
    ThrowSyntaxError(source, pos, "InvalidEncoding",
                     "query text is not valid UTF-8: " + DescribeInvalidUtf8Byte(source, bad));
  }
  return Tokenize(source);
}

}  // namespace

DepthGuard::DepthGuard(Parser& parser, int weight) : parser_(parser), weight_(weight) {
  CheckStack();  // the backstop for threads with less stack than kMaxDepth is sized for
  parser_.depth_ += weight_;
  if (parser_.depth_ > kMaxDepth) {
    parser_.depth_ -= weight_;
    weight_ = 0;
    parser_.Fail(parser_.Peek(), "QueryTooComplex", kTooDeep);
  }
}

DepthGuard::~DepthGuard() {
  parser_.depth_ -= weight_;
}

void ChainGuard::Add() {
  if (parser_.depth_ + 1 > kMaxDepth) parser_.Fail(parser_.Peek(), "QueryTooComplex", kTooDeep);
  ++parser_.depth_;
  ++count_;
}

ChainGuard::~ChainGuard() {
  parser_.depth_ -= count_;
}

Parser::Parser(std::string_view source) : source_(source), tokens_(TokenizeUtf8(source)) {}

bool Parser::Accept(TokenKind kind) {
  if (!Check(kind)) return false;
  Advance();
  return true;
}

bool Parser::AcceptKeyword(Keyword keyword) {
  if (!CheckKeyword(keyword)) return false;
  Advance();
  return true;
}

const Token& Parser::Expect(TokenKind kind, std::string_view what) {
  if (!Check(kind)) FailUnexpected(what);
  return Advance();
}

const Token& Parser::ExpectKeyword(Keyword keyword) {
  if (!CheckKeyword(keyword)) FailUnexpected(KeywordName(keyword));
  return Advance();
}

uint32_t Parser::PreviousEnd() const {
  return index_ == 0 ? 0 : tokens_[index_ - 1].end_offset();
}

void Parser::Fail(const Token& at, std::string_view detail, std::string_view message) const {
  Fail(at.pos, detail, message);
}

void Parser::Fail(SourcePosition at, std::string_view detail, std::string_view message) const {
  ThrowSyntaxError(source_, at, std::string(detail), message);
}

void Parser::FailUnexpected(std::string_view expected) const {
  const Token& token = Peek();
  if (token.kind == TokenKind::kError) Fail(token, token.detail, token.value);
  FailUnexpectedSyntax(expected);
}

void Parser::FailUnexpectedSyntax(std::string_view expected) const {
  const Token& token = Peek();
  std::string message;
  if (token.kind == TokenKind::kEnd) {
    message = "Unexpected end of input";
  } else {
    message = "Invalid input " + Quote(token.text);
  }
  message.append(": expected ").append(expected);
  Fail(token, "UnexpectedSyntax", message);
}

bool Parser::AtVariableName(size_t ahead) const {
  const Token& token = Peek(ahead);
  if (token.kind == TokenKind::kQuotedIdentifier) return true;
  return token.kind == TokenKind::kIdentifier && !IsReservedKeyword(token.keyword);
}

std::string Parser::ParseVariableName(std::string_view what) {
  if (!AtVariableName()) FailUnexpected(what);
  return Advance().value;
}

std::string Parser::ParseSchemaName(std::string_view what) {
  if (!Peek().IsWord()) FailUnexpected(what);
  return Advance().value;
}

std::string Parser::ParseQualifiedName(std::string_view what) {
  std::string name = ParseSchemaName(what);
  while (Check(TokenKind::kDot) && Peek(1).IsWord()) {
    Advance();
    name.push_back('.');
    name.append(Advance().value);
  }
  return name;
}

// ---- statements -----------------------------------------------------------------

std::unique_ptr<Statement> Parser::ParseStatementRoot() {
  // `USE db` names the database a statement runs on; Quiver's sessions have one.
  std::string use_database;
  if (CheckWord("USE")) {
    Advance();
    use_database = ParseQualifiedName("a database name");
  }
  auto statement = AtShowCommand()     ? ParseShowCommand()
                   : AtSchemaCommand() ? ParseSchemaCommand()
                                       : ParseQuery(/*in_subquery=*/false);
  statement->use_database = std::move(use_database);
  Accept(TokenKind::kSemicolon);
  if (!Check(TokenKind::kEnd)) FailUnexpected("UNION, ';' or end of input");
  return statement;
}

ExprPtr Parser::ParseExpressionRoot() {
  pattern_predicates_allowed_ = true;
  ExprPtr expr = ParseExpr();
  if (!Check(TokenKind::kEnd)) FailUnexpected("an operator or end of input");
  return expr;
}

std::unique_ptr<Statement> Parser::ParseQuery(bool in_subquery, bool call_body) {
  DepthGuard guard(*this, kNestingWeight);
  auto statement = std::make_unique<Statement>();
  statement->pos = Peek().pos;
  statement->queries.push_back(ParseSingleQuery(in_subquery, call_body));
  bool first_union = true;
  while (CheckKeyword(Keyword::kUnion)) {
    const Token& union_token = Advance();
    bool all = AcceptKeyword(Keyword::kAll);
    if (first_union) {
      statement->union_all = all;
      first_union = false;
    } else if (all != statement->union_all) {
      Fail(union_token, "InvalidClauseComposition", "UNION and UNION ALL cannot be mixed in one query");
    }
    statement->queries.push_back(ParseSingleQuery(in_subquery, call_body));
  }
  return statement;
}

bool Parser::AtClauseStart() const {
  const Token& token = Peek();
  if (token.kind != TokenKind::kIdentifier) return false;
  if (AtLoadCsv()) return true;
  switch (token.keyword) {
    case Keyword::kMatch:
    case Keyword::kOptional:
    case Keyword::kUnwind:
    case Keyword::kCall:
    case Keyword::kCreate:
    case Keyword::kMerge:
    case Keyword::kSet:
    case Keyword::kRemove:
    case Keyword::kDelete:
    case Keyword::kDetach:
    case Keyword::kWith:
    case Keyword::kReturn:
      return true;
    default:
      return false;
  }
}

SingleQuery Parser::ParseSingleQuery(bool in_subquery, bool call_body) {
  SingleQuery query;
  query.pos = Peek().pos;
  while (AtClauseStart()) {
    if (++clauses_ > kMaxClauses) {
      Fail(Peek(), "QueryTooComplex",
           "query too long: more than " + std::to_string(kMaxClauses) + " clauses in one statement");
    }
    query.clauses.push_back(ParseClause());
    // RETURN ends a single query; what may follow is UNION, ';', '}' or the end.
    if (query.clauses.back()->Is<ReturnClause>()) break;
  }
  if (query.clauses.empty()) FailUnexpected("a clause (MATCH, RETURN, CREATE, ...)");
  if (!query.clauses.back()->Is<ReturnClause>() && CheckWord("FINISH")) {
    if (in_subquery) Fail(Peek(), "UnexpectedSyntax", "FINISH ends a whole query, not a subquery: use RETURN there");
    Advance();
    query.finish = true;
  }
  // Report a stray token before judging the clause order: `MATCH (n) RETRUN n` is a
  // typo at RETRUN, not a query that ends with MATCH.
  bool at_end = Check(TokenKind::kEnd) || Check(TokenKind::kSemicolon) || CheckKeyword(Keyword::kUnion) ||
                (in_subquery && Check(TokenKind::kRBrace));
  if (!at_end) {
    bool after_return = query.clauses.back()->Is<ReturnClause>();
    FailUnexpected(after_return
                       ? (in_subquery ? "UNION or '}'" : "UNION, ';' or end of input")
                       : (in_subquery ? "a clause, UNION or '}'" : "a clause, UNION, ';' or end of input"));
  }
  ValidateComposition(query, in_subquery, call_body);
  return query;
}

// The clause order openCypher's grammar imposes, checked on the parsed clause list
// rather than encoded in the descent, which gives clearer messages.
void Parser::ValidateComposition(const SingleQuery& query, bool in_subquery, bool call_body) const {
  const auto& clauses = query.clauses;
  bool updated_since_with = false;
  for (size_t i = 0; i < clauses.size(); ++i) {
    const Clause& clause = *clauses[i];
    if (in_subquery && !call_body && Updates(clause)) {
      Fail(clause.pos, "InvalidClauseComposition",
           std::string("a subquery expression (EXISTS, COUNT or COLLECT) cannot contain ") +
               std::string(ClauseKindName(clause.kind())));
    }
    if (clause.Is<CallClause>() && clause.As<CallClause>().yield_all && (clauses.size() > 1 || query.finish)) {
      Fail(clause.pos, "UnexpectedSyntax", "YIELD * is only allowed in a standalone procedure call");
    }
    switch (clause.kind()) {
      case ClauseKind::kWith:
        updated_since_with = false;
        break;
      case ClauseKind::kMatch:
      case ClauseKind::kUnwind:
      case ClauseKind::kCall:
      case ClauseKind::kLoadCsv:
        if (updated_since_with) {
          Fail(clause.pos, "InvalidClauseComposition",
               std::string("WITH is required between an updating clause and ") +
                   std::string(ClauseKindName(clause.kind())));
        }
        break;
      default:
        if (clause.IsUpdating()) updated_since_with = true;
        break;
    }
  }
  if (in_subquery && !call_body) return;
  const Clause& last = *clauses.back();
  bool can_conclude = query.finish || last.Is<ReturnClause>() || last.IsUpdating() ||
                      (last.Is<SubqueryCallClause>() && !last.As<SubqueryCallClause>().Returns()) ||
                      (last.Is<CallClause>() && (clauses.size() == 1 || !last.As<CallClause>().has_yield));
  if (!can_conclude) {
    Fail(last.pos, "InvalidClauseComposition",
         std::string("a query cannot conclude with ") + std::string(ClauseKindName(last.kind())) +
             " (must be RETURN or an updating clause)");
  }
}

std::unique_ptr<Statement> ParseStatement(std::string_view query) {
  return Parser(query).ParseStatementRoot();
}

ExprPtr ParseExpression(std::string_view text) {
  return Parser(text).ParseExpressionRoot();
}

}  // namespace quiver::cypher
