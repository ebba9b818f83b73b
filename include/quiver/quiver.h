/* The C API of Quiver: the stable ABI any language can bind (docs/api.md, "The C API").
 *
 * Plain C99; no C++ type crosses it and no C++ exception leaves it. It is a thin layer
 * over the C++ API (quiver/database.h): the same databases, connections, prepared
 * statements, streaming results and transactions.
 *
 *   quiver_database* db;  quiver_connection* conn;  quiver_statement* st;
 *   quiver_result* res;   int64_t age;
 *   if (quiver_open("/data/graph", NULL, &db) != QUIVER_OK) fail(quiver_errmsg());
 *   quiver_connect(db, &conn);
 *   quiver_prepare(conn, "MATCH (p:Person {name: $name}) RETURN p.age AS age", -1, &st);
 *   quiver_bind_text(st, "name", "Ada", -1);
 *   quiver_execute(st, &res);
 *   while (quiver_result_next(res) == QUIVER_ROW) {
 *     if (quiver_get_int64(res, 0, &age) == QUIVER_OK) printf("%lld\n", (long long)age);
 *   }
 *   quiver_result_close(res);  quiver_finalize(st);  quiver_disconnect(conn);  quiver_close(db);
 *
 * The rules, in short (docs/api.md says them at length):
 *  * Errors. Every function that can fail returns a quiver_status. A call that fails
 *    records its error on the calling thread: quiver_errcode(), quiver_errmsg(),
 *    quiver_error_class() and quiver_error_detail() describe the last error on that
 *    thread until its next one (successful calls leave it, so closing handles after a
 *    failure keeps its message). Functions that return something else (counts, names,
 *    flags) never fail; given a NULL handle they return 0 or NULL. NULL arguments and
 *    calls out of order are QUIVER_MISUSE.
 *  * Lifetimes. A database outlives its connections; a connection outlives its
 *    statements and results: closing a parent that still has children is QUIVER_MISUSE
 *    and closes nothing. A result does not need its statement (finalizing a statement
 *    leaves its results readable). Pointers a result hands out (text, JSON) stay valid
 *    until the next quiver_result_next() or quiver_result_close() of that result;
 *    column names until the result (or statement) is closed.
 *  * Threads. Different connections may be used from different threads at once, and
 *    quiver_connect() may be called from any thread. A connection, and the statements
 *    and results made on it, are used from one thread at a time — except
 *    quiver_cancel(), which any thread may call while the connection is open.
 */
#ifndef QUIVER_QUIVER_H
#define QUIVER_QUIVER_H

#include <stddef.h>
#include <stdint.h>

#include "quiver/export.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A C API is named as C APIs are (quiver_ names, QUIVER_ constants), not by the C++
   naming rules of .clang-tidy. NOLINTBEGIN(readability-identifier-naming) */

/* ---- version ------------------------------------------------------------------------ */

#define QUIVER_VERSION "0.1.0"
#define QUIVER_VERSION_MAJOR 0
#define QUIVER_VERSION_MINOR 1
#define QUIVER_VERSION_PATCH 0
/* major * 1000000 + minor * 1000 + patch */
#define QUIVER_VERSION_NUMBER 1000

/* The version of the library linked at run time (QUIVER_VERSION is that of the header). */
QUIVER_EXPORT const char* quiver_libversion(void);
QUIVER_EXPORT int quiver_libversion_number(void);

/* ---- status codes -------------------------------------------------------------------- */

