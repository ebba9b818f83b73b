// Schema commands as Neo4j 5 writes them (docs/design.md, "Indexes and constraints"):
//
//   CREATE [RANGE|TEXT|POINT] INDEX [name] [IF NOT EXISTS] FOR (n:L) ON (n.p [, ...]) [OPTIONS {...}]
//   CREATE [RANGE|TEXT|POINT] INDEX [name] [IF NOT EXISTS] FOR ()-[r:T]-() ON (r.p [, ...]) [OPTIONS {...}]
//   CREATE LOOKUP INDEX [name] [IF NOT EXISTS] FOR (n) ON EACH labels(n) [OPTIONS {...}]
//   CREATE LOOKUP INDEX [name] [IF NOT EXISTS] FOR ()-[r]-() ON [EACH] type(r) [OPTIONS {...}]
//   DROP INDEX name [IF EXISTS]
//   CREATE CONSTRAINT [name] [IF NOT EXISTS] FOR (n:L) REQUIRE n.p IS [NODE] UNIQUE [OPTIONS {...}]
//   CREATE CONSTRAINT [name] [IF NOT EXISTS] FOR (n:L) REQUIRE (n.a, n.b) IS [NODE] KEY | UNIQUE
//   CREATE CONSTRAINT [name] [IF NOT EXISTS] FOR (n:L) | ()-[r:T]-() REQUIRE n.p IS NOT NULL
//   CREATE CONSTRAINT [name] [IF NOT EXISTS] FOR (n:L) | ()-[r:T]-() REQUIRE n.p IS :: TYPE | IS TYPED TYPE
//   DROP CONSTRAINT name [IF EXISTS]
//
// Each is a statement of its own (one SchemaCommandClause). The forms Quiver does not
// have are refused here by name rather than reported as typos: FULLTEXT and VECTOR
// indexes, Neo4j 4's `CREATE INDEX ON :L(p)` and `CREATE CONSTRAINT ON ... ASSERT`.
// Relationship UNIQUE / KEY constraints parse; the binder refuses them.

#include <algorithm>

#include "cypher/parser_impl.h"

