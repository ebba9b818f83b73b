// List functions and the ones that take lists or strings alike (size, reverse, isEmpty).

#include "unit/exec/function_test_util.h"

namespace quiver::testing {
namespace {

TEST(FunctionListTest, Size) {
  EXPECT_EQ(Eval("size", {L({I(1), I(2), I(3)})}), "3");     // List6 #1
  EXPECT_EQ(Eval("size", {L({L({}), L({}), L({})})}), "3");  // List6 #3
  EXPECT_EQ(Eval("size", {Null()}), "null");                 // List6 #4
  EXPECT_EQ(Eval("size", {S("héllo")}), "5");                // code points
  EXPECT_EQ(Eval("size", {S("")}), "0");
  EXPECT_EQ(ErrorOf("size", {I(1)}), "TypeError/InvalidArgumentType");
  EXPECT_EQ(ErrorOf("size", {M({{"a", I(1)}})}), "TypeError/InvalidArgumentType");
  EXPECT_EQ(ErrorOf("size", {N(1)}), "TypeError/InvalidArgumentType");
}

TEST(FunctionListTest, HeadLastTail) {
  const Value list = L({I(1), I(2), I(3), I(4), I(5)});
  EXPECT_EQ(Eval("head", {list}), "1");
  EXPECT_EQ(Eval("last", {list}), "5");
  EXPECT_EQ(Eval("tail", {Call("tail", {list})}), "[3, 4, 5]");  // List9 #1
  EXPECT_EQ(Eval("head", {L({})}), "null");
  EXPECT_EQ(Eval("last", {L({})}), "null");
  EXPECT_EQ(Eval("tail", {L({})}), "[]");
  EXPECT_EQ(Eval("head", {L({Null(), I(2)})}), "null");
  EXPECT_EQ(Eval("head", {L({M({{"likeTime", I(1)}})})}), "{likeTime: 1}");  // Return4 #9
  for (const char* fn : {"head", "last", "tail"}) {
    EXPECT_EQ(Eval(fn, {Null()}), "null") << fn;
    EXPECT_EQ(ErrorOf(fn, {S("abc")}), "TypeError/InvalidArgumentType") << fn;
  }
}

TEST(FunctionListTest, Reverse) {
  EXPECT_EQ(Eval("reverse", {S("raksO")}), "'Oskar'");  // String3 #1
  EXPECT_EQ(Eval("reverse", {S("añb€")}), "'€bña'");
  EXPECT_EQ(Eval("reverse", {L({I(1), S("a"), Null()})}), "[null, 'a', 1]");
  EXPECT_EQ(Eval("reverse", {L({})}), "[]");
  EXPECT_EQ(Eval("reverse", {Null()}), "null");
  EXPECT_EQ(ErrorOf("reverse", {I(12)}), "TypeError/InvalidArgumentType");
}

TEST(FunctionListTest, RangeWithDefaultStep) {  // List11 #1
  EXPECT_EQ(Eval("range", {I(-1236), I(-1234)}), "[-1236, -1235, -1234]");
  EXPECT_EQ(Eval("range", {I(-1234), I(-1234)}), "[-1234]");
  EXPECT_EQ(Eval("range", {I(-10), I(-3)}), "[-10, -9, -8, -7, -6, -5, -4, -3]");
  EXPECT_EQ(Eval("range", {I(0), I(-123)}), "[]");
  EXPECT_EQ(Eval("range", {I(0), I(0)}), "[0]");
  EXPECT_EQ(Eval("range", {I(0), I(10)}), "[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]");
  EXPECT_EQ(Eval("range", {I(1234), I(1236)}), "[1234, 1235, 1236]");
}

TEST(FunctionListTest, RangeWithExplicitStep) {  // List11 #2
  EXPECT_EQ(Eval("range", {I(1381), I(-3412), I(-1298)}), "[1381, 83, -1215, -2513]");
  EXPECT_EQ(Eval("range", {I(0), I(-2000), I(-1298)}), "[0, -1298]");
  EXPECT_EQ(Eval("range", {I(10), I(-10), I(-3)}), "[10, 7, 4, 1, -2, -5, -8]");
  EXPECT_EQ(Eval("range", {I(0), I(-1), I(-1)}), "[0, -1]");
  EXPECT_EQ(Eval("range", {I(0), I(1), I(-123)}), "[]");
  EXPECT_EQ(Eval("range", {I(0), I(-1), I(1)}), "[]");
  EXPECT_EQ(Eval("range", {I(0), I(0), I(-1)}), "[0]");
  EXPECT_EQ(Eval("range", {I(0), I(1), I(2)}), "[0]");
  EXPECT_EQ(Eval("range", {I(-10), I(10), I(3)}), "[-10, -7, -4, -1, 2, 5, 8]");
  EXPECT_EQ(Eval("range", {I(-3412), I(1381), I(1298)}), "[-3412, -2114, -816, 482]");
}

TEST(FunctionListTest, RangeIsEmptyExactlyWhenStepPointsAway) {  // List11 #3
  for (int64_t stop : {1, 2, 500, 1000, 1500}) {
    for (int64_t step : {-1000, -3, -2, -1, 1, 2, 3, 1000}) {
      const bool empty = (stop > 0) != (step > 0);
      EXPECT_EQ(Call("range", {I(0), I(stop), I(step)}).AsList().empty(), empty) << stop << " " << step;
    }
  }
}

TEST(FunctionListTest, RangeAtTheEdgesOfTheIntegers) {
  constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
  constexpr int64_t kMin = std::numeric_limits<int64_t>::min();
  EXPECT_EQ(Eval("range", {I(kMax - 1), I(kMax)}), "[9223372036854775806, 9223372036854775807]");
  EXPECT_EQ(Eval("range", {I(kMin), I(kMax), I(kMax)}), "[-9223372036854775808, -1, 9223372036854775806]");
  EXPECT_EQ(ErrorFrom([] { return Call("range", {I(0), I(kMax)}); }), "ResourceExhausted/ListTooLarge");
}

TEST(FunctionListTest, RangeRejectsZeroStepAndNonIntegers) {
  for (int64_t start : {0, 2, -2}) {  // List11 #4
    EXPECT_EQ(ErrorOf("range", {I(start), I(8), I(0)}), "ArgumentError/NumberOutOfRange");
  }
  // List11 #5: every non-Integer argument, even an integral Float, is an ArgumentError.
  const Value bad[] = {B(true), F(-1.1), F(-0.0), F(0.0), F(1.1), S("xyz"), L({I(0)})};
  for (const Value& b : bad) {
    EXPECT_EQ(ErrorOf("range", {b, I(1), I(1)}), "ArgumentError/InvalidArgumentType") << b;
    EXPECT_EQ(ErrorOf("range", {I(0), b, I(1)}), "ArgumentError/InvalidArgumentType") << b;
    EXPECT_EQ(ErrorOf("range", {I(0), I(1), b}), "ArgumentError/InvalidArgumentType") << b;
  }
  EXPECT_EQ(Eval("range", {Null(), I(1)}), "null");
}

TEST(FunctionListTest, Coalesce) {
  EXPECT_EQ(Eval("coalesce", {Null(), S("Bob")}), "'Bob'");  // Conditional1 #1
  EXPECT_EQ(Eval("coalesce", {S("x"), S("y")}), "'x'");
  EXPECT_EQ(Eval("coalesce", {Null(), Null()}), "null");
  EXPECT_EQ(Eval("coalesce", {Null()}), "null");
  EXPECT_EQ(Eval("coalesce", {Null(), Null(), L({}), I(1)}), "[]");
  const ScalarFunction* f = FindScalarFunction("coalesce");
  EXPECT_FALSE(f->AcceptsArgCount(0));
  EXPECT_TRUE(f->AcceptsArgCount(100));
}

TEST(FunctionListTest, IsEmpty) {
  EXPECT_EQ(Eval("isEmpty", {L({})}), "true");
  EXPECT_EQ(Eval("isEmpty", {L({Null()})}), "false");
  EXPECT_EQ(Eval("isEmpty", {S("")}), "true");
  EXPECT_EQ(Eval("isEmpty", {M({})}), "true");
  EXPECT_EQ(Eval("isEmpty", {M({{"a", I(1)}})}), "false");
  EXPECT_EQ(Eval("isEmpty", {Null()}), "null");
  EXPECT_EQ(ErrorOf("isEmpty", {I(0)}), "TypeError/InvalidArgumentType");
}

}  // namespace
}  // namespace quiver::testing
