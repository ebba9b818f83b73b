// GroupEquals() and Hash(): equivalence for DISTINCT and grouping, and the hash that
// must agree with it.

#include <gtest/gtest.h>

#include <random>
#include <unordered_set>

#include "quiver/value.h"
#include "unit/common/value_test_util.h"

namespace quiver {
namespace {

using namespace quiver::testing;  // NOLINT

void ExpectEquivalent(const Value& a, const Value& b) {
  EXPECT_TRUE(GroupEquals(a, b)) << a << " ~ " << b;
  EXPECT_TRUE(GroupEquals(b, a)) << b << " ~ " << a;
  EXPECT_EQ(OrderCompare(a, b), 0) << a << " vs " << b;
  EXPECT_EQ(Hash(a), Hash(b)) << a << " and " << b;
}

void ExpectDistinct(const Value& a, const Value& b) {
  EXPECT_FALSE(GroupEquals(a, b)) << a << " ~ " << b;
  EXPECT_FALSE(GroupEquals(b, a)) << b << " ~ " << a;
  EXPECT_NE(OrderCompare(a, b), 0) << a << " vs " << b;
}

TEST(ValueGroupTest, NullAndNaNAreEquivalentToThemselves) {
  ExpectEquivalent(Null(), Null());  // Aggregation8 #3, Return5 #2
  ExpectEquivalent(NaN(), NaN());
  ExpectEquivalent(NaN(), F(-std::nan("")));
  ExpectEquivalent(L({Null()}), L({Null()}));  // CIP2016-06-14: [null] DISTINCT is one row
  ExpectEquivalent(M({{"k", Null()}}), M({{"k", Null()}}));
  ExpectEquivalent(L({NaN(), L({Null()})}), L({NaN(), L({Null()})}));
  ExpectDistinct(Null(), NaN());
  ExpectDistinct(L({Null()}), L({NaN()}));
}

TEST(ValueGroupTest, NumbersAreEquivalentByValue) {
  ExpectEquivalent(I(1), F(1.0));
  ExpectEquivalent(I(0), F(-0.0));
  ExpectEquivalent(F(0.0), F(-0.0));
  ExpectEquivalent(I(-7), F(-7.0));
  ExpectEquivalent(I(int64_t{1} << 62), F(4611686018427387904.0));
  ExpectEquivalent(I(std::numeric_limits<int64_t>::min()), F(-9223372036854775808.0));
  ExpectEquivalent(L({I(1), F(2.0)}), L({F(1.0), I(2)}));
  ExpectEquivalent(M({{"a", I(3)}}), M({{"a", F(3.0)}}));
  ExpectDistinct(I(1), F(1.5));
  ExpectDistinct(I((int64_t{1} << 53) + 1), F(9007199254740992.0));
  ExpectDistinct(F(9223372036854775808.0), I(std::numeric_limits<int64_t>::max()));
  ExpectDistinct(I(1), S("1"));
  ExpectDistinct(I(1), B(true));
}

TEST(ValueGroupTest, StructuresTck) {
  // Return5 #1, #3, #4 and With5 #2: equal nested structures built separately group
  // together.
  auto list = [] { return L({S("A"), S("B")}); };
  ExpectEquivalent(M({{"name", list()}}), M({{"name", list()}}));
  ExpectEquivalent(M({{"name", L({L({list(), list()}), L({list(), list()})})}}),
                   M({{"name", L({L({list(), list()}), L({list(), list()})})}}));
  ExpectEquivalent(M({{"name", L({M({{"name2", list()}}), M({{"baz", M({{"apa", list()}})}})})}}),
                   M({{"name", L({M({{"name2", list()}}), M({{"baz", M({{"apa", list()}})}})})}}));
  ExpectDistinct(L({S("red")}), L({S("blue")}));
  ExpectDistinct(L({I(1)}), L({I(1), I(1)}));
  ExpectDistinct(M({{"a", I(1)}}), M({{"b", I(1)}}));
  ExpectDistinct(M({{"a", Null()}}), M({}));
  ExpectDistinct(L({}), M({}));
}

TEST(ValueGroupTest, EntitiesAndTemporals) {
  ExpectEquivalent(N(4, {"A"}), N(4, {"B"}, ValueMap{{"x", I(1)}}));
  ExpectDistinct(N(4), N(5));
  ExpectDistinct(N(4), R(4, "T", 1, 2));
  ExpectEquivalent(Time(10, 0, 0, 0, 3600), Time(9, 0, 0, 0, 0));
  ExpectEquivalent(DateTime(2000, 1, 1, 1, 0, 0, 0, 3600, "Europe/Paris"),
                   DateTime(2000, 1, 1, 0, 0, 0, 0, 0));
  ExpectDistinct(Date(2000, 1, 1), LocalDateTime(2000, 1, 1, 0, 0));
  ExpectDistinct(Duration(1, 0, 0), Duration(0, 30, 0));
}

TEST(ValueGroupTest, UnorderedSetDeduplicates) {
  std::unordered_set<Value, ValueGroupHash, ValueGroupEqual> set;
  for (const Value& v :
       {I(1), F(1.0), Null(), Null(), NaN(), NaN(), S("a"), S("a"), L({Null()}), L({Null()})}) {
    set.insert(v);
  }
  EXPECT_EQ(set.size(), 5u);  // 1, null, NaN, 'a', [null]
}

TEST(ValueGroupTest, HashSpreadsIntegers) {
  std::unordered_set<uint64_t> hashes;
  for (int64_t i = -5000; i < 5000; ++i) hashes.insert(Hash(I(i)));
  EXPECT_EQ(hashes.size(), 10000u);
  EXPECT_NE(Hash(L({})), Hash(M({})));
  EXPECT_NE(Hash(L({I(1), I(2)})), Hash(L({I(2), I(1)})));
  EXPECT_NE(Hash(S("")), Hash(Null()));
}

// Random values from a deliberately small domain, so that equivalent-but-differently
// built values (1 vs 1.0, -0.0 vs 0, equal lists built twice) are frequent.
class RandomValues {
 public:
  explicit RandomValues(uint32_t seed) : rng_(seed) {}

