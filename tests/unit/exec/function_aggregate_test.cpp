// Aggregate functions (TCK Aggregation1-8), DISTINCT, count(*) and the Merge of partial
// states that parallel aggregation relies on.

#include <cmath>
#include <limits>

#include "unit/exec/function_test_util.h"

namespace quiver::testing {
namespace {

TEST(FunctionAggregateTest, CountSkipsNulls) {
  EXPECT_EQ(Agg("count", {I(33), Null()}), "1");  // Aggregation1 #1
  EXPECT_EQ(Agg("count", {}), "0");
  EXPECT_EQ(Agg("count", {Null(), Null()}), "0");
  std::unique_ptr<Aggregator> star = MakeCountStar();
  star->Update({});
  star->Update({});
  std::vector<Value> null_row{Null()};
  star->Update(null_row);
  EXPECT_EQ(ToTckString(star->Finalize()), "3");
}

TEST(FunctionAggregateTest, MinAndMaxUseTheOrderByOrder) {  // Aggregation2
  EXPECT_EQ(Agg("max", {I(1), I(2), I(0), Null(), I(-1)}), "2");
  EXPECT_EQ(Agg("min", {I(1), I(2), I(0), Null(), I(-1)}), "-1");
  EXPECT_EQ(Agg("max", {F(1.0), F(2.0), F(0.5), Null()}), "2.0");
  EXPECT_EQ(Agg("min", {F(1.0), F(2.0), F(0.5), Null()}), "0.5");
  EXPECT_EQ(Agg("max", {I(1), F(2.0), I(5), Null(), F(3.2), F(0.1)}), "5");
  EXPECT_EQ(Agg("min", {I(1), F(2.0), I(5), Null(), F(3.2), F(0.1)}), "0.1");
  EXPECT_EQ(Agg("max", {S("a"), S("b"), S("B"), Null(), S("abc"), S("abc1")}), "'b'");
  EXPECT_EQ(Agg("min", {S("a"), S("b"), S("B"), Null(), S("abc"), S("abc1")}), "'B'");
  EXPECT_EQ(Agg("max", {L({I(1)}), L({I(2)}), L({I(2), I(1)})}), "[2, 1]");
  EXPECT_EQ(Agg("min", {L({I(1)}), L({I(2)}), L({I(2), I(1)})}), "[1]");
  EXPECT_EQ(Agg("max", {I(1), S("a"), Null(), L({I(1), I(2)}), F(0.2), S("b")}), "1");
  EXPECT_EQ(Agg("min", {I(1), S("a"), Null(), L({I(1), I(2)}), F(0.2), S("b")}), "[1, 2]");
  EXPECT_EQ(Agg("max", {}), "null");
  EXPECT_EQ(Agg("min", {Null()}), "null");
}

TEST(FunctionAggregateTest, SumOfIntegersIsExactAndChecked) {  // Aggregation3
  EXPECT_EQ(Agg("sum", {I(33), Null(), I(42)}), "75");
  std::vector<Value> values;
  for (int64_t i = 1000000; i < 1003000; ++i) values.push_back(I(i));
  EXPECT_EQ(Agg("sum", values), "3004498500");  // past 32 bits, no overflow
  EXPECT_EQ(Agg("sum", {}), "0");
  EXPECT_EQ(Agg("sum", {Null()}), "0");
  constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
  EXPECT_EQ(ErrorFrom([&] {
              return Aggregate("sum", Column({I(kMax), I(1)}));
            }),
            "ArithmeticError/IntegerOverflow");
  // The exact 128-bit running sum only fails if the total does not fit.
  EXPECT_EQ(Agg("sum", {I(kMax), I(1), I(-1)}), "9223372036854775807");
}

TEST(FunctionAggregateTest, SumWithFloatsOrDurations) {
  EXPECT_EQ(Agg("sum", {I(1), F(0.5), I(2)}), "3.5");
  EXPECT_EQ(Agg("sum", {F(0.5), F(0.25)}), "0.75");
  EXPECT_EQ(Agg("sum", {Duration(1, 2, 999999999), Duration(0, 1, 2)}),
            ToTckString(Duration(1, 3, 1000000001)));
  EXPECT_EQ(ErrorFrom([] {
              return Aggregate("sum", Column({I(1), S("a")}));
            }),
            "TypeError/InvalidArgumentType");
  EXPECT_EQ(ErrorFrom([] {
              return Aggregate("sum", Column({I(1), Duration(0, 1, 0)}));
            }),
            "TypeError/InvalidArgumentType");
}

TEST(FunctionAggregateTest, Avg) {
  EXPECT_EQ(Agg("avg", {I(1), I(2)}), "1.5");
  EXPECT_EQ(Agg("avg", {I(10), Null(), F(20.0)}), "15.0");
  EXPECT_EQ(Agg("avg", {I(30), I(30), I(30)}), "30.0");  // Return6 #12: Integers average to a Float
  EXPECT_EQ(Agg("avg", {}), "null");
  EXPECT_EQ(Agg("avg", {Null()}), "null");
  constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
  EXPECT_EQ(Agg("avg", {I(kMax), I(kMax)}), "9223372036854776000.0");  // no overflow on the way
  EXPECT_EQ(ErrorFrom([] { return Aggregate("avg", Column({S("x")})); }), "TypeError/InvalidArgumentType");
}

TEST(FunctionAggregateTest, Collect) {
  EXPECT_EQ(Agg("collect", {Null()}), "[]");  // Aggregation5 #1
  EXPECT_EQ(Agg("collect", {I(1), Null(), S("a"), L({})}), "[1, 'a', []]");
  EXPECT_EQ(Agg("collect", {}), "[]");
}

TEST(FunctionAggregateTest, Distinct) {  // Aggregation8, Aggregation5 #2
  EXPECT_EQ(Agg("count", {Null()}, /*distinct=*/true), "0");
  EXPECT_EQ(Agg("collect", {Null(), Null()}, true), "[]");
  EXPECT_EQ(Agg("collect", {Null(), I(1), Null()}, true), "[1]");
  EXPECT_EQ(Agg("collect", {I(42), I(43), I(42), I(44), I(43)}, true), "[42, 43, 44]");
  EXPECT_EQ(Agg("count", {I(1), F(1.0), S("1"), L({I(1)}), L({F(1.0)})}, true), "3");  // 1 = 1.0
  EXPECT_EQ(Agg("sum", {I(2), I(2), I(3)}, true), "5");
  EXPECT_EQ(Agg("count", {NaN(), NaN()}, true), "1");
}

// The typed path (UpdateInt, as the vectorized engine calls it) and boxed rows share one
// notion of "seen": an integer, the float holding it and the boxed integer are one value,
// on one worker and across a Merge; other values stay apart.
TEST(FunctionAggregateTest, DistinctIntegersThroughUpdateIntAndUpdateAreOneSet) {
  auto make = [](const char* name) { return MakeDistinct(FindAggregateFunction(name)->make()); };
  auto update = [](Aggregator& a, const Value& v) { a.Update(std::span<const Value>(&v, 1)); };
  std::unique_ptr<Aggregator> count = make("count");
  for (int64_t v : {5, 7, 5, -3, 7, 0}) count->UpdateInt(v);
  update(*count, F(5.0));   // 5 again
  update(*count, F(-0.0));  // 0 again
  update(*count, I(7));     // 7 again
  update(*count, F(5.5));
  update(*count, S("5"));
  update(*count, Null());
  EXPECT_EQ(ToTckString(count->Finalize()), "6");  // 5, 7, -3, 0, 5.5, '5'

  std::unique_ptr<Aggregator> left = make("sum"), right = make("sum");
  for (int64_t v = 0; v < 1000; ++v) left->UpdateInt(v % 300);        // 0..299, many times
  for (int64_t v = 200; v < 400; ++v) right->UpdateInt(v);            // 200..399
  update(*right, F(450.0));
  update(*left, F(450.0));
  left->Merge(*right);
  EXPECT_EQ(ToTckString(left->Finalize()), std::to_string(399 * 400 / 2 + 450) + ".0");  // 450.0 first: a float sum

  std::unique_ptr<Aggregator> collect = make("collect");
  update(*collect, F(2.0));
  collect->UpdateInt(2);
  collect->UpdateInt(3);
  update(*collect, I(3));
  EXPECT_EQ(ToTckString(collect->Finalize()), "[2.0, 3]");  // the first occurrence of each
}

TEST(FunctionAggregateTest, StandardDeviation) {
  const std::vector<Value> values{I(2), I(4), I(4), I(4), Null(), I(5), I(5), I(7), I(9)};
  EXPECT_EQ(Agg("stDevP", values), "2.0");
  EXPECT_DOUBLE_EQ(Aggregate("stDev", Column(values)).AsFloat(), std::sqrt(32.0 / 7));
  EXPECT_EQ(Agg("stDev", {}), "0.0");  // Neo4j: stDev(null) is 0
  EXPECT_EQ(Agg("stDev", {I(3)}), "0.0");
  EXPECT_EQ(Agg("stDevP", {I(3)}), "0.0");
  EXPECT_EQ(Agg("stDevP", {}), "0.0");
  EXPECT_EQ(ErrorFrom([] { return Aggregate("stDev", Column({S("x")})); }), "TypeError/InvalidArgumentType");
}

std::vector<std::vector<Value>> WithPercentile(std::vector<Value> values, Value p) {
  std::vector<std::vector<Value>> rows;
  for (Value& v : values) rows.push_back({std::move(v), p});
  return rows;
}

TEST(FunctionAggregateTest, Percentiles) {  // Aggregation6 #1, #2
  const std::vector<Value> prices{F(10.0), F(20.0), F(30.0)};
  const std::pair<double, const char*> cases[] = {{0.0, "10.0"}, {0.5, "20.0"}, {1.0, "30.0"}};
  for (const auto& [p, expected] : cases) {
    EXPECT_EQ(ToTckString(Aggregate("percentileDisc", WithPercentile(prices, F(p)))), expected) << p;
    EXPECT_EQ(ToTckString(Aggregate("percentileCont", WithPercentile(prices, F(p)))), expected) << p;
  }
  const std::vector<Value> ints{I(5), I(1), Null(), I(3), I(2), I(4)};  // sorted: 1 2 3 4 5
  EXPECT_EQ(ToTckString(Aggregate("percentileDisc", WithPercentile(ints, F(0.5)))), "3");  // keeps the kind
  EXPECT_EQ(ToTckString(Aggregate("percentileDisc", WithPercentile(ints, F(0.9)))), "5");
  EXPECT_EQ(ToTckString(Aggregate("percentileDisc", WithPercentile(ints, F(0.2)))), "1");
  EXPECT_EQ(ToTckString(Aggregate("percentileDisc", WithPercentile(ints, I(1)))), "5");
  EXPECT_EQ(ToTckString(Aggregate("percentileCont", WithPercentile(ints, F(0.5)))), "3.0");
  EXPECT_EQ(ToTckString(Aggregate("percentileCont", WithPercentile(ints, F(0.1)))), "1.4");
  EXPECT_EQ(ToTckString(Aggregate("percentileCont", WithPercentile(ints, I(0)))), "1.0");
  EXPECT_EQ(ToTckString(Aggregate("percentileDisc", WithPercentile({Null()}, F(0.5)))), "null");
  EXPECT_EQ(ToTckString(Aggregate("percentileCont", {})), "null");
}

TEST(FunctionAggregateTest, PercentileOutOfRange) {  // Aggregation6 #3, #4, #5
  for (const char* fn : {"percentileDisc", "percentileCont"}) {
    for (const Value& p : {I(1000), I(-1), F(1.1), NaN()}) {
      EXPECT_EQ(ErrorFrom([&] { return Aggregate(fn, WithPercentile({F(10.0)}, p)); }),
                "ArgumentError/NumberOutOfRange")
          << fn << " " << p;
    }
    EXPECT_EQ(ErrorFrom([&] { return Aggregate(fn, WithPercentile({F(10.0)}, S("0.5"))); }),
              "TypeError/InvalidArgumentType");
    EXPECT_EQ(ErrorFrom([&] { return Aggregate(fn, WithPercentile({S("x")}, F(0.5))); }),
              "TypeError/InvalidArgumentType");
  }
  // #5: percentileDisc(0.90, deg) with deg > 2: the arguments the wrong way round.
  EXPECT_EQ(ErrorFrom([] {
              return Aggregate("percentileDisc", {{F(0.9), I(3)}, {F(0.9), I(4)}});
            }),
            "ArgumentError/NumberOutOfRange");
}

TEST(FunctionAggregateTest, LookupAndArity) {
  for (const char* name : {"count", "COUNT", "cOuNt", "sum", "avg", "aVg", "min", "max", "collect", "stDev",
                           "stdevp", "percentileDisc", "PERCENTILECONT"}) {
    EXPECT_TRUE(IsAggregateFunctionName(name)) << name;
  }
  EXPECT_FALSE(IsAggregateFunctionName("size"));
  EXPECT_EQ(FindAggregateFunction("STDEVP")->name, "stDevP");
  EXPECT_TRUE(FindAggregateFunction("percentileDisc")->AcceptsArgCount(2));
  EXPECT_FALSE(FindAggregateFunction("percentileDisc")->AcceptsArgCount(1));
  EXPECT_FALSE(FindAggregateFunction("count")->AcceptsArgCount(0));
}

// Splitting the rows between two partial states at every point and merging must give the
// result of one state fed everything: what a morsel-parallel aggregation relies on.
TEST(FunctionAggregateTest, MergeOfPartialStatesMatchesOneState) {
  const std::vector<Value> values{I(3), Null(), F(1.5), I(3), I(-2), F(1.5), I(8), I(0)};
  struct Case {
    const char* name;
    bool distinct;
    Value percentile;  // null: a one-argument aggregate
  };
  const Case cases[] = {{"count", false, Null()},         {"count", true, Null()},
                        {"sum", false, Null()},           {"sum", true, Null()},
                        {"avg", false, Null()},           {"min", false, Null()},
                        {"max", false, Null()},           {"collect", false, Null()},
                        {"collect", true, Null()},        {"stDev", false, Null()},
                        {"stDevP", false, Null()},        {"percentileDisc", false, F(0.4)},
                        {"percentileCont", false, F(0.4)}};
  for (const Case& c : cases) {
    std::vector<std::vector<Value>> rows;
    for (const Value& v : values) {
      rows.push_back(c.percentile.IsNull() ? std::vector<Value>{v} : std::vector<Value>{v, c.percentile});
    }
    const Value whole = Aggregate(c.name, rows, c.distinct);
    for (size_t split = 0; split <= rows.size(); ++split) {
      auto make = [&] {
        std::unique_ptr<Aggregator> a = FindAggregateFunction(c.name)->make();
        return c.distinct ? MakeDistinct(std::move(a)) : std::move(a);
      };
      std::unique_ptr<Aggregator> left = make(), right = make();
      for (size_t i = 0; i < rows.size(); ++i) (i < split ? left : right)->Update(rows[i]);
      left->Merge(*right);
      const Value merged = left->Finalize();
      if (whole.IsFloat()) {
        EXPECT_NEAR(merged.AsFloat(), whole.AsFloat(), 1e-12) << c.name << " split " << split;
      } else {
        EXPECT_EQ(ToTckString(merged), ToTckString(whole)) << c.name << " split " << split;
      }
    }
  }
}

}  // namespace
}  // namespace quiver::testing
