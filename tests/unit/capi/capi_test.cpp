// The C API (quiver/quiver.h) from C++: every error class mapped to its status code, no
// exception crossing the boundary (std::bad_alloc included), the thread-local error
// state, values as JSON both ways, parameters of every kind, results that fail part way,
// early close, the lifetime rules, and the open options. tests/unit/capi/capi_c_test.c
// drives the same API from C.

#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <cstring>
#include <limits>
#include <new>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "capi/capi_error.h"
#include "capi/value_json.h"
#include "quiver/quiver.h"
#include "test_util/temp_dir.h"

namespace quiver {
namespace {

using capi::FailFromCurrentException;
using capi::Guard;
using capi::StatusOf;

TEST(CapiErrorTest, EveryErrorClassHasItsStatus) {
  EXPECT_EQ(StatusOf(SyntaxError("X", "m")), QUIVER_SYNTAX_ERROR);
  EXPECT_EQ(StatusOf(SemanticError("X", "m")), QUIVER_SEMANTIC_ERROR);
  EXPECT_EQ(StatusOf(TypeError("X", "m")), QUIVER_TYPE_ERROR);
  EXPECT_EQ(StatusOf(ArgumentError("X", "m")), QUIVER_ARGUMENT_ERROR);
  EXPECT_EQ(StatusOf(ArithmeticError("X", "m")), QUIVER_ARITHMETIC_ERROR);
  EXPECT_EQ(StatusOf(ConstraintVerificationFailed("X", "m")), QUIVER_CONSTRAINT_ERROR);
  EXPECT_EQ(StatusOf(EntityNotFound("X", "m")), QUIVER_ENTITY_NOT_FOUND);
  EXPECT_EQ(StatusOf(ProcedureError("X", "m")), QUIVER_PROCEDURE_ERROR);
  EXPECT_EQ(StatusOf(ParameterMissing("X", "m")), QUIVER_PARAMETER_MISSING);
  EXPECT_EQ(StatusOf(ResourceExhaustedError("X", "m")), QUIVER_RESOURCE_EXHAUSTED);
  EXPECT_EQ(StatusOf(InternalError("X", "m")), QUIVER_INTERNAL_ERROR);
  EXPECT_EQ(StatusOf(ClientError("TransactionFailed", "m")), QUIVER_CLIENT_ERROR);
  EXPECT_EQ(StatusOf(QueryInterrupted("Cancelled", "m")), QUIVER_INTERRUPTED);
  EXPECT_EQ(StatusOf(QueryInterrupted("Timeout", "m")), QUIVER_TIMEOUT);
}

TEST(CapiErrorTest, StorageErrorsAreToldApartByTheirStatusCode) {
  // ThrowIfError is how a Status leaves storage as a StorageError.
  auto status_of = [](const Status& status) {
    return Guard([&] {
      ThrowIfError(status);
      return QUIVER_OK;
    });
  };
  EXPECT_EQ(status_of(Status::Busy("held")), QUIVER_BUSY);
  EXPECT_STREQ(quiver_error_class(), "StorageError");
  EXPECT_STREQ(quiver_error_detail(), "Busy");
  EXPECT_STREQ(quiver_errmsg(), "StorageError/Busy: held");
  EXPECT_EQ(status_of(Status::Corruption("bad")), QUIVER_CORRUPTION);
  EXPECT_EQ(status_of(Status::IOError("eio")), QUIVER_IO_ERROR);
  EXPECT_EQ(status_of(Status::NotFound("none")), QUIVER_NOT_FOUND);
  EXPECT_EQ(status_of(Status::ReadOnly("ro")), QUIVER_READ_ONLY);
  EXPECT_EQ(status_of(Status::ResourceExhausted("full")), QUIVER_RESOURCE_EXHAUSTED);
  EXPECT_EQ(status_of(Status::NotSupported("no")), QUIVER_STORAGE_ERROR);
  EXPECT_EQ(status_of(Status::OK()), QUIVER_OK);
  EXPECT_EQ(quiver_errcode(), QUIVER_STORAGE_ERROR);  // a success leaves the last error
}

TEST(CapiErrorTest, NoExceptionCrossesTheBoundary) {
  EXPECT_EQ(Guard([]() -> quiver_status { throw std::bad_alloc(); }), QUIVER_RESOURCE_EXHAUSTED);
  EXPECT_STREQ(quiver_error_detail(), "OutOfMemory");
  EXPECT_EQ(Guard([]() -> quiver_status { throw std::runtime_error("boom"); }), QUIVER_INTERNAL_ERROR);
  EXPECT_STREQ(quiver_errmsg(), "InternalError: boom");
  EXPECT_EQ(Guard([]() -> quiver_status { throw 42; }), QUIVER_INTERNAL_ERROR);
  EXPECT_EQ(quiver_errcode(), QUIVER_INTERNAL_ERROR);
}

TEST(CapiErrorTest, TheErrorStateIsPerThread) {
  EXPECT_EQ(quiver_connect(nullptr, nullptr), QUIVER_MISUSE);
  std::string seen;
  quiver_status seen_code = QUIVER_MISUSE;
  std::thread other([&] {
    seen_code = quiver_errcode();
    seen = quiver_errmsg();
  });
  other.join();
  EXPECT_EQ(seen_code, QUIVER_OK);
  EXPECT_EQ(seen, "not an error");
  EXPECT_EQ(quiver_errcode(), QUIVER_MISUSE);
  EXPECT_NE(std::string(quiver_errmsg()).find("quiver_connect"), std::string::npos);
}

TEST(CapiErrorTest, EveryCodeAndTypeHasAName) {
  for (int code = 0; code <= QUIVER_MISUSE; ++code) {
    EXPECT_STRNE(quiver_errstr(code), "unknown status code") << code;
  }
  EXPECT_STREQ(quiver_errstr(QUIVER_ROW), "another row is ready");
  EXPECT_STREQ(quiver_errstr(777), "unknown status code");
  for (int type = QUIVER_TYPE_ANY; type <= QUIVER_TYPE_DURATION; ++type) {
    EXPECT_STRNE(quiver_type_name(type), "INVALID") << type;
  }
  EXPECT_STREQ(quiver_type_name(QUIVER_TYPE_DATETIME), "ZONED DATETIME");
}

// ---- values as JSON ----

TEST(CapiJsonTest, ScalarsAndComposites) {
  using capi::ToJson;
  EXPECT_EQ(ToJson(Value::Null()), "null");
  EXPECT_EQ(ToJson(Value::Bool(true)), "true");
  EXPECT_EQ(ToJson(Value::Int(std::numeric_limits<int64_t>::min())), "-9223372036854775808");
  EXPECT_EQ(ToJson(Value::Float(1.5)), "1.5");
  EXPECT_EQ(ToJson(Value::Float(2.0)), "2.0");
  EXPECT_EQ(ToJson(Value::Float(1e308)), "1e308");
  EXPECT_EQ(ToJson(Value::Float(std::nan(""))), "null");
  EXPECT_EQ(ToJson(Value::Float(-std::numeric_limits<double>::infinity())), "null");
  EXPECT_EQ(ToJson(Value::String("a\"b\\c\nd\x01\xc3\xa9")), "\"a\\\"b\\\\c\\nd\\u0001\xc3\xa9\"");
  EXPECT_EQ(ToJson(Value::List({Value::Int(1), Value::String("x"), Value::Null()})), "[1,\"x\",null]");
  EXPECT_EQ(ToJson(Value::Map(ValueMap{{"b", Value::Int(2)}, {"a", Value::List({})}})), "{\"a\":[],\"b\":2}");
  EXPECT_EQ(ToJson(Value::Date(DateValue{0})), "\"1970-01-01\"");
}

TEST(CapiJsonTest, JsonReadsBackAsTheValue) {
  const Value v = capi::FromJson(R"({"n": 1, "f": 1.5, "s": "x", "l": [true, null, -2], "m": {}})");
  ASSERT_TRUE(v.IsMap());
  EXPECT_EQ(v.AsMap().Find("n")->AsInt(), 1);
  EXPECT_DOUBLE_EQ(v.AsMap().Find("f")->AsFloat(), 1.5);
  EXPECT_EQ(v.AsMap().Find("l")->AsList().size(), 3u);
  EXPECT_EQ(capi::ToJson(v), R"({"f":1.5,"l":[true,null,-2],"m":{},"n":1,"s":"x"})");
  EXPECT_THROW(capi::FromJson("[1,"), std::invalid_argument);
  EXPECT_THROW(capi::FromJson("18446744073709551615"), std::invalid_argument);
  EXPECT_EQ(capi::FromJson("9223372036854775807").AsInt(), std::numeric_limits<int64_t>::max());
}

// ---- through the API, on a database ----

class CapiTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_EQ(quiver_open(dir_.Join("db").c_str(), nullptr, &db_), QUIVER_OK) << quiver_errmsg();
    ASSERT_EQ(quiver_connect(db_, &conn_), QUIVER_OK) << quiver_errmsg();
  }
  void TearDown() override {
    EXPECT_EQ(quiver_disconnect(conn_), QUIVER_OK) << quiver_errmsg();
    EXPECT_EQ(quiver_close(db_), QUIVER_OK) << quiver_errmsg();
  }