typedef enum quiver_status {
  QUIVER_OK = 0,
  /* Statement errors, one per openCypher error class (quiver::ErrorClass). */
  QUIVER_SYNTAX_ERROR = 1,
  QUIVER_SEMANTIC_ERROR = 2,
  QUIVER_TYPE_ERROR = 3,
  QUIVER_ARGUMENT_ERROR = 4,
  QUIVER_ARITHMETIC_ERROR = 5,
  QUIVER_CONSTRAINT_ERROR = 6, /* ConstraintVerificationFailed */
  QUIVER_ENTITY_NOT_FOUND = 7,
  QUIVER_PROCEDURE_ERROR = 8,
  QUIVER_PARAMETER_MISSING = 9, /* a $parameter the statement uses has no value bound */
  /* The session used out of order (quiver::ClientError): a statement in a failed
     transaction (detail TransactionFailed), commit without begin (NoTransaction), a
     write in a read-only transaction (ReadOnlyTransaction), ... */
  QUIVER_CLIENT_ERROR = 10,
  QUIVER_INTERRUPTED = 11,        /* stopped by quiver_cancel() */
  QUIVER_TIMEOUT = 12,            /* ran past quiver_set_timeout_ms() */
  QUIVER_RESOURCE_EXHAUSTED = 13, /* out of memory (std::bad_alloc included), over a budget */
  /* Storage (quiver::StorageError, by its detail = quiver::StatusCode). */
  QUIVER_NOT_FOUND = 14, /* e.g. no database at the path and QUIVER_OPEN_NO_CREATE */
  QUIVER_BUSY = 15,      /* another process or handle holds the database's writer lock */
  QUIVER_CORRUPTION = 16,
  QUIVER_IO_ERROR = 17,
  QUIVER_READ_ONLY = 18,      /* the database refuses writes (read-only open, failed fsync) */
  QUIVER_STORAGE_ERROR = 19,  /* any other storage failure */
  QUIVER_INTERNAL_ERROR = 20, /* a bug in Quiver: please report it with the message */
  /* This API misused: a NULL argument, a closed or wrong handle, a column out of range,
     an accessor of the wrong type, no current row, a parent closed before its children. */
  QUIVER_MISUSE = 21,
  /* quiver::SchemaError: an index or constraint command that cannot be carried out, or
     a write a constraint refuses (detail ConstraintValidationFailed). */
  QUIVER_SCHEMA_ERROR = 22,
  /* quiver_result_next(): a row is ready / there are no more rows. Not errors. */
  QUIVER_ROW = 100,
  QUIVER_DONE = 101
} quiver_status;

/* The code of the last error on this thread (QUIVER_OK while none has happened). */
QUIVER_EXPORT quiver_status quiver_errcode(void);
/* Its message, "Class/Detail: message" as C++'s what() gives it, e.g.
   "SyntaxError/UndefinedVariable: variable `x` not defined ..."; "not an error" while
   there is none. Valid until this thread's next error. */
QUIVER_EXPORT const char* quiver_errmsg(void);
/* The openCypher error class ("SyntaxError", "StorageError", ...; "" for QUIVER_MISUSE)
   and the detail code ("UndefinedVariable", "Busy", "Cancelled", ...; may be ""). Same
   validity. */
QUIVER_EXPORT const char* quiver_error_class(void);
QUIVER_EXPORT const char* quiver_error_detail(void);
/* A fixed English description of a status code ("database is busy"); never NULL.
   (Enumerations a caller passes in are taken as int, so that any value is defined.) */
QUIVER_EXPORT const char* quiver_errstr(int status);

/* ---- handles --------------------------------------------------------------------------- */

typedef struct quiver_database quiver_database;
typedef struct quiver_connection quiver_connection;
typedef struct quiver_statement quiver_statement;
typedef struct quiver_result quiver_result;

/* ---- databases ------------------------------------------------------------------------- */

/* quiver_open_options.flags. Every default is the zero bit, so a zeroed struct (or NULL)
   asks for the defaults. */
#define QUIVER_OPEN_READ_ONLY 0x1u        /* beside one writing process; refuses writes */
#define QUIVER_OPEN_NO_CREATE 0x2u        /* QUIVER_NOT_FOUND instead of creating one */
#define QUIVER_OPEN_ASYNC 0x4u            /* commits return before the log is fsynced */
#define QUIVER_OPEN_VERIFY_CHECKSUMS 0x8u /* verify every file checksum at open */

typedef struct quiver_open_options {
  uint32_t flags;         /* QUIVER_OPEN_* bits; other bits are QUIVER_MISUSE */
  uint32_t reserved0;     /* must be 0 */
  uint64_t memory_budget; /* bytes for the delta store, log buffers and operators;
                             0: from the resource policy (see `quiver info`) */
  uint64_t reserved[4];   /* must be 0: room for options to come, same layout */
} quiver_open_options;

