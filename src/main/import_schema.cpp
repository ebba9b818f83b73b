#include "main/import_schema.h"

#include <unordered_map>

#include "common/file/env.h"
#include "cypher/ast/statement.h"
#include "cypher/parser.h"
#include "exec/constraint_check.h"
#include "main/schema_statements.h"
#include "quiver/database.h"
#include "quiver/error.h"
#include "storage/txn/transactional_store.h"

namespace quiver::main {
namespace {

using storage::ConstraintKind;
using storage::IndexEntity;

struct ScriptStatement {
  std::string text;
  uint64_t line = 0;  // of its first character that is not a blank or a comment
};

// The statements of a script, cut at the semicolons outside strings, quoted names and
// comments, each with the line it starts on (for messages).
std::vector<ScriptStatement> SplitScript(std::string_view text) {
  std::vector<ScriptStatement> out;
  ScriptStatement current;
  uint64_t line = 1;
  char quote = 0;
  auto flush = [&] {
    if (current.line != 0) out.push_back(std::move(current));
    current = {};
  };
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '\n') ++line;
    if (quote == 0 && c == '/' && i + 1 < text.size() && (text[i + 1] == '/' || text[i + 1] == '*')) {
      const bool block = text[i + 1] == '*';
      const size_t end = block ? text.find("*/", i + 2) : text.find('\n', i);
      const size_t stop = end == std::string_view::npos ? text.size() : end + (block ? 2 : 0);
      for (size_t j = i; j < stop; ++j) line += text[j] == '\n' ? 1 : 0;
      current.text += ' ';
      i = stop - 1;
      continue;
    }
    if (quote == 0 && c == ';') {
      flush();
      continue;
    }
    if (current.line == 0 && (c == ' ' || c == '\t' || c == '\r' || c == '\n')) continue;
    if (current.line == 0) current.line = line;
    current.text += c;
    if (quote != 0 && c == '\\' && quote != '`' && i + 1 < text.size()) {
      current.text += text[++i];
    } else if (quote != 0 && c == quote) {
      quote = 0;
    } else if (quote == 0 && (c == '\'' || c == '"' || c == '`')) {
      quote = c;
    }
  }
  flush();
  return out;
}

bool IsCreateSchemaCommand(const cypher::Statement& s) {
  if (s.queries.size() != 1 || s.queries[0].clauses.size() != 1) return false;
  const cypher::Clause& clause = *s.queries[0].clauses[0];
  if (clause.kind() != cypher::ClauseKind::kSchemaCommand) return false;
  const auto action = clause.As<cypher::SchemaCommandClause>().action;
  return action == cypher::SchemaCommandClause::Action::kCreateIndex ||
         action == cypher::SchemaCommandClause::Action::kCreateConstraint;
}

std::vector<std::string> Strings(const Value& list) {
  std::vector<std::string> out;
  if (!list.IsList()) return out;
  for (const Value& v : list.AsList()) out.emplace_back(v.AsString());
  return out;
}

// The rows of a CALL as maps from column name to value.
std::vector<std::unordered_map<std::string, Value>> Rows(Connection& connection, std::string_view call) {
  QueryResult result = connection.Query(call);
  std::vector<std::unordered_map<std::string, Value>> rows;
  for (const auto& row : result.rows()) {
    auto& named = rows.emplace_back();
    for (size_t i = 0; i < row.size(); ++i) named.emplace(result.columns()[i], row[i]);
  }
  return rows;
}

ConstraintKind KindOf(const std::string& type) {
  if (type.ends_with("UNIQUENESS")) return ConstraintKind::kUnique;
  if (type.ends_with("_KEY")) return ConstraintKind::kNodeKey;
  if (type.ends_with("_EXISTENCE")) return ConstraintKind::kNotNull;
  return ConstraintKind::kPropertyType;
}

// The schema the in-memory database ended with, by name: what db.indexes() and
// db.constraints() list (SHOW INDEXES / SHOW CONSTRAINTS).
ingest::ImportSchema SchemaOf(Connection& connection) {
  ingest::ImportSchema schema;
  for (auto& row : Rows(connection, "CALL db.indexes()")) {
    if (row["type"].AsString() == "LOOKUP" || !row["owningConstraint"].IsNull()) continue;
    ingest::ImportIndex index;
    index.definition.name = std::string(row["name"].AsString());
    index.definition.kind = storage::IndexKindOf(row["type"].AsString());
    index.definition.entity = row["entityType"].AsString() == "NODE" ? IndexEntity::kNode : IndexEntity::kRelationship;
    index.definition.provider = std::string(row["indexProvider"].AsString());
    index.names = {Strings(row["labelsOrTypes"]).at(0), Strings(row["properties"])};
    schema.indexes.push_back(std::move(index));
  }
  for (auto& row : Rows(connection, "CALL db.constraints()")) {
    ingest::ImportConstraint c;
    c.definition.name = std::string(row["name"].AsString());
    c.definition.kind = KindOf(std::string(row["type"].AsString()));
    c.definition.entity = row["entityType"].AsString() == "NODE" ? IndexEntity::kNode : IndexEntity::kRelationship;
    if (!row["propertyType"].IsNull()) c.definition.property_type = std::string(row["propertyType"].AsString());
    c.names = {Strings(row["labelsOrTypes"]).at(0), Strings(row["properties"])};
    schema.constraints.push_back(std::move(c));
  }
  return schema;
}