  // The JSON of every value of the first row of `text`, or the error.
  std::vector<std::string> FirstRowJson(const char* text) {
    quiver_result* res = nullptr;
    if (quiver_query(conn_, text, &res) != QUIVER_OK) return {quiver_errmsg()};
    std::vector<std::string> out;
    if (quiver_result_next(res) == QUIVER_ROW) {
      for (int c = 0; c < quiver_result_column_count(res); ++c) {
        const char* json = nullptr;
        EXPECT_EQ(quiver_get_json(res, c, &json, nullptr), QUIVER_OK);
        out.emplace_back(json);
      }
    }
    EXPECT_EQ(quiver_result_close(res), QUIVER_OK);
    return out;
  }

  quiver::testing::TempDir dir_;
  quiver_database* db_ = nullptr;
  quiver_connection* conn_ = nullptr;
};

TEST_F(CapiTest, GraphElementsAndPathsAsJson) {
  const auto row = FirstRowJson(
      "CREATE p = (a:A:B {x: 1, name: 'n'})-[r:T {w: 2.5}]->(b:C) RETURN a, r, p, [a.x, {k: b}] AS mixed");
  ASSERT_EQ(row.size(), 4u) << (row.empty() ? "" : row[0]);
  EXPECT_EQ(row[0].rfind("{\"id\":", 0), 0u) << row[0];
  EXPECT_NE(row[0].find("\"labels\":[\"A\",\"B\"],\"properties\":{\"name\":\"n\",\"x\":1}}"),
            std::string::npos)
      << row[0];
  EXPECT_NE(row[1].find("\"type\":\"T\",\"start\":"), std::string::npos) << row[1];
  EXPECT_NE(row[1].find("\"properties\":{\"w\":2.5}}"), std::string::npos) << row[1];
  EXPECT_EQ(row[2].rfind("{\"nodes\":[{\"id\":", 0), 0u) << row[2];
  EXPECT_NE(row[2].find("],\"relationships\":[{\"id\":"), std::string::npos) << row[2];
  EXPECT_EQ(row[3].rfind("[1,{\"k\":{\"id\":", 0), 0u) << row[3];
}

