#include "bench/result_digest.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace quiver::bench {
namespace {

// Each expectation is what bench/peers/kuzu/queries.mjs's canonFloat gives for the same
// double (checked with node: Math.abs(x).toExponential(5) rounds the exact value half
// away from zero); the two sides must agree for Quiver's and Kùzu's answers to compare.
TEST(ResultDigestTest, FloatsRoundToSixDigitsLikeTheKuzuSide) {
  EXPECT_EQ(CanonicalFloat(0.375184824902724), "3.75185e-1");
  EXPECT_EQ(CanonicalFloat(542.6948852539062), "5.42695e2");
  EXPECT_EQ(CanonicalFloat(-542.6948852539062), "-5.42695e2");
  EXPECT_EQ(CanonicalFloat(1e-7), "1.00000e-7");
  // Integral after rounding: printed as an integer, so two summation orders agree.
  EXPECT_EQ(CanonicalFloat(3.0), "3");
  EXPECT_EQ(CanonicalFloat(2.9999999999999996), "3");
  EXPECT_EQ(CanonicalFloat(2006.5), "2.00650e3");
  EXPECT_EQ(CanonicalFloat(1234567.0), "1234570");
  EXPECT_EQ(CanonicalFloat(1e15), "1.00000e15");
  EXPECT_EQ(CanonicalFloat(0.0), "0");
  EXPECT_EQ(CanonicalFloat(-0.0), "0");
  // Exact ties go away from zero (printf's own rounding would give 1.23456e5).
  EXPECT_EQ(CanonicalFloat(123456.5), "123457");
  EXPECT_EQ(CanonicalFloat(1234565.0), "1234570");
  EXPECT_EQ(CanonicalFloat(9.999995), "10");  // carries into a new digit
  EXPECT_EQ(CanonicalFloat(std::numeric_limits<double>::quiet_NaN()), "NaN");
  EXPECT_EQ(CanonicalFloat(-std::numeric_limits<double>::infinity()), "-Infinity");
}

TEST(ResultDigestTest, ValuesAndRows) {
  EXPECT_EQ(CanonicalValue(Value::Int(-42)), "-42");
  EXPECT_EQ(CanonicalValue(Value()), "null");
  EXPECT_EQ(CanonicalValue(Value::String("Oslo \"x\"")), "\"Oslo \\\"x\\\"\"");
  EXPECT_EQ(CanonicalRow({Value::String("Ada"), Value::Float(0.9945), Value::Int(246)}),
            "\"Ada\",9.94500e-1,246");
}

TEST(ResultDigestTest, UnorderedRowsHashAlikeInAnyOrder) {
  ResultDigest a, b, ordered;
  a.AddRows({"1", "2", "3"}, /*ordered=*/false);
  b.AddRows({"3", "1", "2"}, /*ordered=*/false);
  ordered.AddRows({"3", "1", "2"}, /*ordered=*/true);
  EXPECT_EQ(a.HashHex(), b.HashHex());
  EXPECT_NE(a.HashHex(), ordered.HashHex());
  EXPECT_EQ(a.rows(), 3u);
  // FNV-1a 64 of "1\n2\n3\n", as the JS side computes it (node, BigInt).
  EXPECT_EQ(a.HashHex(), "fb3efa191b399257");
  ResultDigest empty;
  EXPECT_EQ(empty.HashHex(), "cbf29ce484222325");
}

}  // namespace
}  // namespace quiver::bench
