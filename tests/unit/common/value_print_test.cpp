// ToTckString(): values written as the TCK's expected-result tables write them.

#include <gtest/gtest.h>

#include <sstream>

#include "quiver/value.h"
#include "unit/common/value_test_util.h"

namespace quiver {
namespace {

using namespace quiver::testing;  // NOLINT

TEST(ValuePrintTest, Scalars) {
  EXPECT_EQ(ToTckString(Null()), "null");
  EXPECT_EQ(ToTckString(B(true)), "true");
  EXPECT_EQ(ToTckString(B(false)), "false");
  EXPECT_EQ(ToTckString(I(0)), "0");
  EXPECT_EQ(ToTckString(I(-42)), "-42");
  EXPECT_EQ(ToTckString(I(4611686018427387905)), "4611686018427387905");
  EXPECT_EQ(ToTckString(I(std::numeric_limits<int64_t>::min())), "-9223372036854775808");
}

TEST(ValuePrintTest, FloatsTck) {
  // Literals5, every expected float, from the double the literal denotes.
  EXPECT_EQ(FormatFloat(1.0), "1.0");
  EXPECT_EQ(FormatFloat(.1), "0.1");
  EXPECT_EQ(FormatFloat(3985764.3405892687), "3985764.3405892686");
  EXPECT_EQ(FormatFloat(.3405892687), "0.3405892687");
  EXPECT_EQ(FormatFloat(1.2635418652381264e305), "1.2635418652381264e305");
  EXPECT_EQ(FormatFloat(-1.2635418652381264e305), "-1.2635418652381264e305");
  EXPECT_EQ(FormatFloat(1e-305), "1e-305");
  EXPECT_EQ(FormatFloat(-1e-305), "-1e-305");
  EXPECT_EQ(FormatFloat(0.0), "0.0");
  EXPECT_EQ(FormatFloat(1e9), "1000000000.0");
  EXPECT_EQ(FormatFloat(.1e9), "100000000.0");
  EXPECT_EQ(FormatFloat(-1e9), "-1000000000.0");
  EXPECT_EQ(FormatFloat(1e-5), "0.00001");
  EXPECT_EQ(FormatFloat(.1e-5), "0.000001");
  EXPECT_EQ(FormatFloat(-.1e-5), "-0.000001");
  EXPECT_EQ(FormatFloat(1e308), "1e308");
  EXPECT_EQ(FormatFloat(123456789e300), "1.23456789e308");
  // Other tables.
  EXPECT_EQ(FormatFloat(68719476736.0), "68719476736.0");  // Precedence2
  EXPECT_EQ(FormatFloat(999.99), "999.99");
  EXPECT_EQ(FormatFloat(1.5), "1.5");
}

TEST(ValuePrintTest, FloatsEdges) {
  EXPECT_EQ(FormatFloat(std::nan("")), "NaN");
  EXPECT_EQ(FormatFloat(std::numeric_limits<double>::infinity()), "Infinity");
  EXPECT_EQ(FormatFloat(-std::numeric_limits<double>::infinity()), "-Infinity");
  EXPECT_EQ(FormatFloat(-0.0), "-0.0");
  EXPECT_EQ(FormatFloat(1e20), "100000000000000000000.0");
  EXPECT_EQ(FormatFloat(1e21), "1e21");
  EXPECT_EQ(FormatFloat(1.5e-7), "1.5e-7");
  EXPECT_EQ(FormatFloat(123.456), "123.456");
  EXPECT_EQ(FormatFloat(0.1 + 0.2), "0.30000000000000004");
  EXPECT_EQ(FormatFloat(5e-324), "5e-324");
  EXPECT_EQ(ToTckString(F(2.0)), "2.0");
  // Shortest digits always read back to the same double.
  for (double d : {0.1, 1.0 / 3, 2.0 / 3e10, 6.02214076e23, 1e-7, 9007199254740993.0}) {
    EXPECT_EQ(std::stod(FormatFloat(d)), d) << FormatFloat(d);
  }
}

TEST(ValuePrintTest, StringsTck) {
  EXPECT_EQ(ToTckString(S("")), "''");
  EXPECT_EQ(ToTckString(S("text")), "'text'");
  EXPECT_EQ(ToTckString(S("'")), "'\\''");  // Literals6 #4: the cell '\''
  // Literals6 #5: the value a\bcn5t'"\//\"' is the cell 'a\\bcn5t\'"\\//\\"\'' (after
  // Gherkin's own \\ unescaping).
  EXPECT_EQ(ToTckString(S("a\\bcn5t'\"\\//\\\"'")), "'a\\\\bcn5t\\'\"\\\\//\\\\\"\\''");
  EXPECT_EQ(ToTckString(S("Foo\nFoo")), "'Foo\nFoo'");                    // String10 #5: newline verbatim
  EXPECT_EQ(ToTckString(S("🧐🍌❖⋙⚐")), "'🧐🍌❖⋙⚐'");  // Literals6 #3
}

TEST(ValuePrintTest, ListsAndMaps) {
  EXPECT_EQ(ToTckString(L({})), "[]");
  EXPECT_EQ(ToTckString(L({I(1), S("a"), Null(), F(1.5), B(true)})), "[1, 'a', null, 1.5, true]");
  EXPECT_EQ(ToTckString(L({L({}), L({I(1), L({I(2)})})})), "[[], [1, [2]]]");
  EXPECT_EQ(ToTckString(M({})), "{}");
  EXPECT_EQ(ToTckString(M({{"b", S("x")}, {"a", I(1)}})), "{a: 1, b: 'x'}");
  EXPECT_EQ(ToTckString(M({{"name", L({M({{"name2", L({S("A")})}})})}})), "{name: [{name2: ['A']}]}");
  EXPECT_EQ(ToTckString(M({{"a1B2c3e67", I(1)}})), "{a1B2c3e67: 1}");
  EXPECT_EQ(ToTckString(M({{"k", Null()}})), "{k: null}");
  EXPECT_EQ(ToTckString(M({{"two words", I(1)}, {"1st", I(2)}, {"a`b", I(3)}})),
            "{`1st`: 2, `a``b`: 3, `two words`: 1}");
}

TEST(ValuePrintTest, NodesAndRelationships) {
  EXPECT_EQ(ToTckString(N(1)), "()");
  EXPECT_EQ(ToTckString(N(1, {"N"})), "(:N)");
  EXPECT_EQ(ToTckString(N(1, {"A", "B"}, ValueMap{{"name", S("A")}})), "(:A:B {name: 'A'})");
  EXPECT_EQ(ToTckString(N(1, {}, ValueMap{{"id", I(0)}})), "({id: 0})");
  EXPECT_EQ(ToTckString(N(1, {"My Label"})), "(:`My Label`)");
  EXPECT_EQ(ToTckString(R(1, "REL", 1, 2)), "[:REL]");
  EXPECT_EQ(ToTckString(R(1, "KNOWS", 1, 2, ValueMap{{"name", S("ab")}})), "[:KNOWS {name: 'ab'}]");
}

TEST(ValuePrintTest, PathsShowDirectionPerRelationship) {
  EXPECT_EQ(ToTckString(Value::Path(PathValue{{MakeNode(1)}, {}})), "<()>");
  EXPECT_EQ(ToTckString(Value::Path(PathValue{{MakeNode(1, {"A"}, ValueMap{{"name", S("A")}})}, {}})),
            "<(:A {name: 'A'})>");
  EXPECT_EQ(ToTckString(Value::Path(PathValue{{MakeNode(0, {"N"}), MakeNode(1)}, {MakeRel(0, "REL", 0, 1)}})),
            "<(:N)-[:REL]->()>");
  EXPECT_EQ(
      ToTckString(Value::Path(PathValue{{MakeNode(2, {"B"}), MakeNode(1, {"A"})}, {MakeRel(0, "T", 1, 2)}})),
      "<(:B)<-[:T]-(:A)>");
  // Match1-style mixed directions.
  PathValue mixed{{MakeNode(1, {"Label1"}), MakeNode(2, {"Label2"}), MakeNode(3, {"Label3"})},
                  {MakeRel(10, "T1", 2, 1), MakeRel(11, "T2", 2, 3)}};
  EXPECT_EQ(ToTckString(Value::Path(mixed)), "<(:Label1)<-[:T1]-(:Label2)-[:T2]->(:Label3)>");
  PathValue loop{{MakeNode(1, {"A"}), MakeNode(1, {"A"})}, {MakeRel(5, "LOOP", 1, 1)}};
  EXPECT_EQ(ToTckString(Value::Path(loop)), "<(:A)-[:LOOP]->(:A)>");
  EXPECT_EQ(
      ToTckString(L({Value::Path(PathValue{{MakeNode(1, {"A"}), MakeNode(2)}, {MakeRel(1, "HAS", 1, 2)}})})),
      "[<(:A)-[:HAS]->()>]");
}

TEST(ValuePrintTest, DatesAndTimesTck) {
  EXPECT_EQ(ToTckString(Date(1984, 10, 11)), "'1984-10-11'");
  EXPECT_EQ(ToTckString(Date(1910, 5, 6)), "'1910-05-06'");
  EXPECT_EQ(ToTckString(Date(1, 1, 1)), "'0001-01-01'");
  EXPECT_EQ(ToTckString(Date(999999999, 12, 31)), "'+999999999-12-31'");
  EXPECT_EQ(ToTckString(Date(-999999999, 1, 1)), "'-999999999-01-01'");
  EXPECT_EQ(ToTckString(Date(-1, 3, 1)), "'-0001-03-01'");
  EXPECT_EQ(ToTckString(LocalTime(10, 35)), "'10:35'");
  EXPECT_EQ(ToTckString(LocalTime(12, 35, 13)), "'12:35:13'");
  EXPECT_EQ(ToTckString(LocalTime(12, 31, 14, 645876123)), "'12:31:14.645876123'");
  EXPECT_EQ(ToTckString(LocalTime(12, 34, 54, 700000000)), "'12:34:54.7'");
  EXPECT_EQ(ToTckString(LocalTime(0, 0, 0, 645000000)), "'00:00:00.645'");
  EXPECT_EQ(ToTckString(Time(12, 35, 15, 0, 5 * 3600)), "'12:35:15+05:00'");
  EXPECT_EQ(ToTckString(Time(10, 35, 0, 0, -8 * 3600)), "'10:35-08:00'");
  EXPECT_EQ(ToTckString(Time(12, 30, 14, 645876123, 3660)), "'12:30:14.645876123+01:01'");
  EXPECT_EQ(ToTckString(Time(0, 0, 0, 0, 0)), "'00:00Z'");
  EXPECT_EQ(ToTckString(Time(12, 34, 56, 0, 2 * 3600 + 5 * 60 + 59)), "'12:34:56+02:05:59'");
  EXPECT_EQ(ToTckString(Time(12, 34, 56, 0, -(2 * 3600 + 5 * 60 + 7))), "'12:34:56-02:05:07'");
}

TEST(ValuePrintTest, DateTimesTck) {
  EXPECT_EQ(ToTckString(LocalDateTime(1, 1, 1, 1, 1, 1, 1)), "'0001-01-01T01:01:01.000000001'");
  EXPECT_EQ(ToTckString(LocalDateTime(1984, 10, 11, 12, 30, 14, 12)), "'1984-10-11T12:30:14.000000012'");
  EXPECT_EQ(ToTckString(LocalDateTime(1980, 12, 11, 12, 31, 14)), "'1980-12-11T12:31:14'");
  EXPECT_EQ(ToTckString(LocalDateTime(1900, 1, 1, 0, 0)), "'1900-01-01T00:00'");
  EXPECT_EQ(ToTckString(DateTime(1984, 10, 11, 12, 31, 14, 645876123, 3600, "Europe/Stockholm")),
            "'1984-10-11T12:31:14.645876123+01:00[Europe/Stockholm]'");
  EXPECT_EQ(ToTckString(DateTime(1, 1, 1, 1, 1, 1, 1, -(11 * 3600 + 59 * 60))),
            "'0001-01-01T01:01:01.000000001-11:59'");
  // Temporal1 #11: datetime.fromepoch(416779, 999999999), fromepochmillis(237821673987).
  EXPECT_EQ(ToTckString(Value::DateTime(DateTimeValue{416779, 999999999, 0, ""})),
            "'1970-01-05T19:46:19.999999999Z'");
  EXPECT_EQ(ToTckString(Value::DateTime(DateTimeValue{237821673, 987000000, 0, ""})),
            "'1977-07-15T13:34:33.987Z'");
  // Before the epoch: the local day is found by floor division.
  EXPECT_EQ(ToTckString(Value::DateTime(DateTimeValue{-1, 0, 0, ""})), "'1969-12-31T23:59:59Z'");
  EXPECT_EQ(ToTckString(Value::LocalDateTime(LocalDateTimeValue{-86400, 5})),
            "'1969-12-31T00:00:00.000000005'");
}

TEST(ValuePrintTest, DurationsTck) {
  constexpr int64_t kS = 1'000'000'000;
  constexpr int64_t kMs = 1'000'000;
  // Temporal6 #6, each duration as its normalised fields.
  EXPECT_EQ(ToTckString(Duration(12 * 12 + 5, 14, (16 * 3600 + 13 * 60 + 10) * kS + 1)),
            "'P12Y5M14DT16H13M10.000000001S'");
  EXPECT_EQ(ToTckString(Duration(12 * 12 + 5, -14, 16 * 3600 * kS)), "'P12Y5M-14DT16H'");
  EXPECT_EQ(ToTckString(Duration(0, 0, 11 * 60 * kS)), "'PT11M'");
  EXPECT_EQ(ToTckString(Duration(0, 0, 2 * kS - kMs)), "'PT1.999S'");
  EXPECT_EQ(ToTckString(Duration(0, 0, -2 * kS + kMs)), "'PT-1.999S'");
  EXPECT_EQ(ToTckString(Duration(0, 0, -2 * kS - kMs)), "'PT-2.001S'");
  EXPECT_EQ(ToTckString(Duration(0, 1, kMs)), "'P1DT0.001S'");
  EXPECT_EQ(ToTckString(Duration(0, 1, -kMs)), "'P1DT-0.001S'");
  EXPECT_EQ(ToTckString(Duration(0, 0, 60 * kS - kMs)), "'PT59.999S'");
  EXPECT_EQ(ToTckString(Duration(0, 0, -60 * kS + kMs)), "'PT-59.999S'");
  EXPECT_EQ(ToTckString(Duration(0, 0, -60 * kS - kMs)), "'PT-1M-0.001S'");
  // Other tables.
  EXPECT_EQ(ToTckString(Duration(0, 0, 0)), "'PT0S'");
  EXPECT_EQ(ToTckString(Duration(-23, 0, 0)), "'P-1Y-11M'");
  EXPECT_EQ(ToTckString(Duration(12, 0, 0)), "'P1Y'");
  EXPECT_EQ(ToTckString(Duration(0, -27, 0)), "'P-27D'");
  EXPECT_EQ(ToTckString(Duration(0, 0, -(669 * 3600 + 40 * 60 + 32) * kS - 142 * kMs)),
            "'PT-669H-40M-32.142S'");
}

TEST(ValuePrintTest, StreamOperatorAndAppend) {
  std::ostringstream os;
  os << L({I(1), S("x")});
  EXPECT_EQ(os.str(), "[1, 'x']");
  std::string out = "row: ";
  AppendTckString(out, M({{"a", Date(2020, 2, 29)}}));
  EXPECT_EQ(out, "row: {a: '2020-02-29'}");
}

TEST(ValueTemporalTest, CivilCalendarRoundTrips) {
  EXPECT_EQ(DaysFromCivil(1970, 1, 1), 0);
  EXPECT_EQ(DaysFromCivil(2000, 3, 1), 11017);
  EXPECT_EQ(DaysFromCivil(1969, 12, 31), -1);
  for (int64_t days = -800'000; days <= 800'000; days += 97) {
    int64_t y = 0;
    unsigned m = 0;
    unsigned d = 0;
    CivilFromDays(days, y, m, d);
    ASSERT_GE(m, 1u);
    ASSERT_LE(m, 12u);
    ASSERT_GE(d, 1u);
    ASSERT_LE(d, 31u);
    ASSERT_EQ(DaysFromCivil(y, m, d), days) << y << "-" << m << "-" << d;
  }
}

}  // namespace
}  // namespace quiver