TEST_F(CapiTest, TemporalsAsTextAndJson) {
  const auto row = FirstRowJson(
      "RETURN datetime('2015-07-21T21:40:32.142+01:00') AS dt, localtime('12:31:14') AS lt, "
      "duration({days: 1, hours: 2}) AS d");
  ASSERT_EQ(row.size(), 3u) << row[0];
  EXPECT_EQ(row[0], "\"2015-07-21T21:40:32.142+01:00\"");
  EXPECT_EQ(row[1], "\"12:31:14\"");
  EXPECT_EQ(row[2], "\"P1DT2H\"");
}

TEST_F(CapiTest, ParametersOfEveryKind) {
  quiver_statement* st = nullptr;
  ASSERT_EQ(quiver_prepare(conn_, "RETURN $l AS l, $m.k AS k, $s AS s, $n AS n, $d AS d", -1, &st),
            QUIVER_OK);
  EXPECT_EQ(quiver_bind_json(st, "l", "[1, 2.5, \"x\", [true]]", -1), QUIVER_OK);
  EXPECT_EQ(quiver_bind_json(st, "m", "{\"k\": {\"deep\": null}}", -1), QUIVER_OK);
  EXPECT_EQ(quiver_bind_text(st, "s", "a\0b", 3), QUIVER_OK);  // a NUL inside
  EXPECT_EQ(quiver_bind_null(st, "n"), QUIVER_OK);
  EXPECT_EQ(quiver_bind_double(st, "d", 0.25), QUIVER_OK);
  EXPECT_EQ(quiver_bind_json(st, "bad", "[1,", -1), QUIVER_MISUSE);
  EXPECT_NE(std::string(quiver_errmsg()).find("invalid JSON"), std::string::npos) << quiver_errmsg();
  EXPECT_EQ(quiver_bind_int64(st, "", 1), QUIVER_MISUSE);
  EXPECT_EQ(quiver_bind_int64(st, nullptr, 1), QUIVER_MISUSE);
  EXPECT_EQ(quiver_bind_text(st, "s2", nullptr, 0), QUIVER_MISUSE);

  quiver_result* res = nullptr;
  ASSERT_EQ(quiver_execute(st, &res), QUIVER_OK) << quiver_errmsg();
  ASSERT_EQ(quiver_result_next(res), QUIVER_ROW) << quiver_errmsg();
  const char* text = nullptr;
  size_t length = 0;
  ASSERT_EQ(quiver_get_json(res, 0, &text, &length), QUIVER_OK);
  EXPECT_STREQ(text, "[1,2.5,\"x\",[true]]");
  EXPECT_EQ(length, std::strlen(text));
  ASSERT_EQ(quiver_get_json(res, 1, &text, nullptr), QUIVER_OK);
  EXPECT_STREQ(text, "{\"deep\":null}");
  ASSERT_EQ(quiver_get_text(res, 2, &text, &length), QUIVER_OK);
  EXPECT_EQ(std::string(text, length), std::string("a\0b", 3));
  EXPECT_EQ(quiver_value_type(res, 3), QUIVER_TYPE_NULL);
  EXPECT_EQ(quiver_get_text(res, 3, &text, nullptr), QUIVER_MISUSE);
  ASSERT_EQ(quiver_get_json(res, 3, &text, nullptr), QUIVER_OK);
  EXPECT_STREQ(text, "null");
  double d = 0;
  ASSERT_EQ(quiver_get_double(res, 4, &d), QUIVER_OK);
  EXPECT_EQ(d, 0.25);
  EXPECT_EQ(quiver_result_close(res), QUIVER_OK);

  // Another kind for the same parameter: planned again, transparently.
  EXPECT_EQ(quiver_bind_int64(st, "d", 3), QUIVER_OK);
  ASSERT_EQ(quiver_execute(st, &res), QUIVER_OK) << quiver_errmsg();
  ASSERT_EQ(quiver_result_next(res), QUIVER_ROW);
  EXPECT_EQ(quiver_value_type(res, 4), QUIVER_TYPE_INTEGER);
  ASSERT_EQ(quiver_get_double(res, 4, &d), QUIVER_OK);  // an INTEGER read as a double
  EXPECT_EQ(d, 3.0);
  EXPECT_EQ(quiver_result_close(res), QUIVER_OK);
  EXPECT_EQ(quiver_finalize(st), QUIVER_OK);
  EXPECT_EQ(quiver_finalize(nullptr), QUIVER_MISUSE);
}

