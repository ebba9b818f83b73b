// Name lookup over the family tables, and the small pieces of function.h that belong to
// no family.

#include <algorithm>
#include <bit>
#include <string>
#include <unordered_map>

#include "common/assert.h"
#include "common/splitmix64.h"
#include "exec/function/builtin_functions.h"
#include "exec/function/function.h"

namespace quiver {
namespace {

std::string Lower(std::string_view s) {
  std::string out(s);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c); });
  return out;
}

// Built once, immutable afterwards (a function-local static: thread-safe initialisation,
// no mutable global state). Keys are lower-cased names.
template <typename Fn>
class Index {
 public:
  void Add(std::span<const Fn> fns) {
    for (const Fn& f : fns) {
      bool inserted = by_name_.emplace(Lower(f.name), &f).second;
      QUIVER_ASSERT_MSG(inserted, std::string("function registered twice: ") + std::string(f.name));
    }
  }
  const Fn* Find(std::string_view name) const {
    auto it = by_name_.find(Lower(name));
    return it == by_name_.end() ? nullptr : it->second;
  }

 private:
  std::unordered_map<std::string, const Fn*> by_name_;
};

const Index<ScalarFunction>& ScalarIndex() {
  static const Index<ScalarFunction> kIndex = [] {
    Index<ScalarFunction> i;
    i.Add(function_internal::MathFunctions());
    i.Add(function_internal::StringFunctions());
    i.Add(function_internal::ListFunctions());
    i.Add(function_internal::ConversionFunctions());
    i.Add(function_internal::LoadCsvFunctions());
    return i;
  }();
  return kIndex;
}

const Index<AggregateFunction>& AggregateIndex() {
  static const Index<AggregateFunction> kIndex = [] {
    Index<AggregateFunction> i;
    i.Add(function_internal::AggregateFunctions());
    return i;
  }();
  return kIndex;
}

}  // namespace

double FunctionContext::NextRandom() {
  // The top 53 bits make a double in [0, 1).
  return static_cast<double>(SplitMix64Next(random_state_) >> 11) * 0x1.0p-53;
}

const ScalarFunction* FindScalarFunction(std::string_view name) {
  return ScalarIndex().Find(name);
}

Value CallScalar(const ScalarFunction& f, std::span<const Value> args, FunctionContext& ctx) {
  QUIVER_ASSERT_MSG(f.AcceptsArgCount(args.size()),
                    std::string(f.name) + " called with " + std::to_string(args.size()) + " arguments");
  return f.fn(args, ctx);
}

std::vector<FunctionListing> LibraryFunctions() {
  std::vector<FunctionListing> out;
  auto add = [&](std::span<const ScalarFunction> functions, std::string_view category) {
    for (const ScalarFunction& f : functions) out.push_back({f.name, category, f.min_args, f.max_args, false});
  };
  add(function_internal::MathFunctions(), "Numeric");
  add(function_internal::StringFunctions(), "String");
  add(function_internal::ListFunctions(), "List");
  add(function_internal::ConversionFunctions(), "Scalar");
  for (const AggregateFunction& f : function_internal::AggregateFunctions()) {
    out.push_back({f.name, "Aggregating", f.min_args, f.max_args, true});
  }
  return out;
}

const AggregateFunction* FindAggregateFunction(std::string_view name) {
  return AggregateIndex().Find(name);
}

bool IsAggregateFunctionName(std::string_view name) {
  return FindAggregateFunction(name) != nullptr;
}

}  // namespace quiver
