// The C API's statements (quiver/quiver.h): one-shot queries, prepared statements, their
// parameters, and executing them.

#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>

#include "capi/capi_error.h"
#include "capi/capi_handles.h"
#include "capi/value_json.h"
#include "quiver/database.h"
#include "quiver/quiver.h"

using quiver::capi::Guard;
using quiver::capi::Misuse;

namespace {

bool Live(const quiver_connection* conn) {
  return conn != nullptr && conn->magic == quiver::capi::kConnectionMagic;
}
bool Live(const quiver_statement* statement) {
  return statement != nullptr && statement->magic == quiver::capi::kStatementMagic;
}

const char* WhyNotLive(const quiver_statement* statement) {
  return statement == nullptr ? "statement is NULL" : "not a prepared statement (finalized?)";
}

std::string_view Text(const char* text, int64_t length) {
  return length < 0 ? std::string_view(text) : std::string_view(text, static_cast<size_t>(length));
}

// Binds `value` as parameter `name` ("id" or "$id").
quiver_status Bind(const char* function, quiver_statement* statement, const char* name, quiver::Value value) {
  if (!Live(statement)) return Misuse(function, WhyNotLive(statement));
  if (name == nullptr) return Misuse(function, "name is NULL");
  std::string_view key(name);
  if (!key.empty() && key.front() == '$') key.remove_prefix(1);
  if (key.empty()) return Misuse(function, "the parameter name is empty");
  statement->parameters.Set(std::string(key), std::move(value));
  return QUIVER_OK;
}

}  // namespace

extern "C" {

quiver_status quiver_query(quiver_connection* conn, const char* text, quiver_result** result) {
  return Guard([&] {
    if (result == nullptr) return Misuse("quiver_query", "result (the out-parameter) is NULL");
    *result = nullptr;
    if (!Live(conn))
      return Misuse("quiver_query", conn == nullptr ? "conn is NULL" : "not an open connection");
    if (text == nullptr) return Misuse("quiver_query", "text is NULL");
    *result = quiver::capi::NewResult(conn, conn->connection->Query(text));
    return QUIVER_OK;
  });
}

quiver_status quiver_prepare(quiver_connection* conn, const char* text, int64_t length,
                             quiver_statement** statement) {
  return Guard([&] {
    if (statement == nullptr) return Misuse("quiver_prepare", "statement (the out-parameter) is NULL");
    *statement = nullptr;
    if (!Live(conn))
      return Misuse("quiver_prepare", conn == nullptr ? "conn is NULL" : "not an open connection");
    if (text == nullptr) return Misuse("quiver_prepare", "text is NULL");
    auto handle = std::make_unique<quiver_statement>();
    handle->connection = conn;
    handle->prepared = conn->connection->Prepare(Text(text, length));
    conn->children.fetch_add(1);
    *statement = handle.release();
    return QUIVER_OK;
  });
}

quiver_status quiver_finalize(quiver_statement* statement) {
  return Guard([&] {
    if (!Live(statement)) return Misuse("quiver_finalize", WhyNotLive(statement));
    quiver_connection* conn = statement->connection;
    statement->magic = 0;
    delete statement;
    conn->children.fetch_sub(1);
    return QUIVER_OK;
  });
}

quiver_status quiver_bind_null(quiver_statement* statement, const char* name) {
  return Guard([&] { return Bind("quiver_bind_null", statement, name, quiver::Value::Null()); });
}

quiver_status quiver_bind_bool(quiver_statement* statement, const char* name, int value) {
  return Guard([&] { return Bind("quiver_bind_bool", statement, name, quiver::Value::Bool(value != 0)); });
}

quiver_status quiver_bind_int64(quiver_statement* statement, const char* name, int64_t value) {
  return Guard([&] { return Bind("quiver_bind_int64", statement, name, quiver::Value::Int(value)); });
}

quiver_status quiver_bind_double(quiver_statement* statement, const char* name, double value) {
  return Guard([&] { return Bind("quiver_bind_double", statement, name, quiver::Value::Float(value)); });
}

quiver_status quiver_bind_text(quiver_statement* statement, const char* name, const char* text,
                               int64_t length) {
  return Guard([&] {
    if (text == nullptr)
      return Misuse("quiver_bind_text", "text is NULL (bind a null with quiver_bind_null)");
    return Bind("quiver_bind_text", statement, name, quiver::Value::String(Text(text, length)));
  });
}

quiver_status quiver_bind_json(quiver_statement* statement, const char* name, const char* json,
                               int64_t length) {
  return Guard([&] {
    if (json == nullptr) return Misuse("quiver_bind_json", "json is NULL");
    quiver::Value value;
    try {
      value = quiver::capi::FromJson(Text(json, length));
    } catch (const std::invalid_argument& e) {
      return Misuse("quiver_bind_json", std::string("invalid JSON: ") + e.what());
    }
    return Bind("quiver_bind_json", statement, name, std::move(value));
  });
}

quiver_status quiver_clear_bindings(quiver_statement* statement) {
  return Guard([&] {
    if (!Live(statement)) return Misuse("quiver_clear_bindings", WhyNotLive(statement));
    statement->parameters = quiver::ValueMap();
    return QUIVER_OK;
  });
}

quiver_status quiver_execute(quiver_statement* statement, quiver_result** result) {
  return Guard([&] {
    if (result == nullptr) return Misuse("quiver_execute", "result (the out-parameter) is NULL");
    *result = nullptr;
    if (!Live(statement)) return Misuse("quiver_execute", WhyNotLive(statement));
    quiver_connection* conn = statement->connection;
    *result =
        quiver::capi::NewResult(conn, conn->connection->Execute(*statement->prepared, statement->parameters));
    return QUIVER_OK;
  });
}

int quiver_statement_column_count(const quiver_statement* statement) {
  if (!Live(statement)) return 0;
  return static_cast<int>(statement->prepared->columns().size());
}

const char* quiver_statement_column_name(const quiver_statement* statement, int column) {
  if (!Live(statement)) return nullptr;
  const auto& columns = statement->prepared->columns();
  if (column < 0 || static_cast<size_t>(column) >= columns.size()) return nullptr;
  return columns[static_cast<size_t>(column)].c_str();
}

int quiver_statement_read_only(const quiver_statement* statement) {
  if (!Live(statement)) return 0;
  return statement->prepared->read_only() ? 1 : 0;
}

}  // extern "C"
