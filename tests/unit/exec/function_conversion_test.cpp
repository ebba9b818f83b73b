// toBoolean, toInteger, toFloat, toString (TCK TypeConversion1-4), their OrNull variants
// and list forms.

#include "unit/exec/function_test_util.h"

namespace quiver::testing {
namespace {

// The values TypeConversion1-4 use as <invalid>: a list, a map, a node, a relationship, a path.
std::vector<Value> Structured() {
  PathValue path{{MakeNode(1), MakeNode(2)}, {MakeRel(7, "T", 1, 2)}};
  return {L({}), M({}), N(1), R(7, "T", 1, 2), Value::Path(path)};
}

TEST(FunctionConversionTest, ToBoolean) {
  EXPECT_EQ(Eval("toBoolean", {B(true)}), "true");  // TypeConversion1 #1
  EXPECT_EQ(Eval("toBoolean", {B(false)}), "false");
  EXPECT_EQ(Eval("toBoolean", {S("true")}), "true");  // #2, #3
  EXPECT_EQ(Eval("toBoolean", {S("false")}), "false");
  for (const char* s : {"", " tru ", "f alse"}) EXPECT_EQ(Eval("toBoolean", {S(s)}), "null") << s;  // #4
  EXPECT_EQ(Eval("toBoolean", {Null()}), "null");
  EXPECT_EQ(Eval("toBoolean", {S(" TRUE ")}), "true");  // Neo4j: trimmed, any case
  EXPECT_EQ(Eval("toBoolean", {I(0)}), "false");        // Neo4j: integers convert
  EXPECT_EQ(Eval("toBoolean", {I(-3)}), "true");
  std::vector<Value> invalid = Structured();  // #5
  invalid.push_back(F(1.0));
  for (const Value& v : invalid) {
    EXPECT_EQ(ErrorOf("toBoolean", {v}), "TypeError/InvalidArgumentValue") << v;
    EXPECT_EQ(Eval("toBooleanOrNull", {v}), "null") << v;
  }
}

TEST(FunctionConversionTest, ToInteger) {
  EXPECT_EQ(Eval("toInteger", {F(82.9)}), "82");     // TypeConversion2 #1
  EXPECT_EQ(Eval("toInteger", {S("foo")}), "null");  // #2
  EXPECT_EQ(Eval("toInteger", {S("")}), "null");
  EXPECT_EQ(Eval("toInteger", {I(2)}), "2");  // #3, #4
  EXPECT_EQ(Eval("toInteger", {F(2.9)}), "2");
  EXPECT_EQ(Eval("toInteger", {S("1.7")}), "1");
  EXPECT_EQ(Eval("toInteger", {S("2")}), "2");  // #5
  EXPECT_EQ(Eval("toInteger", {S("2.9")}), "2");
  EXPECT_EQ(Eval("toInteger", {S("42")}), "42");  // #7
  EXPECT_EQ(Eval("toInteger", {F(-2.9)}), "-2");  // truncation toward zero
  EXPECT_EQ(Eval("toInteger", {S("-2.9")}), "-2");
  EXPECT_EQ(Eval("toInteger", {S("+7")}), "7");
  EXPECT_EQ(Eval("toInteger", {S("1e3")}), "1000");
  EXPECT_EQ(Eval("toInteger", {S("9223372036854775807")}), "9223372036854775807");  // exact, no double
  EXPECT_EQ(Eval("toInteger", {S(" 42")}), "null");  // Long.parseLong/BigDecimal take no spaces
  EXPECT_EQ(Eval("toInteger", {S("0x1F")}), "null");
  EXPECT_EQ(Eval("toInteger", {B(true)}), "1");
  EXPECT_EQ(Eval("toInteger", {Null()}), "null");
  for (const Value& v : Structured()) {  // #8
    EXPECT_EQ(ErrorOf("toInteger", {v}), "TypeError/InvalidArgumentValue") << v;
    EXPECT_EQ(Eval("toIntegerOrNull", {v}), "null") << v;
  }
}

TEST(FunctionConversionTest, ToIntegerOutOfRangeRaisesUnlessOrNull) {
  for (const Value& v : {F(1e19), F(-1e19), NaN(), Inf(), S("9223372036854775808"), S("1e30")}) {
    EXPECT_EQ(ErrorOf("toInteger", {v}), "ArgumentError/NumberOutOfRange") << v;
    EXPECT_EQ(Eval("toIntegerOrNull", {v}), "null") << v;
  }
  EXPECT_EQ(Eval("toInteger", {F(-9223372036854775808.0)}), "-9223372036854775808");
}

TEST(FunctionConversionTest, ToFloat) {
  EXPECT_EQ(Eval("toFloat", {F(3.4)}), "3.4");  // TypeConversion3 #1
  EXPECT_EQ(Eval("toFloat", {I(3)}), "3.0");
  EXPECT_EQ(Eval("toFloat", {S("foo")}), "null");  // #2
  EXPECT_EQ(Eval("toFloat", {S("")}), "null");
  EXPECT_EQ(Eval("toFloat", {S("5")}), "5.0");           // #3, #4
  EXPECT_EQ(Eval("toFloat", {I(4)}), "4.0");             // #5
  EXPECT_EQ(Eval("toFloat", {S(" 1.5e3 ")}), "1500.0");  // Double.parseDouble trims
  EXPECT_EQ(Eval("toFloat", {S(".5")}), "0.5");
  EXPECT_EQ(Eval("toFloat", {S("-5.")}), "-5.0");
  EXPECT_EQ(Eval("toFloat", {S("NaN")}), "NaN");
  EXPECT_EQ(Eval("toFloat", {S("-Infinity")}), "-Infinity");
  EXPECT_EQ(Eval("toFloat", {S("1e999")}), "Infinity");
  EXPECT_EQ(Eval("toFloat", {S("1e-999")}), "0.0");
  EXPECT_EQ(Eval("toFloat", {S("2.5d")}), "2.5");
  EXPECT_EQ(Eval("toFloat", {S("1,5")}), "null");
  EXPECT_EQ(Eval("toFloat", {S("inf")}), "null");
  EXPECT_EQ(Eval("toFloat", {Null()}), "null");
  std::vector<Value> invalid = Structured();  // #6
  invalid.push_back(B(true));
  for (const Value& v : invalid) {
    EXPECT_EQ(ErrorOf("toFloat", {v}), "TypeError/InvalidArgumentValue") << v;
    EXPECT_EQ(Eval("toFloatOrNull", {v}), "null") << v;
  }
}

TEST(FunctionConversionTest, ToString) {
  EXPECT_EQ(Eval("toString", {I(42)}), "'42'");        // TypeConversion4 #1
  EXPECT_EQ(Eval("toString", {B(true)}), "'true'");    // #2
  EXPECT_EQ(Eval("toString", {B(false)}), "'false'");  // #3
  EXPECT_EQ(Eval("toString", {F(2.3)}), "'2.3'");      // #5
  EXPECT_EQ(Eval("toString", {S("apa")}), "'apa'");
  EXPECT_EQ(Eval("toString", {Null()}), "null");  // #8
  EXPECT_EQ(Eval("toString", {I(-9223372036854775807 - 1)}), "'-9223372036854775808'");
  for (const Value& v : Structured()) {  // #10
    EXPECT_EQ(ErrorOf("toString", {v}), "TypeError/InvalidArgumentValue") << v;
    EXPECT_EQ(Eval("toStringOrNull", {v}), "null") << v;
  }
}

TEST(FunctionConversionTest, ToStringWritesFloatsAsJavaDoes) {
  const std::pair<double, const char*> cases[] = {
      {1.0, "'1.0'"},
      {-0.0, "'-0.0'"},
      {0.1, "'0.1'"},
      {0.001, "'0.001'"},
      {0.0001, "'1.0E-4'"},
      {1234567.0, "'1234567.0'"},
      {1e7, "'1.0E7'"},
      {1.5e300, "'1.5E300'"},
      {-2.5e-10, "'-2.5E-10'"},
      {123.456, "'123.456'"},
      {1.0 / 3, "'0.3333333333333333'"},
  };
  for (const auto& [d, expected] : cases) EXPECT_EQ(Eval("toString", {F(d)}), expected) << d;
  EXPECT_EQ(Eval("toString", {NaN()}), "'NaN'");
  EXPECT_EQ(Eval("toString", {Inf()}), "'Infinity'");
}

TEST(FunctionConversionTest, ToStringOfTemporalsIsIso) {
  EXPECT_EQ(Eval("toString", {Date(1984, 10, 11)}), "'1984-10-11'");
  EXPECT_EQ(Eval("toString", {LocalTime(12, 31, 14)}), "'12:31:14'");
  EXPECT_EQ(Eval("toString", {Duration(14, 3, 0)}), "'P1Y2M3D'");
}

TEST(FunctionConversionTest, ListForms) {
  EXPECT_EQ(Eval("toStringList", {L({I(1), F(2.5), B(true), Null(), L({})})}),
            "['1', '2.5', 'true', null, null]");
  EXPECT_EQ(Eval("toIntegerList", {L({S("2"), F(2.9), S("x"), B(false), F(1e30)})}), "[2, 2, null, 0, null]");
  EXPECT_EQ(Eval("toFloatList", {L({I(1), S("2.5"), B(true)})}), "[1.0, 2.5, null]");
  EXPECT_EQ(Eval("toBooleanList", {L({S("true"), I(0), F(1.0)})}), "[true, false, null]");
  EXPECT_EQ(Eval("toStringList", {Null()}), "null");
  EXPECT_EQ(ErrorOf("toStringList", {S("abc")}), "TypeError/InvalidArgumentType");
}

}  // namespace
}  // namespace quiver::testing
