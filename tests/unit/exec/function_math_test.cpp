// Mathematical functions. TCK expectations cite their feature file; the rest follow
// Neo4j's documented behaviour (the TCK is thin here).

#include <cmath>
#include <limits>
#include <numbers>

#include "unit/exec/function_test_util.h"

namespace quiver::testing {
namespace {

TEST(FunctionMathTest, AbsKeepsTheKind) {
  EXPECT_EQ(Eval("abs", {I(-1)}), "1");  // Mathematical11 #1
  EXPECT_EQ(Eval("abs", {I(7)}), "7");
  EXPECT_EQ(Eval("abs", {F(-2.5)}), "2.5");
  EXPECT_EQ(Eval("abs", {F(-0.0)}), "0.0");
  EXPECT_EQ(Eval("abs", {Null()}), "null");
}

TEST(FunctionMathTest, AbsOfTheSmallestIntegerOverflows) {
  EXPECT_EQ(ErrorOf("abs", {I(std::numeric_limits<int64_t>::min())}), "ArithmeticError/IntegerOverflow");
}

TEST(FunctionMathTest, NonNumbersAreTypeErrors) {
  for (const char* fn :
       {"abs", "ceil", "floor", "round", "sign", "sqrt", "exp",     "log",     "log10",    "sin",
        "cos", "tan",  "cot",   "asin",  "acos", "atan", "degrees", "radians", "haversin", "isNaN"}) {
    EXPECT_EQ(ErrorOf(fn, {S("1")}), "TypeError/InvalidArgumentType") << fn;
    EXPECT_EQ(ErrorOf(fn, {B(true)}), "TypeError/InvalidArgumentType") << fn;
    EXPECT_EQ(Eval(fn, {Null()}), "null") << fn;
  }
  EXPECT_EQ(ErrorOf("atan2", {I(1), L({})}), "TypeError/InvalidArgumentType");
  EXPECT_EQ(Eval("atan2", {Null(), I(1)}), "null");
}

TEST(FunctionMathTest, CeilAndFloorReturnFloats) {
  EXPECT_EQ(Eval("ceil", {F(1.7)}), "2.0");  // ReturnSkipLimit2: toInteger(ceil(1.7)) = 2
  EXPECT_EQ(Eval("ceil", {F(-1.7)}), "-1.0");
  EXPECT_EQ(Eval("ceil", {I(3)}), "3.0");
  EXPECT_EQ(Eval("floor", {F(1.7)}), "1.0");
  EXPECT_EQ(Eval("floor", {F(-1.2)}), "-2.0");
  EXPECT_EQ(Eval("floor", {I(-3)}), "-3.0");
}

TEST(FunctionMathTest, SignIsAnIntegerForBothKinds) {
  EXPECT_EQ(Eval("sign", {I(-17)}), "-1");  // List11 #3 compares sign(stop - start) with sign(step)
  EXPECT_EQ(Eval("sign", {I(0)}), "0");
  EXPECT_EQ(Eval("sign", {I(5)}), "1");
  EXPECT_EQ(Eval("sign", {F(-0.5)}), "-1");
  EXPECT_EQ(Eval("sign", {F(0.0)}), "0");
  EXPECT_EQ(Eval("sign", {Inf()}), "1");
}

TEST(FunctionMathTest, SquareRootExpAndLogarithms) {
  EXPECT_EQ(Eval("sqrt", {F(12.96)}), "3.6");  // Mathematical13 #1
  EXPECT_EQ(Eval("sqrt", {I(16)}), "4.0");
  EXPECT_EQ(Eval("sqrt", {I(-1)}), "NaN");  // IEEE, not an error
  EXPECT_EQ(Eval("exp", {I(0)}), "1.0");
  EXPECT_DOUBLE_EQ(Call("exp", {I(2)}).AsFloat(), std::exp(2.0));
  EXPECT_DOUBLE_EQ(Call("log", {Call("e", {})}).AsFloat(), 1.0);
  EXPECT_EQ(Eval("log", {I(0)}), "-Infinity");
  EXPECT_EQ(Eval("log", {I(-1)}), "NaN");
  EXPECT_EQ(Eval("log10", {I(1000)}), "3.0");
}

TEST(FunctionMathTest, ConstantsAndTrigonometry) {
  EXPECT_EQ(Call("pi", {}).AsFloat(), std::numbers::pi);
  EXPECT_EQ(Call("e", {}).AsFloat(), std::numbers::e);
  EXPECT_EQ(Eval("sin", {I(0)}), "0.0");
  EXPECT_EQ(Eval("cos", {I(0)}), "1.0");
  EXPECT_DOUBLE_EQ(Call("tan", {F(0.5)}).AsFloat(), std::tan(0.5));
  EXPECT_DOUBLE_EQ(Call("cot", {F(0.5)}).AsFloat(), 1.0 / std::tan(0.5));
  EXPECT_EQ(Eval("cot", {I(0)}), "Infinity");
  EXPECT_DOUBLE_EQ(Call("asin", {F(0.5)}).AsFloat(), std::asin(0.5));
  EXPECT_DOUBLE_EQ(Call("acos", {F(0.5)}).AsFloat(), std::acos(0.5));
  EXPECT_DOUBLE_EQ(Call("atan", {F(0.5)}).AsFloat(), std::atan(0.5));
  EXPECT_EQ(Eval("asin", {I(2)}), "NaN");
  EXPECT_DOUBLE_EQ(Call("atan2", {F(0.5), F(0.6)}).AsFloat(), std::atan2(0.5, 0.6));
  EXPECT_DOUBLE_EQ(Call("degrees", {Call("pi", {})}).AsFloat(), 180.0);
  EXPECT_DOUBLE_EQ(Call("radians", {I(180)}).AsFloat(), std::numbers::pi);
  EXPECT_DOUBLE_EQ(Call("haversin", {F(0.5)}).AsFloat(), (1 - std::cos(0.5)) / 2);
  EXPECT_EQ(Eval("isNaN", {NaN()}), "true");
  EXPECT_EQ(Eval("isNaN", {I(1)}), "false");
}

TEST(FunctionMathTest, RandIsInTheUnitIntervalAndNotDeterministic) {
  const ScalarFunction* rand = FindScalarFunction("rand");
  ASSERT_NE(rand, nullptr);
  EXPECT_FALSE(rand->deterministic);
  EXPECT_TRUE(FindScalarFunction("sqrt")->deterministic);
  FunctionContext ctx(7);
  double lo = 1, hi = 0, sum = 0;
  for (int i = 0; i < 10000; ++i) {
    const double r = CallScalar(*rand, {}, ctx).AsFloat();
    ASSERT_GE(r, 0.0);
    ASSERT_LT(r, 1.0);
    lo = std::min(lo, r), hi = std::max(hi, r), sum += r;
  }
  EXPECT_LT(lo, 0.01);
  EXPECT_GT(hi, 0.99);
  EXPECT_NEAR(sum / 10000, 0.5, 0.02);
  // A seed makes a run reproducible.
  FunctionContext a(99), b(99);
  EXPECT_EQ(a.NextRandom(), b.NextRandom());
}

TEST(FunctionMathTest, RoundWithoutPrecisionTiesTowardPositiveInfinity) {
  EXPECT_EQ(Eval("round", {F(3.141592)}), "3.0");
  EXPECT_EQ(Eval("round", {F(2.5)}), "3.0");
  EXPECT_EQ(Eval("round", {F(-2.5)}), "-2.0");  // Math.round, as Neo4j's round(-1.5) = -1.0
  EXPECT_EQ(Eval("round", {F(-1.5)}), "-1.0");
  EXPECT_EQ(Eval("round", {F(-0.4)}), "0.0");
  EXPECT_EQ(Eval("round", {F(0.49999999999999994)}), "0.0");
  EXPECT_EQ(Eval("round", {I(7)}), "7.0");
  EXPECT_EQ(Eval("round", {F(1e300)}), "1e300");
  EXPECT_EQ(Eval("round", {Inf()}), "Infinity");
}

TEST(FunctionMathTest, RoundWithPrecisionRoundsTheDecimalDigitsHalfUp) {
  EXPECT_EQ(Eval("round", {F(3.141592), I(3)}), "3.142");  // Neo4j documentation example
  EXPECT_EQ(Eval("round", {F(-1.5), I(0)}), "-2.0");       // HALF_UP: ties away from zero
  EXPECT_EQ(Eval("round", {F(2.675), I(2)}), "2.68");      // the digits the user wrote, not binary
  EXPECT_EQ(Eval("round", {F(1.0005), I(3)}), "1.001");
  EXPECT_EQ(Eval("round", {F(0.001), I(1)}), "0.0");
  EXPECT_EQ(Eval("round", {F(-0.001), I(1)}), "0.0");  // no negative zero, as BigDecimal
  EXPECT_EQ(Eval("round", {F(9.99), I(1)}), "10.0");
  EXPECT_EQ(Eval("round", {F(0.05), I(1)}), "0.1");
  EXPECT_EQ(Eval("round", {F(12345.678), I(10)}), "12345.678");
  EXPECT_EQ(Eval("round", {I(5), I(2)}), "5.0");
  EXPECT_EQ(Eval("round", {F(1.5), Null()}), "null");
  EXPECT_EQ(ErrorOf("round", {F(1.5), I(-1)}), "ArgumentError/NumberOutOfRange");
  EXPECT_EQ(ErrorOf("round", {F(1.5), F(1.0)}), "TypeError/InvalidArgumentType");
}

TEST(FunctionMathTest, RoundWithModes) {
  struct Case {
    double x;
    const char* mode;
    const char* expected;
  };
  // java.math.RoundingMode's documentation table, at precision 0.
  const Case cases[] = {
      {5.5, "UP", "6.0"},        {-2.5, "UP", "-3.0"},        {1.1, "UP", "2.0"},
      {5.5, "DOWN", "5.0"},      {-1.6, "DOWN", "-1.0"},      {5.5, "CEILING", "6.0"},
      {-2.5, "CEILING", "-2.0"}, {5.5, "FLOOR", "5.0"},       {-1.1, "FLOOR", "-2.0"},
      {5.5, "HALF_UP", "6.0"},   {-2.5, "HALF_UP", "-3.0"},   {2.5, "HALF_DOWN", "2.0"},
      {2.6, "HALF_DOWN", "3.0"}, {-5.5, "HALF_DOWN", "-5.0"}, {5.5, "HALF_EVEN", "6.0"},
      {2.5, "HALF_EVEN", "2.0"}, {-1.5, "HALF_EVEN", "-2.0"}, {1.0, "UNNECESSARY", "1.0"},
      {0.4, "UP", "1.0"},        {0.4, "half_up", "0.0"},
  };
  for (const Case& c : cases) {
    EXPECT_EQ(Eval("round", {F(c.x), I(0), S(c.mode)}), c.expected) << c.x << " " << c.mode;
  }
  EXPECT_EQ(Eval("round", {F(1.249), I(1), S("UP")}), "1.3");
  EXPECT_EQ(Eval("round", {F(1.25), I(1), S("HALF_EVEN")}), "1.2");
  EXPECT_EQ(Eval("round", {F(1.35), I(1), S("HALF_EVEN")}), "1.4");
  EXPECT_EQ(Eval("round", {F(0.0012), I(1), S("CEILING")}), "0.1");
  EXPECT_EQ(Eval("round", {F(-0.0012), I(1), S("FLOOR")}), "-0.1");
  EXPECT_EQ(ErrorOf("round", {F(1.5), I(0), S("UNNECESSARY")}), "ArgumentError/InvalidArgumentValue");
  EXPECT_EQ(ErrorOf("round", {F(1.5), I(0), S("SIDEWAYS")}), "ArgumentError/InvalidArgumentValue");
}

TEST(FunctionMathTest, LookupIsCaseInsensitiveAndKnowsArity) {
  const ScalarFunction* f = FindScalarFunction("ROUND");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f, FindScalarFunction("round"));
  EXPECT_EQ(f->name, "round");
  EXPECT_FALSE(f->AcceptsArgCount(0));
  EXPECT_TRUE(f->AcceptsArgCount(3));
  EXPECT_FALSE(f->AcceptsArgCount(4));
  EXPECT_EQ(FindScalarFunction("nosuchfunction"), nullptr);
  EXPECT_EQ(FindScalarFunction("count"), nullptr);  // an aggregate, not a scalar
}

}  // namespace
}  // namespace quiver::testing