// The commit-time check's semantics and messages for the import's rows; the property
// types are parsed once, not per row.
class RowCheck final : public ingest::ConstraintRowCheck {
 public:
  explicit RowCheck(const std::vector<ingest::ImportConstraint>& constraints) {
    for (const ingest::ImportConstraint& c : constraints) {
      if (c.definition.kind == ConstraintKind::kPropertyType) {
        types_.emplace(c.definition.name, exec::RequiredType(c.definition));
      }
    }
  }
  std::optional<std::string> Violation(const ingest::ImportConstraint& c, uint64_t id,
                                       std::span<const Value> values) const override {
    const auto type = types_.find(c.definition.name);
    return exec::OwnViolation(c.definition, {c.names.token, c.names.keys}, id, values,
                              type == types_.end() ? nullptr : &type->second);
  }
  std::string AlreadyExists(const ingest::ImportConstraint& c, uint64_t other,
                            std::span<const Value> values) const override {
    return exec::AlreadyExistsMessage(c.definition, {c.names.token, c.names.keys}, other, values);
  }

 private:
  std::unordered_map<std::string, cypher::CypherType> types_;
};

}  // namespace

Result<std::vector<std::string>> SchemaStatements(const std::string& path) {
  std::vector<std::string> statements;
  auto exists = Env::Default()->FileExists(JoinPath(path, "CURRENT"));
  if (!exists.ok() || !*exists) return statements;
  storage::StoreOptions options;
  options.read_only = true;
  options.create_if_missing = false;
  auto store = storage::TransactionalStore::Open(Env::Default(), path, options);
  if (!store.ok()) return store.status().WithContext(path + ": reading the schema to keep");
  // The catalog as SHOW INDEXES and SHOW CONSTRAINTS write it (main/schema_statements.h).
  const std::unique_ptr<GraphReader> snapshot = (*store)->BeginRead();
  for (const bool importable : {true, false}) {
    for (std::string& statement : SchemaCreateStatements(*snapshot, importable)) {
      statements.push_back(std::move(statement));
    }
  }
  return statements;
}

Result<ingest::ImportSchema> ReadImportSchema(const std::string& path, const std::vector<std::string>& carried) {
  std::string text;
  if (!path.empty()) {
    auto read = ReadFileToString(Env::Default(), path);
    if (!read.ok()) return Status::InvalidArgument(path + ": " + read.status().message());
    text = std::move(read).value();
  }
  auto db = Database::OpenInMemory();
  auto connection = db->Connect();
  for (const std::string& statement : carried) {
    try {
      connection->Query(statement);
    } catch (const QuiverError& e) {
      return Status::InvalidArgument("the schema of the replaced database: " + statement + ": " + e.what());
    }
  }
  for (const ScriptStatement& s : SplitScript(text)) {
    const std::string at = path + ":" + std::to_string(s.line) + ": ";
    try {
      if (!IsCreateSchemaCommand(*cypher::ParseStatement(s.text))) {
        return Status::InvalidArgument(at + "only CREATE INDEX and CREATE CONSTRAINT statements belong in a schema file");
      }
      connection->Query(s.text);
    } catch (const QuiverError& e) {
      return Status::InvalidArgument(at + e.what());
    }
  }
  ingest::ImportSchema schema = SchemaOf(*connection);
  for (const ingest::ImportConstraint& c : schema.constraints) {
    // The import compares the keys of node rows only (ingest/import_constraints.h).
    if (c.definition.entity == IndexEntity::kRelationship && c.definition.OwnsIndex()) {
      return Status::InvalidArgument((path.empty() ? std::string("the replaced database") : path) + ": constraint `" +
                                     c.definition.name +
                                     "`: relationship UNIQUE and KEY constraints are not enforced by an import "
                                     "yet; create it after the import (CREATE CONSTRAINT checks the data)");
    }
  }
  schema.checks = std::make_shared<RowCheck>(schema.constraints);
  return schema;
}

Status CreateSchemaAfterImport(const std::string& db_path, const std::string& path) {
  auto text = ReadFileToString(Env::Default(), path);
  if (!text.ok()) return Status::InvalidArgument(path + ": " + text.status().message());
  try {
    auto db = Database::Open(db_path);
    auto connection = db->Connect();
    for (const ScriptStatement& s : SplitScript(*text)) {
      try {
        connection->Query(s.text);
      } catch (const QuiverError& e) {
        return Status::InvalidArgument(path + ":" + std::to_string(s.line) + ": the graph is imported, but " +
                                       e.what());
      }
    }
  } catch (const QuiverError& e) {
    return Status::InvalidArgument(path + ": " + e.what());
  }
  return Status::OK();
}

}  // namespace quiver::main
