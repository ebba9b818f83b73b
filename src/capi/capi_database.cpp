// The C API's databases and connections (quiver/quiver.h): version, the error state,
// open and close, connect and disconnect, transactions, cancel and timeouts.

#include <chrono>
#include <memory>
#include <string>

#include "capi/capi_error.h"
#include "capi/capi_handles.h"
#include "quiver/database.h"
#include "quiver/quiver.h"

using quiver::capi::Guard;
using quiver::capi::Misuse;
using quiver::capi::ThreadError;

namespace {

constexpr uint32_t kKnownOpenFlags =
    QUIVER_OPEN_READ_ONLY | QUIVER_OPEN_NO_CREATE | QUIVER_OPEN_ASYNC | QUIVER_OPEN_VERIFY_CHECKSUMS;

bool Live(const quiver_database* db) {
  return db != nullptr && db->magic == quiver::capi::kDatabaseMagic;
}
bool Live(const quiver_connection* conn) {
  return conn != nullptr && conn->magic == quiver::capi::kConnectionMagic;
}

// quiver_open_options as DatabaseOptions; false (having recorded QUIVER_MISUSE) when
// they ask for what this version does not know.
bool ToOptions(const char* function, const quiver_open_options* options, quiver::DatabaseOptions& out) {
  if (options == nullptr) return true;
  if ((options->flags & ~kKnownOpenFlags) != 0) {
    Misuse(function, "unknown bits in quiver_open_options.flags");
    return false;
  }
  bool reserved_zero = options->reserved0 == 0;
  for (uint64_t r : options->reserved) reserved_zero = reserved_zero && r == 0;
  if (!reserved_zero) {
    Misuse(function, "the reserved fields of quiver_open_options must be zero");
    return false;
  }
  out.read_only = (options->flags & QUIVER_OPEN_READ_ONLY) != 0;
  out.create_if_missing = (options->flags & QUIVER_OPEN_NO_CREATE) == 0;
  out.durability =
      (options->flags & QUIVER_OPEN_ASYNC) != 0 ? quiver::Durability::kAsync : quiver::Durability::kDurable;
  out.verify_checksums_on_open = (options->flags & QUIVER_OPEN_VERIFY_CHECKSUMS) != 0;
  if (options->memory_budget != 0) out.memory_budget = options->memory_budget;
  return true;
}

quiver_status Opened(std::unique_ptr<quiver::Database> database, quiver_database** db) {
  auto handle = std::make_unique<quiver_database>();
  handle->database = std::move(database);
  *db = handle.release();
  return QUIVER_OK;
}

}  // namespace

