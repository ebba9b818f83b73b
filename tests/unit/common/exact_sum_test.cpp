// ExactSum: the correctly rounded sum, whatever the order of additions and merges.

#include "common/value/exact_sum.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
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

// AddAll (a chunk at once: 128-bit integers where the exponents allow) reaches the
// answer one Add per value reaches, bit for bit: narrow and wide exponent spreads, signs,
// zeros, subnormals, nulls skipped, non-finite values, chunks added after other values.
TEST(ExactSum, AddAllIsAddForEachValidValue) {
  std::mt19937_64 rng(5);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  const double inf = std::numeric_limits<double>::infinity();
  auto chunk = [&](int spread, int at) {
    std::vector<double> xs(1 + rng() % 3000);
    std::uniform_int_distribution<int> exponent(at, at + spread);
    for (double& x : xs) {
      switch (rng() % 16) {
        case 0: x = 0.0; break;
        case 1: x = -0.0; break;
        default: x = std::ldexp(unit(rng), exponent(rng)); break;
      }
    }
    return xs;
  };
  struct Case {
    int spread, at;
  };
  const Case cases[] = {{0, 0}, {3, -2}, {40, -20}, {60, 100}, {61, 0}, {200, -100}, {10, -1070}, {5, 900},
                        {20, 1000}};
  for (const Case& c : cases) {
    for (int round = 0; round < 20; ++round) {
      std::vector<double> xs = chunk(c.spread, c.at);
      std::vector<uint8_t> valid(xs.size());
      for (auto& v : valid) v = rng() % 5 != 0;
      if (round == 3) xs[rng() % xs.size()] = inf;
      if (round == 4) xs[rng() % xs.size()] = std::nan("");
      if (round == 5) std::fill(valid.begin(), valid.end(), 0);
      ExactSum each, all;
      const double before = unit(rng) * 1e3;  // the state is not empty when a chunk comes
      each.Add(before);
      all.Add(before);
      for (size_t i = 0; i < xs.size(); ++i) {
        if (valid[i]) each.Add(xs[i]);
      }
      all.AddAll(xs, valid);
      const double a = each.Value(), b = all.Value();
      EXPECT_TRUE((std::isnan(a) && std::isnan(b)) || std::bit_cast<uint64_t>(a) == std::bit_cast<uint64_t>(b))
          << "spread " << c.spread << " at " << c.at << " round " << round << ": " << a << " vs " << b;
    }
  }
}

}  // namespace
}  // namespace quiver
