/* The C API (quiver/quiver.h) used from C, compiled as C99 with -pedantic: opening a
 * database, writing in transactions that commit and roll back, prepared statements
 * with parameters, streaming rows with the typed accessors, and the errors — a syntax
 * error's message, misuse, a second writer on the same directory (busy), cancel from
 * another thread, a timeout.
 *
 * One executable; each case is its own ctest test (`quiver_capi_c_test CASE`). */
#define _XOPEN_SOURCE 700

#include <ftw.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "quiver/quiver.h"

static int failures = 0;

#define CHECK(cond)                                                                                \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      fprintf(stderr, "%s:%d: CHECK(%s) failed (last error %d: %s)\n", __FILE__, __LINE__, #cond, \
              (int)quiver_errcode(), quiver_errmsg());                                             \
      failures++;                                                                                  \
      return;                                                                                      \
    }                                                                                              \
  } while (0)

#define CHECK_OK(call) CHECK((call) == QUIVER_OK)

/* ---- a fresh directory per case, removed at the end ---- */

static char temp_root[4096];

static void make_temp_root(void) {
  const char* base = getenv("QUIVER_TEST_TMPDIR");
  snprintf(temp_root, sizeof temp_root, "%s/quiver-capi-c-XXXXXX", base != NULL ? base : "/tmp");
  if (base != NULL) {
    char command[4200];
    snprintf(command, sizeof command, "mkdir -p '%s'", base);
    if (system(command) != 0) fprintf(stderr, "could not create %s\n", base);
  }
  if (mkdtemp(temp_root) == NULL) {
    perror("mkdtemp");
    exit(2);
  }
}

static int remove_entry(const char* path, const struct stat* st, int flag, struct FTW* ftw) {
  (void)st;
  (void)flag;
  (void)ftw;
  return remove(path);
}