namespace quiver::cypher {

namespace {

struct IndexWord {
  std::string_view word;
  IndexType type;
};
constexpr IndexWord kIndexWords[] = {{"RANGE", IndexType::kRange},
                                     {"TEXT", IndexType::kText},
                                     {"POINT", IndexType::kPoint},
                                     {"LOOKUP", IndexType::kLookup}};

}  // namespace

bool Parser::AtSchemaCommand() const {
  if (CheckKeyword(Keyword::kDrop)) return true;  // DROP starts no query
  if (!CheckKeyword(Keyword::kCreate)) return false;
  if (CheckKeyword(Keyword::kConstraint, 1)) return true;
  // `CREATE index = (a)-->(b)` creates a path named index: INDEX followed by '=' is not a command.
  if (CheckWord("INDEX", 1)) return !Check(TokenKind::kEq, 2);
  for (std::string_view word : {"RANGE", "TEXT", "POINT", "LOOKUP", "FULLTEXT", "VECTOR"}) {
    if (CheckWord(word, 1) && CheckWord("INDEX", 2)) return true;
  }
  return false;
}

std::unique_ptr<Statement> Parser::ParseSchemaCommand() {
  const Token& first = Advance();  // CREATE or DROP
  auto command = std::make_unique<SchemaCommandClause>(first.pos);
  if (first.Is(Keyword::kDrop)) {
    const bool constraint = AcceptKeyword(Keyword::kConstraint);
    if (!constraint && !AcceptWord("INDEX")) FailUnexpected("INDEX or CONSTRAINT");
    if (constraint && CheckKeyword(Keyword::kOn)) {
      Fail(Peek(), "UnsupportedCommand",
           "DROP CONSTRAINT ON ... ASSERT is Neo4j 4's syntax, removed in Neo4j 5: write DROP CONSTRAINT name");
    }
    command->action = constraint ? SchemaCommandClause::Action::kDropConstraint
                                 : SchemaCommandClause::Action::kDropIndex;
    command->name = ParseSchemaName(constraint ? "a constraint name" : "an index name");
    if (AcceptWord("IF")) {
      ExpectKeyword(Keyword::kExists);
      command->if_exists = true;
    }
  } else {
    ParseCreateIndex(*command);
  }
  auto statement = std::make_unique<Statement>();
  statement->pos = first.pos;
  statement->queries.emplace_back();
  statement->queries.back().pos = first.pos;
  statement->queries.back().clauses.push_back(std::move(command));
  return statement;
}

void Parser::ParseCreateIndex(SchemaCommandClause& command) {
  const Token& what = Peek();
  if (AcceptKeyword(Keyword::kConstraint)) {
    ParseCreateConstraint(command);
    return;
  }
  if (CheckWord("FULLTEXT") || CheckWord("VECTOR")) {
    Fail(what, "UnsupportedCommand",
         "CREATE " + std::string(what.text) +
             " INDEX is not supported: Quiver has RANGE indexes (TEXT and POINT are accepted as RANGE) "
             "and LOOKUP indexes");
  }
  for (const IndexWord& word : kIndexWords) {
    if (AcceptWord(word.word)) command.index_type = word.type;
  }
  if (!AcceptWord("INDEX")) FailUnexpected("INDEX");
  if (CheckKeyword(Keyword::kOn)) {
    Fail(Peek(), "UnsupportedCommand",
         "CREATE INDEX ON :Label(property) is Neo4j 4's syntax, removed in Neo4j 5: write "
         "CREATE INDEX FOR (n:Label) ON (n.property)");
  }
  ParseSchemaNameThroughFor(command, "an index name or FOR");
  const bool lookup = command.index_type == IndexType::kLookup;
  ParseIndexTarget(command, lookup);
  ExpectKeyword(Keyword::kOn);
  if (lookup) {
    ParseLookupIndexOn(command);
  } else {
    Expect(TokenKind::kLParen, "'('");
    do {
      const Token& at = Peek();
      if (ParseVariableName() != command.variable) {
        Fail(at, "VariableNotDefined",
             "the index's properties must be those of the variable " + command.variable + " named after FOR");
      }
      Expect(TokenKind::kDot, "'.'");
      command.properties.push_back(ParseSchemaName("a property key name"));
    } while (Accept(TokenKind::kComma));
    Expect(TokenKind::kRParen, "')'");
  }
  if (AcceptWord("OPTIONS")) command.options = ParseMap();
}

// `[name] [IF NOT EXISTS] FOR`: a name, unless the next words are IF NOT EXISTS or FOR
// (`CREATE INDEX if IF NOT EXISTS ...` names the index "if").
void Parser::ParseSchemaNameThroughFor(SchemaCommandClause& command, std::string_view what) {
  const bool at_if_not_exists = CheckWord("IF") && CheckKeyword(Keyword::kNot, 1);
  if (!CheckKeyword(Keyword::kFor) && !at_if_not_exists) command.name = ParseSchemaName(what);
  if (AcceptWord("IF")) {
    ExpectKeyword(Keyword::kNot);
    ExpectKeyword(Keyword::kExists);
    command.if_not_exists = true;
  }
  ExpectKeyword(Keyword::kFor);
}

// `(n:L)` or `()-[r:T]-()` (either direction); without the label or type for LOOKUP.
void Parser::ParseIndexTarget(SchemaCommandClause& command, bool lookup) {
  Expect(TokenKind::kLParen, "'('");
  if (Accept(TokenKind::kRParen)) {
    command.relationship = true;
    Accept(TokenKind::kLt);  // `()<-[r:T]-()`: the direction does not matter to an index
    Expect(TokenKind::kMinus, "'-'");
    Expect(TokenKind::kLBracket, "'['");
  }
  command.variable = ParseVariableName();
  if (!lookup) {
    Expect(TokenKind::kColon, command.relationship ? "':' and a relationship type" : "':' and a label");
    command.label_or_type = ParseSchemaName(command.relationship ? "a relationship type" : "a label");
  } else if (Check(TokenKind::kColon)) {
    Fail(Peek(), "InvalidLookupIndex",
         "a LOOKUP index covers every label or relationship type: write FOR (n) ON EACH labels(n) or "
         "FOR ()-[r]-() ON type(r)");
  }
  if (!command.relationship) {
    Expect(TokenKind::kRParen, "')'");
    return;
  }
  Expect(TokenKind::kRBracket, "']'");
  Expect(TokenKind::kMinus, "'-'");
  Accept(TokenKind::kGt);  // `->`; `<-...-` and `-...-` are the same index
  Expect(TokenKind::kLParen, "'('");
  Expect(TokenKind::kRParen, "')'");
}

// `EACH labels(n)` / `[EACH] type(r)`.
void Parser::ParseLookupIndexOn(SchemaCommandClause& command) {
  const bool each = AcceptWord("EACH");
  const char* function = command.relationship ? "TYPE" : "LABELS";
  if ((!each && !command.relationship) || !CheckWord(function)) {
    FailUnexpected(command.relationship ? "type(" + command.variable + ")"
                                        : "EACH labels(" + command.variable + ")");
  }
  Advance();
  Expect(TokenKind::kLParen, "'('");
  const Token& at = Peek();
  if (ParseVariableName() != command.variable) {
    Fail(at, "VariableNotDefined", "the LOOKUP index's function takes the variable " + command.variable);
  }
  Expect(TokenKind::kRParen, "')'");
}

void Parser::ParseCreateConstraint(SchemaCommandClause& command) {
  command.action = SchemaCommandClause::Action::kCreateConstraint;
  if (CheckKeyword(Keyword::kOn)) {
    Fail(Peek(), "UnsupportedCommand",
         "CREATE CONSTRAINT ON ... ASSERT is Neo4j 4's syntax, removed in Neo4j 5: write CREATE CONSTRAINT "
         "FOR (n:Label) REQUIRE n.property IS UNIQUE");
  }
  ParseSchemaNameThroughFor(command, "a constraint name or FOR");
  ParseIndexTarget(command, /*lookup=*/false);
  ExpectKeyword(Keyword::kRequire);
  ParseConstraintRequire(command);
  if (AcceptWord("OPTIONS")) command.options = ParseMap();
}

// `n.p IS ...` or `(n.a, n.b) IS ...`, then the kind. Neo4j's synonyms are accepted:
// NODE / REL / RELATIONSHIP before UNIQUE or KEY, and IS TYPED for IS ::.
void Parser::ParseConstraintRequire(SchemaCommandClause& command) {
  const bool parenthesized = Accept(TokenKind::kLParen);
  do {
    const Token& at = Peek();
    if (ParseVariableName() != command.variable) {
      Fail(at, "VariableNotDefined",
           "the constraint's properties must be those of the variable " + command.variable + " named after FOR");
    }
    Expect(TokenKind::kDot, "'.'");
    command.properties.push_back(ParseSchemaName("a property key name"));
  } while (parenthesized && Accept(TokenKind::kComma));
  if (parenthesized) Expect(TokenKind::kRParen, "')'");
  ExpectKeyword(Keyword::kIs);
  const Token& kind = Peek();
  if (AtTypePredicate() || CheckWord("TYPED")) {
    if (!AcceptWord("TYPED")) {
      Advance();
      Advance();
    }
    command.constraint_type = ConstraintType::kPropertyType;
    const Token& at = Peek();
    command.property_type = ParseCypherType();
    CheckConstraintPropertyType(command.property_type, at);
  } else if (AcceptKeyword(Keyword::kNot)) {
    ExpectKeyword(Keyword::kNull);
    command.constraint_type = ConstraintType::kNotNull;
  } else {
    // [NODE | REL | RELATIONSHIP] UNIQUE | KEY: the entity word must match FOR's.
    const bool node_word = AcceptWord("NODE");
    const bool rel_word = !node_word && (AcceptWord("RELATIONSHIP") || AcceptWord("REL"));
    if ((node_word && command.relationship) || (rel_word && !command.relationship)) {
      Fail(kind, "InvalidConstraint",
           std::string("IS ") + (node_word ? "NODE" : "RELATIONSHIP") + " ... does not fit a constraint FOR " +
               (command.relationship ? "a relationship" : "a node"));
    }
    if (AcceptKeyword(Keyword::kUnique)) {
      command.constraint_type = ConstraintType::kUnique;
    } else if (AcceptWord("KEY")) {
      command.constraint_type = ConstraintType::kNodeKey;
    } else {
      FailUnexpected("UNIQUE, KEY, NOT NULL or ':: <type>'");
    }
  }
  const bool single = command.constraint_type == ConstraintType::kNotNull ||
                      command.constraint_type == ConstraintType::kPropertyType;
  if (single && command.properties.size() != 1) {
    Fail(kind, "InvalidConstraint",
         std::string(command.constraint_type == ConstraintType::kNotNull ? "IS NOT NULL" : "IS ::") +
             " constraints take one property");
  }
}

// Neo4j 5 allows the property value types in a property type constraint: the simple
// ones, LIST<T NOT NULL> of a simple one, and unions of those; not NOT NULL on the whole
// (that is IS NOT NULL's job), not ANY, MAP, NODE, ... which no property holds.
void Parser::CheckConstraintPropertyType(const CypherType& type, const Token& at) {
  using Kind = CypherType::Kind;
  auto simple = [](const CypherType& t) {
    switch (t.kind) {
      case Kind::kBoolean: case Kind::kString: case Kind::kInteger: case Kind::kFloat: case Kind::kDate:
      case Kind::kLocalTime: case Kind::kZonedTime: case Kind::kLocalDateTime: case Kind::kZonedDateTime:
      case Kind::kDuration:
        return true;
      default:
        return false;
    }
  };
  auto allowed = [&](const CypherType& t) {
    if (t.not_null) return false;
    if (t.kind == Kind::kList) return t.members.size() == 1 && t.members[0].not_null && simple(t.members[0]);
    return simple(t);
  };
  bool ok = type.kind == Kind::kUnion ? !type.not_null && std::all_of(type.members.begin(), type.members.end(), allowed)
                                      : allowed(type);
  if (!ok) {
    Fail(at, "InvalidPropertyType",
         "Failed to create a property type constraint: invalid property type `" + CypherTypeToString(type) +
             "`: a constraint takes BOOLEAN, STRING, INTEGER, FLOAT, DATE, LOCAL TIME, ZONED TIME, LOCAL "
             "DATETIME, ZONED DATETIME, DURATION, LIST<T NOT NULL> of those, or a union of them");
  }
}

}  // namespace quiver::cypher
