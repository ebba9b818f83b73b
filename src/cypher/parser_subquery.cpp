// CALL subqueries: `[OPTIONAL] CALL [(a, b) | (*) | ()] { query }`, optionally run
// `IN TRANSACTIONS [OF n ROW[S]] [ON ERROR FAIL]` (Neo4j 5). The words Neo4j added
// for them (TRANSACTIONS, ROWS, ERROR, ...) are not lexer keywords, so they stay free
// as names everywhere else.

#include "cypher/parser_impl.h"

namespace quiver::cypher {

bool Parser::CheckWord(std::string_view upper, size_t ahead) const {
  const Token& token = Peek(ahead);
  if (token.kind != TokenKind::kIdentifier || token.value.size() != upper.size()) return false;
  for (size_t i = 0; i < upper.size(); ++i) {
    char c = token.value[i];
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    if (c != upper[i]) return false;
  }
  return true;
}

bool Parser::AtSubqueryCall() const {
  size_t at = CheckKeyword(Keyword::kOptional) ? 1 : 0;
  if (!CheckKeyword(Keyword::kCall, at)) return false;
  // `CALL name(...)` is a procedure; a subquery has '{' or its scope's '(' right away.
  return at == 1 || Check(TokenKind::kLBrace, at + 1) || Check(TokenKind::kLParen, at + 1);
}

ClausePtr Parser::ParseSubqueryCall() {
  auto clause = std::make_unique<SubqueryCallClause>(Peek().pos);
  clause->optional = AcceptKeyword(Keyword::kOptional);
  ExpectKeyword(Keyword::kCall);
  if (Accept(TokenKind::kLParen)) {
    if (Accept(TokenKind::kStar)) {
      clause->scope = SubqueryScope::kAll;
    } else {
      clause->scope = SubqueryScope::kVariables;
      if (!Check(TokenKind::kRParen)) {
        do {
          auto variable = std::make_unique<VariableExpr>(Peek().pos);
          variable->name = ParseVariableName();
          clause->scope_variables.push_back(std::move(variable));
        } while (Accept(TokenKind::kComma));
      }
    }
    Expect(TokenKind::kRParen, clause->scope == SubqueryScope::kAll ? "')'" : "',' or ')'");
  }
  Expect(TokenKind::kLBrace, "'{'");
  // The body is a query of its own: pattern predicates only in its WHEREs.
  bool saved = pattern_predicates_allowed_;
  pattern_predicates_allowed_ = false;
  clause->query = ParseQuery(/*in_subquery=*/true, /*call_body=*/true);
  pattern_predicates_allowed_ = saved;
  Expect(TokenKind::kRBrace, "'}'");
  if (CheckKeyword(Keyword::kIn) && CheckWord("TRANSACTIONS", 1)) ParseInTransactions(*clause);
  return clause;
}

bool Parser::Updates(const Clause& clause) {
  if (clause.IsUpdating()) return true;
  if (!clause.Is<SubqueryCallClause>()) return false;
  for (const SingleQuery& query : clause.As<SubqueryCallClause>().query->queries) {
    for (const ClausePtr& inner : query.clauses) {
      if (Updates(*inner)) return true;
    }
  }
  return false;
}

void Parser::ParseInTransactions(SubqueryCallClause& clause) {
  const Token& in = Advance();
  Advance();  // TRANSACTIONS
  if (clause.optional) {
    Fail(in, "InvalidClauseComposition", "OPTIONAL CALL cannot run IN TRANSACTIONS");
  }
  clause.in_transactions = true;
  if (AcceptKeyword(Keyword::kOf)) {
    clause.batch_size = ParseExpr();
    if (!CheckWord("ROW") && !CheckWord("ROWS")) FailUnexpected("ROW or ROWS");
    Advance();
  }
  if (CheckKeyword(Keyword::kOn) && CheckWord("ERROR", 1)) {
    Advance();
    Advance();
    if (CheckWord("FAIL")) {
      clause.on_error = OnErrorMode::kFail;
    } else if (CheckWord("CONTINUE")) {
      clause.on_error = OnErrorMode::kContinue;
    } else if (CheckWord("BREAK")) {
      clause.on_error = OnErrorMode::kBreak;
    } else if (CheckWord("RETRY")) {
      Fail(Peek(), "UnsupportedFeature",
           "ON ERROR RETRY is not supported: a batch runs once (ON ERROR CONTINUE, BREAK and FAIL are)");
    } else {
      FailUnexpected("CONTINUE, BREAK or FAIL");
    }
    Advance();
  }
  if (CheckWord("REPORT")) {
    const Token& report = Advance();
    if (!CheckWord("STATUS")) FailUnexpected("STATUS");
    Advance();
    ExpectKeyword(Keyword::kAs);
    // Neo4j's semantic error, at REPORT: the status of a failed batch is only seen when
    // the statement goes on after it.
    if (clause.on_error != OnErrorMode::kContinue && clause.on_error != OnErrorMode::kBreak) {
      Fail(report, "InvalidClauseComposition",
           "REPORT STATUS can only be used when specifying ON ERROR CONTINUE or ON ERROR BREAK");
    }
    clause.report_status = ParseVariableName();
  }
}

}  // namespace quiver::cypher
