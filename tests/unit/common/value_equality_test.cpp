// Equals(): ternary equality, with the TCK's Comparison1 tables as the contract.

#include <gtest/gtest.h>

#include "quiver/value.h"
#include "unit/common/value_test_util.h"

namespace quiver {
namespace {

using namespace quiver::testing;  // NOLINT

constexpr Ternary kT = Ternary::kTrue;
constexpr Ternary kF = Ternary::kFalse;
constexpr Ternary kU = Ternary::kNull;

void ExpectEq(const Value& a, const Value& b, Ternary expected) {
  EXPECT_EQ(Equals(a, b), expected) << a << " = " << b;
  EXPECT_EQ(Equals(b, a), expected) << b << " = " << a << " (swapped)";
  EXPECT_EQ(NotEquals(a, b), Not(expected)) << a << " <> " << b;
}

TEST(ValueEqualityTest, NullPropagates) {
  ExpectEq(Null(), Null(), kU);  // Comparison1 #15, #16
  ExpectEq(Null(), I(1), kU);
  ExpectEq(Null(), S(""), kU);
  ExpectEq(Null(), L({}), kU);
  ExpectEq(Null(), M({}), kU);
  ExpectEq(Null(), N(1), kU);
  ExpectEq(Null(), NaN(), kU);
  ExpectEq(Null(), Date(2020, 1, 1), kU);
}

TEST(ValueEqualityTest, NumbersCompareByValueAcrossIntegerAndFloat) {
  ExpectEq(I(1), I(1), kT);
  ExpectEq(I(1), I(2), kF);
  ExpectEq(I(1), F(1.0), kT);  // Comparison1 #9
  ExpectEq(F(1.0), F(1.0), kT);
  ExpectEq(I(0), F(0.5), kF);  // Comparison1 #2
  ExpectEq(F(0.0), F(-0.0), kT);
  ExpectEq(I(0), F(-0.0), kT);
  ExpectEq(Inf(), Inf(), kT);
  ExpectEq(Inf(), I(std::numeric_limits<int64_t>::max()), kF);
}

TEST(ValueEqualityTest, LargeIntegersAreExact) {
  // Comparison1 #10-#13: no rounding through double.
  ExpectEq(I(4611686018427387905), I(4611686018427387905), kT);
  ExpectEq(I(4611686018427387905), I(4611686018427387900), kF);
  const int64_t two53 = int64_t{1} << 53;
  ExpectEq(I(two53 + 1), F(static_cast<double>(two53)), kF);
  ExpectEq(I(two53), F(static_cast<double>(two53)), kT);
  ExpectEq(I(std::numeric_limits<int64_t>::max()), F(9223372036854775808.0), kF);
  ExpectEq(I(std::numeric_limits<int64_t>::min()), F(-9223372036854775808.0), kT);
}

TEST(ValueEqualityTest, NaNEqualsNothing) {
  // Comparison1 #8.
  ExpectEq(NaN(), I(1), kF);
  ExpectEq(NaN(), F(1.0), kF);
  ExpectEq(NaN(), NaN(), kF);
  ExpectEq(NaN(), S("a"), kF);
  Value nan = NaN();
  ExpectEq(nan, nan, kF);  // the same payload too
}

TEST(ValueEqualityTest, DifferentKindsAreUnequalNotNull) {
  ExpectEq(S("1.0"), F(1.0), kF);  // Comparison1 #9
  ExpectEq(S("1"), I(1), kF);
  ExpectEq(B(true), I(1), kF);
  ExpectEq(L({}), M({}), kF);
  ExpectEq(N(1), R(1, "T", 1, 1), kF);
  ExpectEq(L({I(1)}), I(1), kF);
  ExpectEq(Date(1970, 1, 1), LocalTime(0, 0), kF);
}

TEST(ValueEqualityTest, ListsTck) {
  // Comparison1 #6.
  ExpectEq(L({I(1), I(2)}), L({I(1)}), kF);
  ExpectEq(L({Null()}), L({I(1)}), kU);
  ExpectEq(L({S("a")}), L({I(1)}), kF);
  ExpectEq(L({L({I(1)})}), L({L({I(1)}), L({Null()})}), kF);
  ExpectEq(L({L({I(1)}), L({I(2)})}), L({L({I(1)}), L({Null()})}), kU);
  ExpectEq(L({L({I(1)}), L({I(2), I(3)})}), L({L({I(1)}), L({Null()})}), kF);
}

TEST(ValueEqualityTest, ListsFalseDominatesNull) {
  ExpectEq(L({I(1), Null()}), L({I(1), I(2)}), kU);
  ExpectEq(L({I(1), I(2)}), L({I(1), I(3)}), kF);
  ExpectEq(L({Null(), I(1)}), L({I(2), I(2)}), kF);
  ExpectEq(L({}), L({}), kT);
  ExpectEq(L({I(1), F(2.0), S("x")}), L({F(1.0), I(2), S("x")}), kT);
  ExpectEq(L({NaN()}), L({NaN()}), kF);
}

TEST(ValueEqualityTest, MapsTck) {
  // Comparison1 #7, every row.
  ExpectEq(M({}), M({}), kT);
  ExpectEq(M({{"k", B(true)}}), M({{"k", B(true)}}), kT);
  ExpectEq(M({{"k", I(1)}}), M({{"k", I(1)}}), kT);
  ExpectEq(M({{"k", F(1.0)}}), M({{"k", F(1.0)}}), kT);
  ExpectEq(M({{"k", S("abc")}}), M({{"k", S("abc")}}), kT);
  ExpectEq(M({{"k", S("a")}, {"l", I(2)}}), M({{"k", S("a")}, {"l", I(2)}}), kT);
  ExpectEq(M({}), M({{"k", Null()}}), kF);
  ExpectEq(M({{"k", Null()}}), M({}), kF);
  ExpectEq(M({{"k", I(1)}}), M({{"k", I(1)}, {"l", Null()}}), kF);
  ExpectEq(M({{"k", Null()}, {"l", I(1)}}), M({{"l", I(1)}}), kF);
  ExpectEq(M({{"k", Null()}}), M({{"k", Null()}, {"l", Null()}}), kF);
  ExpectEq(M({{"k", Null()}}), M({{"k", Null()}}), kU);
  ExpectEq(M({{"k", I(1)}}), M({{"k", Null()}}), kU);
  ExpectEq(M({{"k", I(1)}, {"l", Null()}}), M({{"k", Null()}, {"l", Null()}}), kU);
  ExpectEq(M({{"k", I(1)}, {"l", Null()}}), M({{"k", Null()}, {"l", I(1)}}), kU);
  ExpectEq(M({{"k", I(1)}, {"l", Null()}}), M({{"k", I(1)}, {"l", I(1)}}), kU);
}

TEST(ValueEqualityTest, MapsWithDifferentKeysOfSameSize) {
  ExpectEq(M({{"a", Null()}}), M({{"b", Null()}}), kF);
  ExpectEq(M({{"a", I(1)}, {"b", I(2)}}), M({{"a", I(1)}, {"c", I(2)}}), kF);
  ExpectEq(M({{"a", I(1)}, {"b", I(2)}}), M({{"b", F(2.0)}, {"a", I(1)}}), kT);
}

TEST(ValueEqualityTest, GraphEntitiesCompareByIdentity) {
  // Comparison1 #4, #5: same entity, possibly read at different times.
  ExpectEq(N(1, {"A"}, ValueMap{{"p", I(1)}}), N(1, {"B"}, ValueMap{{"p", I(2)}}), kT);
  ExpectEq(N(1), N(2), kF);
  ExpectEq(R(5, "T", 1, 2), R(5, "T", 1, 2), kT);
  ExpectEq(R(5, "T", 1, 2), R(6, "T", 1, 2), kF);
}

TEST(ValueEqualityTest, PathDirectionIsNotSignificant) {
  // Comparison1 #14: a self-loop traversed either way is one path.
  Value forward = Value::Path(PathValue{{MakeNode(1), MakeNode(1)}, {MakeRel(7, "LOOP", 1, 1)}});
  Value backward = Value::Path(PathValue{{MakeNode(1), MakeNode(1)}, {MakeRel(7, "LOOP", 1, 1)}});
  ExpectEq(forward, backward, kT);
  Value ab = Value::Path(PathValue{{MakeNode(1), MakeNode(2)}, {MakeRel(7, "T", 1, 2)}});
  Value ba = Value::Path(PathValue{{MakeNode(2), MakeNode(1)}, {MakeRel(7, "T", 1, 2)}});
  ExpectEq(ab, ba, kF);  // different node sequence
  ExpectEq(ab, Value::Path(PathValue{{MakeNode(1)}, {}}), kF);
}

TEST(ValueEqualityTest, Temporals) {
  ExpectEq(Date(1984, 10, 11), Date(1984, 10, 11), kT);  // Temporal7 #1
  ExpectEq(Date(1980, 12, 24), Date(1984, 10, 11), kF);
  ExpectEq(LocalTime(12, 31, 14, 645876123), LocalTime(12, 31, 14, 645876123), kT);
  ExpectEq(Time(9, 35, 14, 645876123, 0), Time(9, 35, 14, 645876123, 0), kT);
  ExpectEq(Time(10, 0, 0, 0, 3600), Time(9, 0, 0, 0, 0), kT);  // one instant
  ExpectEq(LocalDateTime(1984, 10, 11, 12, 31, 14, 645876123),
           LocalDateTime(1984, 10, 11, 12, 31, 14, 645876123), kT);
  ExpectEq(DateTime(1984, 10, 11, 12, 31, 14, 0, 5 * 3600), DateTime(1984, 10, 11, 7, 31, 14, 0, 0), kT);
  ExpectEq(DateTime(1984, 10, 11, 12, 31, 14, 0, 5 * 3600), DateTime(1984, 10, 11, 12, 31, 14, 0, 0), kF);
}

TEST(ValueEqualityTest, DurationsTck) {
  // Temporal7 #6: normalised fields; a duration never equals another temporal kind.
  auto dur = [](int64_t y, int64_t mo, int64_t d, int64_t h, int64_t mi, int64_t s) {
    return Duration(y * 12 + mo, d, ((h * 60 + mi) * 60 + s) * 1'000'000'000);
  };
  Value x = dur(12, 5, 14, 16, 12, 70);
  ExpectEq(x, Date(1984, 10, 11), kF);
  ExpectEq(x, LocalTime(12, 31, 14, 645876123), kF);
  ExpectEq(x, Time(9, 35, 14, 645876123, 0), kF);
  ExpectEq(x, LocalDateTime(1984, 10, 11, 12, 31, 14, 645876123), kF);
  ExpectEq(x, DateTime(1984, 10, 11, 12, 31, 14, 0, 5 * 3600), kF);
  ExpectEq(x, dur(12, 5, 14, 16, 12, 70), kT);
  ExpectEq(x, dur(12, 5, 14, 16, 13, 10), kT);
  ExpectEq(x, dur(12, 5, 13, 40, 13, 10), kF);
}

}  // namespace
}  // namespace quiver