/* Opens (or creates) the database directory at `path`. On success *db is the handle;
   on failure *db is NULL (nothing to close) and quiver_errmsg() says why — QUIVER_BUSY
   when another process (or another handle in this one) has it open for writing. */
QUIVER_EXPORT quiver_status quiver_open(const char* path, const quiver_open_options* options,
                                        quiver_database** db);
/* A database in memory only (tests, scratch work); it runs one statement at a time. */
QUIVER_EXPORT quiver_status quiver_open_in_memory(const quiver_open_options* options, quiver_database** db);
/* Closes a database with no open connections (else QUIVER_MISUSE, and it stays open). */
QUIVER_EXPORT quiver_status quiver_close(quiver_database* db);
/* A database opened read-only moves to what the writing process has committed since it
   opened (or last refreshed); statements already running keep their state. A database
   that writes, or lives in memory: nothing to do (QUIVER_OK). */
QUIVER_EXPORT quiver_status quiver_refresh(quiver_database* db);

/* ---- connections and transactions ------------------------------------------------------ */

QUIVER_EXPORT quiver_status quiver_connect(quiver_database* db, quiver_connection** conn);
/* Closes a connection with no open statements or results (else QUIVER_MISUSE); an open
   transaction is rolled back. */
QUIVER_EXPORT quiver_status quiver_disconnect(quiver_connection* conn);

/* Explicit transactions; outside one every statement commits on its own. A read-write
   transaction (read_only = 0) holds the database's one writer until it ends; a
   read-only one reads one snapshot throughout. When a statement in a transaction fails
   the whole transaction is rolled back, and later statements fail with
   QUIVER_CLIENT_ERROR (detail TransactionFailed) until quiver_rollback(). */
QUIVER_EXPORT quiver_status quiver_begin(quiver_connection* conn, int read_only);
QUIVER_EXPORT quiver_status quiver_commit(quiver_connection* conn);
QUIVER_EXPORT quiver_status quiver_rollback(quiver_connection* conn);
/* 1 inside an explicit transaction (a failed one included), else 0 (NULL too). */
QUIVER_EXPORT int quiver_in_transaction(const quiver_connection* conn);

/* From any thread: stops every statement of the connection running or streaming now;
   it ends with QUIVER_INTERRUPTED (rolled back, like any failed statement). Statements
   started afterwards run normally. */
QUIVER_EXPORT quiver_status quiver_cancel(quiver_connection* conn);
/* A limit for each statement started afterwards, counted from the call that starts it
   (reading its rows included): past it the statement ends with QUIVER_TIMEOUT.
   0: no limit (the default). Negative: QUIVER_MISUSE. */
QUIVER_EXPORT quiver_status quiver_set_timeout_ms(quiver_connection* conn, int64_t timeout_ms);
/* What each statement started afterwards may hold in its operators (sorts, hash tables,
   groups, collected lists) before it ends with QUIVER_RESOURCE_EXHAUSTED (detail
   MemoryLimitExceeded); the connection stays usable. 0: no limit. The default is half
   the database's memory budget. */
QUIVER_EXPORT quiver_status quiver_set_memory_limit(quiver_connection* conn, uint64_t bytes);

/* ---- statements -------------------------------------------------------------------------- */

/* Runs one statement with no parameters (auto-commit, or in the open transaction). */
QUIVER_EXPORT quiver_status quiver_query(quiver_connection* conn, const char* text, quiver_result** result);

/* Parses, binds and plans `text` (`length` bytes, or up to its NUL when negative) once,
   to execute many times. Syntax and semantic errors are reported here. */
QUIVER_EXPORT quiver_status quiver_prepare(quiver_connection* conn, const char* text, int64_t length,
                                           quiver_statement** statement);
/* Frees a statement; its results stay readable. */
QUIVER_EXPORT quiver_status quiver_finalize(quiver_statement* statement);

