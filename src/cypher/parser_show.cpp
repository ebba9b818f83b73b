// SHOW PROCEDURES | FUNCTIONS | DATABASES | INDEXES | TRANSACTIONS and TERMINATE TRANSACTIONS, as
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
    // SHOW RANGE INDEXES and the like: a filter on the type column, made once INDEXES is read.
    std::optional<std::string> index_type;
    for (std::string_view word : {"RANGE", "TEXT", "POINT", "LOOKUP", "FULLTEXT", "VECTOR"}) {
      if ((CheckWord("INDEX", 1) || CheckWord("INDEXES", 1)) && AcceptWord(word))
        index_type = std::string(word);
    }
    if (!index_type && AcceptWord("ALL")) {
    } else if (AcceptWord("BUILT")) {
      if (!AcceptWord("IN")) FailUnexpected("IN");
      built_in = true;
    } else if (AcceptWord("USER")) {
      if (!AcceptWord("DEFINED")) FailUnexpected("DEFINED");
      built_in = false;
    }
    if (AcceptWord("PROCEDURE") || AcceptWord("PROCEDURES")) {
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
      // SHOW CONSTRAINTS, SHOW USERS, ...: a command Quiver does not have
      // (yet), said so rather than reported as a typo.
      std::string words;
      for (size_t i = 0; i < 3 && Peek(i).kind == TokenKind::kIdentifier && !Peek(i).Is(Keyword::kYield) &&
                         !Peek(i).Is(Keyword::kWhere);
           ++i) {
        words += (words.empty() ? "" : " ") + std::string(Peek(i).text);
      }
      if (words.empty()) FailUnexpected("PROCEDURES, FUNCTIONS, DATABASES, INDEXES or TRANSACTIONS");
      Fail(what, "UnsupportedCommand",
           "SHOW " + words +
               " is not supported yet: Quiver has SHOW PROCEDURES, SHOW FUNCTIONS, SHOW DATABASES, "
               "SHOW INDEXES and SHOW TRANSACTIONS (constraints come with schema indexes)");
    }
    if (built_in) Fail(what, "UnsupportedCommand", "BUILT IN and USER DEFINED apply to SHOW FUNCTIONS only");
    // EXECUTABLE [BY CURRENT USER | BY name]: Quiver has no roles, so every procedure
    // and function is executable by everyone — the filter selects them all.
    if (target != &kDatabases && target != &kTransactions && target != &kIndexes &&
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
