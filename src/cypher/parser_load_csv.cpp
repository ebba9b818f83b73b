// LOAD CSV [WITH HEADERS] FROM url AS row [FIELDTERMINATOR 'c'] (Neo4j 5). LOAD, CSV,
// HEADERS and FIELDTERMINATOR are not lexer keywords: they stay free as names.

#include "cypher/parser_impl.h"

namespace quiver::cypher {

bool Parser::AtLoadCsv() const { return CheckWord("LOAD") && CheckWord("CSV", 1); }

ClausePtr Parser::ParseLoadCsv() {
  auto clause = std::make_unique<LoadCsvClause>(Advance().pos);
  Advance();  // CSV
  if (CheckKeyword(Keyword::kWith)) {
    Advance();
    if (!CheckWord("HEADERS")) FailUnexpected("HEADERS");
    Advance();
    clause->with_headers = true;
  }
  ExpectKeyword(Keyword::kFrom);
  clause->url = ParseExpr();
  ExpectKeyword(Keyword::kAs);
  clause->variable = ParseVariableName();
  if (CheckWord("FIELDTERMINATOR")) {
    Advance();
    const Token& terminator = Expect(TokenKind::kString, "a string of one character");
    // One byte: a multi-byte character cannot separate fields byte by byte. `\t` is
    // the usual one besides ',' and ';'.
    if (terminator.value.size() != 1 || terminator.value[0] == '"' || terminator.value[0] == '\n' ||
        terminator.value[0] == '\r') {
      Fail(terminator, "InvalidArgumentValue",
           "FIELDTERMINATOR takes one ASCII character other than a quote or a line break");
    }
    clause->field_terminator = terminator.value;
  }
  return clause;
}

}  // namespace quiver::cypher