/* Parameters by name ("id" or "$id"), kept until replaced or cleared; each execution
   uses the values bound at the time. Text is UTF-8 (`length` bytes, or NUL-terminated
   when negative) and is copied. A JSON text binds a list, a map or any scalar: arrays
   become lists, objects maps, integral numbers INTEGER, other numbers FLOAT. */
QUIVER_EXPORT quiver_status quiver_bind_null(quiver_statement* statement, const char* name);
QUIVER_EXPORT quiver_status quiver_bind_bool(quiver_statement* statement, const char* name, int value);
QUIVER_EXPORT quiver_status quiver_bind_int64(quiver_statement* statement, const char* name, int64_t value);
QUIVER_EXPORT quiver_status quiver_bind_double(quiver_statement* statement, const char* name, double value);
QUIVER_EXPORT quiver_status quiver_bind_text(quiver_statement* statement, const char* name, const char* text,
                                             int64_t length);
QUIVER_EXPORT quiver_status quiver_bind_json(quiver_statement* statement, const char* name, const char* json,
                                             int64_t length);
QUIVER_EXPORT quiver_status quiver_clear_bindings(quiver_statement* statement);

/* Runs the statement with its bound parameters. */
QUIVER_EXPORT quiver_status quiver_execute(quiver_statement* statement, quiver_result** result);

/* What the statement was prepared as: its columns (0 until it has a plan: prepared
   without parameters it needs, it is planned at its first execution) and whether it
   only reads (1) or may write (0). */
QUIVER_EXPORT int quiver_statement_column_count(const quiver_statement* statement);
QUIVER_EXPORT const char* quiver_statement_column_name(const quiver_statement* statement, int column);
QUIVER_EXPORT int quiver_statement_read_only(const quiver_statement* statement);

/* ---- results ----------------------------------------------------------------------------- */

/* Column and value types. A column's type is what is known before the statement runs
   (QUIVER_TYPE_ANY .. QUIVER_TYPE_PATH); a value's is what it is (QUIVER_TYPE_NULL ..
   QUIVER_TYPE_DURATION). QUIVER_TYPE_INVALID: no such column, or no current row. */
typedef enum quiver_type {
  QUIVER_TYPE_INVALID = -1,
  QUIVER_TYPE_ANY = 0, /* columns only: values of several kinds */
  QUIVER_TYPE_NULL = 1,
  QUIVER_TYPE_BOOLEAN = 2,
  QUIVER_TYPE_INTEGER = 3,
  QUIVER_TYPE_FLOAT = 4,
  QUIVER_TYPE_STRING = 5,
  QUIVER_TYPE_LIST = 6,
  QUIVER_TYPE_MAP = 7,
  QUIVER_TYPE_NODE = 8,
  QUIVER_TYPE_RELATIONSHIP = 9,
  QUIVER_TYPE_PATH = 10,
  QUIVER_TYPE_DATE = 11,
  QUIVER_TYPE_LOCAL_TIME = 12,
  QUIVER_TYPE_TIME = 13,
  QUIVER_TYPE_LOCAL_DATETIME = 14,
  QUIVER_TYPE_DATETIME = 15,
  QUIVER_TYPE_DURATION = 16
} quiver_type;

/* The type's name as Cypher writes it: "ANY", "NULL", "BOOLEAN", "INTEGER", "FLOAT",
   "STRING", "LIST", "MAP", "NODE", "RELATIONSHIP", "PATH", "DATE", "LOCAL TIME",
   "ZONED TIME", "LOCAL DATETIME", "ZONED DATETIME", "DURATION"; "INVALID". Never NULL. */
QUIVER_EXPORT const char* quiver_type_name(int type);

QUIVER_EXPORT int quiver_result_column_count(const quiver_result* result);
/* NULL when out of range. Valid until the result is closed. */
QUIVER_EXPORT const char* quiver_result_column_name(const quiver_result* result, int column);
QUIVER_EXPORT quiver_type quiver_result_column_type(const quiver_result* result, int column);

/* Moves to the next row: QUIVER_ROW, QUIVER_DONE at the end (and every call after), or
   the error that stopped the statement (every later call returns it again). A
   statement that only reads computes its rows batch by batch as they are asked for. */
