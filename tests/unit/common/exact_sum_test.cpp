// ExactSum: the correctly rounded sum, whatever the order of additions and merges.

#include "common/value/exact_sum.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
#include <random>
#include <vector>

namespace quiver {
namespace {

double SumOf(const std::vector<double>& xs) {
  ExactSum s;
  for (double x : xs) s.Add(x);
  return s.Value();
}

TEST(ExactSum, IsTheCorrectlyRoundedSum) {
  EXPECT_EQ(SumOf({}), 0.0);
  EXPECT_EQ(SumOf({1e100, 1.0, -1e100}), 1.0);  // a naive sum gives 0
  EXPECT_EQ(SumOf(std::vector<double>(10, 0.1)), 1.0);  // a naive sum gives 0.9999999999999999
  EXPECT_EQ(SumOf({0.1, 0.2}), 0.1 + 0.2);              // one rounding: the naive answer
  EXPECT_FALSE(std::signbit(SumOf({-0.0, -0.0})));     // +0.0, as a naive sum from 0.0
  ExactSum ints;
  ints.AddInteger(static_cast<__int128>(INT64_MAX) * 3 + 1);
  EXPECT_EQ(ints.Value(), static_cast<double>(static_cast<__int128>(INT64_MAX) * 3 + 1));
}

TEST(ExactSum, NonFiniteInputs) {
  const double inf = std::numeric_limits<double>::infinity();
  EXPECT_EQ(SumOf({1.0, inf}), inf);
  EXPECT_TRUE(std::isnan(SumOf({inf, -inf})));
  EXPECT_TRUE(std::isnan(SumOf({1.0, std::nan("")})));
  EXPECT_EQ(SumOf({1e308, 1e308}), inf);
}

TEST(ExactSum, NoOrderAndNoSplitChangesTheAnswer) {
  std::mt19937_64 rng(3);
  std::uniform_real_distribution<double> mantissa(-1.0, 1.0);
  std::uniform_int_distribution<int> exponent(-40, 40);
  std::vector<double> xs(5000);
  for (double& x : xs) x = std::ldexp(mantissa(rng), exponent(rng));
  const double expected = SumOf(xs);
  for (int round = 0; round < 5; ++round) {
    std::shuffle(xs.begin(), xs.end(), rng);
    ExactSum left, right;
    const size_t cut = rng() % xs.size();
    for (size_t i = 0; i < xs.size(); ++i) (i < cut ? left : right).Add(xs[i]);
    right.Merge(left);
    EXPECT_EQ(right.Value(), expected);
    EXPECT_EQ(SumOf(xs), expected);
  }
}

}  // namespace
}  // namespace quiver