extern "C" {

// ---- version and errors ----

const char* quiver_libversion(void) {
  return QUIVER_VERSION;
}
int quiver_libversion_number(void) {
  return QUIVER_VERSION_NUMBER;
}

quiver_status quiver_errcode(void) {
  return ThreadError().code;
}

const char* quiver_errmsg(void) {
  const auto& error = ThreadError();
  return error.message.empty() ? quiver_errstr(error.code) : error.message.c_str();
}

const char* quiver_error_class(void) {
  return ThreadError().error_class.c_str();
}
const char* quiver_error_detail(void) {
  return ThreadError().detail.c_str();
}

const char* quiver_errstr(int status) {
  switch (status) {
    case QUIVER_OK: return "not an error";
    case QUIVER_SYNTAX_ERROR: return "syntax error";
    case QUIVER_SEMANTIC_ERROR: return "semantic error";
    case QUIVER_TYPE_ERROR: return "type error";
    case QUIVER_ARGUMENT_ERROR: return "argument error";
    case QUIVER_ARITHMETIC_ERROR: return "arithmetic error";
    case QUIVER_CONSTRAINT_ERROR: return "constraint verification failed";
    case QUIVER_ENTITY_NOT_FOUND: return "entity not found";
    case QUIVER_PROCEDURE_ERROR: return "procedure error";
    case QUIVER_PARAMETER_MISSING: return "parameter missing";
    case QUIVER_CLIENT_ERROR: return "session used out of order";
    case QUIVER_INTERRUPTED: return "statement cancelled";
    case QUIVER_TIMEOUT: return "statement timed out";
    case QUIVER_RESOURCE_EXHAUSTED: return "resource exhausted";
    case QUIVER_NOT_FOUND: return "not found";
    case QUIVER_BUSY: return "database is busy";
    case QUIVER_CORRUPTION: return "database is damaged";
    case QUIVER_IO_ERROR: return "I/O error";
    case QUIVER_READ_ONLY: return "database is read-only";
    case QUIVER_STORAGE_ERROR: return "storage error";
    case QUIVER_INTERNAL_ERROR: return "internal error";
    case QUIVER_MISUSE: return "API misuse";
    case QUIVER_ROW: return "another row is ready";
    case QUIVER_DONE: return "no more rows";
  }
  return "unknown status code";
}

// ---- databases ----

quiver_status quiver_open(const char* path, const quiver_open_options* options, quiver_database** db) {
  return Guard([&] {
    if (db == nullptr) return Misuse("quiver_open", "db (the out-parameter) is NULL");
    *db = nullptr;
    if (path == nullptr) return Misuse("quiver_open", "path is NULL");
    quiver::DatabaseOptions opts;
    if (!ToOptions("quiver_open", options, opts)) return QUIVER_MISUSE;
    return Opened(quiver::Database::Open(path, opts), db);
  });
}

quiver_status quiver_open_in_memory(const quiver_open_options* options, quiver_database** db) {
  return Guard([&] {
    if (db == nullptr) return Misuse("quiver_open_in_memory", "db (the out-parameter) is NULL");
    *db = nullptr;
    quiver::DatabaseOptions opts;
    if (!ToOptions("quiver_open_in_memory", options, opts)) return QUIVER_MISUSE;
    return Opened(quiver::Database::OpenInMemory(opts), db);
  });
}

quiver_status quiver_refresh(quiver_database* db) {
  return Guard([&] {
    if (!Live(db)) return Misuse("quiver_refresh", db == nullptr ? "db is NULL" : "not an open database");
    db->database->Refresh();
    return QUIVER_OK;
  });
}

quiver_status quiver_close(quiver_database* db) {
  return Guard([&] {
    if (!Live(db)) return Misuse("quiver_close", db == nullptr ? "db is NULL" : "not an open database");
    const int64_t open = db->connections.load();
    if (open > 0) {
      return Misuse("quiver_close",
                    std::to_string(open) + " connection(s) still open: disconnect them first");
    }
    db->magic = 0;
    delete db;  // closes the database (flushes, releases its lock)
    return QUIVER_OK;
  });
}

// ---- connections ----

quiver_status quiver_connect(quiver_database* db, quiver_connection** conn) {
  return Guard([&] {
    if (conn == nullptr) return Misuse("quiver_connect", "conn (the out-parameter) is NULL");
    *conn = nullptr;
    if (!Live(db)) return Misuse("quiver_connect", db == nullptr ? "db is NULL" : "not an open database");
    auto handle = std::make_unique<quiver_connection>();
    handle->database = db;
    handle->connection = db->database->Connect();
    db->connections.fetch_add(1);
    *conn = handle.release();
    return QUIVER_OK;
  });
}

quiver_status quiver_disconnect(quiver_connection* conn) {
  return Guard([&] {
    if (!Live(conn))
      return Misuse("quiver_disconnect", conn == nullptr ? "conn is NULL" : "not an open connection");
    const int64_t open = conn->children.load();
    if (open > 0) {
      return Misuse(
          "quiver_disconnect",
          std::to_string(open) + " statement(s) or result(s) still open: finalize and close them first");
    }
    quiver_database* db = conn->database;
    conn->magic = 0;
    delete conn;  // rolls back an open transaction
    db->connections.fetch_sub(1);
    return QUIVER_OK;
  });
}

// ---- transactions, cancel, timeout ----

quiver_status quiver_begin(quiver_connection* conn, int read_only) {
  return Guard([&] {
    if (!Live(conn))
      return Misuse("quiver_begin", conn == nullptr ? "conn is NULL" : "not an open connection");
    conn->connection->Begin(read_only != 0 ? quiver::TransactionMode::kReadOnly
                                           : quiver::TransactionMode::kReadWrite);
    return QUIVER_OK;
  });
}

quiver_status quiver_commit(quiver_connection* conn) {
  return Guard([&] {
    if (!Live(conn))
      return Misuse("quiver_commit", conn == nullptr ? "conn is NULL" : "not an open connection");
    conn->connection->Commit();
    return QUIVER_OK;
  });
}

quiver_status quiver_rollback(quiver_connection* conn) {
  return Guard([&] {
    if (!Live(conn))
      return Misuse("quiver_rollback", conn == nullptr ? "conn is NULL" : "not an open connection");
    conn->connection->Rollback();
    return QUIVER_OK;
  });
}

int quiver_in_transaction(const quiver_connection* conn) {
  if (!Live(conn)) return 0;
  return conn->connection->InTransaction() ? 1 : 0;
}

quiver_status quiver_cancel(quiver_connection* conn) {
  return Guard([&] {
    if (!Live(conn))
      return Misuse("quiver_cancel", conn == nullptr ? "conn is NULL" : "not an open connection");
    conn->connection->Cancel();
    return QUIVER_OK;
  });
}

quiver_status quiver_set_memory_limit(quiver_connection* conn, uint64_t bytes) {
  return Guard([&] {
    if (!Live(conn))
      return Misuse("quiver_set_memory_limit", conn == nullptr ? "conn is NULL" : "not an open connection");
    conn->connection->SetQueryMemoryLimit(bytes);
    return QUIVER_OK;
  });
}

quiver_status quiver_set_timeout_ms(quiver_connection* conn, int64_t timeout_ms) {
  return Guard([&] {
    if (!Live(conn))
      return Misuse("quiver_set_timeout_ms", conn == nullptr ? "conn is NULL" : "not an open connection");
    if (timeout_ms < 0) return Misuse("quiver_set_timeout_ms", "the timeout is negative");
    conn->connection->SetQueryTimeout(std::chrono::milliseconds(timeout_ms));
    return QUIVER_OK;
  });
}

}  // extern "C"