  Value Next(int depth = 0) {
    const int kinds = depth >= 2 ? 12 : 14;
    switch (Pick(kinds)) {
      case 0:
        return Null();
      case 1:
        return B(Pick(2) == 1);
      case 2:
        return I(Pick(5) - 2);
      case 3: {
        const double floats[] = {
            -0.0, 0.0, 1.0, 2.0, 1.5, -2.0, std::nan(""), Inf().AsFloat(), 9007199254740992.0};
        return F(floats[Pick(9)]);
      }
      case 4:
        return Pick(4) == 0 ? I(9007199254740993) : I(9007199254740992);
      case 5: {
        const char* strings[] = {"", "a", "b", "ab", "1"};
        return S(strings[Pick(5)]);
      }
      case 6:
        return N(static_cast<uint64_t>(Pick(3)));
      case 7:
        return R(static_cast<uint64_t>(Pick(3)), "T", 0, 1);
      case 8:
        return Date(2000, 1, 1 + static_cast<unsigned>(Pick(2)));
      case 9:
        return Time(10 + Pick(2), 0, 0, 0, 3600 * Pick(2));  // 10:00+01 ~ 09:00Z etc.
      case 10:
        return Duration(Pick(2), Pick(2), 0);
      case 11:
        return Value::Path(PathValue{{MakeNode(static_cast<uint64_t>(Pick(2)))}, {}});
      case 12: {
        std::vector<Value> items;
        for (int i = Pick(3); i > 0; --i) items.push_back(Next(depth + 1));
        return Value::List(std::move(items));
      }
      default: {
        const char* keys[] = {"a", "b"};
        std::vector<ValueMap::Entry> entries;
        for (int i = Pick(3); i > 0; --i) entries.emplace_back(keys[Pick(2)], Next(depth + 1));
        return Value::Map(ValueMap(std::move(entries)));
      }
    }
  }

 private:
  int Pick(int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng_); }
  std::mt19937 rng_;
};

int Sign(int x) {
  return (x > 0) - (x < 0);
}

TEST(ValueGroupTest, RandomizedConsistency) {
  RandomValues gen(20261129);
  std::vector<Value> values;
  for (int i = 0; i < 400; ++i) values.push_back(gen.Next());
  size_t equivalent_pairs = 0;
  for (const Value& a : values) {
    for (const Value& b : values) {
      const bool group = GroupEquals(a, b);
      const int order = OrderCompare(a, b);
      ASSERT_EQ(group, order == 0) << a << " vs " << b;
      ASSERT_EQ(group, GroupEquals(b, a)) << a << " vs " << b;
      ASSERT_EQ(Sign(order), -Sign(OrderCompare(b, a))) << a << " vs " << b;
      if (group) {
        ASSERT_EQ(Hash(a), Hash(b)) << a << " vs " << b;
        equivalent_pairs += &a != &b;
      }
      // Equality implies equivalence (never the other way round: null, NaN).
      if (Equals(a, b) == Ternary::kTrue) {
        ASSERT_TRUE(group) << a << " = " << b;
      }
      // Comparison, where defined and ordered, agrees with the sort order.
      const Comparison c = Compare(a, b);
      if (c == Comparison::kLess) {
        ASSERT_LT(order, 0) << a << " < " << b;
      } else if (c == Comparison::kGreater) {
        ASSERT_GT(order, 0) << a << " > " << b;
      } else if (c == Comparison::kEqual) {
        ASSERT_EQ(order, 0) << a << " == " << b;
      }
    }
  }
  EXPECT_GT(equivalent_pairs, 1000u);  // the domain really produces collisions

  // Sorting with the order is a strict weak ordering: a sorted sequence is
  // non-decreasing under every pair, not only neighbours (checks transitivity).
  std::vector<Value> sorted = values;
  std::sort(sorted.begin(), sorted.end(), ValueOrderLess());
  for (size_t i = 0; i < sorted.size(); ++i) {
    for (size_t j = i + 1; j < sorted.size(); ++j) {
      ASSERT_LE(OrderCompare(sorted[i], sorted[j]), 0) << sorted[i] << " then " << sorted[j];
    }
  }
}

}  // namespace
}  // namespace quiver
