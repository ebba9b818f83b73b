#pragma once
// Helpers for the function library tests: call a function by name the way the engine
// will, and read results and errors as short strings in the TCK's notation, so a test line
// reads like the TCK row it comes from: EXPECT_EQ(Eval("toString", {F(2.3)}), "'2.3'").

#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "exec/function/function.h"
#include "quiver/error.h"
#include "unit/common/value_test_util.h"

namespace quiver::testing {

inline Value Call(std::string_view name, std::vector<Value> args, uint64_t seed = 42) {
  const ScalarFunction* f = FindScalarFunction(name);
  if (f == nullptr) throw std::invalid_argument("no function " + std::string(name));
  FunctionContext ctx(seed);
  return CallScalar(*f, args, ctx);
}

// The result in TCK notation: 1, 1.0, 'a', [1, 2], null.
inline std::string Eval(std::string_view name, std::vector<Value> args) {
  return ToTckString(Call(name, std::move(args)));
}

// "Class/Detail" of the error a call raises (always a runtime one), or "no error: <result>".
template <typename Fn>
std::string ErrorFrom(Fn&& fn) {
  try {
    Value v = fn();
    return "no error: " + ToTckString(v);
  } catch (const QuiverError& e) {
    EXPECT_EQ(e.phase(), ErrorPhase::kRuntime) << e.what();
    return std::string(ErrorClassName(e.error_class())) + "/" + e.detail();
  }
}

inline std::string ErrorOf(std::string_view name, std::vector<Value> args) {
  return ErrorFrom([&] { return Call(name, std::move(args)); });
}

// Runs an aggregate over rows (each row: the evaluated arguments), optionally DISTINCT.
inline Value Aggregate(std::string_view name, const std::vector<std::vector<Value>>& rows,
                       bool distinct = false) {
  const AggregateFunction* f = FindAggregateFunction(name);
  if (f == nullptr) throw std::invalid_argument("no aggregate " + std::string(name));
  std::unique_ptr<Aggregator> agg = f->make();
  if (distinct) agg = MakeDistinct(std::move(agg));
  for (const auto& row : rows) agg->Update(row);
  return agg->Finalize();
}

// One-argument aggregates over a column of values.
inline std::vector<std::vector<Value>> Column(std::vector<Value> values) {
  std::vector<std::vector<Value>> rows;
  for (Value& v : values) rows.push_back({std::move(v)});
  return rows;
}

inline std::string Agg(std::string_view name, std::vector<Value> values, bool distinct = false) {
  return ToTckString(Aggregate(name, Column(std::move(values)), distinct));
}

}  // namespace quiver::testing