static void remove_temp_root(void) {
  nftw(temp_root, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

static const char* db_path(const char* name) {
  static char path[4200];
  snprintf(path, sizeof path, "%s/%s", temp_root, name);
  return path;
}

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1000.0 + (double)ts.tv_nsec / 1e6;
}

/* The single INTEGER a query returns, or -1. */
static int64_t query_int(quiver_connection* conn, const char* text) {
  quiver_result* res = NULL;
  int64_t value = -1;
  if (quiver_query(conn, text, &res) != QUIVER_OK) return -1;
  if (quiver_result_next(res) != QUIVER_ROW || quiver_get_int64(res, 0, &value) != QUIVER_OK) value = -1;
  quiver_result_close(res);
  return value;
}

/* Runs a statement and closes its result; its status. */
static quiver_status run(quiver_connection* conn, const char* text) {
  quiver_result* res = NULL;
  quiver_status status = quiver_query(conn, text, &res);
  if (status != QUIVER_OK) return status;
  while ((status = quiver_result_next(res)) == QUIVER_ROW) {
  }
  quiver_result_close(res);
  return status == QUIVER_DONE ? QUIVER_OK : status;
}

/* ---- cases ---- */

static void test_version_and_open(void) {
  quiver_database* db = NULL;
  quiver_connection* conn = NULL;
  quiver_open_options options;
  CHECK(strcmp(quiver_libversion(), QUIVER_VERSION) == 0);
  CHECK(quiver_libversion_number() == QUIVER_VERSION_NUMBER);

  memset(&options, 0, sizeof options);
  options.flags = QUIVER_OPEN_NO_CREATE;
  CHECK(quiver_open(db_path("absent"), &options, &db) == QUIVER_NOT_FOUND);
  CHECK(db == NULL);
  CHECK(strlen(quiver_errmsg()) > 0);

  CHECK_OK(quiver_open(db_path("db"), NULL, &db));
  CHECK(db != NULL);
  CHECK_OK(quiver_connect(db, &conn));
  CHECK(run(conn, "CREATE (:V {id: 1})") == QUIVER_OK);
  CHECK_OK(quiver_disconnect(conn));
  CHECK_OK(quiver_close(db));

  /* Opened again, read-only: the write is there, and writing is refused. */
  options.flags = QUIVER_OPEN_READ_ONLY;
  CHECK_OK(quiver_open(db_path("db"), &options, &db));
  CHECK_OK(quiver_connect(db, &conn));
  CHECK(query_int(conn, "MATCH (v:V) RETURN count(v) AS n") == 1);
  CHECK(run(conn, "CREATE (:V {id: 2})") != QUIVER_OK);
  CHECK_OK(quiver_disconnect(conn));
  CHECK_OK(quiver_close(db));
}

static void test_transactions(void) {
  quiver_database* db = NULL;
  quiver_connection* conn = NULL;
  quiver_connection* other = NULL;
  CHECK_OK(quiver_open(db_path("db"), NULL, &db));
  CHECK_OK(quiver_connect(db, &conn));
  CHECK_OK(quiver_connect(db, &other));

  /* Rolled back: nothing stays. */
  CHECK(quiver_in_transaction(conn) == 0);
  CHECK_OK(quiver_begin(conn, 0));
  CHECK(quiver_in_transaction(conn) == 1);
  CHECK(run(conn, "CREATE (:P {name: 'Ada'})") == QUIVER_OK);
  CHECK(query_int(conn, "MATCH (p:P) RETURN count(p) AS n") == 1); /* sees its own write */
  CHECK_OK(quiver_rollback(conn));
  CHECK(quiver_in_transaction(conn) == 0);
  CHECK(query_int(conn, "MATCH (p:P) RETURN count(p) AS n") == 0);

  /* Committed: visible to the other connection only after the commit. */
  CHECK_OK(quiver_begin(conn, 0));
  CHECK(run(conn, "CREATE (:P {name: 'Ada'}), (:P {name: 'Grace'})") == QUIVER_OK);
  CHECK(query_int(other, "MATCH (p:P) RETURN count(p) AS n") == 0);
  CHECK_OK(quiver_commit(conn));
  CHECK(query_int(other, "MATCH (p:P) RETURN count(p) AS n") == 2);

  /* A failed statement fails the whole transaction until it is rolled back. */
  CHECK_OK(quiver_begin(conn, 0));
  CHECK(run(conn, "CREATE (:P {name: 'Edsger'})") == QUIVER_OK);
  CHECK(run(conn, "RETURN 1 / 0 AS x") == QUIVER_ARITHMETIC_ERROR);
  CHECK(run(conn, "RETURN 1 AS x") == QUIVER_CLIENT_ERROR);
  CHECK(strcmp(quiver_error_detail(), "TransactionFailed") == 0);
  CHECK_OK(quiver_rollback(conn));
  CHECK(query_int(conn, "MATCH (p:P) RETURN count(p) AS n") == 2);

  /* Out of order. */
  CHECK(quiver_commit(conn) == QUIVER_CLIENT_ERROR);
  CHECK(strcmp(quiver_error_class(), "ClientError") == 0);
  CHECK(strcmp(quiver_error_detail(), "NoTransaction") == 0);
  CHECK_OK(quiver_begin(conn, 1)); /* read-only: a write is refused */
  CHECK(run(conn, "CREATE (:P)") == QUIVER_CLIENT_ERROR);
  CHECK_OK(quiver_rollback(conn));

  CHECK_OK(quiver_disconnect(other));
  CHECK_OK(quiver_disconnect(conn));
  CHECK_OK(quiver_close(db));
}

static void test_prepared_and_stream(void) {
  quiver_database* db = NULL;
  quiver_connection* conn = NULL;
  quiver_statement* insert = NULL;
  quiver_statement* select = NULL;
  quiver_result* res = NULL;
  int64_t i, n = 0, sum = 0, id = 0;
  uint64_t rows = 0, created = 0, set = 0;
  const char* text = NULL;
  const char* json = NULL;
  size_t length = 0;
  double score = 0;
  int flag = 0;
  quiver_status status;

  CHECK_OK(quiver_open(db_path("db"), NULL, &db));
  CHECK_OK(quiver_connect(db, &conn));

  /* Writes through one prepared statement, in one transaction. */
  CHECK_OK(quiver_prepare(
      conn, "CREATE (:Item {id: $id, name: $name, score: $score, hot: $hot, tags: $tags})", -1, &insert));
  CHECK_OK(quiver_begin(conn, 0));
  for (i = 1; i <= 100; i++) {
    char name[32];
    snprintf(name, sizeof name, "item-%d", (int)i);
    CHECK_OK(quiver_bind_int64(insert, "id", i));
    CHECK_OK(quiver_bind_text(insert, "$name", name, -1));
    CHECK_OK(quiver_bind_double(insert, "score", (double)i / 4.0));
    CHECK_OK(quiver_bind_bool(insert, "hot", i % 10 == 0));
    CHECK_OK(quiver_bind_json(insert, "tags", "[\"a\", \"b\"]", -1));
    CHECK_OK(quiver_execute(insert, &res));
    CHECK(quiver_result_next(res) == QUIVER_DONE);
    CHECK_OK(quiver_result_counter(res, QUIVER_NODES_CREATED, &created));
    CHECK(created == 1);
    CHECK_OK(quiver_result_counter(res, QUIVER_PROPERTIES_SET, &set));
    CHECK(set == 5);
    CHECK_OK(quiver_result_counters_text(res, &text));
    CHECK(strcmp(text, "created 1 node, set 5 properties, added 1 label") == 0);
    CHECK_OK(quiver_result_close(res));
  }
  CHECK_OK(quiver_commit(conn));
  CHECK_OK(quiver_finalize(insert));

  /* A prepared read, executed with other values, streamed row by row. */
  CHECK_OK(
      quiver_prepare(conn,
                     "MATCH (i:Item) WHERE i.id > $min RETURN i.id AS id, i.name AS name, i.score AS score, "
                     "i.hot AS hot, i AS node, null AS nothing ORDER BY id",
                     -1, &select));
  CHECK_OK(quiver_bind_int64(select, "min", 90));
  CHECK_OK(quiver_execute(select, &res));
  CHECK(quiver_result_column_count(res) == 6);
  CHECK(strcmp(quiver_result_column_name(res, 1), "name") == 0);
  CHECK(quiver_result_column_name(res, 6) == NULL);
  CHECK(quiver_result_column_type(res, 4) == QUIVER_TYPE_NODE);
  CHECK(quiver_statement_column_count(select) == 6);
  CHECK(quiver_statement_read_only(select) == 1);
  while ((status = quiver_result_next(res)) == QUIVER_ROW) {
    CHECK(quiver_value_type(res, 0) == QUIVER_TYPE_INTEGER);
    CHECK_OK(quiver_get_int64(res, 0, &id));
    CHECK_OK(quiver_get_text(res, 1, &text, &length));
    CHECK(length == strlen(text) && strncmp(text, "item-", 5) == 0);
    CHECK_OK(quiver_get_double(res, 2, &score));
    CHECK(score == (double)id / 4.0);
    CHECK_OK(quiver_get_bool(res, 3, &flag));
    CHECK(flag == (id % 10 == 0));
    CHECK_OK(quiver_get_json(res, 4, &json, NULL));
    CHECK(strstr(json, "\"labels\":[\"Item\"]") != NULL);
    CHECK(strstr(json, "\"tags\":[\"a\",\"b\"]") != NULL);
    CHECK(quiver_value_type(res, 5) == QUIVER_TYPE_NULL);
    CHECK(quiver_get_int64(res, 5, &i) == QUIVER_MISUSE); /* a null has no integer */
    CHECK(quiver_get_int64(res, 1, &i) == QUIVER_MISUSE); /* nor a string */
    n++;
    sum += id;
  }
  CHECK(status == QUIVER_DONE);
  CHECK(quiver_result_next(res) == QUIVER_DONE); /* and again */
  CHECK(n == 10 && sum == 955);
  CHECK_OK(quiver_result_rows(res, &rows));
  CHECK(rows == 10);
  CHECK_OK(quiver_result_close(res));

  CHECK_OK(quiver_bind_int64(select, "min", 98));
  CHECK_OK(quiver_execute(select, &res));
  CHECK_OK(quiver_result_rows(res, &rows)); /* reads what is left */
  CHECK(rows == 2);
  CHECK(quiver_result_next(res) == QUIVER_DONE);
  CHECK_OK(quiver_result_close(res));

  /* Unbound, the parameter is missing. */
  CHECK_OK(quiver_clear_bindings(select));
  status = quiver_execute(select, &res);
  CHECK(status == QUIVER_PARAMETER_MISSING);
  CHECK(res == NULL);

  /* A streaming result of many rows, read to its end. */
  CHECK_OK(quiver_query(conn, "UNWIND range(1, 200000) AS x RETURN x", &res));
  n = 0;
  while (quiver_result_next(res) == QUIVER_ROW) n++;
  CHECK(n == 200000);
  CHECK_OK(quiver_result_close(res));

  /* Temporal values: their ISO text. */
  CHECK_OK(quiver_query(conn, "RETURN date('1984-10-11') AS d, duration('PT90M') AS p", &res));
  CHECK(quiver_result_next(res) == QUIVER_ROW);
  CHECK(quiver_value_type(res, 0) == QUIVER_TYPE_DATE);
  CHECK_OK(quiver_get_text(res, 0, &text, NULL));
  CHECK(strcmp(text, "1984-10-11") == 0);
  CHECK_OK(quiver_get_json(res, 1, &json, NULL));
  CHECK(strcmp(json, "\"PT1H30M\"") == 0);
  CHECK_OK(quiver_result_close(res));

  CHECK_OK(quiver_finalize(select));
  CHECK_OK(quiver_disconnect(conn));
  CHECK_OK(quiver_close(db));
}

static void test_errors(void) {
  quiver_database* db = NULL;
  quiver_database* second = NULL;
  quiver_connection* conn = NULL;
  quiver_statement* st = NULL;
  quiver_result* res = NULL;
  int64_t value = 0;

  /* NULL arguments and closed parents: QUIVER_MISUSE, never a crash. */
  CHECK(quiver_open(NULL, NULL, &db) == QUIVER_MISUSE);
  CHECK(quiver_open(db_path("db"), NULL, NULL) == QUIVER_MISUSE);
  CHECK(quiver_connect(NULL, &conn) == QUIVER_MISUSE);
  CHECK(strstr(quiver_errmsg(), "quiver_connect") != NULL);
  CHECK(quiver_query(NULL, "RETURN 1", &res) == QUIVER_MISUSE);
  CHECK(quiver_prepare(NULL, "RETURN 1", -1, &st) == QUIVER_MISUSE);
  CHECK(quiver_bind_int64(NULL, "x", 1) == QUIVER_MISUSE);
  CHECK(quiver_execute(NULL, &res) == QUIVER_MISUSE);
  CHECK(quiver_result_next(NULL) == QUIVER_MISUSE);
  CHECK(quiver_get_int64(NULL, 0, &value) == QUIVER_MISUSE);
  CHECK(quiver_cancel(NULL) == QUIVER_MISUSE);
  CHECK(quiver_close(NULL) == QUIVER_MISUSE);
  CHECK(quiver_result_column_count(NULL) == 0);
  CHECK(quiver_result_column_name(NULL, 0) == NULL);
  CHECK(quiver_value_type(NULL, 0) == QUIVER_TYPE_INVALID);

  CHECK_OK(quiver_open(db_path("db"), NULL, &db));
  CHECK_OK(quiver_connect(db, &conn));

  /* A syntax error: its code, class and message. */
  CHECK(quiver_query(conn, "MATCH (n RETURN n", &res) == QUIVER_SYNTAX_ERROR);
  CHECK(res == NULL);
  CHECK(quiver_errcode() == QUIVER_SYNTAX_ERROR);
  CHECK(strcmp(quiver_error_class(), "SyntaxError") == 0);
  CHECK(strncmp(quiver_errmsg(), "SyntaxError", 11) == 0);
  CHECK(quiver_prepare(conn, "RETURN nope AS x", -1, &st) == QUIVER_SYNTAX_ERROR); /* openCypher's class */
  CHECK(strcmp(quiver_error_detail(), "UndefinedVariable") == 0);
  CHECK(st == NULL);
  /* The length given is what is read: the text past it is never seen. */
  CHECK_OK(quiver_prepare(conn, "RETURN 1 AS x garbage", 13, &st));

  /* Accessors before the first row, columns out of range. */
  CHECK_OK(quiver_execute(st, &res));
  CHECK(quiver_get_int64(res, 0, &value) == QUIVER_MISUSE);
  CHECK(quiver_result_next(res) == QUIVER_ROW);
  CHECK(quiver_get_int64(res, 1, &value) == QUIVER_MISUSE);
  CHECK(strstr(quiver_errmsg(), "out of range") != NULL);
  CHECK_OK(quiver_get_int64(res, 0, &value));
  CHECK(value == 1);
  CHECK(quiver_errcode() == QUIVER_MISUSE); /* a success leaves the last error as it was */

  /* Parents with children stay open. */
  CHECK(quiver_disconnect(conn) == QUIVER_MISUSE);
  CHECK(quiver_close(db) == QUIVER_MISUSE);
  CHECK_OK(quiver_finalize(st));
  CHECK_OK(quiver_get_int64(res, 0, &value)); /* a result outlives its statement */
  CHECK(quiver_disconnect(conn) == QUIVER_MISUSE);
  CHECK_OK(quiver_result_close(res));

  /* A second writer on the same directory is busy. */
  CHECK(quiver_open(db_path("db"), NULL, &second) == QUIVER_BUSY);
  CHECK(second == NULL);
  CHECK(strcmp(quiver_error_class(), "StorageError") == 0);
  CHECK(strcmp(quiver_error_detail(), "Busy") == 0);

  CHECK_OK(quiver_disconnect(conn));
  CHECK_OK(quiver_close(db));
  /* Closed, the directory is free again. */
  CHECK_OK(quiver_open(db_path("db"), NULL, &second));
  CHECK_OK(quiver_close(second));
}

/* A statement that runs for minutes unless stopped: 10^10 rows, every one rejected. */
static const char* const kLongQuery =
    "UNWIND range(1, 100000) AS i UNWIND range(1, 100000) AS j WITH i, j WHERE i < 0 RETURN i";

struct canceller {
  quiver_connection* conn;
  pthread_mutex_t mutex;
  int stop;
  double first_cancel_ms;
};

/* Cancels every 20 ms (a cancel before the statement starts would be lost) until told
   to stop. */
static void* cancel_loop(void* arg) {
  struct canceller* c = (struct canceller*)arg;
  struct timespec pause = {0, 20 * 1000 * 1000};
  nanosleep(&pause, NULL);
  for (;;) {
    int stop;
    pthread_mutex_lock(&c->mutex);
    stop = c->stop;
    pthread_mutex_unlock(&c->mutex);
    if (stop) break;
    if (c->first_cancel_ms == 0) c->first_cancel_ms = now_ms();
    if (quiver_cancel(c->conn) != QUIVER_OK) fprintf(stderr, "quiver_cancel failed: %s\n", quiver_errmsg());
    nanosleep(&pause, NULL);
  }
  return NULL;
}

static void test_cancel(void) {
  quiver_database* db = NULL;
  quiver_connection* conn = NULL;
  quiver_result* res = NULL;
  pthread_t thread;
  struct canceller c;
  quiver_status status;
  double ended;

  CHECK_OK(quiver_open(db_path("db"), NULL, &db));
  CHECK_OK(quiver_connect(db, &conn));
  CHECK_OK(quiver_set_timeout_ms(conn, 120000)); /* a net: a cancel that never lands ends as TIMEOUT */
  c.conn = conn;
  c.stop = 0;
  c.first_cancel_ms = 0;
  pthread_mutex_init(&c.mutex, NULL);
  CHECK(pthread_create(&thread, NULL, cancel_loop, &c) == 0);

  status = quiver_query(conn, kLongQuery, &res);
  if (status == QUIVER_OK) {
    while ((status = quiver_result_next(res)) == QUIVER_ROW) {
    }
  }
  ended = now_ms();
  pthread_mutex_lock(&c.mutex);
  c.stop = 1;
  pthread_mutex_unlock(&c.mutex);
  pthread_join(thread, NULL);
  pthread_mutex_destroy(&c.mutex);

  CHECK(status == QUIVER_INTERRUPTED);
  CHECK(strcmp(quiver_error_detail(), "Cancelled") == 0);
  printf("[ cancel ] stopped %.0f ms after the first quiver_cancel()\n", ended - c.first_cancel_ms);
  CHECK(ended - c.first_cancel_ms < 5000);
  if (res != NULL) {
    CHECK(quiver_result_next(res) == QUIVER_INTERRUPTED); /* the failure is reported again */
    CHECK_OK(quiver_result_close(res));
  }
  CHECK(query_int(conn, "RETURN 7 AS x") == 7); /* the connection works after */
  CHECK_OK(quiver_disconnect(conn));
  CHECK_OK(quiver_close(db));
}

static void test_timeout(void) {
  quiver_database* db = NULL;
  quiver_connection* conn = NULL;
  double started, took;
  CHECK_OK(quiver_open(db_path("db"), NULL, &db));
  CHECK_OK(quiver_connect(db, &conn));
  CHECK(quiver_set_timeout_ms(conn, -1) == QUIVER_MISUSE);
  CHECK_OK(quiver_set_timeout_ms(conn, 100));
  started = now_ms();
  CHECK(run(conn, kLongQuery) == QUIVER_TIMEOUT);
  took = now_ms() - started;
  CHECK(strcmp(quiver_error_detail(), "Timeout") == 0);
  CHECK(strstr(quiver_errmsg(), "100 ms") != NULL);
  printf("[ timeout ] a 100 ms timeout stopped the statement after %.0f ms\n", took);
  CHECK(took >= 100 && took < 5000);
  CHECK_OK(quiver_set_timeout_ms(conn, 0));
  CHECK(query_int(conn, "RETURN 8 AS x") == 8);
  CHECK_OK(quiver_disconnect(conn));
  CHECK_OK(quiver_close(db));
}

static void test_memory_limit(void) {
  quiver_database* db = NULL;
  quiver_connection* conn = NULL;
  CHECK_OK(quiver_open(db_path("db"), NULL, &db));
  CHECK_OK(quiver_connect(db, &conn));
  CHECK_OK(quiver_set_memory_limit(conn, 16u << 20));
  CHECK(run(conn, "UNWIND range(1, 100000) AS a UNWIND range(1, 10000) AS b RETURN collect(a) AS c") ==
        QUIVER_RESOURCE_EXHAUSTED);
  CHECK(strcmp(quiver_error_detail(), "MemoryLimitExceeded") == 0);
  CHECK(strstr(quiver_errmsg(), "16 MiB") != NULL);
  CHECK(query_int(conn, "RETURN 9 AS x") == 9);  /* the connection is unharmed */
  CHECK(quiver_set_memory_limit(NULL, 1) == QUIVER_MISUSE);
  CHECK_OK(quiver_refresh(db)); /* a writer: nothing to catch up with */
  CHECK_OK(quiver_disconnect(conn));
  CHECK_OK(quiver_close(db));
}

static void test_in_memory(void) {
  quiver_database* db = NULL;
  quiver_connection* conn = NULL;
  CHECK_OK(quiver_open_in_memory(NULL, &db));
  CHECK_OK(quiver_connect(db, &conn));
  CHECK(run(conn, "UNWIND range(1, 5) AS i CREATE (:N {i: i})") == QUIVER_OK);
  CHECK(query_int(conn, "MATCH (n:N) RETURN sum(n.i) AS s") == 15);
  CHECK_OK(quiver_disconnect(conn));
  CHECK_OK(quiver_close(db));
}

struct test_case {
  const char* name;
  void (*run)(void);
};

static const struct test_case cases[] = {
    {"version_and_open", test_version_and_open},
    {"transactions", test_transactions},
    {"prepared_and_stream", test_prepared_and_stream},
    {"errors", test_errors},
    {"cancel", test_cancel},
    {"timeout", test_timeout},
    {"memory_limit", test_memory_limit},
    {"in_memory", test_in_memory},
};

int main(int argc, char** argv) {
  size_t i;
  int ran = 0;
  for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    if (argc > 1 && strcmp(argv[1], cases[i].name) != 0) continue;
    make_temp_root();
    printf("[ RUN  ] %s\n", cases[i].name);
    cases[i].run();
    remove_temp_root();
    printf("[ %s ] %s\n", failures == 0 ? " OK " : "FAIL", cases[i].name);
    ran++;
    if (failures > 0) break;
  }
  if (ran == 0) {
    fprintf(stderr, "no case named %s\n", argc > 1 ? argv[1] : "(none)");
    return 2;
  }
  return failures == 0 ? 0 : 1;
}
