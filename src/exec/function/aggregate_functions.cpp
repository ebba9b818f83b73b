// count, sum, avg, min, max, collect, count(*), and the aggregate table. Every aggregate
// skips nulls (Aggregation1 #1, Aggregation3 #1, Aggregation5 #1). sum() of Integers is an
// Integer and raises ArithmeticError/IntegerOverflow past 64 bits (Aggregation3 #2 checks
// that 32 bits are not the limit); with any Float it is a Float; an empty sum is 0.
// min()/max() use the ORDER BY order over any mix of kinds (Aggregation2 #11, #12).

#include <cmath>
#include <vector>

#include "common/value/exact_sum.h"
#include "common/value/value_vector.h"
#include "exec/function/aggregate_internal.h"
#include "exec/value_bytes.h"
#include "exec/function/builtin_functions.h"
#include "exec/function/function_args.h"

namespace quiver {
namespace function_internal {
namespace {

class Count final : public Aggregator {
 public:
  explicit Count(bool count_nulls) : count_nulls_(count_nulls) {}
  void Update(std::span<const Value> args) override {
    if (count_nulls_ || !args[0].IsNull()) ++count_;
  }
  void Merge(Aggregator& other) override { count_ += SameKind<Count>(other).count_; }
  Value Finalize() override { return Value::Int(count_); }

 private:
  bool count_nulls_;  // count(*): every row counts
  int64_t count_ = 0;
};

// Integers summed exactly in 128 bits, Floats exactly too (ExactSum: rounded once, at
// the end), kept apart so the result kind does not depend on the order rows arrive in:
// the same answer in any order and for any way parallel workers split and merge it.
class NumericSum {
 public:
  void Add(std::string_view fn, const Value& v) {
    if (v.IsInt()) {
      AddInt(v.AsInt());
    } else if (v.IsFloat()) {
      AddFloat(v.AsFloat());
    } else {
      ThrowArgumentType(fn, "Numbers", v);
    }
  }
  void AddInt(int64_t v) {
    ints_ += v;
    ++count_;
  }
  void AddFloat(double v) {
    floats_.Add(v);
    any_float_ = true;
    ++count_;
  }
  // AddFloat for each valid value, the floats through ExactSum::AddAll.
  void AddFloats(std::span<const double> values, std::span<const uint8_t> valid) {
    const auto added = static_cast<int64_t>(CountSet(valid));
    if (added == 0) return;
    floats_.AddAll(values, valid);
    any_float_ = true;
    count_ += added;
  }
  void Merge(const NumericSum& other) {
    ints_ += other.ints_;
    floats_.Merge(other.floats_);
    any_float_ |= other.any_float_;
    count_ += other.count_;
  }
  int64_t count() const { return count_; }
  bool any_float() const { return any_float_; }
  // The exact total of both, rounded once.
  double AsDouble() const {
    if (!any_float_) return static_cast<double>(ints_);
    ExactSum total = floats_;
    total.AddInteger(ints_);
    return total.Value();
  }
  int64_t IntSum(std::string_view fn) const {
    if (ints_ > INT64_MAX || ints_ < INT64_MIN) ThrowIntegerOverflow(std::string(fn) + "()");
    return static_cast<int64_t>(ints_);
  }

 private:
  __int128 ints_ = 0;
  ExactSum floats_;
  bool any_float_ = false;
  int64_t count_ = 0;
};

// Durations add field by field, as Duration + Duration does.
class DurationSum {
 public:
  void Add(const DurationValue& d) {
    months_ += d.months;
    days_ += d.days;
    seconds_ += d.seconds;
    nanos_ += d.nanos;  // each in [0, 1e9): no sign games, normalised once at the end
    any_ = true;
  }
  void Merge(const DurationSum& other) {
    months_ += other.months_;
    days_ += other.days_;
    seconds_ += other.seconds_;
    nanos_ += other.nanos_;
    any_ |= other.any_;
  }
  bool any() const { return any_; }
  Value Result() const {
    constexpr int64_t kNanosPerSecond = 1000000000;
    return Value::Duration(DurationValue{months_, days_, seconds_ + nanos_ / kNanosPerSecond,
                                         static_cast<int32_t>(nanos_ % kNanosPerSecond)});
  }

 private:
  int64_t months_ = 0, days_ = 0, seconds_ = 0, nanos_ = 0;
  bool any_ = false;
};

class Sum final : public Aggregator {
 public:
  void Update(std::span<const Value> args) override {
    const Value& v = args[0];
    if (v.IsNull()) return;
    if (v.IsDuration()) {
      durations_.Add(v.AsDuration());
    } else {
      numbers_.Add("sum", v);
    }
    CheckNotMixed();
  }
  void UpdateInt(int64_t v) override {
    numbers_.AddInt(v);
    CheckNotMixed();
  }
  void UpdateFloat(double v) override {
    numbers_.AddFloat(v);
    CheckNotMixed();
  }
  void UpdateInts(std::span<const int64_t> values, std::span<const uint8_t> valid) override {
    for (size_t i = 0; i < values.size(); ++i) {
      if (valid[i]) numbers_.AddInt(values[i]);
    }
    CheckNotMixed();
  }
  void UpdateFloats(std::span<const double> values, std::span<const uint8_t> valid) override {
    numbers_.AddFloats(values, valid);
    CheckNotMixed();
  }
  void Merge(Aggregator& other) override {
    Sum& o = SameKind<Sum>(other);
    numbers_.Merge(o.numbers_);
    durations_.Merge(o.durations_);
    CheckNotMixed();
  }
  Value Finalize() override {
    if (durations_.any()) return durations_.Result();
    if (numbers_.any_float()) return Value::Float(numbers_.AsDouble());
    return Value::Int(numbers_.IntSum("sum"));
  }

