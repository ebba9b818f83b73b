// Compare() (the <, <=, >, >= operators) against the TCK's Comparison2 tables.

#include <gtest/gtest.h>

#include "quiver/value.h"
#include "unit/common/value_test_util.h"

namespace quiver {
namespace {

using namespace quiver::testing;  // NOLINT

constexpr Ternary kT = Ternary::kTrue;
constexpr Ternary kF = Ternary::kFalse;
constexpr Ternary kU = Ternary::kNull;

struct Ops {
  Ternary lt, le, gt, ge;
};

void ExpectOps(const Value& a, const Value& b, Ops expected) {
  EXPECT_EQ(LessThan(a, b), expected.lt) << a << " < " << b;
  EXPECT_EQ(LessOrEqual(a, b), expected.le) << a << " <= " << b;
  EXPECT_EQ(GreaterThan(a, b), expected.gt) << a << " > " << b;
  EXPECT_EQ(GreaterOrEqual(a, b), expected.ge) << a << " >= " << b;
}

void ExpectLess(const Value& a, const Value& b) {
  ExpectOps(a, b, {kT, kT, kF, kF});
  ExpectOps(b, a, {kF, kF, kT, kT});
}

void ExpectIncomparable(const Value& a, const Value& b) {
  EXPECT_EQ(Compare(a, b), Comparison::kNull) << a << " vs " << b;
  ExpectOps(a, b, {kU, kU, kU, kU});
}

TEST(ValueCompareTest, Numbers) {
  ExpectLess(I(1), I(2));
  ExpectLess(I(1), F(3.14));  // Comparison2 #3
  ExpectLess(F(-0.5), I(0));
  ExpectLess(F(1.5), I(2));
  ExpectLess(I(2), F(2.5));
  ExpectLess(F(-std::numeric_limits<double>::infinity()), I(std::numeric_limits<int64_t>::min()));
  ExpectLess(I(std::numeric_limits<int64_t>::max()), Inf());
  ExpectLess(F(9007199254740992.0), I(9007199254740993));  // 2^53 vs 2^53 + 1, exactly
  ExpectOps(I(1), F(1.0), {kF, kT, kF, kT});               // Comparison2 #6
  ExpectOps(F(1.0), F(1.0), {kF, kT, kF, kT});
  ExpectOps(F(-0.0), F(0.0), {kF, kT, kF, kT});
}

TEST(ValueCompareTest, NaNIsUnordered) {
  // Comparison2 #5: every operator false against numbers, null against a string.
  for (const Value& other : {I(1), F(1.0), NaN()}) {
    EXPECT_EQ(Compare(NaN(), other), Comparison::kUnordered);
    ExpectOps(NaN(), other, {kF, kF, kF, kF});
    ExpectOps(other, NaN(), {kF, kF, kF, kF});
  }
  ExpectIncomparable(NaN(), S("a"));
}

TEST(ValueCompareTest, StringsAndBooleans) {
  ExpectLess(S(""), S(" "));
  ExpectLess(S("a"), S("aa"));
  ExpectLess(S("Z"), S("a"));
  ExpectLess(S("z"), S("é"));  // code point order: U+007A < U+00E9
  ExpectLess(B(false), B(true));
  ExpectOps(S("x"), S("x"), {kF, kT, kF, kT});
  ExpectIncomparable(S("1.0"), F(1.0));  // Comparison2 #6
  ExpectIncomparable(S("1"), I(1));
  ExpectIncomparable(B(true), I(1));
}

TEST(ValueCompareTest, ListsTck) {
  // Comparison2 #4, `lhs >= rhs`.
  EXPECT_EQ(GreaterOrEqual(L({I(1), I(0)}), L({I(1)})), kT);
  EXPECT_EQ(GreaterOrEqual(L({I(1), Null()}), L({I(1)})), kT);
  EXPECT_EQ(GreaterOrEqual(L({I(1), I(2)}), L({I(1), Null()})), kU);
  EXPECT_EQ(GreaterOrEqual(L({I(1), S("a")}), L({I(1), Null()})), kU);
  EXPECT_EQ(GreaterOrEqual(L({I(1), I(2)}), L({I(3), Null()})), kF);
}

TEST(ValueCompareTest, ListsLexicographic) {
  ExpectLess(L({}), L({I(1)}));
  ExpectLess(L({I(1)}), L({I(1), I(0)}));
  ExpectLess(L({I(1), I(2)}), L({I(1), I(3)}));
  ExpectLess(L({I(1), I(9)}), L({F(1.5)}));
  ExpectLess(L({L({I(1)})}), L({L({I(2)})}));
  ExpectIncomparable(L({I(1), S("a")}), L({I(1), I(2)}));
  ExpectIncomparable(L({M({})}), L({M({})}));
  ExpectOps(L({NaN()}), L({I(1)}), {kF, kF, kF, kF});
  ExpectOps(L({I(1), F(2.0)}), L({F(1.0), I(2)}), {kF, kT, kF, kT});
}

TEST(ValueCompareTest, AcrossKindsOnlyNumbersCompare) {
  // Comparison2 #3: over [n, r, p, '', 1, 3.14, true, null, [], {}], the only pairs of
  // distinct elements for which an operator is true are 1 and 3.14.
  Value node = N(1);
  Value rel = R(2, "T", 1, 3);
  Value path = Value::Path(PathValue{{MakeNode(1), MakeNode(3)}, {MakeRel(2, "T", 1, 3)}});
  std::vector<Value> types = {node, rel, path, S(""), I(1), F(3.14), B(true), Null(), L({}), M({})};
  for (size_t i = 0; i < types.size(); ++i) {
    for (size_t j = 0; j < types.size(); ++j) {
      if (i == j) continue;
      const bool numbers = (i == 4 && j == 5) || (i == 5 && j == 4);
      for (auto op : {LessThan, LessOrEqual, GreaterThan, GreaterOrEqual}) {
        const Ternary r = op(types[i], types[j]);
        if (numbers) {
          EXPECT_NE(r, kU);
        } else {
          EXPECT_EQ(r, kU) << types[i] << " vs " << types[j];
        }
      }
    }
  }
}

TEST(ValueCompareTest, UnorderableKindsAreIncomparableWithThemselves) {
  ExpectIncomparable(Null(), Null());
  ExpectIncomparable(M({{"a", I(1)}}), M({{"a", I(2)}}));
  ExpectIncomparable(N(1), N(2));
  ExpectIncomparable(R(1, "T", 1, 2), R(2, "T", 1, 2));
  Value p = Value::Path(PathValue{{MakeNode(1)}, {}});
  ExpectIncomparable(p, p);
  ExpectIncomparable(Duration(1, 0, 0), Duration(2, 0, 0));
}

TEST(ValueCompareTest, TemporalsWithinOneKind) {
  // Temporal7 #1-#5.
  ExpectLess(Date(1980, 12, 24), Date(1984, 10, 11));
  ExpectLess(LocalTime(10, 35), LocalTime(12, 31, 14, 645876123));
  ExpectLess(Time(10, 0, 0, 0, 3600), Time(9, 35, 14, 645876123, 0));  // 09:00Z < 09:35Z
  ExpectLess(LocalDateTime(1980, 12, 11, 12, 31, 14), LocalDateTime(1984, 10, 11, 12, 31, 14, 645876123));
  ExpectLess(DateTime(1980, 12, 11, 12, 31, 14, 0, 0), DateTime(1984, 10, 11, 12, 31, 14, 0, 5 * 3600));
  ExpectOps(Date(1984, 10, 11), Date(1984, 10, 11), {kF, kT, kF, kT});
  ExpectIncomparable(Date(1984, 10, 11), LocalDateTime(1984, 10, 11, 0, 0));
  ExpectIncomparable(LocalTime(10, 0), Time(10, 0, 0, 0, 0));
  ExpectIncomparable(Date(1984, 10, 11), S("1984-10-11"));
}

TEST(ValueCompareTest, ComparisonAgreesWithEqualityWhereBothAreDefined) {
  // CIP2016-06-14: a = b iff a <= b and a >= b, for comparable values without nulls.
  std::vector<Value> values = {I(1),
                               F(1.0),
                               F(1.5),
                               S("a"),
                               S("b"),
                               B(false),
                               B(true),
                               L({I(1)}),
                               L({F(1.0)}),
                               L({I(1), I(2)}),
                               Date(2000, 1, 1),
                               Date(2000, 1, 2),
                               Time(1, 0, 0, 0, 0),
                               Time(2, 0, 0, 0, 3600)};
  for (const Value& a : values) {
    for (const Value& b : values) {
      if (Compare(a, b) == Comparison::kNull) continue;
      EXPECT_EQ(Equals(a, b), And(LessOrEqual(a, b), GreaterOrEqual(a, b))) << a << " vs " << b;
    }
  }
}

}  // namespace
}  // namespace quiver