TEST_F(CapiTest, AStatementThatFailsPartWayReportsItsErrorAgain) {
  quiver_result* res = nullptr;
  ASSERT_EQ(quiver_query(conn_, "UNWIND range(-3, 3) AS x RETURN 10 / x AS y", &res), QUIVER_OK);
  quiver_status status;
  while ((status = quiver_result_next(res)) == QUIVER_ROW) {
  }
  EXPECT_EQ(status, QUIVER_ARITHMETIC_ERROR) << quiver_errmsg();
  const std::string first = quiver_errmsg();
  EXPECT_EQ(quiver_result_next(res), QUIVER_ARITHMETIC_ERROR);
  EXPECT_EQ(quiver_errmsg(), first);
  uint64_t rows = 0;
  EXPECT_EQ(quiver_result_rows(res, &rows), QUIVER_ARITHMETIC_ERROR);
  EXPECT_EQ(quiver_result_close(res), QUIVER_OK);
}

TEST_F(CapiTest, ClosingAStreamingResultEarlyStopsIt) {
  quiver_result* res = nullptr;
  const auto started = std::chrono::steady_clock::now();
  ASSERT_EQ(quiver_query(conn_, "UNWIND range(1, 100000) AS i UNWIND range(1, 100000) AS j RETURN i", &res),
            QUIVER_OK);
  ASSERT_EQ(quiver_result_next(res), QUIVER_ROW);
  int64_t x = 0;
  ASSERT_EQ(quiver_get_int64(res, 0, &x), QUIVER_OK);
  EXPECT_EQ(x, 1);
  EXPECT_EQ(quiver_result_close(res), QUIVER_OK);
  EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(10));
}

