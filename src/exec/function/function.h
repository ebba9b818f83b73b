#pragma once
// The scalar and aggregate function library: the contract between the engine (binder,
// expression evaluator, aggregation operator) and src/exec/function/.
//
// Functions here are pure functions over quiver::Value with openCypher semantics and error
// kinds. They never touch the graph: entity functions (labels, type, keys, properties, id,
// nodes, relationships, length, startNode, endNode, exists) are the engine's, because they
// need the GraphReader. Temporal functions (date(), duration.between(), ...) belong to
// another issue and will register here too.
//
// Registered (case-insensitive names):
//   math        abs ceil floor round(x[, precision[, mode]]) sign sqrt exp log log10 e pi
//               rand sin cos tan cot asin acos atan atan2 degrees radians haversin isNaN
//   string      toUpper/upper toLower/lower trim btrim ltrim rtrim (the last three with
//               optional characters to strip) left right substring replace split
//               char_length/character_length normalize(s[, form]) (utf8proc)
//   list        size isEmpty head last tail reverse range coalesce
//   conversion  toString toInteger toFloat toBoolean, each also as ...OrNull and ...List;
//               valueType
//   aggregate   count sum avg min max collect stDev stDevP percentileDisc percentileCont
//
// Errors: a function raises the runtime error the TCK expects, e.g.
//   TypeError/InvalidArgumentValue       toInteger([1]) (TypeConversion2 #8)
//   ArgumentError/NumberOutOfRange       range(1, 5, 0), percentileDisc(x, 1.5)
//   ArgumentError/InvalidArgumentType    range(1.0, 5) (List11 #5)
//   ArithmeticError/IntegerOverflow      sum() past 2^63, abs(-2^63)
// all with ErrorPhase::kRuntime. Arity is the binder's to check at compile time
// (SyntaxError/InvalidNumberOfArguments) with min_args/max_args; a function asserts it.
// Unknown names are the binder's too (SyntaxError/UnknownFunction).

#include <cstdint>
#include <memory>
#include <span>
#include <vector>
#include <string_view>

#include "exec/expression/regex.h"
#include "exec/query_memory.h"
#include "quiver/value.h"

namespace quiver {

// What a function may need beyond its arguments. One per worker thread (not thread-safe);
// the engine creates it per query. No graph access here, by design (see above).
class FunctionContext {
 public:
  explicit FunctionContext(uint64_t random_seed = 0x9e3779b97f4a7c15ULL) : random_state_(random_seed) {}

  // Uniform in [0, 1): rand(). SplitMix64, so a seeded query is reproducible in tests.
  double NextRandom();

  // The statement's memory: a function about to build a large value (range()) checks
  // that it fits first. Null: no limit.
  void set_memory(const exec::QueryMemory* memory) { memory_ = memory; }
  void CheckFits(uint64_t bytes) const {
    if (memory_ != nullptr) memory_->CheckFits(bytes);
  }

  // `=~`'s compiled patterns (regex.h): per worker, as this context is.
  exec::RegexCache& regex() { return regex_; }

 private:
  uint64_t random_state_;
  const exec::QueryMemory* memory_ = nullptr;
  exec::RegexCache regex_;
};

// ---------------------------------------------------------------- scalar functions

// Evaluated arguments in; the result out. args.size() is within [min_args, max_args].
using ScalarFn = Value (*)(std::span<const Value> args, FunctionContext& ctx);

struct ScalarFunction {
  static constexpr int kVariadic = -1;  // max_args of coalesce()

  std::string_view name;  // canonical spelling, e.g. "toUpper"
  int min_args;
  int max_args;  // kVariadic: no upper bound
  ScalarFn fn;
  // False for rand(): the planner must not constant-fold or cache such calls.
  bool deterministic = true;