 private:
  void CheckNotMixed() const {
    if (durations_.any() && numbers_.count() > 0) {
      throw TypeError("InvalidArgumentType", "sum() cannot add Numbers and Durations");
    }
  }
  NumericSum numbers_;
  DurationSum durations_;
};

class Avg final : public Aggregator {
 public:
  void Update(std::span<const Value> args) override {
    if (!args[0].IsNull()) sum_.Add("avg", args[0]);
  }
  void UpdateInt(int64_t v) override { sum_.AddInt(v); }
  void UpdateFloat(double v) override { sum_.AddFloat(v); }
  void UpdateInts(std::span<const int64_t> values, std::span<const uint8_t> valid) override {
    for (size_t i = 0; i < values.size(); ++i) {
      if (valid[i]) sum_.AddInt(values[i]);
    }
  }
  void UpdateFloats(std::span<const double> values, std::span<const uint8_t> valid) override {
    sum_.AddFloats(values, valid);
  }
  void Merge(Aggregator& other) override { sum_.Merge(SameKind<Avg>(other).sum_); }
  Value Finalize() override {
    if (sum_.count() == 0) return Value::Null();
    return Value::Float(sum_.AsDouble() / static_cast<double>(sum_.count()));
  }

 private:
  NumericSum sum_;
};

// min (sign -1) or max (sign 1) in the ORDER BY order.
template <int kSign>
class Extreme final : public Aggregator {
 public:
  void Update(std::span<const Value> args) override { Offer(args[0]); }
  // Against a best of the same kind, a plain comparison is OrderCompare's answer; a tie,
  // a NaN or another kind takes the general path (so -0.0 against 0.0 and NaN order as
  // ORDER BY orders them).
  void UpdateInt(int64_t v) override {
    if (best_.IsInt() && v != best_.AsInt()) {
      if ((v > best_.AsInt()) == (kSign > 0)) best_ = Value::Int(v);
      return;
    }
    Offer(Value::Int(v));
  }
  // The chunk's own extreme first: integers order as numbers, so one UpdateInt with it is
  // the same state change as one per value.
  void UpdateInts(std::span<const int64_t> values, std::span<const uint8_t> valid) override {
    bool any = false;
    int64_t best = 0;
    for (size_t i = 0; i < values.size(); ++i) {
      if (!valid[i]) continue;
      best = !any ? values[i] : (kSign > 0 ? std::max(best, values[i]) : std::min(best, values[i]));
      any = true;
    }
    if (any) UpdateInt(best);
  }
  void UpdateFloat(double v) override {
    if (best_.IsFloat() && v != best_.AsFloat() && !std::isnan(v) && !std::isnan(best_.AsFloat())) {
      if ((v > best_.AsFloat()) == (kSign > 0)) best_ = Value::Float(v);
      return;
    }
    Offer(Value::Float(v));
  }
  void Merge(Aggregator& other) override { Offer(SameKind<Extreme>(other).best_); }
  Value Finalize() override { return best_; }

 private:
  void Offer(const Value& v) {
    if (v.IsNull()) return;
    if (best_.IsNull() || OrderCompare(v, best_) * kSign > 0) best_ = v;
  }
  Value best_;  // null until the first non-null value
};

class Collect final : public Aggregator {
 public:
  void Update(std::span<const Value> args) override {
    if (args[0].IsNull()) return;
    held_bytes_ += exec::HeldBytes(args[0]);
    items_.push_back(args[0]);
  }
  void Merge(Aggregator& other) override {
    Collect& collect = SameKind<Collect>(other);
    auto& o = collect.items_;
    items_.insert(items_.end(), std::make_move_iterator(o.begin()), std::make_move_iterator(o.end()));
    o.clear();
    held_bytes_ += std::exchange(collect.held_bytes_, 0);
  }
  Value Finalize() override { return Value::List(std::move(items_)); }

 private:
  std::vector<Value> items_;
};

std::unique_ptr<Aggregator> MakeCount() {
  return std::make_unique<Count>(false);
}
std::unique_ptr<Aggregator> MakeSum() {
  return std::make_unique<Sum>();
}
std::unique_ptr<Aggregator> MakeAvg() {
  return std::make_unique<Avg>();
}
std::unique_ptr<Aggregator> MakeMin() {
  return std::make_unique<Extreme<-1>>();
}
std::unique_ptr<Aggregator> MakeMax() {
  return std::make_unique<Extreme<1>>();
}
std::unique_ptr<Aggregator> MakeCollect() {
  return std::make_unique<Collect>();
}

constexpr AggregateFunction kFunctions[] = {
    {"count", 1, 1, MakeCount},
    {"sum", 1, 1, MakeSum},
    {"avg", 1, 1, MakeAvg},
    {"min", 1, 1, MakeMin},
    {"max", 1, 1, MakeMax},
    {"collect", 1, 1, MakeCollect},
    {"stDev", 1, 1, MakeStDev},
    {"stDevP", 1, 1, MakeStDevP},
    {"percentileDisc", 2, 2, MakePercentileDisc},
    {"percentileCont", 2, 2, MakePercentileCont},
};

}  // namespace

std::span<const AggregateFunction> AggregateFunctions() {
  return kFunctions;
}

}  // namespace function_internal

std::unique_ptr<Aggregator> MakeCountStar() {
  return std::make_unique<function_internal::Count>(true);
}

}  // namespace quiver
