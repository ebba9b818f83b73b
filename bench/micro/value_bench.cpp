// Micro-benchmarks of the value model's hot paths: copies (the executor copies values
// constantly), hashing and equivalence (grouping, DISTINCT) and ordering (ORDER BY).

#include <benchmark/benchmark.h>

#include <algorithm>
#include <random>
#include <unordered_set>
#include <vector>

#include "quiver/value.h"

namespace quiver {
namespace {

std::vector<Value> MixedNumbers(size_t n) {
  std::mt19937_64 rng(7);
  std::vector<Value> values;
  values.reserve(n);
  for (size_t i = 0; i < n; ++i) {
    const int64_t x = static_cast<int64_t>(rng() % 100000);
    values.push_back(i % 3 == 0 ? Value::Float(static_cast<double>(x) + 0.5) : Value::Int(x));
  }
  return values;
}

void BM_CopyInt(benchmark::State& state) {
  Value v = Value::Int(42);
  for (auto _ : state) {
    Value copy = v;
    benchmark::DoNotOptimize(copy);
  }
}
BENCHMARK(BM_CopyInt);

void BM_CopyString(benchmark::State& state) {
  Value v = Value::String("a property value long enough to defeat any SSO");
  for (auto _ : state) {
    Value copy = v;
    benchmark::DoNotOptimize(copy);
  }
}
BENCHMARK(BM_CopyString);

void BM_MakeString(benchmark::State& state) {
  for (auto _ : state) {
    Value v = Value::String("a property value");
    benchmark::DoNotOptimize(v);
  }
}
BENCHMARK(BM_MakeString);

void BM_HashInt(benchmark::State& state) {
  Value v = Value::Int(123456789);
  for (auto _ : state) benchmark::DoNotOptimize(Hash(v));
}
BENCHMARK(BM_HashInt);

void BM_HashString(benchmark::State& state) {
  Value v = Value::String("Europe/Stockholm");
  for (auto _ : state) benchmark::DoNotOptimize(Hash(v));
}
BENCHMARK(BM_HashString);

void BM_HashList(benchmark::State& state) {
  std::vector<Value> items = MixedNumbers(16);
  Value v = Value::List(items);
  for (auto _ : state) benchmark::DoNotOptimize(Hash(v));
}
BENCHMARK(BM_HashList);

void BM_SortMixedNumbers(benchmark::State& state) {
  const std::vector<Value> input = MixedNumbers(static_cast<size_t>(state.range(0)));
  for (auto _ : state) {
    std::vector<Value> values = input;
    std::sort(values.begin(), values.end(), ValueOrderLess());
    benchmark::DoNotOptimize(values.data());
  }
  state.SetItemsProcessed(state.iterations() * state.range(0));
}
BENCHMARK(BM_SortMixedNumbers)->Arg(10000);

void BM_DistinctMixedNumbers(benchmark::State& state) {
  const std::vector<Value> input = MixedNumbers(static_cast<size_t>(state.range(0)));
  for (auto _ : state) {
    std::unordered_set<Value, ValueGroupHash, ValueGroupEqual> set(input.begin(), input.end());
    benchmark::DoNotOptimize(set.size());
  }
  state.SetItemsProcessed(state.iterations() * state.range(0));
}
BENCHMARK(BM_DistinctMixedNumbers)->Arg(10000);

}  // namespace
}  // namespace quiver