TEST_F(CapiTest, WriteCountersAndTheirText) {
  quiver_result* res = nullptr;
  ASSERT_EQ(quiver_query(conn_, "CREATE (:A {x: 1})-[:T]->(:B)", &res), QUIVER_OK);
  uint64_t value = 0;
  EXPECT_EQ(quiver_result_counter(res, QUIVER_NODES_CREATED, &value), QUIVER_OK);
  EXPECT_EQ(value, 2u);
  EXPECT_EQ(quiver_result_counter(res, QUIVER_RELATIONSHIPS_CREATED, &value), QUIVER_OK);
  EXPECT_EQ(value, 1u);
  EXPECT_EQ(quiver_result_counter(res, 99, &value), QUIVER_MISUSE);
  int64_t elapsed = -1;
  EXPECT_EQ(quiver_result_elapsed_ns(res, &elapsed), QUIVER_OK);
  EXPECT_GT(elapsed, 0);
  EXPECT_EQ(quiver_result_close(res), QUIVER_OK);

  ASSERT_EQ(quiver_query(conn_, "MATCH (n) DETACH DELETE n", &res), QUIVER_OK);
  const char* text = nullptr;
  EXPECT_EQ(quiver_result_counters_text(res, &text), QUIVER_OK);
  EXPECT_STREQ(text, "deleted 2 nodes, deleted 1 relationship");
  EXPECT_EQ(quiver_result_counter(res, QUIVER_NODES_DELETED, &value), QUIVER_OK);
  EXPECT_EQ(value, 2u);
  EXPECT_EQ(quiver_result_close(res), QUIVER_OK);

  ASSERT_EQ(quiver_query(conn_, "RETURN 1 AS x", &res), QUIVER_OK);
  EXPECT_EQ(quiver_result_counters_text(res, &text), QUIVER_OK);
  EXPECT_STREQ(text, "no changes");
  EXPECT_EQ(quiver_result_close(res), QUIVER_OK);
}

// The summary's notifications and plan reach C callers too.
TEST_F(CapiTest, NotificationsAndPlan) {
  quiver_result* res = nullptr;
  ASSERT_EQ(quiver_query(conn_, "MATCH (n:Nope) RETURN n", &res), QUIVER_OK);
  const char* json = nullptr;
  EXPECT_EQ(quiver_result_notifications_json(res, &json), QUIVER_OK);
  ASSERT_NE(json, nullptr);
  const std::string text(json);
  EXPECT_NE(text.find("\"code\":\"Neo.ClientNotification.Statement.UnknownLabelWarning\""), std::string::npos) << text;
  EXPECT_NE(text.find("\"column\":10"), std::string::npos) << text;
  const char* plan = "unset";
  EXPECT_EQ(quiver_result_plan_text(res, &plan), QUIVER_OK);
  EXPECT_EQ(plan, nullptr);  // not EXPLAIN or PROFILE
  EXPECT_EQ(quiver_result_notifications_json(res, nullptr), QUIVER_MISUSE);
  EXPECT_EQ(quiver_result_close(res), QUIVER_OK);

  ASSERT_EQ(quiver_query(conn_, "PROFILE UNWIND range(1, 3) AS x RETURN x", &res), QUIVER_OK);
  int rows = 0;
  while (quiver_result_next(res) == QUIVER_ROW) ++rows;
  EXPECT_EQ(rows, 3);  // PROFILE returns its rows
  EXPECT_EQ(quiver_result_plan_text(res, &plan), QUIVER_OK);
  ASSERT_NE(plan, nullptr);
  EXPECT_NE(std::string(plan).find("ProduceResults"), std::string::npos) << plan;
  EXPECT_NE(std::string(plan).find("rows=3"), std::string::npos) << plan;
  EXPECT_EQ(quiver_result_notifications_json(res, &json), QUIVER_OK);
  EXPECT_STREQ(json, "[]");
  EXPECT_EQ(quiver_result_close(res), QUIVER_OK);
}

