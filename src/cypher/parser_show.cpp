// SHOW PROCEDURES | FUNCTIONS | DATABASES | INDEXES | CONSTRAINTS | TRANSACTIONS and
// TERMINATE TRANSACTIONS, as
// Neo4j 5 writes them. Each is rewritten here into the query it means, a CALL of the
// procedure that answers it (main/dbms_procedures.cpp) followed by ordinary clauses:
//
//   SHOW PROCEDURES                 CALL dbms.procedures() YIELD <every column>
//                                   RETURN name, description, mode, worldReadable
//   SHOW FUNCTIONS WHERE p          CALL dbms.functions() YIELD <every column> WHERE p
//                                   RETURN name, category, description
//   SHOW TRANSACTIONS YIELD a, b AS c ORDER BY a SKIP 1 LIMIT 2 WHERE p RETURN c
//                                   CALL dbms.listTransactions() YIELD <every column>
//                                   WITH a, b AS c ORDER BY a SKIP 1 LIMIT 2 WHERE p RETURN c
//
// so the binder, the planner and the printer need nothing new (the AST printer prints
// the rewritten query, which parses back to the same AST). The column lists below are
// the procedures' outputs (a test checks they agree).

#include <cctype>
#include <optional>

#include "cypher/parser_impl.h"

namespace quiver::cypher {

namespace {

struct ShowTarget {
  std::string_view procedure;
  std::vector<std::string> columns;   // every output, in order
  std::vector<std::string> defaults;  // what the command returns without YIELD
};

const ShowTarget kProcedures{"dbms.procedures",
                             {"name", "description", "mode", "worldReadable", "signature", "argumentDescription",
                              "returnDescription", "admin", "rolesExecution", "rolesBoostedExecution",
                              "isDeprecated", "option"},
                             {"name", "description", "mode", "worldReadable"}};
const ShowTarget kFunctions{"dbms.functions",
                            {"name", "category", "description", "signature", "isBuiltIn", "argumentDescription",
                             "returnDescription", "aggregating", "rolesExecution", "rolesBoostedExecution",
                             "isDeprecated"},
                            {"name", "category", "description"}};
const ShowTarget kDatabases{"dbms.databases",
                            {"name", "type", "aliases", "access", "address", "role", "writer", "requestedStatus",
                             "currentStatus", "statusMessage", "default", "home", "constituents"},
                            {"name", "type", "aliases", "access", "address", "role", "writer", "requestedStatus",
                             "currentStatus", "statusMessage", "default", "home", "constituents"}};
const ShowTarget kTransactions{"dbms.listTransactions",
                               {"database", "transactionId", "currentQueryId", "connectionId", "clientAddress",
                                "username", "currentQuery", "startTime", "status", "elapsedTime"},
                               {"database", "transactionId", "currentQueryId", "connectionId", "clientAddress",
                                "username", "currentQuery", "startTime", "status", "elapsedTime"}};
// SHOW INDEXES: Neo4j 5's columns; the procedure is main/index_procedures.cpp's.
const ShowTarget kIndexes{"db.indexes",
                          {"id", "name", "state", "populationPercent", "type", "entityType", "labelsOrTypes",
                           "properties", "indexProvider", "owningConstraint", "lastRead", "readCount",
                           "trackedSince", "options", "failureMessage", "createStatement"},
                          {"id", "name", "state", "populationPercent", "type", "entityType", "labelsOrTypes",
                           "properties", "indexProvider", "owningConstraint", "lastRead", "readCount"}};
// SHOW CONSTRAINTS: Neo4j 5's columns; the procedure is main/index_procedures.cpp's.
const ShowTarget kConstraints{"db.constraints",
                              {"id", "name", "type", "entityType", "labelsOrTypes", "properties", "ownedIndex",
                               "propertyType", "options", "createStatement"},
                              {"id", "name", "type", "entityType", "labelsOrTypes", "properties", "ownedIndex",
                               "propertyType"}};
const ShowTarget kTerminate{"dbms.killTransactions",
                            {"transactionId", "username", "message"},
                            {"transactionId", "username", "message"}};

ExprPtr Variable(const std::string& name, SourcePosition pos) {
  auto v = std::make_unique<VariableExpr>(pos);
  v->name = name;
  return v;
}

ExprPtr StringLiteral(std::string text, SourcePosition pos) {
  auto literal = std::make_unique<LiteralExpr>(pos);
  literal->value = std::move(text);
  return literal;
}

// `column = value` / `column IN [values]`, conjoined with `where` when there is one.
ExprPtr And(ExprPtr left, ExprPtr right, SourcePosition pos) {
  if (!left) return right;
  auto both = std::make_unique<BinaryExpr>(pos);
  both->op = BinaryOp::kAnd;
  both->left = std::move(left);
  both->right = std::move(right);
  return both;
}

ExprPtr Equals(const std::string& column, ExprPtr value, SourcePosition pos) {
  auto eq = std::make_unique<ComparisonExpr>(pos);
  eq->operands.push_back(Variable(column, pos));
  eq->operands.push_back(std::move(value));
  eq->ops.push_back(ComparisonOp::kEq);
  return eq;
}

ExprPtr In(const std::string& column, std::vector<ExprPtr> values, SourcePosition pos) {
  auto list = std::make_unique<ListExpr>(pos);
  list->elements = std::move(values);
  auto in = std::make_unique<BinaryExpr>(pos);
  in->op = BinaryOp::kIn;
  in->left = Variable(column, pos);
  in->right = std::move(list);
  return in;
}

// The `type` values `SHOW <words> CONSTRAINTS` selects (Neo4j 5's filters: ALL, [NODE |
// REL[ATIONSHIP]] UNIQUE[NESS] | KEY | [PROPERTY] EXIST[S|ENCE] | PROPERTY TYPE); empty
// for all; nullopt for words that are no filter.
std::optional<std::vector<std::string>> ConstraintTypes(std::vector<std::string> words) {
  if (words.empty() || (words.size() == 1 && words[0] == "ALL")) return std::vector<std::string>{};
  bool node = true, rel = true;
  if (words[0] == "NODE") {
    rel = false;
  } else if (words[0] == "REL" || words[0] == "RELATIONSHIP") {
    node = false;
  }
  if (!node || !rel) words.erase(words.begin());
  std::string kind;
  for (const std::string& w : words) kind += (kind.empty() ? "" : " ") + w;
  std::string node_type, rel_type;
  if (kind == "UNIQUE" || kind == "UNIQUENESS") {
    node_type = "UNIQUENESS", rel_type = "RELATIONSHIP_UNIQUENESS";
  } else if (kind == "KEY") {
    node_type = "NODE_KEY", rel_type = "RELATIONSHIP_KEY";
  } else if (kind == "EXIST" || kind == "EXISTS" || kind == "EXISTENCE" || kind == "PROPERTY EXIST" ||
             kind == "PROPERTY EXISTS" || kind == "PROPERTY EXISTENCE") {
    node_type = "NODE_PROPERTY_EXISTENCE", rel_type = "RELATIONSHIP_PROPERTY_EXISTENCE";
  } else if (kind == "PROPERTY TYPE") {
    node_type = "NODE_PROPERTY_TYPE", rel_type = "RELATIONSHIP_PROPERTY_TYPE";
  } else {
    return std::nullopt;
  }
  std::vector<std::string> types;
  if (node) types.push_back(node_type);
  if (rel) types.push_back(rel_type);
  return types;
}

ProjectionItem Item(const std::string& name, SourcePosition pos) {
  ProjectionItem item;
  item.pos = pos;
  item.expr = Variable(name, pos);
  item.text = name;
  return item;
}

std::unique_ptr<ReturnClause> Return(const std::vector<std::string>& names, SourcePosition pos) {
  auto clause = std::make_unique<ReturnClause>(pos);
  for (const std::string& name : names) clause->body.items.push_back(Item(name, pos));
  return clause;
}

}  // namespace

bool Parser::AcceptWord(std::string_view word) {
  const Token& token = Peek();
  if (token.kind != TokenKind::kIdentifier || token.text.size() != word.size()) return false;
  for (size_t i = 0; i < word.size(); ++i) {
    if (std::toupper(static_cast<unsigned char>(token.text[i])) != word[i]) return false;
  }
  Advance();
  return true;
}

bool Parser::AtShowCommand() const {
  const Token& token = Peek();
  if (token.kind != TokenKind::kIdentifier) return false;
  std::string upper(token.text);
  for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return upper == "SHOW" || upper == "TERMINATE";
}

std::unique_ptr<Statement> Parser::ParseShowCommand() {
  const SourcePosition pos = Peek().pos;
  auto call = std::make_unique<CallClause>(pos);
  ExprPtr filter;  // what the command's own words select (a name, ids, BUILT IN)
  const ShowTarget* target = nullptr;
  if (AcceptWord("TERMINATE")) {
    if (!AcceptWord("TRANSACTION") && !AcceptWord("TRANSACTIONS")) FailUnexpected("TRANSACTION or TRANSACTIONS");
    target = &kTerminate;
    auto ids = std::make_unique<ListExpr>(Peek().pos);
    do {
      ids->elements.push_back(ParseExpr());
    } while (Accept(TokenKind::kComma));
    call->args.push_back(std::move(ids));
  } else {
    Advance();  // SHOW
    const Token& what = Peek();
    std::optional<bool> built_in;
    // SHOW [filter words] CONSTRAINT[S]: the words up to CONSTRAINT select a type.
    size_t constraint_at = 0;
    while (constraint_at < 4 && Peek(constraint_at).kind == TokenKind::kIdentifier &&
           !Peek(constraint_at).Is(Keyword::kYield) && !Peek(constraint_at).Is(Keyword::kWhere) &&
           !CheckWord("CONSTRAINT", constraint_at) && !CheckWord("CONSTRAINTS", constraint_at)) {
      ++constraint_at;
    }
    if (CheckWord("CONSTRAINT", constraint_at) || CheckWord("CONSTRAINTS", constraint_at)) {
      std::vector<std::string> words;
      for (size_t i = 0; i < constraint_at; ++i) {
        std::string word(Advance().text);
        for (char& c : word) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        words.push_back(std::move(word));
      }
      Advance();  // CONSTRAINT[S]
      auto types = ConstraintTypes(words);
      if (!types) {
        std::string text;
        for (const std::string& w : words) text += (text.empty() ? "" : " ") + w;
        Fail(what, "InvalidSyntax",
             "SHOW " + text +
                 " CONSTRAINTS: expected ALL, UNIQUE, KEY, EXISTENCE or PROPERTY TYPE, optionally after NODE or "
                 "RELATIONSHIP");
      }
      target = &kConstraints;
      if (!types->empty()) {
        std::vector<ExprPtr> values;
        for (std::string& type : *types) values.push_back(StringLiteral(std::move(type), what.pos));
        filter = In("type", std::move(values), what.pos);
      }
    }
    // SHOW RANGE INDEXES and the like: a filter on the type column, made once INDEXES is read.
    std::optional<std::string> index_type;
    for (std::string_view word : {"RANGE", "TEXT", "POINT", "LOOKUP", "FULLTEXT", "VECTOR"}) {
      if ((CheckWord("INDEX", 1) || CheckWord("INDEXES", 1)) && AcceptWord(word))
        index_type = std::string(word);
    }
    if (target != nullptr) {
    } else if (!index_type && AcceptWord("ALL")) {
    } else if (AcceptWord("BUILT")) {
      if (!AcceptWord("IN")) FailUnexpected("IN");
      built_in = true;
    } else if (AcceptWord("USER")) {
      if (!AcceptWord("DEFINED")) FailUnexpected("DEFINED");
      built_in = false;
    }
    if (target != nullptr) {
      // SHOW ... CONSTRAINTS, read above
    } else if (AcceptWord("PROCEDURE") || AcceptWord("PROCEDURES")) {
      target = &kProcedures;
    } else if (AcceptWord("FUNCTION") || AcceptWord("FUNCTIONS")) {
      target = &kFunctions;
      if (built_in) {
        auto value = std::make_unique<LiteralExpr>(what.pos);
        value->value = *built_in;
        filter = Equals("isBuiltIn", std::move(value), what.pos);
        built_in.reset();
      }
    } else if (AcceptWord("DATABASE") || AcceptWord("DATABASES")) {
      target = &kDatabases;
      if (!CheckKeyword(Keyword::kYield) && !CheckKeyword(Keyword::kWhere) &&
          (AtVariableName() || Check(TokenKind::kString))) {
        const Token& name = Advance();
        filter = Equals("name", StringLiteral(std::string(name.value), name.pos), name.pos);
      }
    } else if (AcceptWord("DEFAULT") || AcceptWord("HOME")) {
      if (!AcceptWord("DATABASE")) FailUnexpected("DATABASE");
      target = &kDatabases;
    } else if (AcceptWord("INDEX") || AcceptWord("INDEXES")) {
      target = &kIndexes;
      if (index_type) filter = Equals("type", StringLiteral(*index_type, what.pos), what.pos);
    } else if (AcceptWord("TRANSACTION") || AcceptWord("TRANSACTIONS")) {
      target = &kTransactions;
      if (!CheckKeyword(Keyword::kYield) && !CheckKeyword(Keyword::kWhere) && !Check(TokenKind::kEnd) &&
          !Check(TokenKind::kSemicolon)) {
        const SourcePosition at = Peek().pos;
        std::vector<ExprPtr> ids;
        do {
          ids.push_back(ParseExpr());
        } while (Accept(TokenKind::kComma));
        filter = In("transactionId", std::move(ids), at);
      }
    } else {
      // SHOW USERS, SHOW ROLES, ...: a command Quiver does not have
      // (yet), said so rather than reported as a typo.
      std::string words;
      for (size_t i = 0; i < 3 && Peek(i).kind == TokenKind::kIdentifier && !Peek(i).Is(Keyword::kYield) &&
                         !Peek(i).Is(Keyword::kWhere);
           ++i) {
        words += (words.empty() ? "" : " ") + std::string(Peek(i).text);
      }
      if (words.empty()) FailUnexpected("PROCEDURES, FUNCTIONS, DATABASES, INDEXES, CONSTRAINTS or TRANSACTIONS");
      Fail(what, "UnsupportedCommand",
           "SHOW " + words +
               " is not supported yet: Quiver has SHOW PROCEDURES, SHOW FUNCTIONS, SHOW DATABASES, "
               "SHOW INDEXES, SHOW CONSTRAINTS and SHOW TRANSACTIONS");
    }
    if (built_in) Fail(what, "UnsupportedCommand", "BUILT IN and USER DEFINED apply to SHOW FUNCTIONS only");
    // EXECUTABLE [BY CURRENT USER | BY name]: Quiver has no roles, so every procedure
    // and function is executable by everyone — the filter selects them all.
    if (target != &kDatabases && target != &kTransactions && target != &kIndexes && target != &kConstraints &&
        AcceptWord("EXECUTABLE") && AcceptWord("BY")) {
      if (AcceptWord("CURRENT")) {
        if (!AcceptWord("USER")) FailUnexpected("USER");
      } else {
        ParseSchemaName("a user name");
      }
    }
  }
  call->procedure = std::string(target->procedure);
  call->has_yield = true;
  for (const std::string& column : target->columns) call->yields.push_back(YieldItem{pos, column, ""});
  call->where = std::move(filter);

  auto statement = std::make_unique<Statement>();
  statement->pos = pos;
  statement->queries.emplace_back();
  SingleQuery& query = statement->queries.back();
  query.pos = pos;
  query.clauses.push_back(std::move(call));
  ParseShowTail(query, target->columns, target->defaults, pos);
  ValidateComposition(query, /*in_subquery=*/false);
  return statement;
}

void Parser::ParseShowTail(SingleQuery& query, const std::vector<std::string>& columns,
                           const std::vector<std::string>& defaults, SourcePosition pos) {
  auto& call = query.clauses.front()->As<CallClause>();
  if (AcceptKeyword(Keyword::kWhere)) {
    // WHERE without YIELD sees every column; the command still returns its defaults.
    call.where = And(std::move(call.where), ParseWhereExpression(), pos);
    query.clauses.push_back(Return(defaults, pos));
    return;
  }
  if (!CheckKeyword(Keyword::kYield)) {
    query.clauses.push_back(Return(defaults, pos));
    return;
  }
  auto with = std::make_unique<WithClause>(Advance().pos);
  std::vector<std::string> yielded;
  if (Accept(TokenKind::kStar)) {
    with->body.star = true;
    yielded = columns;
  } else {
    do {
      const Token& field = Peek();
      ProjectionItem item = Item(ParseSchemaName("a column name"), field.pos);
      item.expr->As<VariableExpr>().name = item.text;
      if (AcceptKeyword(Keyword::kAs)) item.alias = ParseVariableName();
      yielded.push_back(item.column_name());
      with->body.items.push_back(std::move(item));
    } while (Accept(TokenKind::kComma));
  }
  ParseProjectionTail(with->body);
  if (AcceptKeyword(Keyword::kWhere)) with->where = ParseWhereExpression();
  query.clauses.push_back(std::move(with));
  if (CheckKeyword(Keyword::kReturn)) {
    query.clauses.push_back(ParseReturn());
  } else {
    query.clauses.push_back(Return(yielded, pos));
  }
}

}  // namespace quiver::cypher