QUIVER_EXPORT quiver_status quiver_result_next(quiver_result* result);

/* The current row's values. quiver_value_type() says which accessor fits; the others
   are QUIVER_MISUSE (so is a null value, for all but quiver_get_json()). */
QUIVER_EXPORT quiver_type quiver_value_type(const quiver_result* result, int column);
QUIVER_EXPORT quiver_status quiver_get_bool(quiver_result* result, int column, int* value);
QUIVER_EXPORT quiver_status quiver_get_int64(quiver_result* result, int column, int64_t* value);
/* A FLOAT, or an INTEGER converted (past 2^53 it rounds). */
QUIVER_EXPORT quiver_status quiver_get_double(quiver_result* result, int column, double* value);
/* A STRING's UTF-8 bytes (NUL-terminated; `length`, when not NULL, counts the bytes
   without the NUL, and a string may hold NULs), or a temporal value's ISO-8601 text
   ("1984-10-11", "PT1H30M"). Valid until the next quiver_result_next()/_close(). */
QUIVER_EXPORT quiver_status quiver_get_text(quiver_result* result, int column, const char** text,
                                            size_t* length);
/* Any value as JSON text, same validity: null, true, 1, 1.5 (NaN and infinities as
   null), "text", [..], {..} (keys sorted), temporals as their ISO-8601 string, a node
   {"id":..,"labels":[..],"properties":{..}}, a relationship
   {"id":..,"type":"..","start":..,"end":..,"properties":{..}}, a path
   {"nodes":[..],"relationships":[..]}. Integers are printed exactly (int64). */
QUIVER_EXPORT quiver_status quiver_get_json(quiver_result* result, int column, const char** json,
                                            size_t* length);

/* The summary. Asked before QUIVER_DONE, it reads (and drops) the rows not yet read. */
typedef enum quiver_counter {
  QUIVER_NODES_CREATED = 0,
  QUIVER_NODES_DELETED = 1,
  QUIVER_RELATIONSHIPS_CREATED = 2,
  QUIVER_RELATIONSHIPS_DELETED = 3,
  QUIVER_PROPERTIES_SET = 4,
  QUIVER_LABELS_ADDED = 5,
  QUIVER_LABELS_REMOVED = 6,
  QUIVER_INDEXES_ADDED = 7,
  QUIVER_INDEXES_REMOVED = 8,
  QUIVER_CONSTRAINTS_ADDED = 9,
  QUIVER_CONSTRAINTS_REMOVED = 10
} quiver_counter;
QUIVER_EXPORT quiver_status quiver_result_rows(quiver_result* result, uint64_t* rows);
/* Nanoseconds from the call that started the statement to its last row. */
QUIVER_EXPORT quiver_status quiver_result_elapsed_ns(quiver_result* result, int64_t* nanoseconds);
/* `counter` is a quiver_counter. */
QUIVER_EXPORT quiver_status quiver_result_counter(quiver_result* result, int counter,
                                                  uint64_t* value);
/* "created 1 node, set 2 properties", or "no changes". Valid until the result is closed. */
QUIVER_EXPORT quiver_status quiver_result_counters_text(quiver_result* result, const char** text);

/* The statement's warnings, as a JSON array of Neo4j's notifications (a label,
   relationship type or property key the database has never seen):
   [{"category":..,"code":..,"description":..,"position":{"column":..,"line":..,"offset":..},
   "severity":..,"title":..}], "[]" when there are none. Valid until the result is closed. */
QUIVER_EXPORT quiver_status quiver_result_notifications_json(quiver_result* result, const char** json);
/* The plan of an EXPLAIN or PROFILE statement as text (the layout `quiver query`
   prints; PROFILE's with rows and times per operator), or NULL for any other statement.
   Valid until the result is closed. */
QUIVER_EXPORT quiver_status quiver_result_plan_text(quiver_result* result, const char** text);

/* Stops the statement if it is still running and frees the result. */
QUIVER_EXPORT quiver_status quiver_result_close(quiver_result* result);

/* NOLINTEND(readability-identifier-naming) */

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* QUIVER_QUIVER_H */