TEST_F(CapiTest, AFailedTransactionStaysOpenUntilRolledBack) {
  ASSERT_EQ(quiver_begin(conn_, 0), QUIVER_OK);
  EXPECT_EQ(quiver_begin(conn_, 0), QUIVER_CLIENT_ERROR);
  EXPECT_STREQ(quiver_error_detail(), "TransactionActive");
  quiver_result* res = nullptr;
  EXPECT_EQ(quiver_query(conn_, "RETURN nope", &res), QUIVER_SYNTAX_ERROR);
  EXPECT_EQ(res, nullptr);
  EXPECT_EQ(quiver_in_transaction(conn_), 1);
  EXPECT_EQ(quiver_commit(conn_), QUIVER_CLIENT_ERROR);  // ends it, saying it failed
  EXPECT_STREQ(quiver_error_detail(), "TransactionFailed");
  EXPECT_EQ(quiver_in_transaction(conn_), 0);
}

TEST_F(CapiTest, ColumnTypesAreKnownBeforeTheFirstRow) {
  quiver_result* res = nullptr;
  ASSERT_EQ(quiver_query(conn_, "RETURN 1 AS i, 'x' AS s, [1] AS l, 1.5 AS f, true AS b", &res), QUIVER_OK);
  EXPECT_EQ(quiver_result_column_type(res, 0), QUIVER_TYPE_INTEGER);
  EXPECT_EQ(quiver_result_column_type(res, 1), QUIVER_TYPE_STRING);
  EXPECT_EQ(quiver_result_column_type(res, 2), QUIVER_TYPE_LIST);
  EXPECT_EQ(quiver_result_column_type(res, 3), QUIVER_TYPE_FLOAT);
  EXPECT_EQ(quiver_result_column_type(res, 4), QUIVER_TYPE_BOOLEAN);
  EXPECT_EQ(quiver_result_column_type(res, 5), QUIVER_TYPE_INVALID);
  EXPECT_EQ(quiver_result_column_type(res, -1), QUIVER_TYPE_INVALID);
  EXPECT_EQ(quiver_value_type(res, 0), QUIVER_TYPE_INVALID);  // no row yet
  EXPECT_EQ(quiver_result_close(res), QUIVER_OK);
}

TEST_F(CapiTest, ParentsCannotCloseBeforeTheirChildren) {
  quiver_connection* second = nullptr;
  ASSERT_EQ(quiver_connect(db_, &second), QUIVER_OK);
  EXPECT_EQ(quiver_close(db_), QUIVER_MISUSE);
  EXPECT_NE(std::string(quiver_errmsg()).find("2 connection(s) still open"), std::string::npos)
      << quiver_errmsg();
  quiver_statement* st = nullptr;
  ASSERT_EQ(quiver_prepare(second, "RETURN 1 AS x", -1, &st), QUIVER_OK);
  EXPECT_EQ(quiver_disconnect(second), QUIVER_MISUSE);
  EXPECT_EQ(quiver_finalize(st), QUIVER_OK);
  EXPECT_EQ(quiver_disconnect(second), QUIVER_OK);
}

TEST(CapiOpenTest, OptionsThisVersionDoesNotKnowAreMisuse) {
  quiver::testing::TempDir dir;
  quiver_database* db = nullptr;
  quiver_open_options options{};
  options.flags = 0x100;
  EXPECT_EQ(quiver_open(dir.Join("db").c_str(), &options, &db), QUIVER_MISUSE);
  EXPECT_EQ(db, nullptr);
  options.flags = 0;
  options.reserved[2] = 1;
  EXPECT_EQ(quiver_open_in_memory(&options, &db), QUIVER_MISUSE);
  options.reserved[2] = 0;
  options.flags = QUIVER_OPEN_ASYNC | QUIVER_OPEN_VERIFY_CHECKSUMS;
  options.memory_budget = 64u << 20;
  ASSERT_EQ(quiver_open(dir.Join("db").c_str(), &options, &db), QUIVER_OK) << quiver_errmsg();
  EXPECT_EQ(quiver_close(db), QUIVER_OK);
}

}  // namespace
}  // namespace quiver
