/* Quiver from C (quiver/quiver.h): open a database, write in a transaction, run a
 * prepared query with a parameter, stream its rows, and handle an error.
 *
 *   cmake -S . -B build -DCMAKE_PREFIX_PATH=<where Quiver is installed> && cmake --build build
 *   ./build/quiver_example_c /tmp/example-db
 *
 * or with pkg-config (see Makefile):  cc example.c $(pkg-config --cflags --libs quiver)
 */
#include <stdio.h>

#include "quiver/quiver.h"

/* Prints the last error of this thread, with its openCypher class. */
static int report(const char* what) {
  fprintf(stderr, "%s failed (%s): %s\n", what, quiver_error_class(), quiver_errmsg());
  return 1;
}

int main(int argc, char** argv) {
  const char* path = argc > 1 ? argv[1] : "example-db";
  quiver_database* db = NULL;
  quiver_connection* conn = NULL;
  quiver_statement* stmt = NULL;
  quiver_result* res = NULL;
  const char* text = NULL;
  quiver_status status;
  uint64_t rows = 0;

  printf("quiver %s\n", quiver_libversion());
  if (quiver_open(path, NULL, &db) != QUIVER_OK) return report("open");
  if (quiver_connect(db, &conn) != QUIVER_OK) return report("connect");

  /* Write in one transaction: all of it becomes visible at commit, or none of it. */
  if (quiver_begin(conn, 0) != QUIVER_OK) return report("begin");
  if (quiver_query(conn, "MATCH (p:Person) DETACH DELETE p", &res) != QUIVER_OK) return report("delete");
  quiver_result_close(res);
  if (quiver_query(conn,
                   "CREATE (:Person {name: 'Ada', born: 1815}), (:Person {name: 'Grace', born: 1906}), "
                   "(:Person {name: 'Edsger', born: 1930})",
                   &res) != QUIVER_OK) {
    report("create");
    quiver_rollback(conn);
    return 1;
  }
  if (quiver_result_counters_text(res, &text) == QUIVER_OK) printf("wrote: %s\n", text);
  quiver_result_close(res);
  if (quiver_commit(conn) != QUIVER_OK) return report("commit");

  /* A prepared query with a parameter, its rows streamed one at a time. */
  if (quiver_prepare(
          conn, "MATCH (p:Person) WHERE p.born > $after RETURN p.name AS name, p.born AS born ORDER BY born",
          -1, &stmt) != QUIVER_OK) {
    return report("prepare");
  }
  quiver_bind_int64(stmt, "after", 1900);
  if (quiver_execute(stmt, &res) != QUIVER_OK) return report("execute");
  printf("%s, %s\n", quiver_result_column_name(res, 0), quiver_result_column_name(res, 1));
  while ((status = quiver_result_next(res)) == QUIVER_ROW) {
    const char* name = NULL;
    int64_t born = 0;
    quiver_get_text(res, 0, &name, NULL);
    quiver_get_int64(res, 1, &born);
    printf("%s, %lld\n", name, (long long)born);
  }
  if (status != QUIVER_DONE) return report("next");
  quiver_result_rows(res, &rows);
  printf("%llu rows\n", (unsigned long long)rows);
  quiver_result_close(res);
  quiver_finalize(stmt);

  /* An error is a status code, with a class and a message. */
  status = quiver_query(conn, "MATCH (p:Person RETURN p", &res);
  if (status == QUIVER_SYNTAX_ERROR) printf("as expected, a %s: %s\n", quiver_error_class(), quiver_errmsg());

  quiver_disconnect(conn);
  quiver_close(db);
  return 0;
}
