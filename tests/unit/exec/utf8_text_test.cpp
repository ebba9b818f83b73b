// Every string a query handles is valid UTF-8: text that is not is refused where it
// comes in from outside the engine — parameters (ArgumentError/InvalidEncoding naming
// the parameter), procedure results (ProcedureError/InvalidEncoding) — and the string
// functions, which work on code points, never cut a character in two. (Query text: the
// parser, syntax_error_test.cpp; CSV import: csv_import_test.cpp.)

#include <gtest/gtest.h>

#include <string>

#include "common/value/value_utf8.h"
#include "quiver/database.h"

namespace quiver {
namespace {

class Utf8TextTest : public ::testing::Test {
 protected:
  // "Class/Detail: message" of the error the query raises, or "ok".
  std::string ErrorOf(std::string_view query, const ValueMap& params = {}) {
    try {
      conn_->Query(query, params);
      return "ok";
    } catch (const QuiverError& e) {
      return std::string(ErrorClassName(e.error_class())) + "/" + e.detail() + ": " + e.message();
    }
  }

  std::unique_ptr<Database> db_ = Database::OpenInMemory();
  std::unique_ptr<Connection> conn_ = db_->Connect();
};

TEST_F(Utf8TextTest, AParameterThatIsNotUtf8IsAnArgumentErrorNamingIt) {
  EXPECT_EQ(ErrorOf("RETURN $s", {{"s", Value::String("x\xFF")}}),
            "ArgumentError/InvalidEncoding: parameter $s is not valid UTF-8: byte 0xFF at byte 1");
  ValueMap nested{{"p", Value::List({Value::Int(1), Value::Map(ValueMap{{"k", Value::String("ok\xC3")}})})}};
  EXPECT_EQ(ErrorOf("RETURN 1", nested),
            "ArgumentError/InvalidEncoding: parameter $p[1].k is not valid UTF-8: byte 0xC3 at byte 2");
  EXPECT_EQ(ErrorOf("RETURN 1", {{"m", Value::Map(ValueMap{{"a\xED\xA0\x80", Value::Int(1)}})}}),
            "ArgumentError/InvalidEncoding: parameter $m (a map key) is not valid UTF-8: byte 0xED at byte 1");
  EXPECT_EQ(ErrorOf("RETURN 1", {{"n\xFF", Value::Int(1)}}),
            "ArgumentError/InvalidEncoding: a parameter name is not valid UTF-8: byte 0xFF at byte 1");
  // Refused before anything runs: nothing is written.
  EXPECT_NE(ErrorOf("CREATE (:P {name: $s})", {{"s", Value::String("\xC0\x80")}}), "ok");
  EXPECT_EQ(conn_->Query("MATCH (n) RETURN count(n)").rows()[0][0].AsInt(), 0);
  // Valid text of every width is fine.
  auto result = conn_->Query("RETURN $s AS s", {{"s", Value::String("caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80")}});
  EXPECT_EQ(result.rows()[0][0].AsString(), "caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80");
}

TEST_F(Utf8TextTest, AProcedureThatReturnsTextThatIsNotUtf8IsAProcedureError) {
  db_->RegisterProcedure({"test.bytes", {}, {{"out", "STRING?"}}}, [](std::span<const Value>) {
    return std::vector<std::vector<Value>>{{Value::String("fine")}, {Value::String("bro\xFFken")}};
  });
  std::string error = ErrorOf("CALL test.bytes() YIELD out RETURN out");
  EXPECT_EQ(error.rfind("ProcedureError/InvalidEncoding: procedure test.bytes returned text that is not valid UTF-8", 0),
            0u)
      << error;
}

// The string functions count code points (left('äb', 1) = 'ä'): for every cut of
// strings of 2-, 3- and 4-byte characters, what they return is valid UTF-8.
TEST_F(Utf8TextTest, StringFunctionsNeverCutACharacter) {
  const Value strings = Value::List({Value::String("\xC3\xA4\xC3\xB6\xC3\xBC"),            // äöü
                                     Value::String("a\xF0\x9F\x98\x80" "b"),              // a😀b
                                     Value::String("\xE6\x97\xA5\xE6\x9C\xAC \xE8\xAA\x9E"),  // 日本 語
                                     Value::String(" e\xCC\x81 ")});                       // e + combining acute
  auto result = conn_->Query(
      "UNWIND $strings AS s UNWIND range(0, 5) AS i UNWIND range(0, 5) AS j "
      "RETURN [left(s, i), right(s, i), substring(s, i), substring(s, i, j), reverse(s), toUpper(s), "
      "toLower(s), trim(s), ltrim(s), rtrim(s), replace(s, '', '-'), replace(s, substring(s, i, 1), '.'), "
      "s + s, toString(s)] + split(s, '') + split(s, substring(s, i, 1)) AS out",
      {{"strings", strings}});
  ASSERT_EQ(result.size(), 4u * 6 * 6);
  for (const auto& row : result.rows()) {
    auto bad = FindInvalidUtf8Text(row[0]);
    EXPECT_FALSE(bad) << ToTckString(row[0]) << " at " << bad->path;
  }
  // A copy: the text a result's value views ends with the result, here at the return.
  auto one = [&](std::string_view query) { return std::string(conn_->Query(query).rows()[0][0].AsString()); };
  EXPECT_EQ(one("RETURN left('a\xF0\x9F\x98\x80" "b', 2)"), "a\xF0\x9F\x98\x80");
  EXPECT_EQ(one("RETURN reverse('a\xF0\x9F\x98\x80" "b')"), "b\xF0\x9F\x98\x80" "a");
  EXPECT_EQ(one("RETURN substring('\xE6\x97\xA5\xE6\x9C\xAC\xE8\xAA\x9E', 1, 1)"), "\xE6\x9C\xAC");
  EXPECT_EQ(one("RETURN right('\xC3\xA4\xC3\xB6\xC3\xBC', 1)"), "\xC3\xBC");
}

}  // namespace
}  // namespace quiver