  bool AcceptsArgCount(size_t n) const {
    return static_cast<int>(n) >= min_args && (max_args == kVariadic || static_cast<int>(n) <= max_args);
  }
};

// Case-insensitive ("toUpper", "TOUPPER", "toupper"); nullptr when unknown. Aliases
// (lower/upper) resolve to their own entries. The pointer is valid for the process.
const ScalarFunction* FindScalarFunction(std::string_view name);

// Every function of the library (scalar and aggregate) as SHOW FUNCTIONS lists it:
// its canonical name, Neo4j's category ("Numeric", "String", "List", "Scalar",
// "Aggregating") and its argument counts (max -1: variadic).
struct FunctionListing {
  std::string_view name;
  std::string_view category;
  int min_args = 0;
  int max_args = 0;
  bool aggregating = false;
};
std::vector<FunctionListing> LibraryFunctions();

// Calls f with arity asserted (an InternalError, not a user error: the binder checks).
Value CallScalar(const ScalarFunction& f, std::span<const Value> args, FunctionContext& ctx);

// ---------------------------------------------------------------- aggregate functions

// The running state of one aggregate for one group. Nulls in the aggregated (first)
// argument are skipped, as openCypher says; count(*) counts every row.
class Aggregator {
 public:
  virtual ~Aggregator() = default;
  // One row's evaluated arguments, args.size() within the function's arity (for
  // percentileDisc/percentileCont the second argument is the percentile, checked here).
  virtual void Update(std::span<const Value> args) = 0;
  // Update with one non-null Integer or Float argument, for the vectorized engine's typed
  // vectors: the same state change without making a Value per row. The defaults box it;
  // sum, avg, min and max override them.
  virtual void UpdateInt(int64_t v) {
    const Value arg = Value::Int(v);
    Update(std::span<const Value>(&arg, 1));
  }
  virtual void UpdateFloat(double v) {
    const Value arg = Value::Float(v);
    Update(std::span<const Value>(&arg, 1));
  }
  // UpdateInt (UpdateFloat) with each value whose valid byte is set, in order: a chunk of
  // one group's rows in one call. sum, avg, min and max override them with loops that
  // make no call per value.
  virtual void UpdateInts(std::span<const int64_t> values, std::span<const uint8_t> valid) {
    for (size_t i = 0; i < values.size(); ++i) {
      if (valid[i]) UpdateInt(values[i]);
    }
  }
  virtual void UpdateFloats(std::span<const double> values, std::span<const uint8_t> valid) {
    for (size_t i = 0; i < values.size(); ++i) {
      if (valid[i]) UpdateFloat(values[i]);
    }
  }
  // Folds another partial state of the same function (made by the same factory, with the
  // same DISTINCT wrapping) into this one: morsel-parallel aggregation builds one state per
  // worker and merges them. `other` is left in an unspecified state.
  virtual void Merge(Aggregator& other) = 0;
  // The result for the group; called once, last. An empty group gives count 0, sum 0,
  // collect [], stDev/stDevP 0.0 (as Neo4j), and null for avg, min, max, percentiles.
  virtual Value Finalize() = 0;

  // What the state holds that grows with its input (collected values, a DISTINCT set),
  // estimated as exec/value_bytes.h does: the aggregation charges it to the query.
  uint64_t held_bytes() const { return held_bytes_; }

 protected:
  uint64_t held_bytes_ = 0;
};

using AggregatorFactory = std::unique_ptr<Aggregator> (*)();

struct AggregateFunction {
  std::string_view name;  // canonical spelling, e.g. "percentileDisc"
  int min_args;
  int max_args;
  AggregatorFactory make;

  bool AcceptsArgCount(size_t n) const {
    return static_cast<int>(n) >= min_args && static_cast<int>(n) <= max_args;
  }
};

// count, sum, avg, min, max, collect, stDev, stDevP, percentileDisc, percentileCont;
// case-insensitive; nullptr when unknown.
const AggregateFunction* FindAggregateFunction(std::string_view name);
bool IsAggregateFunctionName(std::string_view name);

// count(*): counts every Update, whatever the arguments (the engine passes none).
std::unique_ptr<Aggregator> MakeCountStar();

// f(DISTINCT x, ...): feeds `inner` only the first occurrence of each value of the first
// argument, by grouping equivalence (GroupEquals/Hash: 1 and 1.0 are one value), nulls
// skipped. Further arguments (the percentile) pass through with their row.
std::unique_ptr<Aggregator> MakeDistinct(std::unique_ptr<Aggregator> inner);

}  // namespace quiver
